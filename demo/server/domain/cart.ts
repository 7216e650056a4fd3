/**
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
import { Clock, Data, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type {
  ArticleImage,
  Bundle,
  Cart,
  CartArticle,
  CartArticleVariant,
  DiscountCode,
  ItemParam,
  PreviewDelivery,
  WidgetCartItem
} from "../../../core/api/entities/cart.ts"
import type { OrderConsent } from "../../../core/api/entities/delivery.ts"
import type { ApiResponse } from "../../../core/api/entities/envelope.ts"
import type { BillingMethod, BillingMethods, ChildPayment, PaymentSelection } from "../../../core/api/entities/payment.ts"
import {
  activeBundlesTotal,
  type BundleType,
  feesOf,
  giftType,
  hasDigitalContent,
  isActiveBundle,
  roundToCents,
  type TotalParts,
  totalToPay
} from "../../../core/domain/cart.ts"
import { checkoutStepTable } from "../../../core/domain/checkout.ts"
import { type FlashMessage, flashMessage } from "../../../core/domain/flash.ts"
import {
  availableBillingMethods,
  defaultPaymentLimitation,
  exceedsOrderLimit,
  isIncompatibleWithCoupons,
  isLengthyPaymentDisabled,
  isSelectable,
  paymentLimitationOf
} from "../../../core/domain/payment.ts"
import { canIncrease, clampQuantity } from "../../../core/domain/quantity.ts"
import { isShopId, type Shop, shopById } from "../../../core/domain/shop.ts"
import { wishlistDrawerSize } from "../../../core/domain/wishlist.ts"
import { cartChangedChannel, Database } from "../db/Database.ts"
import { CacheBypass, cachedRead, ReadCache } from "../db/ReadCache.ts"
import { mediaUrl } from "../db/seed/images.ts"
import { mainWishlistId } from "./account.ts"
import { groupDeliveries } from "./deliveryGroups.ts"
import type { BranchRow, CheckoutCartRow, SelectionRow } from "./checkout.ts"
import { shopSettings } from "./shopSettings.ts"

// -----------------------------------------------------------------------------------------------
// constants and errors
// -----------------------------------------------------------------------------------------------

/**
 * The flash message keys the cart engine answers with (translation keys, as `err_request_timeout` is, §8). Keys of
 * refusals start with `err_`; notices do not.
 */
export const cartFlashKeys = {
  /** The variant or bonus set is out of stock. */
  outOfStock: "err_cart_out_of_stock",
  /** The count asked for is above the stock (§5: increase only while the stock exceeds the count). */
  stockExceeded: "err_cart_stock_exceeded",
  /** A gift's count follows its article and cannot be changed. */
  giftFixed: "err_cart_gift_fixed",
  /** The count was clamped to 1..30 (§5, §9): notice. */
  amountClamped: "cart_amount_clamped",
  /** No discount code with that text exists in the shop. */
  discountUnknown: "err_discount_code_unknown",
  /** The code is inactive or outside its validity. */
  discountExpired: "err_discount_code_expired",
  /** The code was used up (gift certificates are single-use). */
  discountUsed: "err_discount_code_used",
  /** The cart does not reach the code's minimum order value. */
  discountMinOrder: "err_discount_code_min_order",
  /** The code is already applied to the cart. */
  discountAlreadyApplied: "err_discount_code_already_applied",
  /** A sale (D) or action (A) coupon is already applied: one coupon per cart. */
  discountNotCombinable: "err_discount_code_not_combinable",
  /** The code is not applied to the cart (remove). */
  discountNotApplied: "err_discount_code_not_applied",
  /** Codes apply only to a cart with articles. */
  discountCartEmpty: "err_discount_cart_empty",
  /** The code was applied: notice. */
  discountApplied: "discount_code_applied",
  /** The code was removed: notice. */
  discountRemoved: "discount_code_removed",
  /** The billing method (or its child payment) is not offered for this cart. */
  paymentUnavailable: "err_payment_unavailable",
  /** The selected payment was cleared because a gift certificate makes it incompatible with coupons (§4): notice. */
  paymentClearedForCoupons: "payment_cleared_incompatible_with_coupons",
  /** The coupons were moved to the customer's Allegro account: notice. */
  couponsMigrated: "cart_coupons_migrated",
  /** The cart has no coupon to move to Allegro. */
  noCouponsToMigrate: "err_cart_no_coupons_to_migrate",
  /** The call needs a logged-in customer. */
  loginRequired: "err_login_required",
  /** An idempotency key came again with another request. */
  idempotencyKeyReused: "err_idempotency_key_reused"
} as const

/** A flash key of {@link cartFlashKeys}. */
export type CartFlashKey = (typeof cartFlashKeys)[keyof typeof cartFlashKeys]

/**
 * The key of `sessions.data` holding the id of the order last placed in the session: load-purchase reads it (the
 * session's cart is replaced by a new one once the order is placed). Checkout sets it when it places an order.
 */
export const lastOrderSessionKey = "lastOrderId"

/**
 * The order consents of the delivery step (§3 consents), by consent code (ours: optional marketing consents). Their
 * texts and notes per shop language are the rows of `order_consent_texts` (migration 10).
 */
export const orderConsentCodes = ["marketing_1p", "personal_data_3p"] as const

/** What was not found: the cart itself, a cart item, a variant, a bonus set, a bundle offer, a discount code, an order. */
export type CartNotFoundSubject = "cart" | "item" | "variant" | "bonusSet" | "bundle" | "discount" | "order"

/** Something a cart call addresses does not exist (404). */
export class CartNotFound extends Data.TaggedError("CartNotFound")<{
  /** What was not found. */
  readonly subject: CartNotFoundSubject
  /** A message for the problem details. */
  readonly message: string
}> {}

/** A cart change was refused by a business rule (new cart: 200 with status error; legacy cart: 422). */
export class CartRefused extends Data.TaggedError("CartRefused")<{
  /** The flash message to show (category cart). */
  readonly flash: FlashMessage
  /** The request field at fault, when one is. */
  readonly field?: string | undefined
}> {}

