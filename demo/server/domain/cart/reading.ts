/**
 * Reading a cart: the cart's rows read (and cached) into the engine's cart state.
 *
 * The cart engine of the reference backend (spec §3 Cart, Cart article, Widget cart item, Bundles; §4; §5; §7 legacy
 * cart and new cart; §8; §9), shared by the legacy cart, new cart, cart-api, widgets and checkout handlers.
 *
 * - Reading: {@link loadCart} builds the §3 Cart wire shape (articles with bundles, prices in the shop's currency,
 *   discounts, totals, itemCount, selectedPayment, marketplace partners...); {@link loadWidgetCart} the cart drawer's
 *   items; {@link loadBillingMethods} the shop's payments for the cart, filtered by the core payment rules.
 * - Changing: every mutation runs in one transaction that first locks the cart row with the `UPDATE` that bumps its
 *   `version` and sends the live-data notification (one statement; concurrent calls on one cart queue up on
 *   PostgreSQL as they do on PGlite's single connection; the notification is delivered when the transaction commits).
 * - Refusals are {@link CartRefused} (a flash message; the new cart answers them as 200 with status error, the legacy
 *   cart as 422); unknown carts, items, variants, bonus sets, bundles and codes are {@link CartNotFound} (404).
 *
 * Quantities follow core/domain/quantity.ts (clamp to 1..30, increase only while the stock allows), payments
 * core/domain/payment.ts (availableBillingMethods, coupon incompatibility), bundle prices core/domain/cart.ts.
 *
 * @module
 */
