/**
 * Changing a cart: locking and touching it in one transaction and notifying live data (§7).
 *
 * @module
 */
import { Clock, Context, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { SqlError } from "effect/sql/SqlError"
import { canIncrease } from "../../../../core/domain/quantity.ts"
import { cartChangedChannel } from "../../db/Database.ts"
import { cacheInvalidationChannel, ReadCache, SettledCarts } from "../../db/ReadCache.ts"
import { idempotencyKeyTtlHours } from "../idempotency.ts"
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
 * The transaction-local setting that names the carts whose `cache_invalidate` notices the running statement sends
 * itself (a cart id, or `*` for every cart it changes): an UPDATE of carts or cart_items in such a cart then fires no
 * invalidation trigger (migration 23). The statements in one statement ({@link lineCountStatement},
 * {@link lineCountBatchStatement}) set it before they change a row, send `cart:<cart_id>@<version>` for each cart they
 * changed, and clear it in their last select-list column; they run in no explicit transaction.
 */
export const cartNoticesSetting = "storefront.cart_notices"

/**
 * The select-list tail every statement that changes a cart ends with, over a `touched` row source holding the cart's
 * `cart_id` and bumped `version`: sends the live-data notification of `cartId` (delivered at commit) and marks the
 * transaction with {@link cartVersionSetting} (the versioned notice, migration 18). One helper for the general way
 * ({@link mutateCart}) and the locked add; the changes in one statement write the same in their text
 * ({@link lineCountStatement}).
 */
export const changeMarks = (sql: SqlClient.SqlClient, cartId: number): Fragment =>
  sql`pg_notify(${cartChangedChannel}, ${JSON.stringify({ cartId })}) AS notified,
      set_config(${cartVersionSetting}, cart_id || ':' || version, true) AS marked`

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
      SELECT cart_id, shop_id, customer_id, status, version, ${changeMarks(sql, cartId)}
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

/** The idempotency key a change made in one statement stores with its answer (see {@link setLineCountAtOnce}). */
export interface StatementKeyClaim {
  /** The key's scope (`withIdempotencyKey`'s). */
  readonly scope: string
  /** The key. */
  readonly key: string
  /** The request's fingerprint hash, or null. */
  readonly hash: string | null
  /** The answer stored with the key, as JSON text. */
  readonly response: string
  /** How long the key is kept, in hours: an older key is taken over. */
  readonly ttlHours: number
  /** The HTTP status stored with the answer. */
  readonly status: number
}

/**
 * What {@link setLineCountAtOnce} checks of the line's article at the moment of the change: the variant is still
 * sold in the cart's shop (active product, a price) with exactly `stock` pieces in stock, the stock the change was
 * decided with.
 */
export interface StatementStockCheck {
  readonly variantId: number
  readonly stock: number
}

/** The session a change in one statement must still find stored (see {@link StatementSession}). */
export interface StatementSessionProof {
  /** The session's id (its cookie). */
  readonly sessionId: string
  /** The CSRF token the request carried and the cached session showed. */
  readonly csrfToken: string
}

/**
 * Set by the write fast path (demo/server/http/fastWrites.ts), which decides from the CACHED session: a change in one
 * statement ({@link setLineCountAtOnce}) then also requires the session to be stored as the cache showed it (live,
 * holding this open cart in its shop and for its customer, with this CSRF token), so the session read costs no
 * statement of its own; when it is not, the statement changes nothing and the request takes the general way.
 */
export const StatementSession = Context.Reference<StatementSessionProof | undefined>(
  "demo/server/domain/cart/mutation/StatementSession",
  { defaultValue: () => undefined }
)

/**
 * Sets the count of the line `itemId` of `after`'s cart in ONE statement and no explicit transaction (a statement
 * is atomic on its own), for a change decided from the process's cached cart at `after.version - 1`: the statement
 * locks the cart only while it still is open at that version (and, with `check`, while the article's stock is the
 * one decided with), stores `claim` (the idempotency key with the answer) when it is given and free, and only then
 * bumps the version, changes the line, marks the versioned notice (migration 18) and notifies live data.
 *
 * Answers whether the change was applied. `false` changed nothing: the cart moved on (another write, another
 * server), the stock changed, or the key is taken; the caller then makes the change the general way, under the
 * cart's lock in a transaction, which decides from the truth. On success the cart `after` is kept in the read cache
 * and the running call keeps it (`SettledCarts`). Not for use inside an open transaction (the caller checks it).
 */
export const setLineCountAtOnce = (
  after: CartState,
  itemId: number,
  count: number,
  check: StatementStockCheck | undefined,
  claim: StatementKeyClaim | undefined
): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const statement = lineCountStatement(after, itemId, count, check, claim, yield* StatementSession)
    const rows = yield* sql.unsafe<{ readonly version: number | null }>(statement.text, statement.params)
    const version = rows[0]?.version
    if (version === undefined || version === null) return false
    if (version !== after.version) return yield* Effect.die(versionMismatch(after, version))
    const cache = yield* Effect.serviceOption(ReadCache)
    if (cache._tag === "Some") {
      const settled = yield* SettledCarts
      if (cache.value.settleCart(after.cartId, version, after, yield* Clock.currentTimeMillis)) settled?.add(after.cartId)
    }
    return true
  })