const notFound = (subject: CartNotFoundSubject, message: string) => new CartNotFound({ subject, message })

const refused = (key: CartFlashKey, field?: string) =>
  new CartRefused({ flash: flashMessage(key, "danger", "cart"), field })

const notice = (key: CartFlashKey, type: FlashMessage["type"] = "notice"): FlashMessage => flashMessage(key, type, "cart")

/** What a successful change reports besides the new cart: notices to show (e.g. a clamped amount). */
export interface CartChange {
  /** Flash messages for the shopper (category cart). */
  readonly flashes: ReadonlyArray<FlashMessage>
}

const noFlashes: CartChange = { flashes: [] }

/** What the engine needs: SQL, and the database service for the live-data notification. */
export type CartRequirements = SqlClient.SqlClient | Database

// -----------------------------------------------------------------------------------------------
// money
// -----------------------------------------------------------------------------------------------

/** A money amount rounded to cents (half away from zero): the core rule `roundToCents`. */
export const round2 = roundToCents

/** The amount without VAT of an amount with VAT at `vatRate` percent, rounded to cents. */
export const withoutVat = (amount: number, vatRate: number): number => round2(amount / (1 + vatRate / 100))

/** An applied discount as the totals read it (a row of `cart_discounts` joined with its `discount_codes` row). */
export interface AppliedDiscount {
  readonly code: string
  readonly type: "G" | "D" | "A"
  readonly title: string
  readonly amount: number | null
  readonly percent: number | null
  readonly minOrder: number | null
  /** Active and within its validity now. */
  readonly valid: boolean
}

/** The discounts of a cart valued (§3 `discounts {messages, codes, value}`). */
export interface ValuedDiscounts {
  readonly codes: ReadonlyArray<DiscountCode>
  readonly value: number
  readonly messages: ReadonlyArray<string>
}

const isCoupon = (type: string): boolean => type === "D" || type === "A"

/**
 * Values the applied discounts of a cart whose goods are worth `goods` and whose goods and services are worth
 * `itemsTotal`: coupons (D sale, A action) first, then gift certificates (G); a percentage applies to the goods, a
 * fixed amount as it is; an invalid code, or one whose minimum order the cart no longer reaches, is worth 0 with a
 * message; the sum never exceeds `itemsTotal`.
 */
export const valueDiscounts = (
  applied: ReadonlyArray<AppliedDiscount>,
  goods: number,
  itemsTotal: number
): ValuedDiscounts => {
  const ordered = [...applied.filter((d) => isCoupon(d.type)), ...applied.filter((d) => !isCoupon(d.type))]
  let remaining = Math.max(0, round2(itemsTotal))
  const messages: Array<string> = []
  const codes: Array<DiscountCode> = []
  for (const discount of ordered) {
    let value = 0
    if (!discount.valid) {
      messages.push(`discount_code_not_valid:${discount.code}`)
    } else if (discount.minOrder !== null && itemsTotal < discount.minOrder) {
      messages.push(`discount_code_min_order:${discount.code}`)
    } else {
      const raw = discount.percent !== null ? round2((goods * discount.percent) / 100) : (discount.amount ?? 0)
      value = Math.min(round2(raw), remaining)
    }
    remaining = round2(remaining - value)
    codes.push({ code: discount.code, type: discount.type, title: discount.title, value })
  }
  return { codes, value: round2(codes.reduce((sum, code) => sum + (code.value ?? 0), 0)), messages }
}

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

