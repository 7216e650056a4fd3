/**
 * Placed orders: loading them, the session's orders, confirmation urls and tokens, pick-up codes.
 *
 * @module
 */
import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { CartArticle } from "../../../../core/api/entities/cart.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { checkoutStepTable } from "../../../../core/domain/checkout.ts"
import { type Shop } from "../../../../core/domain/shop.ts"
import { round2 } from "../cart/money.ts"
import { dayMs, isoDate, readRecord } from "./common.ts"
import { type PurchaseFigures, type TagLine } from "./tagData.ts"

/** How long a pick-up code is valid after the order, in days. */
export const pickupCodeValidDays = 14

/** The key of `sessions.data` holding the ids of every order placed in the session, newest last. */
export const sessionOrdersKey = "orderIds"

// -----------------------------------------------------------------------------------------------
// orders
// -----------------------------------------------------------------------------------------------

/** A placed order as the confirmation, tracking and tag data read it. */
export interface PlacedOrder extends PurchaseFigures {
  readonly orderId: number
  readonly orderNumber: string
  readonly token: string
  readonly customerId: number | null
  readonly pickupCode: string | null
  readonly createdAt: Date
  readonly lines: ReadonlyArray<TagLine>
  /** The order's items as §3 cart articles (`articleId` is the order item id). */
  readonly items: ReadonlyArray<CartArticle>
}

interface OrderRow {
  readonly order_id: number
  readonly order_number: string
  readonly confirmation_token: string
  readonly customer_id: number | null
  readonly total: number
  readonly total_no_vat: number
  readonly deliveries: unknown
  readonly pickup_code: string | null
  readonly created_at: Date
}

interface OrderItemRow {
  readonly order_item_id: number
  readonly article_type: "variant" | "bonus_set"
  readonly marketplace_partner_id: number | null
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly product_id: number | null
  readonly title: string
  readonly brand: string | null
  readonly category_path: string | null
  readonly count: number
  readonly total_price: number
}

const loadOrderWhere = (where: "id" | "token" | "number", value: string | number, shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const condition = where === "id"
      ? sql`order_id = ${Number(value)}`
      : where === "token" ? sql`confirmation_token = ${String(value)}` : sql`order_number = ${String(value)}`
    const rows = yield* sql<OrderRow>`
      SELECT order_id, order_number, confirmation_token, customer_id, total::float8 AS total,
             total_no_vat::float8 AS total_no_vat, deliveries, pickup_code, created_at
      FROM orders WHERE ${condition} AND shop_id = ${shopId}`
    const order = rows[0]
    if (order === undefined) return undefined
    const items = yield* sql<OrderItemRow>`
      SELECT order_item_id, article_type, marketplace_partner_id, variant_id, bonus_set_id, product_id, title, brand,
             category_path, count, total_price::float8 AS total_price
      FROM order_items WHERE order_id = ${order.order_id} ORDER BY order_item_id`
    const deliveries = Array.isArray(order.deliveries) ? order.deliveries : []
    return {
      orderId: order.order_id,
      orderNumber: order.order_number,
      token: order.confirmation_token,
      customerId: order.customer_id,
      pickupCode: order.pickup_code,
      createdAt: new Date(order.created_at),
      revenue: order.total,
      tax: round2(order.total - order.total_no_vat),
      shipping: round2(deliveries.reduce((sum: number, delivery: unknown) => sum + Number(readRecord(delivery)["price"] ?? 0), 0)),
      lines: items.map((item): TagLine => ({
        productId: item.product_id,
        bonusSetId: item.bonus_set_id,
        variantId: item.variant_id,
        title: item.title,
        brand: item.brand,
        categoryPath: item.category_path,
        price: item.total_price,
        count: item.count
      })),
      items: items.map((item): CartArticle => ({
        articleId: item.order_item_id,
        count: item.count,
        ...(item.variant_id === null ? {} : { variantId: item.variant_id }),
        ...(item.bonus_set_id === null ? {} : { bonusSetId: item.bonus_set_id }),
        marketplacePartnerId: item.marketplace_partner_id === null ? null : String(item.marketplace_partner_id),
        type: item.article_type,
        title: item.title
      }))
    } satisfies PlacedOrder
  })

/** An order of the shop by id. */
export const loadOrderById = (shopId: string, orderId: number) => loadOrderWhere("id", orderId, shopId)

/** An order of the shop by its confirmation token. */
export const loadOrderByToken = (shopId: string, token: string) => loadOrderWhere("token", token, shopId)

/** An order of the shop by its order number. */
export const loadOrderByNumber = (shopId: string, orderNumber: string) => loadOrderWhere("number", orderNumber, shopId)

/** The ids of the orders placed in the session (`sessions.data`), newest last. */
export const sessionOrderIds = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ ids: unknown }>`SELECT data -> ${sessionOrdersKey} AS ids FROM sessions WHERE session_id = ${session.sessionId}`
    const ids = rows[0]?.ids
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : []
  })

/** The last order placed in the session, if any. */
export const lastSessionOrder = (session: SessionData) =>
  Effect.gen(function*() {
    const ids = yield* sessionOrderIds(session)
    const last = ids[ids.length - 1]
    return last === undefined ? undefined : yield* loadOrderById(session.shopId, last)
  })

/** Whether the session may see the order: placed in it, or an order of its logged-in customer. */
export const sessionOwnsOrder = (session: SessionData, order: PlacedOrder) =>
  Effect.map(sessionOrderIds(session), (ids) =>
    ids.includes(order.orderId) || (session.customerId !== null && order.customerId === session.customerId))

/** The confirmation url of an order (§2, §3 confirmationUrl): the cart's confirmation step with the token. */
export const confirmationUrlOf = (shop: Shop, token: string): string =>
  `${shop.urlKeys.cart}${checkoutStepTable.confirmation.locationSuffix}?token=${encodeURIComponent(token)}`

/** A new confirmation token: 32 random bytes, base64url (unguessable; shows the order without a session). */
export const newConfirmationToken = (): string => randomBytes(32).toString("base64url")

/** The pick-up code of an order (§7 getPickupCode), valid {@link pickupCodeValidDays} days; none without a pick-up. */
export const pickupCodeOf = (order: PlacedOrder) =>
  order.pickupCode === null
    ? undefined
    : {
      orderId: order.orderNumber,
      pickupCode: order.pickupCode,
      validTo: isoDate(order.createdAt.getTime() + pickupCodeValidDays * dayMs)
    }