/** The defect of a change in one statement that reached another version than the one it decided. */
export const versionMismatch = (after: CartState, version: number): string =>
  `cart ${after.cartId}: one-statement change reached version ${version}, not ${after.version}`

/** A statement's text with `$n` placeholders and its parameters. */
export interface StatementText {
  readonly text: string
  readonly params: ReadonlyArray<unknown>
}

/**
 * The stock check of a change in one statement, as SQL over the locked cart `c`: the variant `variant` is still sold
 * in the cart's shop (active product, a price) with exactly `stock` pieces in stock ({@link StatementStockCheck});
 * `variant` and `stock` are SQL expressions (placeholders or columns). One text for the one-write and batch statements.
 */
export const stockStillSql = (variant: string, stock: string): string => `EXISTS (
        SELECT 1 FROM variants v
        JOIN products p ON p.product_id = v.product_id
        JOIN prices pr ON pr.variant_id = v.variant_id
        LEFT JOIN stock st ON st.variant_id = v.variant_id
        WHERE v.variant_id = ${variant} AND v.shop_id = c.shop_id AND p.active AND COALESCE(st.in_stock, 0) = ${stock})`

/**
 * The session check of a change in one statement, as SQL over the locked cart `c`: the session `session` is stored
 * live, holding this cart in its shop and for its customer, with the CSRF token `csrf` ({@link StatementSession});
 * `session` and `csrf` are SQL expressions. One text for the one-write and batch statements.
 */
export const sessionStillSql = (session: string, csrf: string): string => `EXISTS (
        SELECT 1 FROM sessions s
        WHERE s.session_id = ${session} AND s.cart_id = c.cart_id AND s.shop_id = c.shop_id
          AND s.customer_id IS NOT DISTINCT FROM c.customer_id AND s.csrf_token = ${csrf} AND s.expires_at > now())`

/**
 * The one statement of {@link setLineCountAtOnce} (its rows: the cart's new `version`, none when nothing changed), as
 * text and parameters, for the Effect client and the write fast path's plain one alike; `proof` is the session it must
 * find stored ({@link StatementSession}). It sends the cart's versioned cache notice itself ({@link cartNoticesSetting}),
 * the setting set only once the change is sure to apply and cleared by its last column.
 */