const emptyCheckoutData: CartCheckoutData = {
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

const objectOf = (value: unknown): Readonly<Record<string, unknown>> => {
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

const productLink = (categoryUrlKey: string | null, variantUrl: string | null): string | undefined =>
  categoryUrlKey === null || variantUrl === null ? undefined : `/${categoryUrlKey}/${variantUrl}`

const shopOf = (shopId: string): Shop => shopById(isShopId(shopId) ? shopId : "CZ10MA")

/**
 * {@link readCart} through the process's read cache (demo/server/db/ReadCache.ts): for the reads of
 * calls that change nothing; state-changing calls bypass the cache. A visitor's cart (id 0) is empty
 * without a statement.
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
      // Several servers share PostgreSQL and another one's change reaches this cache a moment after it is answered:
      // a cached cart is served only while its version is the stored one (a primary-key lookup).
      const sql = yield* SqlClient.SqlClient
      const stored = (yield* sql<{ readonly version: number }>`SELECT version FROM carts WHERE cart_id = ${cartId}`)[0]
      if (stored === undefined) return undefined
      const state = yield* cachedRead((caches) => caches.carts, cartId, readCart(cartId))
      if (state === undefined || state.version >= stored.version) return state
      cache.value.carts.invalidate(cartId)
      return yield* cachedRead((caches) => caches.carts, cartId, readCart(cartId))
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

/** The totals of a cart (§3 price, discounts, total, cartPrice, pieces). */
export interface CartTotals {
  /** The goods (articles) with VAT. */
  readonly goods: number
  /** Goods and active services with VAT (§3 `price.total`). */
  readonly itemsTotal: number
  /** {@link itemsTotal} without VAT (§3 `price.base`). */
  readonly itemsBase: number
  readonly discounts: ValuedDiscounts
  /** Goods and services after discounts (the drawer's `cartPrice`). */
  readonly afterDiscounts: number
  /**
   * What the shopper pays: after discounts, plus the selected payment's fee and the deliveries' charges, transport
   * and insurance (§3 `total.total`; the core rule `totalToPay`, the placed order's total too).
   */
  readonly total: number
  /** {@link total} without VAT (§3 `total.totalNoVat`). */
  readonly totalNoVat: number
  /** Pieces of all lines (§3 `pieces`, `amount.pieces`). */
  readonly pieces: number
}

const lineGoods = (line: CartLine): number => round2(line.unitPrice * line.count)

const lineServices = (line: CartLine): number => round2(activeBundlesTotal(line.bundles, line.count))

/**
 * The totals of a cart. A delivery's transport fee is waived when the method's `free_from` is reached by the goods and
 * services after discounts; an insured delivery adds its insurance fee on the delivery's value (core `feesOf`); VAT
 * of services and fees is the shop's rate; discounts reduce the base in proportion.
 */
export const cartTotals = (state: CartState): CartTotals => {
  const goods = round2(state.lines.reduce((sum, line) => sum + lineGoods(line), 0))
  const services = round2(state.lines.reduce((sum, line) => sum + lineServices(line), 0))
  const itemsTotal = round2(goods + services)
  const itemsBase = round2(
    state.lines.reduce(
      (sum, line) => sum + withoutVat(lineGoods(line), line.vatRate) + withoutVat(lineServices(line), state.shopVatRate),
      0
    )
  )
  const discounts = valueDiscounts(state.discounts, goods, itemsTotal)
  const afterDiscounts = round2(Math.max(0, itemsTotal - discounts.value))
  const groups = groupDeliveries(state.lines)
  const parts: TotalParts = {
    afterDiscounts,
    paymentFee: state.paymentFee,
    deliveries: state.deliveryFees.map((fee) => ({
      price: fee.price,
      freeFrom: fee.freeFrom,
      insured: fee.insured,
      value: groups.find((group) => group.id === fee.deliveryKey)?.value ?? 0
    }))
  }
  const fees = feesOf(parts)
  const total = totalToPay(parts)
  const discountedBase = itemsTotal === 0 ? 0 : round2((itemsBase * afterDiscounts) / itemsTotal)
  return {
    goods,
    itemsTotal,
    itemsBase,
    discounts,
    afterDiscounts,
    total,
    totalNoVat: round2(discountedBase + withoutVat(fees, state.shopVatRate)),
    pieces: state.lines.reduce((sum, line) => sum + line.count, 0)
  }
}

const articleOf = (line: CartLine, currency: string): CartArticle => ({
  articleId: line.itemId,
  cartItemId: line.itemId,
  count: line.count,
  ...(line.variantId === null ? {} : { variantId: line.variantId }),
  ...(line.bonusSetId === null ? {} : { bonusSetId: line.bonusSetId }),
  marketplacePartnerId: line.partnerId === null ? null : String(line.partnerId),
  ...(line.materialType === null ? {} : { materialType: line.materialType }),
  title: line.title,
  ...(line.url === undefined ? {} : { url: line.url }),
  ...(line.image === undefined ? {} : { image: line.image }),
  unitPrice: line.unitPrice,
  linePrice: lineGoods(line),
  currency,
  params: line.params,
  availability: { inStock: line.stock, key: line.availabilityKey },
  ...(line.articleType === "bonus_set" ? { variants: line.setVariants } : {}),
  bundles: line.bundles,
  type: line.gift ? giftType : line.articleType
})

/**
 * The cart articles of §3 (`articleId` and `cartItemId` are both the cart item id), with what the storefront shows
 * of each line: title, product link, image with its size, unit and line price in the shop's currency, params and
 * availability.
 */
export const cartArticles = (state: CartState): ReadonlyArray<CartArticle> =>
  state.lines.map((line) => articleOf(line, state.shop.currency))

const previewDeliveriesOf = (state: CartState): ReadonlyArray<PreviewDelivery> => {
  const groups = new Map<number | null, { ids: Array<number>; by: string | null }>()
  for (const line of state.lines) {
    const group = groups.get(line.partnerId) ?? { ids: [], by: line.partnerTitle }
    group.ids.push(line.itemId)
    groups.set(line.partnerId, group)
  }
  return [...groups.values()].map((group) => ({
    cartItemsIds: group.ids,
    ...(group.by === null ? {} : { deliveredBy: group.by })
  }))
}

/** The §3 Cart of a cart state: everything {@link loadCart} answers. */
export const cartEntity = (state: CartState): Cart => {
  const totals = cartTotals(state)
  const articles = cartArticles(state)
  const partners: Record<string, string> = {}
  for (const line of state.lines) {
    if (line.partnerId !== null) partners[String(line.partnerId)] = line.partnerTitle ?? String(line.partnerId)
  }
  return {
    cartId: String(state.cartId),
    articles,
    pieces: totals.pieces,
    price: { total: totals.itemsTotal, base: totals.itemsBase, vat: round2(totals.itemsTotal - totals.itemsBase) },
    discounts: { messages: totals.discounts.messages, codes: totals.discounts.codes, value: totals.discounts.value },
    total: { total: totals.total, totalNoVat: totals.totalNoVat },
    amount: { pieces: totals.pieces },
    cartPrice: totals.afterDiscounts,
    itemCount: state.lines.length,
    selectedPayment: state.billingMethodCode,
    previewDeliveries: previewDeliveriesOf(state),
    marketplacePartners: partners,
    hasDigitalContent: hasDigitalContent(articles),
    summary: { hasServices: state.lines.some((line) => line.bundles.some(isActiveBundle)) }
  }
}

/** The cart's summary without its articles (the answer of a non-extended new-cart call). */
export const cartSummary = (cart: Cart): Cart => {
  const { articles: _articles, previewDeliveries: _preview, ...summary } = cart
  return summary
}

const emptyCart = (cartId: number): Cart => ({
  cartId: String(cartId),
  articles: [],
  pieces: 0,
  price: { total: 0, base: 0, vat: 0 },
  discounts: { messages: [], codes: [], value: 0 },
  total: { total: 0, totalNoVat: 0 },
  amount: { pieces: 0 },
  cartPrice: 0,
  itemCount: 0,
  selectedPayment: null,
  previewDeliveries: [],
  marketplacePartners: {},
  hasDigitalContent: false,
  summary: { hasServices: false }
})

/**
 * The §3 Cart of `cartId`: articles (with bundles, stock and type), `pieces`, `price {total, base, vat}` of goods
 * and services, `discounts`, `total` (after discounts, with the selected payment's and deliveries' fees),
 * `cartPrice`, `itemCount` (lines), `selectedPayment`, `previewDeliveries`, `marketplacePartners`,
 * `hasDigitalContent` and `summary.hasServices`; money in the shop's currency. An unknown cart loads empty.
 * Stable signature: used by the checkout handlers.
 */
export const loadCart = (cartId: number): Effect.Effect<Cart, SqlError, SqlClient.SqlClient> =>
  Effect.map(readCartCached(cartId), (state) => (state === undefined ? emptyCart(cartId) : cartEntity(state)))

// -----------------------------------------------------------------------------------------------
// widget cart (legacy drawer, widgets data)
// -----------------------------------------------------------------------------------------------

/** How much of a widget cart item is sent. */
export interface WidgetOptions {
  /** With parameters and the offered bundles (the extended flag); without, the drawer's basics and services. */
  readonly extended: boolean
}

/** The widget cart (§3 Widget cart item) as the legacy cart calls answer it. */
export interface WidgetCart {
  readonly articles: ReadonlyArray<WidgetCartItem>
  readonly itemCount: number
  readonly cartPrice: number
}

const activeOfType = (line: CartLine, type: BundleType): Bundle | null =>
  line.bundles.find((bundle) => bundle.type === type && bundle.active === true) ?? null

/**
 * The widget items of a cart state: `id`/`itemId`/`articleId` the cart item id, `actual_price` the price of one
 * piece, `price` the line's price (pieces and active services), the active warranty, insurance and return guarantee;
 * with `extended`, also the variant's `params` and every offered bundle.
 */
export const widgetItems = (state: CartState, options: WidgetOptions): ReadonlyArray<WidgetCartItem> =>
  state.lines.map((line): WidgetCartItem => ({
    id: line.itemId,
    itemId: line.itemId,
    articleId: line.itemId,
    article: { title: line.title },
    title: line.title,
    ...(line.mediaId === null ? {} : { image: mediaUrl(line.mediaId) }),
    ...(line.url === undefined ? {} : { url: line.url }),
    price: round2(lineGoods(line) + lineServices(line)),
    actual_price: line.unitPrice,
    currency_abr: state.shop.currency,
    count: line.count,
    insertTime: line.insertTime,
    availability_key: line.availabilityKey,
    hasReservation: line.hasReservation,
    warranty: activeOfType(line, "warranty"),
    insurance: activeOfType(line, "insurance"),
    return_guarantee: activeOfType(line, "return_guarantee"),
    ...(options.extended
      ? {
        params: line.params,
        bundles: line.bundles
      }
      : { bundles: line.bundles.filter(isActiveBundle) })
  }))

/** The widget cart of `cartId` (§3 Widget cart item, §7 legacy cart): items, line count and price after discounts. */
export const loadWidgetCart = (
  cartId: number,
  options: WidgetOptions = { extended: true }
): Effect.Effect<WidgetCart, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = yield* readCartCached(cartId)
    if (state === undefined) return { articles: [], itemCount: 0, cartPrice: 0 }
    return {
      articles: widgetItems(state, options),
      itemCount: state.lines.length,
      cartPrice: cartTotals(state).afterDiscounts
    }
  })

