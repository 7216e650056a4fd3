/**
 * Adding articles to the cart (with services and bonus sets).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { type BundleType } from "../../../../core/domain/cart.ts"
import { clampQuantity } from "../../../../core/domain/quantity.ts"
import { type CartChange, cartFlashKeys, CartNotFound, CartRefused, type CartRequirements, notFound, notice, refused } from "./errors.ts"
import { cachedBefore, cachedOpenCart, changeMarks, countAllowed, inTransaction, mutateCart, setLineCountAtOnce, settleCart, type StatementKeyClaim, type StatementStockCheck, withLineCount } from "./mutation.ts"
import { type CartLine, type CartState, readCart } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// articles: add, change amount, delete
// -----------------------------------------------------------------------------------------------

/** What is added: a variant or a bonus set. */
export type ArticleRef =
  | { readonly variantId: number; readonly bonusSetId?: undefined }
  | { readonly bonusSetId: number; readonly variantId?: undefined }

/** A service chosen with an added article: the bundle `type` and the offered bundle's id. */
export interface ServiceChoice {
  readonly type: BundleType
  readonly bundleId: number
}

/** The result of an add: the cart item holding the article, and notices. */
export interface AddResult extends CartChange {
  readonly itemId: number
}

/** Attaches a service bundle to a cart item inside the running transaction. */
export const attachInTx = (itemId: number, productId: number | null, type: BundleType, bundleId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const offers = productId === null ? [] : yield* sql<{ readonly price: string }>`
      SELECT price::text AS price FROM bundle_offers
      WHERE bundle_id = ${bundleId} AND product_id = ${productId} AND type = ${type}`
    const offer = offers[0]
    if (offer === undefined) return yield* notFound("bundle", `No ${type} bundle ${bundleId} offered for item ${itemId}`)
    if (type !== "digital") {
      yield* sql`DELETE FROM cart_item_bundles WHERE cart_item_id = ${itemId} AND type = ${type} AND bundle_id <> ${bundleId}`
    }
    yield* sql`INSERT INTO cart_item_bundles (cart_item_id, bundle_id, type, price)
      VALUES (${itemId}, ${bundleId}, ${type}, ${offer.price}::numeric)
      ON CONFLICT (cart_item_id, bundle_id) DO NOTHING`
  })

/**
 * Adds `amount` pieces of a variant or bonus set of the cart's shop, with chosen services. An article already in
 * the cart (not as a gift) gets the pieces added, clamped to 1..30 (§5) with a notice when clamped. Refused
 * (flash) when out of stock or when the count would exceed the stock; unknown or inactive articles and bundles not
 * offered for the article are {@link CartNotFound}.
 */
export const addToCart = (
  cartId: number,
  article: ArticleRef,
  amount: number,
  services: ReadonlyArray<ServiceChoice> = []
): Effect.Effect<AddResult, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  article.variantId !== undefined && services.length === 0
    ? addVariant(cartId, article.variantId, amount)
    : addWithServices(cartId, article, amount, services)

/** The line holding `variantId` as an article of its own (not a gift, not in a set): the first one, as stored. */
const variantLine = (state: CartState, variantId: number): CartLine | undefined =>
  state.lines.filter((line) => !line.gift && line.variantId === variantId && line.bonusSetId === null)
    .reduce<CartLine | undefined>((first, line) => first === undefined || line.itemId < first.itemId ? line : first, undefined)

/**
 * Adds pieces of a variant without services, in the fewest statements (the hot path of add-to-cart, issue 9):
 *
 * 1. locks the cart row (`FOR UPDATE`: concurrent changes of one cart queue up) and reads the variant and its stock
 *    in the same statement; nothing is written yet, so a refusal needs no savepoint to undo it;
 * 2. decides from the cart at the locked version: the process's cached cart when it holds exactly that version (every
 *    change bumps the version under this lock), else the cart read now, under the lock;
 * 3. writes the line, bumps the version, marks the transaction for the versioned notice (migration 18) and sends the
 *    live-data notification, in one statement.
 *
 * The answer is the decided cart with the new count (a new line: the cart read after the insert), kept as the cached
 * cart once the transaction commits ({@link settleCart}). Runs in the caller's transaction when one is open.
 */
