/**
 * Cart rules (spec §3, §4, §5, §7, §8): article and bundle kinds, bundle prices, the ids of a
 * delete call, the cart add events and the discount types.
 *
 * @module
 */

/** Article types of the cart (§3). */
export const articleTypes = ["variant", "bonus_set"] as const

/** An article type: a single variant or a bonus set. */
export type ArticleType = (typeof articleTypes)[number]

/** The `materialType` of an article that is digital content (§3). */
export const digitalContentMaterialType = "digital-content"

/** The `type` of an article that is a gift (§3). */
export const giftType = "gift"

/** An id of a cart item, article, variant or partner as the server sends it. */
export type CartId = number | string

/** The fields of a cart article (§3) that the cart rules read. */
export interface CartArticle {
  readonly articleId?: CartId | null
  readonly variantId?: CartId | null
  readonly bonusSetId?: CartId | null
  readonly cartItemId?: CartId | null
  readonly count?: number | null
  readonly marketplacePartnerId?: CartId | null
  readonly materialType?: string | null
  readonly type?: string | null
}

/**
 * The article type of an article: its `type` when that is `variant` or `bonus_set`; otherwise (e.g. a
 * gift) `bonus_set` when it carries a `bonusSetId` (not null, undefined or ""), else `variant`.
 */
export const articleTypeOf = (article: CartArticle): ArticleType =>
  article.type === "variant" || article.type === "bonus_set"
    ? article.type
    : isPresentId(article.bonusSetId)
      ? "bonus_set"
      : "variant"

/** Whether an article is a gift (`type` is `gift`, §3). */
export const isGift = (article: CartArticle): boolean => article.type === giftType

/** Whether an article is digital content (`materialType` is `digital-content`, §3). */
export const isDigitalContent = (article: CartArticle): boolean => article.materialType === digitalContentMaterialType

/** Whether any article of the cart is digital content (§3 `hasDigitalContent`). */
export const hasDigitalContent = (articles: ReadonlyArray<CartArticle>): boolean => articles.some(isDigitalContent)

const isPresentId = (id: CartId | null | undefined): boolean => id !== undefined && id !== null && id !== ""

/**
 * Whether an article is sold by a marketplace partner: its `marketplacePartnerId` is present.
 * Null, undefined, "" and 0 mean "sold by the shop itself".
 */
export const isMarketplaceArticle = (article: CartArticle): boolean =>
  isPresentId(article.marketplacePartnerId) && article.marketplacePartnerId !== 0

/** Whether the cart holds any marketplace-partner article (§4 payment loading). */
export const hasMarketplaceItems = (articles: ReadonlyArray<CartArticle>): boolean => articles.some(isMarketplaceArticle)

/** Bundle types that can be attached to a cart item (§3). */
export const bundleTypes = ["warranty", "insurance", "digital", "return_guarantee"] as const

/** A bundle type. */
export type BundleType = (typeof bundleTypes)[number]

/** A bundle attached to a cart item (§3): a type, an active flag and a unit price. */
export interface Bundle {
  readonly type?: string | null
  readonly active?: boolean | null
  readonly actual_price?: number | null
}

const unitPrice = (bundle: Bundle): number =>
  typeof bundle.actual_price === "number" && Number.isFinite(bundle.actual_price) ? bundle.actual_price : 0

const itemCount = (count: number): number => (Number.isFinite(count) && count > 0 ? count : 0)

/**
 * The shown price of a bundle: `actual_price` times the item count (§3). A missing or non-finite
 * price counts as 0, and a negative or non-finite count as 0.
 */
export const bundlePrice = (bundle: Bundle, count: number): number => unitPrice(bundle) * itemCount(count)

/** Whether a bundle is active; only active bundles count toward totals. */
export const isActiveBundle = (bundle: Bundle): boolean => bundle.active === true

/** The sum of the prices of the active bundles of an item of `count` pieces. */
export const activeBundlesTotal = (bundles: ReadonlyArray<Bundle>, count: number): number =>
  bundles.reduce((sum, bundle) => (isActiveBundle(bundle) ? sum + bundlePrice(bundle, count) : sum), 0)