// -----------------------------------------------------------------------------------------------
// billing methods
// -----------------------------------------------------------------------------------------------

/** A `billing_methods` row of the shop. */
export interface BillingRow {
  readonly code: string
  readonly parent_code: string | null
  readonly title: string
  readonly price: number
  readonly lengthy: boolean
  readonly disabled: boolean
  readonly provider_check: string | null
  /** The highest order value the method takes (cash on delivery), null: any. */
  readonly max_order_total: number | null
}

/**
 * The order state date the 'lengthy' payments read (§4, our reading of "an order state date"): the day (UTC
 * `yyyy-mm-dd`) of the latest state change of the shopper's last order in the shop (a customer's last order, a
 * guest's last order of the session), null when there is none; and today (the Clock's UTC day).
 */
export interface OrderStateDates {
  readonly orderStateDate: string | null
  readonly today: string
}

/** Whether the browser can make wallet payments (§5); the server assumes not unless told. */
export interface PaymentContext {
  readonly walletSupported: boolean
}

/**
 * The billing methods of a cart (§3), keyed by code, as offered to the shopper: the shop's active methods with
 * their child payments (saved cards, instalment products) and `selected` flags; `disabled` when the shop marks them
 * so, when the cart's value after discounts exceeds the method's highest order value (cash on delivery), when a
 * 'lengthy' payment meets an order state date of today (§4), or, with a gift certificate (G) applied, when they are
 * provider-checked (deferred CZN, revolving CZG) and thus incompatible with coupons (§4); `invalid` when a selected
 * delivery does not allow them; then filtered by the core rule `availableBillingMethods` (wallet methods, shop
 * quirks such as CZ0 removed when disabled, §5).
 */
export const billingMethodsOf = (
  state: CartState,
  rows: ReadonlyArray<BillingRow>,
  allowedByDelivery: ReadonlyArray<ReadonlySet<string>>,
  context: PaymentContext,
  dates: OrderStateDates = { orderStateDate: null, today: "" }
): BillingMethods => {
  const couponsIncompatible = isIncompatibleWithCoupons(state.discounts)
  const orderValue = cartTotals(state).afterDiscounts
  const selection = state.billingSelection
  const methods: Record<string, BillingMethod> = {}
  for (const row of rows.filter((r) => r.parent_code === null)) {
    const children = rows.filter((r) => r.parent_code === row.code)
    const childPayments: Array<ChildPayment> = children.map((child) => ({
      code: child.code,
      title: child.title,
      selected: state.billingMethodCode === row.code &&
        (selection?.cardId === child.code || selection?.productCode === child.code),
      ...(child.disabled ? { disabled: true } : {})
    }))
    const lengthyToday = isLengthyPaymentDisabled({ lengthy: row.lengthy }, dates.orderStateDate, dates.today)
    methods[row.code] = {
      title: row.title,
      price: row.price,
      selected: state.billingMethodCode === row.code,
      disabled: row.disabled || exceedsOrderLimit(row.max_order_total, orderValue) || lengthyToday ||
        (couponsIncompatible && row.provider_check !== null),
      invalid: allowedByDelivery.some((allowed) => !allowed.has(row.code)),
      ...(childPayments.length === 0 ? {} : { childPayments }),
      lengthy: row.lengthy,
      orderStateDate: dates.orderStateDate
    }
  }
  return availableBillingMethods(methods, { shop: state.shop, walletSupported: context.walletSupported })
}

