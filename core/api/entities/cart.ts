/**
 * The cart (spec §3 "Cart", "Cart article", "Widget cart item", "Bundles per item", "Discount types").
 *
 * @module
 */
import { Schema } from "effect"
import { articleTypes, bundleTypes, discountTypes, giftType } from "../../domain/cart.ts"
import { CartAddresses } from "./address.ts"
import { Delivery, EarliestDate } from "./delivery.ts"
import { WireInt, WireNumber, WireString } from "./wire.ts"

/** A bundle (service) type of a cart item (§3): warranty, insurance, digital, return_guarantee. */
export const BundleType = Schema.Literals(bundleTypes)

/** A bundle type. */
export type BundleType = typeof BundleType.Type

const BundleFields = {
  type: BundleType,
  id: Schema.optionalKey(WireInt),
  title: Schema.optionalKey(Schema.String),
  active: Schema.optionalKey(Schema.Boolean),
  actual_price: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link Bundle}, named so that declarations refer to it instead of spelling it out. */
export interface BundleStruct extends Schema.Struct<typeof BundleFields> {}

/**
 * A bundle (service) attached to a cart item (§3): its `type`, `active` flag and `actual_price` (per piece; shown
 * times the item count). `id` is the bundle id sent back when removing it (§7 delete-digital `bundleId`), `title` ours.
 */
export const Bundle: BundleStruct = Schema.Struct(BundleFields)

/** Decoded type of {@link Bundle}. */
export type Bundle = typeof Bundle.Type

/** The `type` values a cart article may carry (§3): the article types `variant`, `bonus_set`, and `gift`. */
export const CartArticleType = Schema.Literals([...articleTypes, giftType])

/** A cart article type. */
export type CartArticleType = typeof CartArticleType.Type

const CartArticleVariantFields = {
  variantId: WireInt,
  title: Schema.optionalKey(Schema.String),
  count: Schema.optionalKey(WireInt)
}

/** The schema type of {@link CartArticleVariant}, named so that declarations refer to it instead of spelling it out. */
export interface CartArticleVariantStruct extends Schema.Struct<typeof CartArticleVariantFields> {}

/** A variant inside a bonus-set article (§3 `variants`). Fields besides `variantId` are ours (not shown). */
export const CartArticleVariant: CartArticleVariantStruct = Schema.Struct(CartArticleVariantFields)

/** Decoded type of {@link CartArticleVariant}. */
export type CartArticleVariant = typeof CartArticleVariant.Type

/** The param key whose value is shown as a colour swatch (§3: COLOR). */
export const colorParamKey = "COLOR"

const ItemParamFields = {
  key: Schema.String,
  title: Schema.optionalKey(Schema.String),
  value: Schema.optionalKey(WireString),
  css: Schema.optionalKey(Schema.String),
  measure: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link ItemParam}, named so that declarations refer to it instead of spelling it out. */
export interface ItemParamStruct extends Schema.Struct<typeof ItemParamFields> {}

/** A parameter of a widget cart item (§3): `key`, `title`, `value`, `css`, `measure`. */
export const ItemParam: ItemParamStruct = Schema.Struct(ItemParamFields)

/** Decoded type of {@link ItemParam}. */
export type ItemParam = typeof ItemParam.Type

const ArticleImageFields = {
  url: Schema.String,
  width: Schema.optionalKey(WireInt),
  height: Schema.optionalKey(WireInt)
}

/** The schema type of {@link ArticleImage}, named so that declarations refer to it instead of spelling it out. */
export interface ArticleImageStruct extends Schema.Struct<typeof ArticleImageFields> {}

/** A product image with its size in pixels (ours): what a cart line shows. */
export const ArticleImage: ArticleImageStruct = Schema.Struct(ArticleImageFields)

/** Decoded type of {@link ArticleImage}. */
export type ArticleImage = typeof ArticleImage.Type

const CartArticleFields = {
  articleId: WireInt,
  count: WireInt,
  variantId: Schema.optionalKey(WireInt),
  bonusSetId: Schema.optionalKey(WireInt),
  cartItemId: Schema.optionalKey(WireInt),
  marketplacePartnerId: Schema.optionalKey(Schema.NullOr(WireString)),
  materialType: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
  url: Schema.optionalKey(Schema.String),
  image: Schema.optionalKey(ArticleImage),
  unitPrice: Schema.optionalKey(WireNumber),
  linePrice: Schema.optionalKey(WireNumber),
  currency: Schema.optionalKey(Schema.String),
  params: Schema.optionalKey(Schema.Array(ItemParam)),
  availability: Schema.optionalKey(Schema.Struct({ inStock: Schema.optionalKey(WireInt), key: Schema.optionalKey(Schema.String) })),
  variants: Schema.optionalKey(Schema.Array(CartArticleVariant)),
  bundles: Schema.optionalKey(Schema.Array(Bundle)),
  type: Schema.optionalKey(CartArticleType)
}

