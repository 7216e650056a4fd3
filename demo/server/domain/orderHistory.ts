/**
 * The customer's order history (ours; the spec names the purchase list page, `clientPurchaseList`, but not its call):
 * the orders a customer placed in a shop, newest first, one page at a time, with their lines (linked to the product
 * while it is sold), deliveries, payment and the order consents they were placed with.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { OrderDelivery, OrderHistory, OrderLine, OrderSummary } from "../../../core/api/account.ts"
import { orderHistoryDefaultLimit } from "../../../core/api/account.ts"
import type { ItemParam } from "../../../core/api/entities/cart.ts"
import { productLink } from "../../../core/domain/shop.ts"

interface OrderRow {
  readonly order_id: number
  readonly order_number: string
  readonly created_at: Date | string
  readonly state: string
  readonly state_changed_at: Date | string
  readonly total: number
  readonly currency: string
  readonly billing_method_code: string | null
  readonly deliveries: unknown
  readonly consents: unknown
}

interface LineRow {
  readonly order_id: number
  readonly title: string
  readonly product_id: number | null
  readonly count: number
  readonly unit_price: number
  readonly total_price: number
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly variant_url: string | null
  readonly category_url_key: string | null
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString())

const jsonOf = (value: unknown): unknown => {
  if (typeof value !== "string") return value
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined)

/** A delivery as the order recorded it (`orders.deliveries`). */
const deliveryOf = (value: unknown, index: number): OrderDelivery => {
  const delivery = record(value)
  const branch = record(delivery["branch"])
  const title = text(delivery["title"]) ?? text(delivery["method"])
  const methodKind = text(delivery["methodKind"])
  const branchName = text(branch["name"])
  const price = delivery["price"]
  return {
    deliveryId: text(delivery["deliveryId"]) ?? String(delivery["deliveryId"] ?? index + 1),
    ...(title === undefined ? {} : { title }),
    ...(methodKind === undefined ? {} : { methodKind }),
    ...(branchName === undefined ? {} : { branchName }),
    ...(typeof price === "number" ? { price } : {})
  }
}

const consentsOf = (value: unknown): Readonly<Record<string, boolean>> =>
  Object.fromEntries(Object.entries(record(jsonOf(value))).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"))

/**
 * One page of a customer's orders in a shop (newest first: placed time, then id), at most `limit` (default
 * {@link orderHistoryDefaultLimit}) after skipping `offset`, and how many orders the customer has there.
 */
export const orderHistory = (
  customerId: number,
  shopId: string,
  page: { readonly limit?: number | undefined; readonly offset?: number | undefined }
): Effect.Effect<OrderHistory, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const limit = page.limit ?? orderHistoryDefaultLimit
    const offset = page.offset ?? 0
    const counted = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customerId} AND shop_id = ${shopId}`
    const orders = yield* sql<OrderRow>`
      SELECT order_id, order_number, created_at, state, state_changed_at, total::float8 AS total, currency,
             billing_method_code, deliveries, consents
      FROM orders WHERE customer_id = ${customerId} AND shop_id = ${shopId}
      ORDER BY created_at DESC, order_id DESC LIMIT ${limit} OFFSET ${offset}`
    const orderIds = orders.map((order) => order.order_id)
    const lines = orderIds.length === 0 ? [] : yield* sql<LineRow>`
      SELECT oi.order_id, oi.title, oi.product_id, oi.count, oi.unit_price::float8 AS unit_price, oi.total_price::float8 AS total_price,
             oi.variant_id, oi.bonus_set_id, v.variant_url, c.url_key AS category_url_key
      FROM order_items oi
      LEFT JOIN variants v ON v.variant_id = oi.variant_id
      LEFT JOIN products p ON p.product_id = v.product_id AND p.active
      LEFT JOIN categories c ON c.category_id = p.main_category_id
      WHERE ${sql.in("oi.order_id", orderIds)}
      ORDER BY oi.order_id, oi.order_item_id`
    const variantIds = [...new Set(lines.flatMap((line) => (line.variant_id === null ? [] : [line.variant_id])))]
    const params = variantIds.length === 0 ? [] : yield* sql<{ variant_id: number; key: string; title: string; value: string; css: string | null; measure: string | null }>`
      SELECT variant_id, key, title, value, css, measure FROM variant_params
      WHERE ${sql.in("variant_id", variantIds)} ORDER BY variant_id, position`
    const paramsOf = (variantId: number): ReadonlyArray<ItemParam> =>
      params.filter((row) => row.variant_id === variantId).map((row) => ({
        key: row.key,
        title: row.title,
        value: row.value,
        ...(row.css === null ? {} : { css: row.css }),
        ...(row.measure === null ? {} : { measure: row.measure })
      }))
    const lineOf = (line: LineRow): OrderLine => ({
      title: line.title,
      ...(line.product_id === null ? {} : { productId: line.product_id }),
      count: line.count,
      unitPrice: line.unit_price,
      linePrice: line.total_price,
      ...(line.variant_id === null ? {} : { variantId: line.variant_id, params: paramsOf(line.variant_id) }),
      ...(line.bonus_set_id === null ? {} : { bonusSetId: line.bonus_set_id }),
      ...(line.variant_url === null || line.category_url_key === null
        ? {}
        : { url: productLink({ mainCategoryUrlKey: line.category_url_key, variantUrl: line.variant_url }) })
    })
    const deliveries = (value: unknown): ReadonlyArray<OrderDelivery> => {
      const list = jsonOf(value)
      return Array.isArray(list) ? list.map(deliveryOf) : []
    }
    return {
      orders: orders.map((order): OrderSummary => ({
        orderId: order.order_number,
        purchaseId: order.order_id,
        createdAt: iso(order.created_at),
        state: order.state,
        stateDate: iso(order.state_changed_at).slice(0, 10),
        total: order.total,
        currency: order.currency,
        billingMethod: order.billing_method_code,
        deliveries: deliveries(order.deliveries),
        items: lines.filter((line) => line.order_id === order.order_id).map(lineOf),
        consents: consentsOf(order.consents)
      })),
      total: counted[0]?.n ?? 0
    }
  })