const readBilling = (state: CartState) =>
  Effect.gen(function*() {
    const settings = yield* shopSettings(state.shop.shopId)
    const rows = settings.billing
    const byDelivery = new Map<string, Set<string>>()
    for (const selection of state.checkout.selections) {
      const set = byDelivery.get(selection.delivery_key) ?? new Set<string>()
      for (const payment of settings.payments) {
        if (
          payment.delivery_method_id === selection.delivery_method_id &&
          paymentLimitationOf({ paymentLimitation: payment.payment_limitation }) === defaultPaymentLimitation
        ) set.add(payment.billing_code)
      }
      byDelivery.set(selection.delivery_key, set)
    }
    const changed = state.lastOrderChangedAt
    const dates: OrderStateDates = {
      orderStateDate: changed === null ? null : changed.slice(0, 10),
      today: new Date(yield* Clock.currentTimeMillis).toISOString().slice(0, 10)
    }
    return { rows, allowedByDelivery: [...byDelivery.values()], dates }
  })

/** The billing methods offered for a cart read ({@link billingMethodsOf}). */
export const billingMethodsOfState = (
  state: CartState,
  context: PaymentContext
): Effect.Effect<BillingMethods, SqlError, SqlClient.SqlClient> =>
  Effect.map(readBilling(state), ({ rows, allowedByDelivery, dates }) =>
    billingMethodsOf(state, rows, allowedByDelivery, context, dates))

/** The billing methods offered for `cartId` ({@link billingMethodsOf}); none for an unknown cart. */
export const loadBillingMethods = (
  cartId: number,
  context: PaymentContext
): Effect.Effect<BillingMethods, SqlError, SqlClient.SqlClient> =>
  Effect.flatMap(readCartCached(cartId), (state) => state === undefined ? Effect.succeed({}) : billingMethodsOfState(state, context))

// -----------------------------------------------------------------------------------------------
// changing: lock, touch, notify
// -----------------------------------------------------------------------------------------------

/** The cart row a mutation holds locked. */
export interface LockedCart {
  readonly cartId: number
  readonly shopId: string
  readonly customerId: number | null
}

/**
 * Sends the live-data notification of a cart change (§7: "a live-data websocket notification is sent after cart
 * changes"): `NOTIFY cart_changed` with `{"cartId":N}`. Inside a transaction it is delivered at commit.
 */
export const notifyCartChanged = (cartId: number): Effect.Effect<void, SqlError, Database> =>
  Effect.gen(function*() {
    const database = yield* Database
    yield* database.notify(cartChangedChannel, JSON.stringify({ cartId }))
  })

/**
 * Locks an open cart for a change and marks it changed, in one statement: bumps its `version` and `updated_at`
 * and sends the live-data notification (delivered at commit, so a change that fails and rolls back notifies
 * nothing). Answers the locked row with its status.
 */
const lockAndTouch = (cartId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{ readonly cart_id: number; readonly shop_id: string; readonly customer_id: number | null; readonly status: string }>`
      WITH touched AS (
        UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${cartId}
        RETURNING cart_id, shop_id, customer_id, status)
      SELECT cart_id, shop_id, customer_id, status, pg_notify(${cartChangedChannel}, ${JSON.stringify({ cartId })}) AS notified
      FROM touched`
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
        return yield* change({ cartId: row.cart_id, shopId: row.shop_id, customerId: row.customer_id })
      })
    )
  })

const mustRead = (cartId: number) =>
  Effect.flatMap(readCart(cartId), (state) =>
    state === undefined ? Effect.fail(notFound("cart", `No cart ${cartId}`)) : Effect.succeed(state))

const lineOf = (state: CartState, itemId: number) =>
  Effect.suspend(() => {
    const line = state.lines.find((candidate) => candidate.itemId === itemId)
    return line === undefined
      ? Effect.fail(notFound("item", `No item ${itemId} in the cart`))
      : Effect.succeed(line)
  })

/** Whether `count` pieces may be held with `stock` in stock, coming from `current` (§5: raising needs stock). */
export const countAllowed = (count: number, current: number, stock: number): boolean =>
  count <= current || canIncrease(count - 1, stock)

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

const attachInTx = (itemId: number, productId: number | null, type: BundleType, bundleId: number) =>
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
      if (existing[0] !== undefined) {
        itemId = existing[0].cart_item_id
        yield* sql`UPDATE cart_items SET count = ${count} WHERE cart_item_id = ${itemId}`
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
      return { itemId, flashes: count === wanted ? [] : [notice(cartFlashKeys.amountClamped, "warning")] }
    }))

/**
 * Sets the count of a cart item (clamped to 1..30, §5). Lowering is always allowed; raising is refused (flash) when
 * the stock does not allow it; a gift's count is fixed. An unknown item is {@link CartNotFound}.
 */