/**
 * The `ids` parameter of the delete call (§7: ids joined by commas). Ids are compared by their
 * string form; empty ids are dropped, duplicates keep their first position.
 */
export const deleteIdsParam = (ids: ReadonlyArray<CartId>): string => uniqueIds(ids).join(",")

const uniqueIds = (ids: ReadonlyArray<CartId>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  for (const id of ids) {
    const key = String(id)
    if (key !== "") seen.add(key)
  }
  return [...seen]
}

/** One item of an article group being deleted: its cart item id and whether the shopper favored it. */
export interface ArticleGroupItem {
  readonly cartItemId: CartId
  readonly favored?: boolean | null
}

/** A group of articles deleted together (§5), e.g. an article with its gifts and bundles. */
export interface ArticleGroup {
  readonly items: ReadonlyArray<ArticleGroupItem>
}

/**
 * The cart item ids to delete when several article groups are deleted: every item of the groups
 * except the favored ones (§5), in group order, without duplicates (compared by string form).
 */
export const articlesToDelete = (groups: ReadonlyArray<ArticleGroup>): ReadonlyArray<string> =>
  uniqueIds(groups.flatMap((group) => group.items.filter((item) => item.favored !== true).map((item) => item.cartItemId)))

/** Cart add events (§4), by their wire names. */
export const cartAddEvents = ["adding", "added", "addError", "removed", "amountChanged", "warrantyChanged"] as const

/** A cart add event. */
export type CartAddEvent = (typeof cartAddEvents)[number]

/** What a cart add event implies for the page. */
export interface CartEventImplication {
  /** An add is in flight (pending state on); `false` resets it. */
  readonly pending: boolean
  /** The cart changed: the cart drawer refreshes and the live-data notification is sent (§7). */
  readonly cartChanged: boolean
  /** The page reloads (§4, §8: a failed add resets the pending state and reloads). */
  readonly reloadPage: boolean
}

const cartEventImplications: { readonly [E in CartAddEvent]: CartEventImplication } = {
  adding: { pending: true, cartChanged: false, reloadPage: false },
  added: { pending: false, cartChanged: true, reloadPage: false },
  addError: { pending: false, cartChanged: false, reloadPage: true },
  removed: { pending: false, cartChanged: true, reloadPage: false },
  amountChanged: { pending: false, cartChanged: true, reloadPage: false },
  warrantyChanged: { pending: false, cartChanged: true, reloadPage: false }
}

/** What a cart add event implies (§4, §8). */
export const cartEventImplies = (event: CartAddEvent): CartEventImplication => cartEventImplications[event]

/** Whether a string is a cart add event name. */
export const isCartAddEvent = (value: string): value is CartAddEvent => (cartAddEvents as ReadonlyArray<string>).includes(value)

/** Discount type of a gift certificate (§3). */
export const giftCertificateDiscountType = "G"

/** Discount type of a sale (§3). */
export const saleDiscountType = "D"

/** Discount type of an action (§3). */
export const actionDiscountType = "A"

/** Discount types (§3): G gift certificate, D sale, A action. */
export const discountTypes = [giftCertificateDiscountType, saleDiscountType, actionDiscountType] as const

/** A discount type. */
export type DiscountType = (typeof discountTypes)[number]

/** One applied discount (an entry of the cart's `discounts.codes`): its code and type. */
export interface Discount {
  readonly code?: string | null
  readonly type?: string | null
}

/** Whether a gift-certificate (G) discount is among the discounts (§4). */
export const hasGiftCertificateDiscount = (discounts: ReadonlyArray<Discount>): boolean =>
  discounts.some((discount) => discount.type === giftCertificateDiscountType)

/** The cart's `discounts` (§3): the applied codes and their total value. */
export interface CartDiscounts {
  readonly codes?: ReadonlyArray<Discount> | null
  readonly value?: number | null
}

/** Whether the cart has any discount: an applied code, or a finite non-zero discount value. */
export const hasDiscount = (discounts: CartDiscounts | null | undefined): boolean =>
  (discounts?.codes?.length ?? 0) > 0 ||
  (typeof discounts?.value === "number" && Number.isFinite(discounts.value) && discounts.value !== 0)