import { Deferred, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { ArticleImage, Bundle, CartArticleVariant, ItemParam } from "../../../../core/api/entities/cart.ts"
import type { PaymentSelection } from "../../../../core/api/entities/payment.ts"
import { type BundleType } from "../../../../core/domain/cart.ts"
import type { Shop } from "../../../../core/domain/shop.ts"
import { Database } from "../../db/Database.ts"
import { shopOf } from "../account/common.ts"
import { CacheBypass, cachedRead, CurrentReadDependencies, ReadCache } from "../../db/ReadCache.ts"
import { mediaUrl } from "../../db/seed/images.ts"
import { type BranchRow, type CheckoutCartRow, type SelectionRow } from "../checkout/context.ts"
import { lastOrderSessionKey } from "./errors.ts"
import { type AppliedDiscount } from "./money.ts"

// -----------------------------------------------------------------------------------------------
// reading
// -----------------------------------------------------------------------------------------------

interface CartRow {
  readonly cart_id: number
  readonly version: number
  readonly shop_id: string
  readonly customer_id: number | null
  readonly status: string
  readonly invoice_note: string | null
  readonly billing_method_code: string | null
  readonly billing_selection: unknown
  readonly consents: unknown
  readonly vat_rate: number
  readonly shop_name: string
}

interface ItemRow {
  readonly cart_item_id: number
  readonly article_type: "variant" | "bonus_set"
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly count: number
  readonly is_gift: boolean
  readonly parent_item_id: number | null
  readonly insert_time: unknown
  readonly product_id: number | null
  readonly title: string
  readonly variant_url: string | null
  readonly media_id: string | null
  readonly category_url_key: string | null
  readonly partner_id: number | null
  readonly partner_title: string | null
  readonly material_type: string | null
  readonly unit_price: number | null
  readonly vat_rate: number | null
  readonly in_stock: number | null
  readonly availability_key: string | null
  readonly has_reservation: boolean | null
}

interface SetItemRow {
  readonly bonus_set_id: number
  readonly variant_id: number
  readonly count: number
  readonly title: string
  readonly variant_url: string
  readonly media_id: string | null
  readonly category_url_key: string
  readonly in_stock: number | null
  readonly availability_key: string | null
}

/** The one row of {@link readCart}: the cart with its parts as JSON arrays. */
interface CartSnapshotRow extends CartRow {
  readonly items: ReadonlyArray<ItemRow>
  readonly set_items: ReadonlyArray<SetItemRow>
  readonly offers: ReadonlyArray<OfferRow>
  readonly attached: ReadonlyArray<AttachedRow>
  readonly discounts: ReadonlyArray<DiscountRow>
  readonly payment_fee: number | null
  readonly deliveries: ReadonlyArray<{
    readonly delivery_key: string
    readonly price: number
    readonly free_from: number | null
    readonly insurance: boolean
  }>
  readonly media: ReadonlyArray<{ readonly media_id: string; readonly width: number; readonly height: number }>
  readonly params: ReadonlyArray<ParamRow>
  readonly billing_address_id: number | null
  readonly shipping_address_id: number | null
  readonly customer_data: unknown
  readonly campaign_id: string | null
  readonly delivery_strategy: string | null
  readonly selections: ReadonlyArray<SelectionRow>
  readonly branches: ReadonlyArray<BranchRow>
  readonly products: ReadonlyArray<CartProductRow>
  readonly restock: ReadonlyArray<{ readonly variant_id: number; readonly restock_days: number | null }>
  readonly partners: ReadonlyArray<{ readonly partner_id: number; readonly delivery_days: number }>
  readonly last_order_changed: Date | string | null
}

interface OfferRow {
  readonly bundle_id: number
  readonly product_id: number
  readonly type: BundleType
  readonly title: string
  readonly price: number
}

interface AttachedRow {
  readonly cart_item_id: number
  readonly bundle_id: number
  readonly type: BundleType
  readonly price: number
  readonly title: string | null
}

/** A variant parameter row (§3 params: key, title, value, css, measure). */
export interface ParamRow {
  readonly variant_id: number
  readonly key: string
  readonly title: string
  readonly value: string
  readonly css: string | null
  readonly measure: string | null
}

interface DiscountRow {
  readonly code: string
  readonly type: "G" | "D" | "A"
  readonly title: string
  readonly amount: number | null
  readonly percent: number | null
  readonly min_order: number | null
  readonly valid: boolean
}

/** One line of the cart as the engine sees it. */
export interface CartLine {
  readonly itemId: number
  readonly articleType: "variant" | "bonus_set"
  readonly variantId: number | null
  readonly bonusSetId: number | null
  readonly count: number
  readonly gift: boolean
  readonly parentItemId: number | null
  readonly insertTime: string
  readonly productId: number | null
  readonly title: string
  readonly url: string | undefined
  readonly mediaId: string | null
  /** The product image with its size, when the line has one. */
  readonly image: ArticleImage | undefined
  /** The variant's parameters (§3 params; COLOR is a swatch); none for a bonus set. */
  readonly params: ReadonlyArray<ItemParam>
  readonly partnerId: number | null
  readonly partnerTitle: string | null
  readonly materialType: string | null
  /** The price of one piece with VAT, in the shop's currency (0 for a gift). */
  readonly unitPrice: number
  readonly vatRate: number
  /** Pieces in stock (a bonus set: the sets its items' stock allows). */
  readonly stock: number
  readonly availabilityKey: string
  readonly hasReservation: boolean
  readonly setVariants: ReadonlyArray<CartArticleVariant>
  /** Offered bundles with their active flag and price per piece; attached ones first keep their price. */
  readonly bundles: ReadonlyArray<Bundle & { readonly type: BundleType; readonly id: number }>
}

/** A cart read from the database: its row, lines, applied discounts and selected fees. */
export interface CartState {
  readonly cartId: number
  /** The cart's `version`, bumped by every change (0 for a visitor's cart). */
  readonly version: number
  readonly shop: Shop
  readonly shopName: string
  readonly shopVatRate: number
  readonly customerId: number | null
  readonly status: string
  readonly invoiceNote: string | null
  readonly billingMethodCode: string | null
  readonly billingSelection: PaymentSelection | null
  readonly consents: Readonly<Record<string, unknown>>
  readonly lines: ReadonlyArray<CartLine>
  readonly discounts: ReadonlyArray<AppliedDiscount>
  readonly paymentFee: number
  /** The deliveries with a selected transport: the transport's price and free-from value, and the insurance choice. */
  readonly deliveryFees: ReadonlyArray<{
    readonly deliveryKey: string
    readonly price: number
    readonly freeFrom: number | null
    readonly insured: boolean
  }>
  /** What the checkout reads of the cart besides its lines, read in the same statement. */
  readonly checkout: CartCheckoutData
  /**
   * When the shopper's last order changed state (ISO timestamp; §4 'lengthy' payments): a customer's latest in the
   * cart's shop, a guest's the order their session placed last; null without one.
   */
  readonly lastOrderChangedAt: string | null
}

/** A product of a cart line: brand and category path (`parent/leaf`). */
export interface CartProductRow {
  readonly product_id: number
  readonly brand: string
  readonly category_path: string
}

/**
 * The checkout's part of a cart read (ours): the cart row's checkout columns, the deliveries' selections with
 * their branches, and the catalogue details of the lines (brand, category path, restock days, partner days).
 */
export interface CartCheckoutData {
  readonly row: CheckoutCartRow
  readonly selections: ReadonlyArray<SelectionRow>
  readonly branches: ReadonlyArray<BranchRow>
  readonly products: ReadonlyArray<CartProductRow>
  /** Days until restocked per variant of the lines (bonus sets: their variants). */
  readonly restockDays: ReadonlyMap<number, number | null>
  /** A partner's delivery days, per partner id. */
  readonly partnerDays: ReadonlyMap<number, number>
}

/** The checkout data of a cart with nothing chosen yet: no addresses, deliveries, branches or products (a visitor's cart). */
export const emptyCheckoutData: CartCheckoutData = {
  row: { billing_address_id: null, shipping_address_id: null, customer_data: null, campaign_id: null, delivery_strategy: null },
  selections: [],
  branches: [],
  products: [],
  restockDays: new Map(),
  partnerDays: new Map()
}

/** A timestamp as ISO text: a `Date`, or timestamp text as PostgreSQL writes it in JSON. */
const isoOf = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString()
  if (typeof value !== "string") return String(value)
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : new Date(time).toISOString()
}

