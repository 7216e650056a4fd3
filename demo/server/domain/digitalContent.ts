/**
 * The customer's digital content in the reference backend (spec §2 clientDigitalContent; the listing call is ours):
 * the order lines of their orders in a shop whose product is digital content (the product's own `digital_content_id`),
 * newest order first, with each line's product id, so the page can ask getProductLicenseKeys for its keys.
 * Cancelled orders are left out (they carry no licence).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { DigitalContentItem } from "../../../core/api/digitalContent.ts"

interface ItemRow {
  readonly order_id: number
  readonly order_number: string
  readonly created_at: Date
  readonly product_id: number
  readonly title: string
  readonly count: number
  readonly platform: string | null
  readonly license_type: string | null
}

/** The digital products a customer bought in a shop, newest order first, one entry per order and product. */
export const customerDigitalContent = (
  customerId: number,
  shopId: string
): Effect.Effect<ReadonlyArray<DigitalContentItem>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<ItemRow>`
      SELECT o.order_id, o.order_number, o.created_at, oi.product_id, min(oi.title) AS title, sum(oi.count)::int AS count,
             min(d.platform) AS platform, min(d.license_type) AS license_type
      FROM orders o
      JOIN order_items oi ON oi.order_id = o.order_id
      JOIN products p ON p.product_id = oi.product_id
      JOIN digital_content d ON d.content_id = p.digital_content_id
      WHERE o.customer_id = ${customerId} AND o.shop_id = ${shopId} AND o.state <> 'cancelled'
      GROUP BY o.order_id, o.order_number, o.created_at, oi.product_id
      ORDER BY o.created_at DESC, o.order_id DESC, oi.product_id`
    return rows.map((row): DigitalContentItem => ({
      purchaseId: row.order_id,
      orderId: row.order_number,
      orderedAt: row.created_at.toISOString(),
      productId: row.product_id,
      title: row.title,
      count: row.count,
      ...(row.platform === null ? {} : { platform: row.platform }),
      ...(row.license_type === null ? {} : { licenseType: row.license_type })
    }))
  })
