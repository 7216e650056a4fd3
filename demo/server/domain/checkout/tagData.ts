/**
 * Tag-manager data of the checkout steps and the purchase (§7 tag data).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Customer } from "../../../../core/api/entities/customer.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { type CheckoutStep } from "../../../../core/domain/checkout.ts"
import { type Shop } from "../../../../core/domain/shop.ts"
import { prefetchStepsFor, purchaseIdPlaceholder, type TagCheckoutStep, tagManagerPageNumbers, virtualPageview, withUnitPriceForQueue } from "../../../../core/domain/tagManager.ts"
import { customerView } from "../account/customer.ts"
import { round2 } from "../cart/money.ts"
import { lineValue } from "../deliveryGroups.ts"
import { shopOf } from "../account/common.ts"
import { okResponseStatus } from "./common.ts"
import { type CheckoutContext, loadContext } from "./context.ts"
import { selectionPrice } from "./deliveries.ts"
import { lastSessionOrder, sessionOrderIds } from "./orders.ts"
import { showableStep } from "./steps.ts"

// -----------------------------------------------------------------------------------------------
// tag-manager data
// -----------------------------------------------------------------------------------------------

/** A JSON value (tag data is opaque JSON on the wire). */
export type Json = null | number | boolean | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** The checkout step each tag-manager step (1..5) stands for (ours: 2 customer, 3 and 4 the shipping step). */
export const tagStepCheckoutStep: { readonly [step: number]: TagCheckoutStep } = {
  1: "preview",
  2: "customer",
  3: "shipping",
  4: "shipping",
  5: "confirmation"
}

/** The tag-manager step of a checkout step (1 preview, 2 customer, 3 shipping, 5 confirmation). */
export const tagStepOf = (step: CheckoutStep): number =>
  step === "preview" ? 1 : step === "customer" ? 2 : step === "shipping" ? 3 : 5

/** A product line as tag events read it. */
export interface TagLine {
  readonly productId: number | null
  readonly bonusSetId: number | null
  readonly variantId: number | null
  readonly title: string
  readonly brand: string | null
  readonly categoryPath: string | null
  /** The line's price for all its pieces. */
  readonly price: number
  readonly count: number
}

/** The tag lines of a cart. */
export const tagLinesOf = (ctx: CheckoutContext): ReadonlyArray<TagLine> =>
  ctx.state.lines.map((line) => {
    const product = line.productId === null ? undefined : ctx.details.products.get(line.productId)
    return {
      productId: line.productId,
      bonusSetId: line.bonusSetId,
      variantId: line.variantId,
      title: line.title,
      brand: product?.brand ?? null,
      categoryPath: product?.categoryPath ?? null,
      price: lineValue(line),
      count: line.count
    }
  })

/** One product of a tag event, at its unit price (§5: the quantity-based price divided by the quantity). */
export const tagProduct = (line: TagLine): { readonly [key: string]: Json } => {
  const product = withUnitPriceForQueue({ price: line.price, quantity: line.count })
  return {
    id: line.productId === null ? `bonus-set-${line.bonusSetId ?? 0}` : String(line.productId),
    name: line.title,
    brand: line.brand,
    category: line.categoryPath,
    variant: line.variantId === null ? null : String(line.variantId),
    price: round2(product.price),
    quantity: product.quantity
  }
}

/** The checkout tag event of a tag step (§4 queue). */
export const checkoutTagEvent = (step: number, lines: ReadonlyArray<TagLine>): Json => ({
  event: "checkout",
  ecommerce: { checkout: { actionField: { step }, products: lines.map(tagProduct) } }
})

/** The figures of a purchase tag event. */
export interface PurchaseFigures {
  readonly revenue: number
  readonly tax: number
  readonly shipping: number
}

/** The purchase tag event (§4 step 5); `purchaseId` is {@link purchaseIdPlaceholder} until the order exists. */
export const purchaseTagEvent = (purchaseId: string, currency: string, figures: PurchaseFigures, lines: ReadonlyArray<TagLine>): Json => ({
  event: "purchase",
  ecommerce: {
    currencyCode: currency,
    purchase: {
      actionField: { id: purchaseId, revenue: figures.revenue, tax: figures.tax, shipping: figures.shipping },
      products: lines.map(tagProduct)
    }
  }
})

/** The data-layer data pushed as is for a tag step (§2: the virtual pageview of the step, page numbers 1, 3, 3, 5). */
export const dataLayerFor = (shop: Shop, step: number, customer: Customer): Json => {
  const checkoutStep = tagStepCheckoutStep[step] ?? "preview"
  return {
    ...virtualPageview({}, checkoutStep, tagManagerPageNumbers[checkoutStep]),
    pageType: "checkout",
    shopId: shop.shopId,
    currency: shop.currency,
    tagStep: step,
    accountType: customer.id === null || customer.id === undefined ? "guest" : "registered"
  }
}

const cartFigures = (ctx: CheckoutContext): PurchaseFigures => {
  const shipping = round2(ctx.groups.reduce((sum, group) => sum + (selectionPrice(ctx, group) ?? 0), 0))
  return { revenue: ctx.totals.total, tax: round2(ctx.totals.total - ctx.totals.totalNoVat), shipping }
}