const addVariant = (
  cartId: number,
  variantId: number,
  amount: number
): Effect.Effect<AddResult, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  inTransaction(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const locked = (yield* sql<{
      readonly status: string
      readonly version: number
      readonly found: boolean
      readonly stock: number | null
    }>`
      SELECT c.status, c.version, a.product_id IS NOT NULL AS found, a.stock
      FROM carts c
      LEFT JOIN LATERAL (
        SELECT v.product_id, st.in_stock AS stock
        FROM variants v
        JOIN products p ON p.product_id = v.product_id
        JOIN prices pr ON pr.variant_id = v.variant_id
        LEFT JOIN stock st ON st.variant_id = v.variant_id
        WHERE v.variant_id = ${variantId} AND v.shop_id = c.shop_id AND p.active) a ON true
      WHERE c.cart_id = ${cartId}
      FOR UPDATE OF c`)[0]
    if (locked === undefined || locked.status !== "open") return yield* notFound("cart", `No open cart ${cartId}`)
    if (!locked.found) return yield* notFound("variant", `No variant ${variantId} in this shop`)
    const base = (yield* cachedBefore(cartId, locked.version + 1)) ?? (yield* readCart(cartId))
    if (base === undefined) return yield* notFound("cart", `No open cart ${cartId}`)
    const line = variantLine(base, variantId)
    const stock = locked.stock ?? 0
    const current = line?.count ?? 0
    const wanted = current + amount
    const count = clampQuantity(wanted)
    if (stock <= 0) return yield* refused(cartFlashKeys.outOfStock, "amount")
    if (!countAllowed(count, current, stock)) return yield* refused(cartFlashKeys.stockExceeded, "amount")
    const written = (yield* (line !== undefined
      ? sql<{ readonly version: number; readonly item_id: number }>`
          WITH touched AS (
            UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${cartId} RETURNING cart_id, version),
          changed AS (UPDATE cart_items SET count = ${count} WHERE cart_item_id = ${line.itemId} RETURNING cart_item_id)
          SELECT version, (SELECT cart_item_id FROM changed) AS item_id, ${changeMarks(sql, cartId)}
          FROM touched`
      : sql<{ readonly version: number; readonly item_id: number }>`
          WITH touched AS (
            UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${cartId} RETURNING cart_id, version),
          changed AS (
            INSERT INTO cart_items (cart_id, article_type, variant_id, bonus_set_id, count, position)
            VALUES (${cartId}, 'variant', ${variantId}, NULL, ${count},
                    (SELECT COALESCE(max(position), -1) + 1 FROM cart_items WHERE cart_id = ${cartId}))
            RETURNING cart_item_id)
          SELECT version, (SELECT cart_item_id FROM changed) AS item_id, ${changeMarks(sql, cartId)}
          FROM touched`))[0]!
    const state = line !== undefined
      ? withLineCount(base, written.version, line.itemId, count)
      : yield* readCart(cartId)
    if (state !== undefined) yield* settleCart(state)
    return { itemId: written.item_id, flashes: count === wanted ? [] : [notice(cartFlashKeys.amountClamped, "warning")], state }
  }))

/**
 * {@link addToCart} of pieces of a variant the cached cart already holds as a line of its own, without services, in
 * one statement ({@link setLineCountAtOnce}): decided from the process's cached cart and the stock it shows, the answer
 * (`answer` of the change) built before the statement so that `claim` can store it with the idempotency key in that
 * same statement. Undefined when it does not apply (no cached cart, a new line, a refusal: those are decided under
 * the cart's lock) or when the statement changed nothing (the cart or the stock moved on, the key is taken): the
 * caller then runs {@link addToCart}, which decides from the truth.
 */
export const addVariantAtOnce = <A, E, R>(
  cartId: number,
  variantId: number,
  amount: number,
  answer: (change: AddResult) => Effect.Effect<A, E, R>,
  claim: ((answer: A) => StatementKeyClaim) | undefined
): Effect.Effect<A | undefined, E | SqlError, R | SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const base = yield* cachedOpenCart(cartId)
    const decided = base === undefined ? undefined : addAtOnceDecision(base, variantId, amount)
    if (decided === undefined) return undefined
    const response = yield* answer(decided.change)
    const applied = yield* setLineCountAtOnce(decided.change.state, decided.change.itemId, decided.count, decided.check, claim?.(response))
    return applied ? response : undefined
  })

/** An add decided in one statement from the cached cart ({@link addAtOnceDecision}). */
export interface AtOnceAdd {
  /** The change as it will be answered: the line's item, the notices, the cart after it. */
  readonly change: AddResult & { readonly state: CartState }
  /** The line's new count. */
  readonly count: number
  /** The stock the change was decided with, which the statement checks. */
  readonly check: StatementStockCheck
}

/**
 * {@link addVariantAtOnce}'s decision from `base` (the cached open cart): `amount` more pieces of the line holding
 * `variantId`, clamped (§5, a notice when clamped), while its stock allows; undefined when the cart has no such line or
 * the stock does not allow it (the general way then decides and refuses).
 */