/** A JSON object column (or its text) as a record; anything else is empty. */
export const objectOf = (value: unknown): Readonly<Record<string, unknown>> => {
  if (typeof value === "string") {
    try {
      return objectOf(JSON.parse(value))
    } catch {
      return {}
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

const selectionOf = (value: unknown): PaymentSelection | null => {
  const object = objectOf(value)
  return typeof object["billingMethodId"] === "string" ? (object as unknown as PaymentSelection) : null
}

/** The storefront link of a product variant, when its category and url are known. */
export const productLink = (categoryUrlKey: string | null, variantUrl: string | null): string | undefined =>
  categoryUrlKey === null || variantUrl === null ? undefined : `/${categoryUrlKey}/${variantUrl}`

/** One statement's worth of cart version checks: the carts asked about and where their stored versions go. */
interface VersionBatch {
  readonly cartIds: Set<number>
  readonly versions: Deferred.Deferred<ReadonlyMap<number, number>, SqlError>
}

/**
 * The cart version checks of one server process, coalesced: at most one `SELECT … WHERE cart_id IN (…)` runs at a
 * time, and every check that arrives while it runs joins the next one, which is sent when it returns. A check is
 * therefore always answered by a statement sent after it arrived (it sees every write committed before the read
 * began, on any server), and under load one statement answers the checks of many reads.
 */
export class CartVersionChecks {
  private next: VersionBatch | undefined = undefined
  private running = false
  private readonly sql: SqlClient.SqlClient

  constructor(sql: SqlClient.SqlClient) {
    this.sql = sql
  }

  /** The stored version of cart `cartId`, read by a statement sent after this call; undefined without such a cart. */
  version(cartId: number): Effect.Effect<number | undefined, SqlError> {
    return Effect.suspend(() => {
      let batch = this.next
      if (batch === undefined) {
        batch = { cartIds: new Set(), versions: Deferred.makeUnsafe() }
        this.next = batch
      }
      batch.cartIds.add(cartId)
      const answer = Effect.map(Deferred.await(batch.versions), (versions) => versions.get(cartId))
      if (this.running) return answer
      this.running = true
      // its own root fiber: never in the asking call's transaction, never interrupted with it
      Effect.runFork(this.flush())
      return answer
    })
  }

  /** Sends the waiting batch, then the one that gathered meanwhile, until none waits. */
  private flush(): Effect.Effect<void> {
    return Effect.suspend(() => {
      const batch = this.next
      if (batch === undefined) {
        this.running = false
        return Effect.void
      }
      this.next = undefined
      const sql = this.sql
      return sql<{ readonly cart_id: number; readonly version: number }>`
        SELECT cart_id, version FROM carts WHERE cart_id IN ${sql.in([...batch.cartIds])}`.pipe(
        Effect.map((rows) => new Map(rows.map((row) => [Number(row.cart_id), Number(row.version)]))),
        Effect.exit,
        Effect.flatMap((exit) => Deferred.done(batch.versions, exit)),
        Effect.andThen(this.flush())
      )
    })
  }
}

/** The version checks of each process's read cache (one per cache, made on its first PostgreSQL read). */
const versionChecks = new WeakMap<object, CartVersionChecks>()

const versionChecksOf = (cache: object, sql: SqlClient.SqlClient): CartVersionChecks => {
  let checks = versionChecks.get(cache)
  if (checks === undefined) {
    checks = new CartVersionChecks(sql)
    versionChecks.set(cache, checks)
  }
  return checks
}

/**
 * {@link readCart} through the process's read cache (demo/server/db/ReadCache.ts): for the reads of
 * calls that change nothing; state-changing calls bypass the cache. A visitor's cart (id 0) is empty
 * without a statement.
 *
 * On PostgreSQL several servers share the database and another one's change reaches this cache a moment after it
 * is answered, so a cached cart is served only once its version is known to be the stored one: the check is
 * {@link CartVersionChecks}' (a statement sent after the read began, shared with every read that arrived meanwhile),
 * so a write committed through any server before a read begins is what that read answers.
 */
export const readCartCached = (cartId: number): Effect.Effect<CartState | undefined, SqlError, SqlClient.SqlClient> =>
  cartId === 0
    ? Effect.succeed(undefined)
    : Effect.gen(function*() {
      const database = yield* Effect.serviceOption(Database)
      const cache = yield* Effect.serviceOption(ReadCache)
      if (database._tag === "None" || database.value.backend === "pglite" || cache._tag === "None" || (yield* CacheBypass)) {
        return yield* cachedRead((caches) => caches.carts, cartId, readCart(cartId))
      }
      const checks = versionChecksOf(cache.value, yield* SqlClient.SqlClient)
      const stored = yield* checks.version(cartId)
      if (stored === undefined) return undefined
      const state = yield* cachedRead((caches) => caches.carts, cartId, readCart(cartId))
      if (state === undefined || state.version >= stored) {
        const dependencies = yield* CurrentReadDependencies
        if (state !== undefined && dependencies !== undefined) {
          dependencies.cartVersions.push({ cartId, version: state.version, stored: () => checks.version(cartId) })
        }
        return state
      }
      cache.value.carts.invalidate(cartId)
      const fresh = yield* cachedRead((caches) => caches.carts, cartId, readCart(cartId))
      const dependencies = yield* CurrentReadDependencies
      if (fresh !== undefined && dependencies !== undefined) {
        dependencies.cartVersions.push({ cartId, version: fresh.version, stored: () => checks.version(cartId) })
      }
      return fresh
    })

/**
 * The cart of a visitor without a stored session (`cartId` 0): empty, in the shop `shopId`; nothing
 * is written.
 */
export const visitorCart = (shopId: string): Effect.Effect<CartState, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly vat_rate: number; readonly name: string }>`
      SELECT vat_rate::float8 AS vat_rate, name FROM shops WHERE shop_id = ${shopId}`
    return {
      cartId: 0,
      version: 0,
      shop: shopOf(shopId),
      shopName: rows[0]?.name ?? shopId,
      shopVatRate: rows[0]?.vat_rate ?? 0,
      customerId: null,
      status: "open",
      invoiceNote: null,
      billingMethodCode: null,
      billingSelection: null,
      consents: {},
      lines: [],
      discounts: [],
      paymentFee: 0,
      deliveryFees: [],
      checkout: emptyCheckoutData,
      lastOrderChangedAt: null
    }
  })