export const changeAmount = (
  cartId: number,
  itemId: number,
  amount: number
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const line = yield* Effect.flatMap(mustRead(cartId), (state) => lineOf(state, itemId))
      if (line.gift) return yield* refused(cartFlashKeys.giftFixed, "id")
      const count = clampQuantity(amount)
      if (!countAllowed(count, line.count, line.stock)) return yield* refused(cartFlashKeys.stockExceeded, "amount")
      yield* sql`UPDATE cart_items SET count = ${count} WHERE cart_item_id = ${itemId}`
      return count === amount ? noFlashes : { flashes: [notice(cartFlashKeys.amountClamped, "warning")] }
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

// -----------------------------------------------------------------------------------------------
// bundles (services)
// -----------------------------------------------------------------------------------------------

/**
 * Attaches the offered bundle `bundleId` of `type` to a cart item: a warranty, insurance or return guarantee
 * replaces the item's bundle of that type; digital content adds up. {@link CartNotFound} for an unknown item or a
 * bundle not offered for the item's product with that type.
 */
export const attachBundle = (
  cartId: number,
  itemId: number,
  type: BundleType,
  bundleId: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const line = yield* Effect.flatMap(mustRead(cartId), (state) => lineOf(state, itemId))
      yield* attachInTx(itemId, line.gift ? null : line.productId, type, bundleId)
      return noFlashes
    }))

/**
 * Detaches the bundles of `type` from a cart item (only `bundleId` when given). Detaching what is not attached
 * changes nothing; an unknown item is {@link CartNotFound}.
 */
export const detachBundle = (
  cartId: number,
  itemId: number,
  type: BundleType,
  bundleId?: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* Effect.flatMap(mustRead(cartId), (state) => lineOf(state, itemId))
      yield* bundleId === undefined
        ? sql`DELETE FROM cart_item_bundles WHERE cart_item_id = ${itemId} AND type = ${type}`
        : sql`DELETE FROM cart_item_bundles WHERE cart_item_id = ${itemId} AND type = ${type} AND bundle_id = ${bundleId}`
      return noFlashes
    }))

// -----------------------------------------------------------------------------------------------
// discounts
// -----------------------------------------------------------------------------------------------

interface CodeRow {
  readonly discount_id: number
  readonly code: string
  readonly type: "G" | "D" | "A"
  readonly min_order: number | null
  readonly usable: boolean
  readonly used_up: boolean
}

const isCouponIncompatibleSelection = (state: CartState) =>
  Effect.gen(function*() {
    if (state.billingMethodCode === null) return false
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly provider_check: string | null }>`
      SELECT provider_check FROM billing_methods WHERE shop_id = ${state.shop.shopId} AND code = ${state.billingMethodCode}`
    return rows[0]?.provider_check !== null && rows[0]?.provider_check !== undefined
  })

/**
 * Applies a discount code of the cart's shop (§3 G gift certificate, D sale, A action; matched without regard to
 * case). Refused (flash) when the cart is empty, the code is already applied, inactive or expired, used up, below
 * its minimum order, or a second coupon (one D/A coupon per cart; gift certificates add up). A gift certificate
 * makes provider-checked payments incompatible (§4): such a selected payment is cleared with a notice. An unknown
 * code is {@link CartNotFound}.
 */
export const applyDiscount = (
  cartId: number,
  code: string
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, (cart) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const rows = yield* sql<CodeRow>`
        SELECT discount_id, code, type, min_order::float8 AS min_order,
               (active AND valid_from <= now() AND valid_to >= now()) AS usable,
               (max_uses IS NOT NULL AND used_count >= max_uses) AS used_up
        FROM discount_codes WHERE shop_id = ${cart.shopId} AND upper(code) = upper(${code.trim()})`
      const found = rows[0]
      if (found === undefined) return yield* notFound("discount", `No discount code ${code}`)
      if (state.lines.length === 0) return yield* refused(cartFlashKeys.discountCartEmpty, "code")
      if (state.discounts.some((d) => d.code === found.code)) return yield* refused(cartFlashKeys.discountAlreadyApplied, "code")
      if (!found.usable) return yield* refused(cartFlashKeys.discountExpired, "code")
      if (found.used_up) return yield* refused(cartFlashKeys.discountUsed, "code")
      const totals = cartTotals(state)
      if (found.min_order !== null && totals.itemsTotal < found.min_order) {
        return yield* refused(cartFlashKeys.discountMinOrder, "code")
      }
      if (isCoupon(found.type) && state.discounts.some((d) => isCoupon(d.type))) {
        return yield* refused(cartFlashKeys.discountNotCombinable, "code")
      }
      yield* sql`INSERT INTO cart_discounts (cart_id, discount_id, code, type)
        VALUES (${cartId}, ${found.discount_id}, ${found.code}, ${found.type})`
      const flashes: Array<FlashMessage> = [notice(cartFlashKeys.discountApplied, "success")]
      if (isIncompatibleWithCoupons([{ code: found.code, type: found.type }]) && (yield* isCouponIncompatibleSelection(state))) {
        yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${cartId}`
        flashes.push(notice(cartFlashKeys.paymentClearedForCoupons, "warning"))
      }
      return { flashes }
    }))

/** Removes an applied discount code (matched without regard to case); refused (flash) when it is not applied. */
export const removeDiscount = (
  cartId: number,
  code: string
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql`DELETE FROM cart_discounts WHERE cart_id = ${cartId} AND upper(code) = upper(${code.trim()})
        RETURNING discount_id`
      if (rows.length === 0) return yield* refused(cartFlashKeys.discountNotApplied, "code")
      return { flashes: [notice(cartFlashKeys.discountRemoved, "success")] }
    }))

/**
 * Moves the cart's coupons (sale D and action A codes) to the customer's Allegro account (ours: they leave the
 * cart; gift certificates stay). Refused for a guest or a cart without coupons.
 */
export const migrateCoupons = (
  cartId: number,
  customerId: number | null
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      if (customerId === null) return yield* refused(cartFlashKeys.loginRequired)
      const rows = yield* sql`DELETE FROM cart_discounts WHERE cart_id = ${cartId} AND type IN ('D', 'A') RETURNING discount_id`
      if (rows.length === 0) return yield* refused(cartFlashKeys.noCouponsToMigrate)
      return { flashes: [notice(cartFlashKeys.couponsMigrated, "success")] }
    }))

// -----------------------------------------------------------------------------------------------
// invoice note, payment
// -----------------------------------------------------------------------------------------------

/** Stores the invoice note of the order (§7); a blank note clears it. Surrounding whitespace is dropped. */
export const setInvoiceNote = (
  cartId: number,
  note: string
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const trimmed = note.trim()
      yield* sql`UPDATE carts SET invoice_note = ${trimmed === "" ? null : trimmed} WHERE cart_id = ${cartId}`
      return noFlashes
    }))

/** The payment selection a select-billing-method call makes (§3), booleans as 0/1 as on the wire. */
export interface BillingSelectionInput {
  readonly billingMethodId: string
  readonly cardId?: string | undefined
  readonly productCode?: string | undefined
  readonly installmentCount?: number | undefined
  readonly depositAmount?: number | undefined
  readonly rememberCard?: 0 | 1 | undefined
  readonly newCard?: 0 | 1 | undefined
  readonly insuranceCode?: string | undefined
}

/**
 * Selects a billing method (§3, §7) among those offered for the cart ({@link billingMethodsOf}): it must be
 * offered and selectable (core `isSelectable`); `cardId` and `productCode`, when given, must be its child payments;
 * a child code given as `billingMethodId` selects its parent with that child. Refused (flash) otherwise. The whole
 * selection is stored with the cart.
 */
export const selectBillingMethod = (
  cartId: number,
  input: BillingSelectionInput,
  context: PaymentContext
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const { rows, allowedByDelivery, dates } = yield* readBilling(state)
      const offered = billingMethodsOf(state, rows, allowedByDelivery, context, dates)
      const asChild = rows.find((row) => row.code === input.billingMethodId && row.parent_code !== null)
      const code = asChild?.parent_code ?? input.billingMethodId
      const method = offered[code]
      if (method === undefined || !isSelectable(method)) return yield* refused(cartFlashKeys.paymentUnavailable, "billingMethodId")
      const childCodes = (method.childPayments ?? []).filter((child) => child.disabled !== true).map((child) => child.code)
      const cardId = input.cardId ?? (asChild !== undefined && input.productCode === undefined ? asChild.code : undefined)
      for (const [field, value] of [["cardId", cardId], ["productCode", input.productCode]] as const) {
        if (value !== undefined && !childCodes.includes(value)) return yield* refused(cartFlashKeys.paymentUnavailable, field)
      }
      const selection: PaymentSelection = {
        billingMethodId: code,
        ...(cardId === undefined ? {} : { cardId }),
        ...(input.productCode === undefined ? {} : { productCode: input.productCode }),
        ...(input.installmentCount === undefined ? {} : { installmentCount: input.installmentCount }),
        ...(input.depositAmount === undefined ? {} : { depositAmount: input.depositAmount }),
        rememberCard: input.rememberCard ?? 0,
        newCard: input.newCard ?? 0,
        ...(input.insuranceCode === undefined ? {} : { insuranceCode: input.insuranceCode })
      }
      yield* sql`UPDATE carts SET billing_method_code = ${code}, billing_selection = ${JSON.stringify(selection)}::jsonb
        WHERE cart_id = ${cartId}`
      return noFlashes
    }))

/** Clears the selected billing method (§5: a click on a selected CZU, PLU, SKU or HUU unsets it). */
export const cleanSelectedPayment = (
  cartId: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${cartId}`
      return noFlashes
    }))