/** The schema type of {@link CartArticle}, named so that declarations refer to it instead of spelling it out. */
export interface CartArticleStruct extends Schema.Struct<typeof CartArticleFields> {}

/**
 * A cart article (§3), identified by `articleId`, with its `count`. `variantId` or `bonusSetId` says what it is;
 * `marketplacePartnerId` keys the cart's `marketplacePartners`; `availability.inStock` is the stock (the quantity
 * rule defaults it to 1). `materialType` stays a string (`digital-content` is the known value).
 *
 * What the storefront shows of a line (optional, ours; the reference server fills them): `title`, `url` (the product
 * link `/{mainCategoryUrlKey}/{variantUrl}`, §2), `image` with its size, `unitPrice` (one piece) and `linePrice`
 * (the pieces, services not included: see `bundles`) in `currency`, the variant's `params` (COLOR as a swatch) and
 * `availability.key` (e.g. `in_stock`, `low_stock`, `out_of_stock`).
 */
export const CartArticle: CartArticleStruct = Schema.Struct(CartArticleFields)

/** Decoded type of {@link CartArticle}. */
export type CartArticle = typeof CartArticle.Type

const WidgetCartItemFields = {
  id: Schema.optionalKey(WireInt),
  itemId: Schema.optionalKey(WireInt),
  articleId: Schema.optionalKey(WireInt),
  article: Schema.optionalKey(Schema.Struct({ title: Schema.optionalKey(Schema.String) })),
  title: Schema.optionalKey(Schema.String),
  image: Schema.optionalKey(Schema.String),
  imgServer: Schema.optionalKey(Schema.String),
  url: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  actual_price: Schema.optionalKey(WireNumber),
  currency_abr: Schema.optionalKey(Schema.String),
  count: Schema.optionalKey(WireInt),
  insertTime: Schema.optionalKey(WireString),
  availability_key: Schema.optionalKey(Schema.String),
  hasReservation: Schema.optionalKey(Schema.Boolean),
  params: Schema.optionalKey(Schema.Array(ItemParam)),
  bundles: Schema.optionalKey(Schema.Array(Bundle)),
  warranty: Schema.optionalKey(Schema.NullOr(Bundle)),
  insurance: Schema.optionalKey(Schema.NullOr(Bundle)),
  return_guarantee: Schema.optionalKey(Schema.NullOr(Bundle))
}

/** The schema type of {@link WidgetCartItem}, named so that declarations refer to it instead of spelling it out. */
export interface WidgetCartItemStruct extends Schema.Struct<typeof WidgetCartItemFields> {}

/**
 * An item of the cart widget (§3). The server sends `id` or `itemId` (both optional here; read `id ?? itemId`).
 * `warranty`, `insurance` and `return_guarantee` are the selected services as {@link Bundle}s, whose `actual_price`
 * is "their price" (our reading).
 */
export const WidgetCartItem: WidgetCartItemStruct = Schema.Struct(WidgetCartItemFields)

/** Decoded type of {@link WidgetCartItem}. */
export type WidgetCartItem = typeof WidgetCartItem.Type

/** A discount type (§3): G gift certificate, D sale, A action. */
export const DiscountType = Schema.Literals(discountTypes)

/** A discount type. */
export type DiscountType = typeof DiscountType.Type

const DiscountCodeFields = {
  code: WireString,
  type: Schema.optionalKey(DiscountType),
  title: Schema.optionalKey(Schema.String),
  value: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link DiscountCode}, named so that declarations refer to it instead of spelling it out. */
export interface DiscountCodeStruct extends Schema.Struct<typeof DiscountCodeFields> {}

/** A discount code applied to the cart. Fields besides `code` are ours (not shown). */
export const DiscountCode: DiscountCodeStruct = Schema.Struct(DiscountCodeFields)

/** Decoded type of {@link DiscountCode}. */
export type DiscountCode = typeof DiscountCode.Type

const DiscountsFields = {
  messages: Schema.optionalKey(Schema.Array(Schema.String)),
  codes: Schema.optionalKey(Schema.Array(DiscountCode)),
  value: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link Discounts}, named so that declarations refer to it instead of spelling it out. */
export interface DiscountsStruct extends Schema.Struct<typeof DiscountsFields> {}

/** The cart's discounts (§3 `discounts {messages, codes, value}`). */
export const Discounts: DiscountsStruct = Schema.Struct(DiscountsFields)

/** Decoded type of {@link Discounts}. */
export type Discounts = typeof Discounts.Type