export const lineCountStatement = (
  after: CartState,
  itemId: number,
  count: number,
  check: StatementStockCheck | undefined,
  claim: StatementKeyClaim | undefined,
  proof: StatementSessionProof | undefined
): StatementText => {
  const params: Array<unknown> = []
  const $ = (value: unknown): string => `$${params.push(value)}`
  const cartId = after.cartId
  const cart = $(cartId)
  const locked = `c.cart_id = ${cart} AND c.version = ${$(after.version - 1)} AND c.status = 'open'`
  const stockCheck = check === undefined ? "" : `AND ${stockStillSql($(check.variantId), $(check.stock))}`
  const sessionCheck = proof === undefined ? "" : `AND ${sessionStillSql($(proof.sessionId), $(proof.csrfToken))}`
  // The notice setting is set where the change is sure to go ahead (the cart locked and, with a key, the key claimed),
  // so that the last column, which clears it, is always reached once it is set: it cannot outlive this statement in a
  // transaction whose key was taken (no caller runs it in one, but a statement's setting must not leak either way).
  const noticing = `set_config(${$(cartNoticesSetting)}, ${cart}::text, true) AS noticing`
  const claimed = claim === undefined ? "" : `
      claimed AS (
        INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
        SELECT ${$(claim.scope)}, ${$(claim.key)}, ${$(claim.hash)}, ${$(claim.status)}, ${$(claim.response)} FROM locked
        ON CONFLICT (scope, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code, response = EXCLUDED.response,
              created_at = now()
          WHERE idempotency_keys.created_at < now() - make_interval(hours => ${$(claim.ttlHours)})
        RETURNING key, ${noticing}),`
  const keyFree = claim === undefined ? "" : "AND EXISTS (SELECT 1 FROM claimed)"
  const text = `
      WITH locked AS (
        SELECT c.cart_id${claim === undefined ? `, ${noticing}` : ""} FROM carts c
        WHERE ${locked} ${stockCheck} ${sessionCheck}
        FOR UPDATE OF c),
      ${claimed}
      touched AS (
        UPDATE carts SET version = version + 1, updated_at = now()
        WHERE cart_id IN (SELECT cart_id FROM locked) ${keyFree}
        RETURNING cart_id, version),
      changed AS (
        UPDATE cart_items SET count = ${$(count)}
        WHERE cart_item_id = ${$(itemId)} AND cart_id IN (SELECT cart_id FROM touched)
        RETURNING cart_item_id)
      SELECT version, (SELECT count(*) FROM changed) AS changed,
        pg_notify(${$(cartChangedChannel)}, ${$(JSON.stringify({ cartId }))}) AS notified,
        pg_notify(${$(cacheInvalidationChannel)}, 'cart:' || cart_id || '@' || version) AS noticed,
        set_config(${$(cartVersionSetting)}, cart_id || ':' || version, true) AS marked,
        set_config(${$(cartNoticesSetting)}, '', true) AS done
      FROM touched`
  return { text, params }
}

/** One change of a line's count in one statement ({@link lineCountStatement}'s arguments), as a batch takes it. */
export interface LineCountChange {
  /** The cart as the change leaves it, at its new version. */
  readonly after: CartState
  /** The line changed. */
  readonly itemId: number
  /** The line's new count. */
  readonly count: number
  /** The article's stock the change was decided with, when it raises the count. */
  readonly check: StatementStockCheck | undefined
  /** The idempotency key stored with the answer, when the request carried one. */
  readonly claim: StatementKeyClaim | undefined
  /** The session the statement must find stored. */
  readonly proof: StatementSessionProof | undefined
}

/** {@link lineCountStatement} of one {@link LineCountChange}. */
export const lineCountChangeStatement = (change: LineCountChange): StatementText =>
  lineCountStatement(change.after, change.itemId, change.count, change.check, change.claim, change.proof)

// The batch's text: one prepared statement whatever the batch's size (the writes' inputs are arrays, one element per
// write, unnested into rows; what a write lacks is 0 or '', never null, so a client infers every array's type). Each
// row makes the checks and changes of lineCountStatement for its cart; the one row it answers lists the carts changed
// with their new versions (`<cart_id>:<version>`, space-separated), which is also the versioned-notice mark of every
// cart changed (migration 22); it sends each changed cart's versioned cache notice itself (`*` in cartNoticesSetting).
const lineCountBatchText = `
      WITH w AS (
        SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[],
          $9::text[], $10::text[], $11::text[], $12::int[], $13::text[])
          AS w(cart_id, before, item_id, count, check_variant, check_stock, session_id, csrf_token,
            scope, key, hash, status, response)),
      locked AS (
        SELECT w.*, set_config($17, '*', true) AS noticing
        FROM w JOIN carts c ON c.cart_id = w.cart_id AND c.version = w.before AND c.status = 'open'
        WHERE (w.check_variant = 0 OR ${stockStillSql("w.check_variant", "w.check_stock")})
          AND (w.session_id = '' OR ${sessionStillSql("w.session_id", "w.csrf_token")})
        ORDER BY c.cart_id
        FOR UPDATE OF c),
      claimed AS (
        INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
        SELECT scope, key, NULLIF(hash, ''), status, response FROM locked WHERE key <> ''
        ON CONFLICT (scope, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code, response = EXCLUDED.response,
              created_at = now()
          WHERE idempotency_keys.created_at < now() - make_interval(hours => $14)
        RETURNING scope, key),
      go AS (
        SELECT l.cart_id, l.item_id, l.count FROM locked l
        WHERE l.key = '' OR EXISTS (SELECT 1 FROM claimed k WHERE k.scope = l.scope AND k.key = l.key)),
      touched AS (
        UPDATE carts c SET version = c.version + 1, updated_at = now()
        FROM go WHERE c.cart_id = go.cart_id
        RETURNING c.cart_id, c.version),
      changed AS (
        UPDATE cart_items ci SET count = go.count
        FROM go WHERE ci.cart_item_id = go.item_id AND ci.cart_id = go.cart_id AND go.cart_id IN (SELECT cart_id FROM touched)
        RETURNING ci.cart_item_id)
      SELECT set_config($15, string_agg(cart_id || ':' || version, ' '), true) AS marked,
        count(pg_notify($16, '{"cartId":' || cart_id || '}')) AS notified,
        (SELECT count(*) FROM changed) AS changed,
        (SELECT count(pg_notify($18, 'cart:' || cart_id || '@' || version)) FROM touched) AS noticed,
        set_config($17, '', true) AS done
      FROM touched`

