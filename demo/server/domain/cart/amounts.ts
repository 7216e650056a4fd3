/**
 * Changing an article's amount and removing articles from the cart.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { clampQuantity } from "../../../../core/domain/quantity.ts"
import { type CartChange, cartFlashKeys, CartNotFound, CartRefused, type CartRequirements, notFound, notice, refused } from "./errors.ts"
import { cachedOpenCart, countAllowed, lineOf, mustRead, mutateCart, setLineCountAtOnce, settleCart, withLineCount } from "./mutation.ts"
import type { CartState } from "./reading.ts"

/**
 * Sets the count of a cart item (clamped to 1..30, §5). Lowering is always allowed; raising is refused (flash) when
 * the stock does not allow it; a gift's count is fixed. An unknown item is {@link CartNotFound}.
 *
 * A change that raises nothing, of a line of the process's cached cart, is made in one statement
 * ({@link setLineCountAtOnce}: decided from the cached cart, applied only while the cart is still at that version);
 * anything else, and a cart that moved on meanwhile, under the cart's lock in a transaction.
 */
export const changeAmount = (
  cartId: number,
  itemId: number,
  amount: number
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  Effect.flatMap(changeAmountAtOnce(cartId, itemId, amount), (done) =>
    done === undefined ? changeAmountLocked(cartId, itemId, amount) : Effect.succeed(done))

/**
 * {@link changeAmount} in one statement when it lowers or keeps a non-gift line of the cached cart; undefined otherwise
 * (nothing changed: the caller runs {@link changeAmount}, which decides from the truth).
 */
export const changeAmountAtOnce = (cartId: number, itemId: number, amount: number): Effect.Effect<CartChange | undefined, SqlError, CartRequirements> =>
  Effect.gen(function*() {
    const base = yield* cachedOpenCart(cartId)
    const decided = base === undefined ? undefined : changeAtOnceDecision(base, itemId, amount)
    if (decided === undefined) return undefined
    if (!(yield* setLineCountAtOnce(decided.change.state, itemId, decided.count, undefined, undefined))) return undefined
    return decided.change
  })

/**
 * {@link changeAmountAtOnce}'s decision from `base` (the cached open cart): the non-gift line `itemId` set to `amount`
 * pieces, clamped (§5, a notice when clamped), when that lowers or keeps it (no stock needed); undefined otherwise.
 */
export const changeAtOnceDecision = (
  base: CartState,
  itemId: number,
  amount: number
): { readonly change: CartChange & { readonly state: CartState }; readonly count: number } | undefined => {
  const line = base.lines.find((candidate) => candidate.itemId === itemId)
  const count = clampQuantity(amount)
  if (line === undefined || line.gift || count > line.count) return undefined
  return {
    change: { flashes: count === amount ? [] : [notice(cartFlashKeys.amountClamped, "warning")], state: withLineCount(base, base.version + 1, itemId, count) },
    count
  }
}

/** {@link changeAmount} under the cart's lock, in a transaction. */
const changeAmountLocked = (
  cartId: number,
  itemId: number,
  amount: number
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, (cart) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const count = clampQuantity(amount)
      // The locked cached cart decides a change that raises nothing (no stock needed); raising reads the cart (fresh
      // stock). Either way the answer is that state with the new count: the cart is not read again.
      const kept = cart.before?.lines.find((candidate) => candidate.itemId === itemId)
      const state = kept !== undefined && count <= kept.count ? cart.before! : yield* mustRead(cartId)
      const line = yield* lineOf(state, itemId)
      if (line.gift) return yield* refused(cartFlashKeys.giftFixed, "id")
      if (!countAllowed(count, line.count, line.stock)) return yield* refused(cartFlashKeys.stockExceeded, "amount")
      yield* sql`UPDATE cart_items SET count = ${count} WHERE cart_item_id = ${itemId}`
      const after = withLineCount(state, cart.version, itemId, count)
      yield* settleCart(after)
      return { flashes: count === amount ? [] : [notice(cartFlashKeys.amountClamped, "warning")], state: after }
    }))

/**
 * Deletes the cart items `itemIds` (and the gifts hanging on them); ids not in the cart are ignored, so a repeated
 * delete is harmless. Answers how many items went; nothing is notified when none did.
 */
export const deleteItems = (
  cartId: number,
  itemIds: ReadonlyArray<number>
): Effect.Effect<number, SqlError | CartNotFound, CartRequirements> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    if (itemIds.length === 0) return 0
    const present = yield* sql<{ readonly cart_item_id: number }>`
      SELECT cart_item_id FROM cart_items WHERE cart_id = ${cartId} AND ${sql.in("cart_item_id", itemIds)}`
    if (present.length === 0) return 0
    return yield* mutateCart(cartId, () =>
      Effect.map(
        sql<{ readonly cart_item_id: number }>`
          DELETE FROM cart_items WHERE cart_id = ${cartId} AND ${sql.in("cart_item_id", itemIds)}
          RETURNING cart_item_id`,
        (rows) => rows.length
      ))
  })

/** Deletes one cart item; {@link CartNotFound} when it is not in the cart (the legacy delete). */
export const deleteItem = (
  cartId: number,
  itemId: number
): Effect.Effect<void, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql`DELETE FROM cart_items WHERE cart_id = ${cartId} AND cart_item_id = ${itemId} RETURNING cart_item_id`
      if (rows.length === 0) return yield* notFound("item", `No item ${itemId} in the cart`)
    }))