// -----------------------------------------------------------------------------------------------
// wishlist move, consents, purchase
// -----------------------------------------------------------------------------------------------

/**
 * Moves a cart article to the customer's main wishlist (created when missing) with `amount` pieces, newest first,
 * and removes it from the cart. A bonus set moves as its variants. {@link CartNotFound} for an unknown item.
 */
export const moveToWishlist = (
  cartId: number,
  customerId: number,
  itemId: number,
  amount: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const line = yield* lineOf(state, itemId)
      const wishlistId = yield* mainWishlistId(customerId, state.shop)
      const variantIds = line.variantId !== null ? [line.variantId] : line.setVariants.map((v) => v.variantId)
      for (const variantId of variantIds) {
        yield* sql`INSERT INTO wishlist_items (wishlist_id, variant_id, amount) VALUES (${wishlistId}, ${variantId}, ${amount})
          ON CONFLICT (wishlist_id, variant_id) DO UPDATE SET amount = EXCLUDED.amount, created_at = now()`
      }
      yield* sql`DELETE FROM cart_items WHERE cart_item_id = ${itemId}`
      return noFlashes
    }))

/** A row of `order_consent_texts` for the shop's language. */
interface OrderConsentTextRow {
  readonly code: string
  readonly required: boolean
  readonly text: string
  readonly note: string
}

const orderConsentTexts = (shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<OrderConsentTextRow>`
      SELECT t.code, t.required, t.text, t.note FROM order_consent_texts t
      JOIN shops s ON s.language = t.language WHERE s.shop_id = ${shopId}
      ORDER BY t.position, t.code`
  })

/**
 * The order consents of the delivery step (§3 consents; ours): the shop language's consents of
 * `order_consent_texts` with their text, checked as the cart records them, else as the customer gave them, else
 * unchecked.
 */
export const loadOrderConsents = (cartId: number): Effect.Effect<ReadonlyArray<OrderConsent>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const state = yield* readCart(cartId)
    if (state === undefined) return []
    const given = state.customerId === null ? [] : yield* sql<{ readonly code: string; readonly value: boolean }>`
      SELECT code, value FROM customer_consents WHERE customer_id = ${state.customerId}`
    const texts = yield* orderConsentTexts(state.shop.shopId)
    return texts.map((row): OrderConsent => {
      const recorded = state.consents[row.code]
      const checked = typeof recorded === "boolean" ? recorded : (given.find((consent) => consent.code === row.code)?.value ?? false)
      return { code: row.code, text: row.text, checked, required: row.required }
    })
  })

/** The notes under the order consents of the cart's shop, by consent code, in the shop's language. */
export const orderConsentNotes = (cartId: number): Effect.Effect<Readonly<Record<string, string>>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = yield* readCart(cartId)
    if (state === undefined) return {}
    return Object.fromEntries((yield* orderConsentTexts(state.shop.shopId)).map((row) => [row.code, row.note]))
  })

