/**
 * The cart's totals and the §3 Cart entity (articles, preview deliveries, summary) built from the cart state.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Cart, CartArticle, PreviewDelivery } from "../../../../core/api/entities/cart.ts"
import { activeBundlesTotal, feesOf, giftType, hasDigitalContent, isActiveBundle, type TotalParts, totalToPay } from "../../../../core/domain/cart.ts"
import { groupDeliveries } from "../deliveryGroups.ts"
import { round2, type ValuedDiscounts, valueDiscounts, withoutVat } from "./money.ts"
import { type CartLine, type CartState, readCartCached } from "./reading.ts"
import { setNewest } from "../../newestEntries.ts"

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

/** The goods value of a cart line (unit price times count). */
export const lineGoods = (line: CartLine): number => round2(line.unitPrice * line.count)

/** The value of a cart line's active services. */
export const lineServices = (line: CartLine): number => round2(activeBundlesTotal(line.bundles, line.count))

/**
 * The totals of a cart. A delivery's transport fee is waived when the method's `free_from` is reached by the goods and
 * services after discounts; an insured delivery adds its insurance fee on the delivery's value (core `feesOf`); VAT
 * of services and fees is the shop's rate; discounts reduce the base in proportion. Worked out once per state (a state
 * is immutable).
 */
export const cartTotals = (state: CartState): CartTotals => {
  if (lastTotals?.state !== state) lastTotals = { state, totals: totalsOf(state) }
  return lastTotals.totals
}

// A cart state is immutable: the totals of the last state asked for are kept (an answer reads them for the cart and
// its billing methods, one after the other). One slot, not a WeakMap by state: V8's young-generation collection holds
// a WeakMap's values strongly even once their key is gone, so each write's totals were copied and then promoted.
let lastTotals: { readonly state: CartState; readonly totals: CartTotals } | undefined

const totalsOf = (state: CartState): CartTotals => {
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
export const cartArticles = (state: CartState): ReadonlyArray<CartArticle> => {
  const currency = state.shop.currency
  const last = lastArticles.get(state.cartId)
  const same = last !== undefined && last.currency === currency ? last : undefined
  const articles = state.lines.map((line) => {
    const at = same === undefined ? -1 : same.lines.indexOf(line)
    return at < 0 ? articleOf(line, currency) : same!.articles[at]!
  })
  setNewest(lastArticles, state.cartId, { currency, lines: state.lines, articles }, lastArticlesMax)
  return articles
}

// A change leaves the cart's other lines as they were (the same objects), so their articles are the same objects too:
// what encodes an answer can keep each article's text (`answerJson`). The lines and articles of each cart's last state
// asked for, by cart id (bounded: the oldest cart's go when full), each entry replaced by the cart's next: not a
// WeakMap by line, whose values V8's young-generation collection holds strongly even once their line is gone (each
// write's new article was copied and then promoted).
const lastArticles = new Map<number, {
  readonly currency: string
  readonly lines: ReadonlyArray<CartLine>
  readonly articles: ReadonlyArray<CartArticle>
}>()
const lastArticlesMax = 1024

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

/** The §3 Cart of a cart that is not there (no articles, zero totals). */
export const emptyCart = (cartId: number): Cart => ({
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