const CartPriceBreakdownFields = {
  total: WireNumber,
  base: Schema.optionalKey(WireNumber),
  vat: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link CartPriceBreakdown}, named so that declarations refer to it instead of spelling it out. */
export interface CartPriceBreakdownStruct extends Schema.Struct<typeof CartPriceBreakdownFields> {}

/** The cart price (§3 `price {total, base, vat}`). */
export const CartPriceBreakdown: CartPriceBreakdownStruct = Schema.Struct(CartPriceBreakdownFields)

/** Decoded type of {@link CartPriceBreakdown}. */
export type CartPriceBreakdown = typeof CartPriceBreakdown.Type

const CartTotalFields = {
  total: WireNumber,
  totalNoVat: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link CartTotal}, named so that declarations refer to it instead of spelling it out. */
export interface CartTotalStruct extends Schema.Struct<typeof CartTotalFields> {}

/** The cart total (§3 `total {total, totalNoVat}`). */
export const CartTotal: CartTotalStruct = Schema.Struct(CartTotalFields)

/** Decoded type of {@link CartTotal}. */
export type CartTotal = typeof CartTotal.Type

const PreviewDeliveryFields = {
  cartItemsIds: Schema.Array(WireInt),
  deliveredBy: Schema.optionalKey(Schema.String),
  earliestDate: Schema.optionalKey(EarliestDate)
}

/** The schema type of {@link PreviewDelivery}, named so that declarations refer to it instead of spelling it out. */
export interface PreviewDeliveryStruct extends Schema.Struct<typeof PreviewDeliveryFields> {}

/** A delivery group of the preview step (§3 `previewDeliveries`): the cart items shipped together. */
export const PreviewDelivery: PreviewDeliveryStruct = Schema.Struct(PreviewDeliveryFields)

/** Decoded type of {@link PreviewDelivery}. */
export type PreviewDelivery = typeof PreviewDelivery.Type

const PurchaseFields = {
  orderId: WireString,
  items: Schema.optionalKey(Schema.Array(CartArticle)),
  consents: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean))
}

/** The schema type of {@link Purchase}, named so that declarations refer to it instead of spelling it out. */
export interface PurchaseStruct extends Schema.Struct<typeof PurchaseFields> {}

/**
 * The placed order (§3 `purchase {orderId, items}`); `orderId` is kept as a string (order numbers may be long).
 * `consents` (ours) are the order consents the order was placed with: consent code to given.
 */
export const Purchase: PurchaseStruct = Schema.Struct(PurchaseFields)

/** Decoded type of {@link Purchase}. */
export type Purchase = typeof Purchase.Type

/** The marketplace partners of the cart (§3): partner id to partner title. */
export const MarketplacePartners = Schema.Record(Schema.String, Schema.String)

/** Decoded type of {@link MarketplacePartners}. */
export type MarketplacePartners = typeof MarketplacePartners.Type

const CartFields = {
  cartId: Schema.optionalKey(WireString),
  articles: Schema.optionalKey(Schema.Array(CartArticle)),
  pieces: Schema.optionalKey(WireInt),
  price: Schema.optionalKey(CartPriceBreakdown),
  discounts: Schema.optionalKey(Discounts),
  total: Schema.optionalKey(CartTotal),
  amount: Schema.optionalKey(Schema.Struct({ pieces: Schema.optionalKey(WireInt) })),
  cartPrice: Schema.optionalKey(WireNumber),
  itemCount: Schema.optionalKey(WireInt),
  selectedPayment: Schema.optionalKey(Schema.NullOr(WireString)),
  deliveries: Schema.optionalKey(Schema.Array(Delivery)),
  previewDeliveries: Schema.optionalKey(Schema.Array(PreviewDelivery)),
  addresses: Schema.optionalKey(CartAddresses),
  marketplacePartners: Schema.optionalKey(MarketplacePartners),
  hasDigitalContent: Schema.optionalKey(Schema.Boolean),
  summary: Schema.optionalKey(Schema.Struct({ hasServices: Schema.optionalKey(Schema.Boolean) })),
  purchaseId: Schema.optionalKey(WireInt),
  confirmationUrl: Schema.optionalKey(Schema.String),
  purchase: Schema.optionalKey(Schema.NullOr(Purchase))
}

/** The schema type of {@link Cart}, named so that declarations refer to it instead of spelling it out. */
export interface CartStruct extends Schema.Struct<typeof CartFields> {}

/**
 * The cart (§3). Every field is optional: `cartId` is read from the page config (§3) and a response may carry only
 * the parts that changed. `selectedPayment` is the selected billing method code, `null` when none.
 */
export const Cart: CartStruct = Schema.Struct(CartFields)

/** Decoded type of {@link Cart}. */
export type Cart = typeof Cart.Type
