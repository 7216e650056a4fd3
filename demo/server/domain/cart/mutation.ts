/**
 * Changing a cart: locking and touching it in one transaction and notifying live data (§7).
 *
 * @module
 */
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { canIncrease } from "../../../../core/domain/quantity.ts"
import { cartChangedChannel } from "../../db/Database.ts"
import { ReadCache, SettledCarts } from "../../db/ReadCache.ts"
import { CartNotFound, type CartRequirements, notFound } from "./errors.ts"
import { type CartState, readCart } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// changing: lock, touch, notify
// -----------------------------------------------------------------------------------------------

/** The cart row a mutation holds locked. */
export interface LockedCart {
  readonly cartId: number
  readonly shopId: string
  readonly customerId: number | null
  /** The cart's `version` as this change leaves it (already bumped). */
  readonly version: number
  /**
   * The cart as it was just before this change, from the process's read cache, when the cache holds exactly the
   * version the lock found (every change of a cart bumps its version under this lock, so it is the stored cart);
   * undefined otherwise.
   */
  readonly before: CartState | undefined
}

/**
 * The cart after a change of one line's count, derived from the state the change held locked: `state` with the
 * line `itemId` holding `count` pieces, at `version`.
 */
export const withLineCount = (state: CartState, version: number, itemId: number, count: number): CartState => ({
  ...state,
  version,
  lines: state.lines.map((line) => line.itemId === itemId ? { ...line, count } : line)
})

/**
 * The transaction-local setting that marks which cart a transaction changed under its lock and at which version
 * (`<cart_id>:<version>`): the cart tables' invalidation trigger then notifies `cart:<id>@<version>` (migration 18), so
 * a cached cart of that version (the one the change settles, {@link settleCart}) survives its own notice.
 */
export const cartVersionSetting = "storefront.cart_version"

/**
 * Locks an open cart for a change and marks it changed, in one statement: bumps its `version` and `updated_at`,
 * marks the transaction with {@link cartVersionSetting} and sends the live-data notification (delivered at commit, so
 * a change that fails and rolls back notifies nothing). Answers the locked row with its status.
 */
const lockAndTouch = (cartId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{
      readonly cart_id: number
      readonly shop_id: string
      readonly customer_id: number | null
      readonly status: string
      readonly version: number
    }>`
      WITH touched AS (
        UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${cartId}
        RETURNING cart_id, shop_id, customer_id, status, version)
      SELECT cart_id, shop_id, customer_id, status, version, pg_notify(${cartChangedChannel}, ${JSON.stringify({ cartId })}) AS notified,
             set_config(${cartVersionSetting}, cart_id || ':' || version, true) AS marked
      FROM touched`
  })

/** The cached state of `cartId` when it is the version just before `version` (see {@link LockedCart.before}). */
export const cachedBefore = (cartId: number, version: number): Effect.Effect<CartState | undefined> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(ReadCache)
    if (cache._tag === "None") return undefined
    const state = cache.value.carts.peek(cartId, yield* Clock.currentTimeMillis) as CartState | undefined
    return state !== undefined && state.version === version - 1 && state.status === "open" ? state : undefined
  })

/**
 * Runs a change of an open cart in one transaction: locks the cart row (concurrent changes of one cart queue up)
 * and marks it changed (version, `updated_at`, the live-data notification at commit), then runs `change`. A failure
 * rolls everything back and notifies nothing. A cart that is not open (already ordered) is {@link CartNotFound}.
 */
export const mutateCart = <A, E, R>(
  cartId: number,
  change: (cart: LockedCart) => Effect.Effect<A, E, R>
): Effect.Effect<A, E | SqlError | CartNotFound, R | CartRequirements> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const row = (yield* lockAndTouch(cartId))[0]
        if (row === undefined || row.status !== "open") return yield* notFound("cart", `No open cart ${cartId}`)
        // a cart settled from an older version (an earlier change of this transaction) is not kept at commit
        const cache = yield* Effect.serviceOption(ReadCache)
        if (cache._tag === "Some") cache.value.noteCartVersion(row.cart_id, row.version)
        return yield* change({
          cartId: row.cart_id,
          shopId: row.shop_id,
          customerId: row.customer_id,
          version: row.version,
          before: yield* cachedBefore(row.cart_id, row.version)
        })
      })
    )
  })

/** The cart state of `cartId`, or {@link CartNotFound}. */
export const mustRead = (cartId: number) =>
  Effect.flatMap(readCart(cartId), (state) =>
    state === undefined ? Effect.fail(notFound("cart", `No cart ${cartId}`)) : Effect.succeed(state))

/** The line of cart item `itemId`, or {@link CartNotFound}. */
export const lineOf = (state: CartState, itemId: number) =>
  Effect.suspend(() => {
    const line = state.lines.find((candidate) => candidate.itemId === itemId)
    return line === undefined
      ? Effect.fail(notFound("item", `No item ${itemId} in the cart`))
      : Effect.succeed(line)
  })

/** Whether `count` pieces may be held with `stock` in stock, coming from `current` (§5: raising needs stock). */
export const countAllowed = (count: number, current: number, stock: number): boolean =>
  count <= current || canIncrease(count - 1, stock)

/**
 * Keeps `state` (the cart as the running transaction's change leaves it, at its bumped version) as the process's
 * cached cart once the transaction commits, so the next change of the cart starts from it and the next read answers
 * it without reading the cart (ReadCache `settleCart`; nothing when the transaction rolls back). The running call's
 * end then keeps it instead of dropping its cart (`SettledCarts`). Only for a state that is the whole truth of the
 * cart after the transaction: the change made no other change of the cart before or after it in that transaction.
 */
export const settleCart = (state: CartState): Effect.Effect<void, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(ReadCache)
    if (cache._tag === "None") return
    const sql = yield* SqlClient.SqlClient
    const settled = yield* SettledCarts
    cache.value.noteCartVersion(state.cartId, state.version)
    yield* sql.afterCommit(Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        if (cache.value.settleCart(state.cartId, state.version, state, now)) settled?.add(state.cartId)
      })))
  })

/** Runs `effect` in the running transaction, or in a new one when none is open (no savepoint inside one). */
export const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | SqlError, R | SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const open = yield* Effect.serviceOption(sql.transactionService)
    return yield* (open._tag === "Some" ? effect : sql.withTransaction(effect))
  })