/**
 * Whether {@link lineCountBatchStatement} can carry `change`: its key, if any, is kept {@link batchKeyTtlHours}
 * hours (the batch's one value), and none of its inputs is the 0 or '' that stands for "none" there.
 */
export const batchable = (change: LineCountChange): boolean =>
  (change.check === undefined || change.check.variantId !== 0) &&
  (change.proof === undefined || change.proof.sessionId !== "") &&
  (change.claim === undefined ||
    (change.claim.ttlHours === batchKeyTtlHours && change.claim.key !== "" && change.claim.hash !== ""))

/** How long the keys a batch stores are kept, in hours. */
export const batchKeyTtlHours = idempotencyKeyTtlHours

/**
 * The ONE statement that makes `changes` (of distinct carts, each {@link batchable}) as {@link lineCountStatement}
 * makes each alone: a change whose cart, stock, session or key moved on changes nothing, the others apply. Its text
 * does not depend on how many changes it carries. Its one row's `marked` lists the changes applied
 * ({@link batchVersions}). Two changes storing the same key make the whole statement fail (nothing applied).
 */
export const lineCountBatchStatement = (changes: ReadonlyArray<LineCountChange>): StatementText => {
  const column = <A>(of: (change: LineCountChange) => A): Array<A> => changes.map(of)
  return {
    text: lineCountBatchText,
    params: [
      column((c) => c.after.cartId),
      column((c) => c.after.version - 1),
      column((c) => c.itemId),
      column((c) => c.count),
      column((c) => c.check?.variantId ?? 0),
      column((c) => c.check?.stock ?? 0),
      column((c) => c.proof?.sessionId ?? ""),
      column((c) => c.proof?.csrfToken ?? ""),
      column((c) => c.claim?.scope ?? ""),
      column((c) => c.claim?.key ?? ""),
      column((c) => c.claim?.hash ?? ""),
      column((c) => c.claim?.status ?? 0),
      column((c) => c.claim?.response ?? ""),
      batchKeyTtlHours,
      cartVersionSetting,
      cartChangedChannel,
      cartNoticesSetting,
      cacheInvalidationChannel
    ]
  }
}

/** The carts a {@link lineCountBatchStatement} changed, with the version each reached, read from its rows. */
export const batchVersions = (rows: ReadonlyArray<Record<string, unknown>>): Map<number, number> => {
  const versions = new Map<number, number>()
  const marked = rows[0]?.["marked"]
  if (typeof marked !== "string" || marked === "") return versions
  for (const pair of marked.split(" ")) {
    const colon = pair.indexOf(":")
    versions.set(Number(pair.slice(0, colon)), Number(pair.slice(colon + 1)))
  }
  return versions
}

/**
 * The process's cached cart `cartId` when it is open (the cart a change in one statement decides from, see
 * {@link setLineCountAtOnce}), when no transaction is open and the cache is on; undefined otherwise.
 */
export const cachedOpenCart = (cartId: number): Effect.Effect<CartState | undefined, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(ReadCache)
    if (cache._tag === "None") return undefined
    const sql = yield* SqlClient.SqlClient
    if ((yield* Effect.serviceOption(sql.transactionService))._tag === "Some") return undefined
    const state = cache.value.carts.peek(cartId, yield* Clock.currentTimeMillis) as CartState | undefined
    return state !== undefined && state.status === "open" && state.cartId === cartId ? state : undefined
  })