/** Reads a cart with everything the wire shapes and the rules need; `undefined` when there is no such cart. */
export const readCart = (cartId: number): Effect.Effect<CartState | undefined, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // One statement: the cart row with its items, set items, offered and attached bundles,
    // discounts, payment fee and delivery fees as JSON arrays (a cart read runs on every call).
    const carts = yield* sql<CartSnapshotRow>`
      SELECT c.cart_id, c.version, c.shop_id, c.customer_id, c.status, c.invoice_note, c.billing_method_code,
             c.billing_selection, c.consents, s.vat_rate::float8 AS vat_rate, s.name AS shop_name,
             (SELECT COALESCE(json_agg(i ORDER BY i.position, i.cart_item_id), '[]'::json) FROM (
                SELECT ci.cart_item_id, ci.article_type, ci.variant_id, ci.bonus_set_id, ci.count, ci.is_gift,
                       ci.parent_item_id, ci.insert_time, ci.position,
                       v.product_id, COALESCE(v.title, bs.title) AS title, v.variant_url, v.media_id,
                       cat.url_key AS category_url_key, p.marketplace_partner_id AS partner_id, mp.title AS partner_title,
                       p.material_type,
                       COALESCE(pr.price, bs.price)::float8 AS unit_price, pr.vat_rate::float8 AS vat_rate,
                       st.in_stock, st.availability_key, st.has_reservation
                FROM cart_items ci
                LEFT JOIN variants v ON v.variant_id = ci.variant_id
                LEFT JOIN products p ON p.product_id = v.product_id
                LEFT JOIN categories cat ON cat.category_id = p.main_category_id
                LEFT JOIN marketplace_partners mp ON mp.partner_id = p.marketplace_partner_id
                LEFT JOIN prices pr ON pr.variant_id = ci.variant_id
                LEFT JOIN stock st ON st.variant_id = ci.variant_id
                LEFT JOIN bonus_sets bs ON bs.bonus_set_id = ci.bonus_set_id
                WHERE ci.cart_id = c.cart_id) i) AS items,
             (SELECT COALESCE(json_agg(x ORDER BY x.bonus_set_id, x.position), '[]'::json) FROM (
                SELECT bsi.bonus_set_id, bsi.position, bsi.variant_id, bsi.count, v.title, v.variant_url, v.media_id,
                       cat.url_key AS category_url_key, st.in_stock, st.availability_key
                FROM bonus_set_items bsi
                JOIN variants v ON v.variant_id = bsi.variant_id
                JOIN products p ON p.product_id = v.product_id
                JOIN categories cat ON cat.category_id = p.main_category_id
                LEFT JOIN stock st ON st.variant_id = bsi.variant_id
                WHERE bsi.bonus_set_id IN (SELECT bonus_set_id FROM cart_items WHERE cart_id = c.cart_id)) x) AS set_items,
             (SELECT COALESCE(json_agg(o ORDER BY o.product_id, o.position, o.bundle_id), '[]'::json) FROM (
                SELECT bundle_id, product_id, position, type, title, price::float8 AS price
                FROM bundle_offers
                WHERE product_id IN (SELECT v.product_id FROM cart_items ci JOIN variants v ON v.variant_id = ci.variant_id
                                     WHERE ci.cart_id = c.cart_id)) o) AS offers,
             (SELECT COALESCE(json_agg(a ORDER BY a.added_at, a.bundle_id), '[]'::json) FROM (
                SELECT cib.cart_item_id, cib.bundle_id, cib.type, cib.price::float8 AS price, bo.title, cib.added_at
                FROM cart_item_bundles cib
                JOIN cart_items ci ON ci.cart_item_id = cib.cart_item_id
                LEFT JOIN bundle_offers bo ON bo.bundle_id = cib.bundle_id
                WHERE ci.cart_id = c.cart_id) a) AS attached,
             (SELECT COALESCE(json_agg(d ORDER BY d.applied_at, d.discount_id), '[]'::json) FROM (
                SELECT cd.code, cd.type, dc.title, dc.amount::float8 AS amount, dc.percent::float8 AS percent,
                       dc.min_order::float8 AS min_order, cd.applied_at, cd.discount_id,
                       (dc.active AND dc.valid_from <= now() AND dc.valid_to >= now()) AS valid
                FROM cart_discounts cd JOIN discount_codes dc ON dc.discount_id = cd.discount_id
                WHERE cd.cart_id = c.cart_id) d) AS discounts,
             (SELECT bm.price::float8 FROM billing_methods bm
              WHERE bm.shop_id = c.shop_id AND bm.code = c.billing_method_code) AS payment_fee,
             (SELECT COALESCE(json_agg(json_build_object('delivery_key', cd.delivery_key, 'price', dm.price::float8,
                                                         'free_from', dm.free_from::float8, 'insurance', cd.insurance)
                                       ORDER BY cd.delivery_key), '[]'::json)
              FROM cart_deliveries cd JOIN delivery_methods dm ON dm.delivery_method_id = cd.delivery_method_id
              WHERE cd.cart_id = c.cart_id) AS deliveries,
             (SELECT COALESCE(json_agg(json_build_object('media_id', m.media_id, 'width', m.width, 'height', m.height)), '[]'::json)
              FROM media m WHERE m.media_id IN (
                SELECT v.media_id FROM cart_items ci JOIN variants v ON v.variant_id = ci.variant_id WHERE ci.cart_id = c.cart_id
                UNION SELECT v.media_id FROM bonus_set_items bsi JOIN variants v ON v.variant_id = bsi.variant_id
                      WHERE bsi.bonus_set_id IN (SELECT bonus_set_id FROM cart_items WHERE cart_id = c.cart_id))) AS media,
             (SELECT COALESCE(json_agg(json_build_object('variant_id', vp.variant_id, 'key', vp.key, 'title', vp.title,
                                                         'value', vp.value, 'css', vp.css, 'measure', vp.measure)
                                       ORDER BY vp.variant_id, vp.position), '[]'::json)
              FROM variant_params vp WHERE vp.variant_id IN (SELECT variant_id FROM cart_items WHERE cart_id = c.cart_id)) AS params,
             c.billing_address_id, c.shipping_address_id, c.customer_data, c.campaign_id, c.delivery_strategy,
             (SELECT COALESCE(json_agg(json_build_object('delivery_key', cd.delivery_key, 'delivery_method_id', cd.delivery_method_id,
                                                         'branch_id', cd.branch_id, 'address_id', cd.address_id,
                                                         'insurance', cd.insurance) ORDER BY cd.delivery_key), '[]'::json)
              FROM cart_deliveries cd WHERE cd.cart_id = c.cart_id) AS selections,
             (SELECT COALESCE(json_agg(b ORDER BY b.branch_id), '[]'::json) FROM (
                SELECT branch_id, code, kind, pup_type_id, name, street, city, zip, post_address, lat, lng, cash_and_carry,
                       opening_hours, active
                FROM branches WHERE branch_id IN (SELECT branch_id FROM cart_deliveries WHERE cart_id = c.cart_id)) b) AS branches,
             (SELECT COALESCE(json_agg(x), '[]'::json) FROM (
                SELECT p.product_id, p.brand,
                       CASE WHEN pc.title IS NULL THEN pcat.title ELSE pc.title || '/' || pcat.title END AS category_path
                FROM products p
                JOIN categories pcat ON pcat.category_id = p.main_category_id
                LEFT JOIN categories pc ON pc.category_id = pcat.parent_id
                WHERE p.product_id IN (SELECT v.product_id FROM cart_items ci JOIN variants v ON v.variant_id = ci.variant_id
                                       WHERE ci.cart_id = c.cart_id)) x) AS products,
             (SELECT COALESCE(json_agg(json_build_object('variant_id', st.variant_id, 'restock_days', st.restock_days)), '[]'::json)
              FROM stock st WHERE st.variant_id IN (
                SELECT variant_id FROM cart_items WHERE cart_id = c.cart_id
                UNION SELECT bsi.variant_id FROM bonus_set_items bsi
                      WHERE bsi.bonus_set_id IN (SELECT bonus_set_id FROM cart_items WHERE cart_id = c.cart_id))) AS restock,
             (SELECT COALESCE(json_agg(json_build_object('partner_id', mp.partner_id, 'delivery_days', mp.delivery_days)), '[]'::json)
              FROM marketplace_partners mp WHERE mp.partner_id IN (
                SELECT p.marketplace_partner_id FROM cart_items ci JOIN variants v ON v.variant_id = ci.variant_id
                JOIN products p ON p.product_id = v.product_id WHERE ci.cart_id = c.cart_id)) AS partners,
             CASE WHEN c.customer_id IS NULL
               THEN (SELECT o.state_changed_at FROM orders o JOIN sessions ss ON ss.cart_id = c.cart_id
                     WHERE o.order_id = CASE WHEN ss.data->>${lastOrderSessionKey} ~ '^[0-9]+$'
                                             THEN (ss.data->>${lastOrderSessionKey})::int END
                     ORDER BY o.state_changed_at DESC LIMIT 1)
               ELSE (SELECT max(o.state_changed_at) FROM orders o WHERE o.customer_id = c.customer_id AND o.shop_id = c.shop_id)
             END AS last_order_changed
      FROM carts c JOIN shops s ON s.shop_id = c.shop_id
      WHERE c.cart_id = ${cartId}`
    const cart = carts[0]
    if (cart === undefined) return undefined
    const items = cart.items
    const setItems = cart.set_items
    const offers = cart.offers
    const attached = cart.attached
    const discounts = cart.discounts
    const fees = cart.payment_fee === null ? [] : [{ price: cart.payment_fee }]
    const deliveries = cart.deliveries
    const media = cart.media
    const imageOf = (mediaId: string | null): ArticleImage | undefined => {
      const row = mediaId === null ? undefined : media.find((m) => m.media_id === mediaId)
      return row === undefined ? undefined : { url: mediaUrl(row.media_id), width: row.width, height: row.height }
    }
    const paramRows = cart.params
    const paramsOf = (variantId: number | null): ReadonlyArray<ItemParam> =>
      paramRows.filter((row) => row.variant_id === variantId).map((row) => ({
        key: row.key,
        title: row.title,
        value: row.value,
        ...(row.css === null ? {} : { css: row.css }),
        ...(row.measure === null ? {} : { measure: row.measure })
      }))

    const lines = items.map((item): CartLine => {
      const gift = item.is_gift
      const components = setItems.filter((row) => row.bonus_set_id === item.bonus_set_id)
      const first = components[0]
      const setStock = components.length === 0
        ? 0
        : Math.min(...components.map((row) => Math.floor((row.in_stock ?? 0) / Math.max(1, row.count))))
      const lineOffers = offers.filter((offer) => offer.product_id === item.product_id)
      const lineAttached = attached.filter((row) => row.cart_item_id === item.cart_item_id)
      const bundles = [
        ...lineOffers.map((offer) => {
          const on = lineAttached.find((row) => row.bundle_id === offer.bundle_id)
          return {
            type: offer.type,
            id: offer.bundle_id,
            title: offer.title,
            active: on !== undefined,
            actual_price: on?.price ?? offer.price
          }
        }),
        ...lineAttached
          .filter((row) => !lineOffers.some((offer) => offer.bundle_id === row.bundle_id))
          .map((row) => ({
            type: row.type,
            id: row.bundle_id,
            ...(row.title === null ? {} : { title: row.title }),
            active: true,
            actual_price: row.price
          }))
      ]
      const isSet = item.article_type === "bonus_set"
      return {
        itemId: item.cart_item_id,
        articleType: item.article_type,
        variantId: item.variant_id,
        bonusSetId: item.bonus_set_id,
        count: item.count,
        gift,
        parentItemId: item.parent_item_id,
        insertTime: isoOf(item.insert_time),
        productId: item.product_id,
        title: item.title,
        url: isSet
          ? productLink(first?.category_url_key ?? null, first?.variant_url ?? null)
          : productLink(item.category_url_key, item.variant_url),
        mediaId: isSet ? (first?.media_id ?? null) : item.media_id,
        image: imageOf(isSet ? (first?.media_id ?? null) : item.media_id),
        params: isSet ? [] : paramsOf(item.variant_id),
        partnerId: item.partner_id,
        partnerTitle: item.partner_title,
        materialType: item.material_type,
        unitPrice: gift ? 0 : (item.unit_price ?? 0),
        vatRate: item.vat_rate ?? cart.vat_rate,
        stock: isSet ? setStock : (item.in_stock ?? 0),
        availabilityKey: isSet
          ? (setStock > 0 ? "in_stock" : "out_of_stock")
          : (item.availability_key ?? "out_of_stock"),
        hasReservation: item.has_reservation ?? false,
        setVariants: components.map((row) => ({ variantId: row.variant_id, title: row.title, count: row.count })),
        bundles
      }
    })
    return {
      cartId: cart.cart_id,
      version: cart.version,
      shop: shopOf(cart.shop_id),
      shopName: cart.shop_name,
      shopVatRate: cart.vat_rate,
      customerId: cart.customer_id,
      status: cart.status,
      invoiceNote: cart.invoice_note,
      billingMethodCode: cart.billing_method_code,
      billingSelection: selectionOf(cart.billing_selection),
      consents: objectOf(cart.consents),
      lines,
      discounts: discounts.map((row) => ({
        code: row.code,
        type: row.type,
        title: row.title,
        amount: row.amount,
        percent: row.percent,
        minOrder: row.min_order,
        valid: row.valid
      })),
      paymentFee: fees[0]?.price ?? 0,
      deliveryFees: deliveries.map((row) => ({
        deliveryKey: row.delivery_key,
        price: row.price,
        freeFrom: row.free_from,
        insured: row.insurance
      })),
      checkout: {
        row: {
          billing_address_id: cart.billing_address_id,
          shipping_address_id: cart.shipping_address_id,
          customer_data: cart.customer_data,
          campaign_id: cart.campaign_id,
          delivery_strategy: cart.delivery_strategy
        },
        selections: cart.selections,
        branches: cart.branches,
        products: cart.products,
        restockDays: new Map(cart.restock.map((row) => [row.variant_id, row.restock_days])),
        partnerDays: new Map(cart.partners.map((row) => [row.partner_id, row.delivery_days]))
      },
      lastOrderChangedAt: cart.last_order_changed === null ? null : isoOf(cart.last_order_changed)
    }
  })