/** The order consents a placed order records: each one as the delivery step shows it checked ({@link loadOrderConsents}). */
export const orderConsentsOf = (cartId: number) =>
  Effect.map(loadOrderConsents(cartId), (consents): Readonly<Record<string, boolean>> =>
    Object.fromEntries(consents.map((consent) => [consent.code, consent.checked === true])))

/**
 * The order placed in a session (§3 `purchaseId`, `confirmationUrl`, `purchase {orderId, items}`): the order named by
 * `sessions.data.lastOrderId` ({@link lastOrderSessionKey}), else the order of the session's cart; `undefined` when
 * the session placed none. `orderId` is the order number; the confirmation url is the cart's confirmation step with
 * the order's confirmation token.
 */
export const loadPurchase = (
  sessionId: string,
  cartId: number
): Effect.Effect<Cart | undefined, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const orders = yield* sql<{
      readonly order_id: number
      readonly order_number: string
      readonly confirmation_token: string
      readonly shop_id: string
      readonly cart_id: number | null
      readonly consents: unknown
    }>`
      SELECT o.order_id, o.order_number, o.confirmation_token, o.shop_id, o.cart_id, o.consents FROM orders o
      WHERE o.order_id = (SELECT CASE WHEN s.data->>${lastOrderSessionKey} ~ '^[0-9]+$'
                                      THEN (s.data->>${lastOrderSessionKey})::int END
                          FROM sessions s WHERE s.session_id = ${sessionId})
         OR o.cart_id = ${cartId}
      ORDER BY o.created_at DESC, o.order_id DESC LIMIT 1`
    const order = orders[0]
    if (order === undefined) return undefined
    const items = yield* sql<{
      readonly order_item_id: number
      readonly article_type: "variant" | "bonus_set"
      readonly variant_id: number | null
      readonly bonus_set_id: number | null
      readonly count: number
      readonly marketplace_partner_id: number | null
      readonly title: string
      readonly unit_price: number
      readonly variant_url: string | null
      readonly category_url_key: string | null
      readonly media_id: string | null
      readonly width: number | null
      readonly height: number | null
    }>`
      SELECT oi.order_item_id, oi.article_type, oi.variant_id, oi.bonus_set_id, oi.count, oi.marketplace_partner_id,
             oi.title, oi.unit_price::float8 AS unit_price,
             v.variant_url, cat.url_key AS category_url_key, m.media_id, m.width, m.height
      FROM order_items oi
      LEFT JOIN variants v ON v.variant_id = oi.variant_id
      LEFT JOIN products p ON p.product_id = v.product_id
      LEFT JOIN categories cat ON cat.category_id = p.main_category_id
      LEFT JOIN media m ON m.media_id = v.media_id
      WHERE oi.order_id = ${order.order_id} ORDER BY oi.order_item_id`
    const shop = shopOf(order.shop_id)
    return {
      cartId: String(order.cart_id ?? cartId),
      purchaseId: order.order_id,
      confirmationUrl:
        `${shop.urlKeys.cart}${checkoutStepTable.confirmation.locationSuffix}?token=${encodeURIComponent(order.confirmation_token)}`,
      purchase: {
        orderId: order.order_number,
        consents: Object.fromEntries(Object.entries(objectOf(order.consents)).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean")),
        items: items.map((item): CartArticle => {
          const url = productLink(item.category_url_key, item.variant_url)
          return {
            articleId: item.order_item_id,
            count: item.count,
            ...(item.variant_id === null ? {} : { variantId: item.variant_id }),
            ...(item.bonus_set_id === null ? {} : { bonusSetId: item.bonus_set_id }),
            marketplacePartnerId: item.marketplace_partner_id === null ? null : String(item.marketplace_partner_id),
            title: item.title,
            ...(url === undefined ? {} : { url }),
            ...(item.media_id === null || item.width === null || item.height === null
              ? {}
              : { image: { url: mediaUrl(item.media_id), width: item.width, height: item.height } }),
            unitPrice: item.unit_price,
            linePrice: round2(item.unit_price * item.count),
            currency: shop.currency,
            type: item.article_type
          }
        })
      }
    }
  })

/** The widgets' wishlist size when not extended: the drawer's five (§2, §9). */
export const widgetWishlistSize = wishlistDrawerSize

// -----------------------------------------------------------------------------------------------
// new-cart envelopes
// -----------------------------------------------------------------------------------------------

/** What a new-cart envelope carries besides the status. */
export interface CartResponseOptions {
  /** The whole cart with its articles and billing methods (§7 `extended`); otherwise the cart's summary. */
  readonly extended: boolean
  /** Flash messages of the status. */
  readonly flashes?: ReadonlyArray<FlashMessage> | undefined
  /** Whether the browser can make wallet payments (billing methods are filtered by it). */
  readonly payment: PaymentContext
}

/**
 * The new-cart envelope (§7 `status {status, flashMessages}`, `cart`, `cartItems`, `billingMethods`) of `cartId`
 * after a call: status `ok`, or `error` for a refused call (§4, §8: business failures answer 200). Extended answers
 * carry the whole cart, its articles as `cartItems` and the billing methods; others the cart's summary.
 */
export const cartResponse = (
  cartId: number,
  status: "ok" | "error",
  options: CartResponseOptions
): Effect.Effect<ApiResponse, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = yield* readCartCached(cartId)
    const cart = state === undefined ? emptyCart(cartId) : cartEntity(state)
    const flashes = options.flashes ?? []
    return {
      status: { status, ...(flashes.length === 0 ? {} : { flashMessages: flashes }) },
      cart: options.extended ? cart : cartSummary(cart),
      ...(options.extended
        ? { cartItems: cart.articles ?? [], billingMethods: state === undefined ? {} : yield* billingMethodsOfState(state, options.payment) }
        : {})
    }
  })