export const addAtOnceDecision = (base: CartState, variantId: number, amount: number): AtOnceAdd | undefined => {
  const line = variantLine(base, variantId)
  if (line === undefined) return undefined
  const wanted = line.count + amount
  const count = clampQuantity(wanted)
  if (line.stock <= 0 || !countAllowed(count, line.count, line.stock)) return undefined
  return {
    change: {
      itemId: line.itemId,
      flashes: count === wanted ? [] : [notice(cartFlashKeys.amountClamped, "warning")],
      state: withLineCount(base, base.version + 1, line.itemId, count)
    },
    count,
    check: { variantId, stock: line.stock }
  }
}

/** {@link addToCart} of a bonus set, or with services: the general change under {@link mutateCart}. */
const addWithServices = (
  cartId: number,
  article: ArticleRef,
  amount: number,
  services: ReadonlyArray<ServiceChoice>
): Effect.Effect<AddResult, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, (cart) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // The article, its stock and the cart's line holding it (not a gift), in one statement.
      const found = article.variantId !== undefined
        ? yield* sql<{ readonly product_id: number | null; readonly stock: number | null; readonly cart_item_id: number | null; readonly count: number | null }>`
            SELECT v.product_id, st.in_stock AS stock, line.cart_item_id, line.count
            FROM variants v
            JOIN products p ON p.product_id = v.product_id
            JOIN prices pr ON pr.variant_id = v.variant_id
            LEFT JOIN stock st ON st.variant_id = v.variant_id
            LEFT JOIN LATERAL (
              SELECT cart_item_id, count FROM cart_items
              WHERE cart_id = ${cart.cartId} AND NOT is_gift AND variant_id = v.variant_id AND bonus_set_id IS NULL
              ORDER BY cart_item_id LIMIT 1) line ON true
            WHERE v.variant_id = ${article.variantId} AND v.shop_id = ${cart.shopId} AND p.active`
        : yield* sql<{ readonly product_id: number | null; readonly stock: number | null; readonly cart_item_id: number | null; readonly count: number | null }>`
            SELECT NULL::integer AS product_id,
                   (SELECT min(COALESCE(st.in_stock, 0) / bsi.count)::int FROM bonus_set_items bsi
                    LEFT JOIN stock st ON st.variant_id = bsi.variant_id
                    WHERE bsi.bonus_set_id = bs.bonus_set_id) AS stock,
                   line.cart_item_id, line.count
            FROM bonus_sets bs
            LEFT JOIN LATERAL (
              SELECT cart_item_id, count FROM cart_items
              WHERE cart_id = ${cart.cartId} AND NOT is_gift AND bonus_set_id = bs.bonus_set_id AND variant_id IS NULL
              ORDER BY cart_item_id LIMIT 1) line ON true
            WHERE bs.bonus_set_id = ${article.bonusSetId} AND bs.shop_id = ${cart.shopId} AND bs.active`
      const row = found[0]
      if (row === undefined) {
        return yield* (article.variantId !== undefined
          ? notFound("variant", `No variant ${article.variantId} in this shop`)
          : notFound("bonusSet", `No bonus set ${article.bonusSetId} in this shop`))
      }
      const productId = row.product_id
      const stock = row.stock ?? 0
      const existing = row.cart_item_id === null ? [] : [{ cart_item_id: row.cart_item_id, count: row.count ?? 0 }]
      const current = existing[0]?.count ?? 0
      const wanted = current + amount
      const count = clampQuantity(wanted)
      if (stock <= 0) return yield* refused(cartFlashKeys.outOfStock, "amount")
      if (!countAllowed(count, current, stock)) return yield* refused(cartFlashKeys.stockExceeded, "amount")
      let itemId: number
      // A line already in the cart, changed without services: the answer is the locked cached cart with the new
      // count, not a second read of the cart.
      let state: CartState | undefined
      if (existing[0] !== undefined) {
        itemId = existing[0].cart_item_id
        yield* sql`UPDATE cart_items SET count = ${count} WHERE cart_item_id = ${itemId}`
        const line = cart.before?.lines.find((candidate) => candidate.itemId === itemId)
        if (cart.before !== undefined && line !== undefined && line.count === current && services.length === 0) {
          state = withLineCount(cart.before, cart.version, itemId, count)
        }
      } else {
        const inserted = yield* sql<{ readonly cart_item_id: number }>`
          INSERT INTO cart_items (cart_id, article_type, variant_id, bonus_set_id, count, position)
          VALUES (${cart.cartId}, ${article.variantId !== undefined ? "variant" : "bonus_set"},
                  ${article.variantId ?? null}, ${article.bonusSetId ?? null}, ${count},
                  (SELECT COALESCE(max(position), -1) + 1 FROM cart_items WHERE cart_id = ${cart.cartId}))
          RETURNING cart_item_id`
        itemId = inserted[0]!.cart_item_id
      }
      for (const service of services) {
        yield* attachInTx(itemId, productId, service.type, service.bundleId)
      }
      return { itemId, flashes: count === wanted ? [] : [notice(cartFlashKeys.amountClamped, "warning")], state }
    }))