/** The fields of the cart (§3) that the cart and payment rules read. */
export interface Cart {
  readonly articles?: ReadonlyArray<CartArticle> | null
  readonly discounts?: CartDiscounts | null
}

/**
 * A money amount rounded to cents, half away from zero (1.005 is 1.01, -1.005 is -1.01), with a tolerance for the
 * binary representation of decimals. The server's totals and the rules below round with it.
 */
export const roundToCents = (value: number): number => {
  const rounded = Math.round(Math.abs(value) * 100 + 1e-9) / 100
  return value < 0 ? -rounded : rounded
}

/** The delivery insurance fee as a share of the insured delivery's goods and services (1 %, ours; not shown). */
export const deliveryInsuranceRate = 0.01

/** The insurance fee of a delivery worth `deliveryValue` (its goods and active services): 1 % of it, in cents. */
export const deliveryInsuranceFee = (deliveryValue: number): number =>
  Number.isFinite(deliveryValue) && deliveryValue > 0 ? roundToCents(deliveryValue * deliveryInsuranceRate) : 0

/** A delivery of the cart with its selected transport, as the total counts it. */
export interface DeliveryCharge {
  /** The transport's price. */
  readonly price: number
  /** The cart value (goods and services after discounts) from which the transport is free; null: never free. */
  readonly freeFrom: number | null
  /** Whether the shopper insured the delivery. */
  readonly insured: boolean
  /** The delivery's goods and active services (what the insurance covers). */
  readonly value: number
}

/**
 * What one delivery adds to the total: its transport price, waived once the cart value after discounts reaches
 * `freeFrom`, plus the insurance fee when insured (the insurance is never waived).
 */
export const deliveryChargeOf = (delivery: DeliveryCharge, cartValueAfterDiscounts: number): number =>
  roundToCents(
    (delivery.freeFrom !== null && cartValueAfterDiscounts >= delivery.freeFrom ? 0 : delivery.price) +
      (delivery.insured ? deliveryInsuranceFee(delivery.value) : 0)
  )

/** What the total of the cart is made of. */
export interface TotalParts {
  /** Goods and services after discounts (the cart's `cartPrice`). */
  readonly afterDiscounts: number
  /** The selected payment's fee. */
  readonly paymentFee: number
  /** The deliveries with a selected transport. */
  readonly deliveries: ReadonlyArray<DeliveryCharge>
}

/**
 * The fees on top of the goods: the payment fee and every delivery's charge (transport and insurance). One
 * definition for the cart's `total` (§3) and the placed order's total.
 */
export const feesOf = (parts: TotalParts): number =>
  roundToCents(parts.deliveries.reduce((sum, delivery) => sum + deliveryChargeOf(delivery, parts.afterDiscounts), parts.paymentFee))

/** What the shopper pays (§3 `total.total`): goods and services after discounts plus {@link feesOf}. */
export const totalToPay = (parts: TotalParts): number => roundToCents(parts.afterDiscounts + feesOf(parts))

/** The item parameter key whose value shows as a colour swatch (§3 "key COLOR shows a colour swatch"). */
export const colorParamKey = "COLOR"

const hexColour = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/**
 * The swatch colour of an item parameter (§3): for the COLOR key, its `css` when that is a hex colour (`#rgb`,
 * `#rgba`, `#rrggbb`, `#rrggbbaa`, trimmed); undefined for any other key or any other text, so no server text ever
 * reaches a style unchecked.
 */
export const colorSwatch = (param: { readonly key: string; readonly css?: string | null | undefined }): string | undefined => {
  if (param.key !== colorParamKey || typeof param.css !== "string") return undefined
  const css = param.css.trim()
  return hexColour.test(css) ? css : undefined
}

/** The pieces in the cart widget (the header badge): the sum of the items' counts; a missing count is 1 piece, a negative or non-finite one none. */
export const widgetPieces = (items: ReadonlyArray<{ readonly count?: number | null | undefined }>): number =>
  items.reduce((sum, item) => sum + itemCount(item.count ?? 1), 0)