/**
 * The tag data of a tag step (§4, §7 load-gtm): the data layer, the queue of the step, and for the prefetching
 * steps 3 and 4 the queues of their later steps, with step 5's purchase carrying the purchase-id placeholder. Step 5
 * answers the session's last order with its real order number; asked before an order exists (a prefetch), the cart's
 * purchase with the placeholder.
 */
export const tagDataFor = (session: SessionData, step: number) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const shop = ctx.shop
    const lines = tagLinesOf(ctx)
    if (step === 5) {
      // While the cart still has lines the order does not exist yet (steps 3 and 4 prefetch step 5, §4): the purchase
      // is the cart's, with the placeholder the browser replaces by the purchase id on step 5.
      if (lines.length > 0) {
        const queue = [purchaseTagEvent(purchaseIdPlaceholder, shop.currency, cartFigures(ctx), lines)]
        return {
          status: okResponseStatus,
          step,
          dataLayerDirectData: dataLayerFor(shop, step, ctx.customer),
          queue,
          step5: { purchaseId: purchaseIdPlaceholder, queue }
        }
      }
      const order = yield* lastSessionOrder(session)
      const queue = order === undefined ? [] : [purchaseTagEvent(order.orderNumber, shop.currency, order, order.lines)]
      return {
        status: okResponseStatus,
        step,
        dataLayerDirectData: dataLayerFor(shop, step, ctx.customer),
        queue,
        step5: { purchaseId: order?.orderId ?? null, queue }
      }
    }
    const prefetch = prefetchStepsFor(step)
    return {
      status: okResponseStatus,
      step,
      dataLayerDirectData: dataLayerFor(shop, step, ctx.customer),
      queue: [checkoutTagEvent(step, lines), ...prefetch.filter((later) => later < 5).map((later) => checkoutTagEvent(later, lines))],
      ...(prefetch.includes(5)
        ? { step5: { purchaseId: purchaseIdPlaceholder, queue: [purchaseTagEvent(purchaseIdPlaceholder, shop.currency, cartFigures(ctx), lines)] } }
        : {})
    }
  })

/**
 * The tag-manager step of the session's checkout now (§2): 5 right after an order (empty cart, an order placed in
 * the session), else the step the cart and customer allow ({@link showableStep} from shipping).
 */
export const currentTagStep = (session: SessionData) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (ctx.state.lines.length === 0 && (yield* sessionOrderIds(session)).length > 0) return 5
    return tagStepOf(showableStep(ctx, "shipping"))
  })

/**
 * Transforms dimension data into data-layer data (§7 transform-dimension-data): each key of an object becomes
 * `dimension{key}` when numeric (kept as is otherwise); scalars become strings, arrays are joined by `|`, objects
 * become JSON text, `null` stays. Anything but an object answers `undefined` (refused).
 */
export const transformDimensionData = (data: unknown): { readonly [key: string]: Json } | undefined => {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const text = (value: unknown): string => (typeof value === "object" && value !== null ? JSON.stringify(value) : String(value))
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([key, value]) => [
      /^[0-9]+$/.test(key) ? `dimension${key}` : key,
      value === null ? null : Array.isArray(value) ? value.map(text).join("|") : text(value)
    ])
  )
}

/** The tag data of a product removed from the cart (§7 removed-item tag data); an empty queue for an unknown product. */
export const removedProductTagData = (session: SessionData, productId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ product_id: number; title: string; brand: string; category: string; variant_id: number | null; price: number | null }>`
      SELECT p.product_id, p.title, p.brand, c.title AS category, v.variant_id, pr.price::float8 AS price
      FROM products p
      JOIN categories c ON c.category_id = p.main_category_id
      LEFT JOIN variants v ON v.product_id = p.product_id AND v.is_default
      LEFT JOIN prices pr ON pr.variant_id = v.variant_id
      WHERE p.product_id = ${productId} AND p.shop_id = ${session.shopId}
      LIMIT 1`
    const row = rows[0]
    const queue: ReadonlyArray<Json> = row === undefined ? [] : [{
      event: "removeFromCart",
      ecommerce: {
        currencyCode: shopOf(session).currency,
        remove: {
          products: [{
            id: String(row.product_id),
            name: row.title,
            brand: row.brand,
            category: row.category,
            variant: row.variant_id === null ? null : String(row.variant_id),
            price: row.price ?? 0,
            quantity: 1
          }]
        }
      }
    }]
    return { status: okResponseStatus, queue }
  })

/**
 * Custom dimension 17 (§7 dimension17, ours): account type, customer status, VIP program and shop, joined by `|`
 * (`registered|gold|vip_program|CZ10MA`, `-` for a missing part).
 */
export const dimension17 = (session: SessionData) =>
  Effect.gen(function*() {
    const customer = yield* customerView(session)
    const status = customer.id === null || customer.id === undefined ? "-" : customer.status === "2" ? "gold" : "silver"
    return [customer.id === null || customer.id === undefined ? "guest" : "registered", status, customer.vipType ?? "-", session.shopId].join("|")
  })
