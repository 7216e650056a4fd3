/**
 * The product watchdog of the reference backend (spec §2 clientWatchdog; ours): a customer's watches on variants of
 * the shop, listed with the variant's price and stock now. The rule of what a watch may be is the core's
 * (`watchdogRequestProblem`); the table's checks back it.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { AddWatchdog, Watchdog } from "../../../core/api/watchdog.ts"
import { productLink } from "../../../core/domain/shop.ts"

interface WatchdogRow {
  readonly watchdog_id: number
  readonly variant_id: number
  readonly product_id: number
  readonly title: string
  readonly variant_url: string
  readonly url_key: string
  readonly media_id: string | null
  readonly price: number
  readonly currency: string
  readonly in_stock: number | null
  readonly price_limit: number | null
  readonly watch_availability: boolean
  readonly created_at: Date
}

const watchdogView = (row: WatchdogRow): Watchdog => ({
  watchdogId: row.watchdog_id,
  variantId: row.variant_id,
  productId: row.product_id,
  title: row.title,
  url: productLink({ mainCategoryUrlKey: row.url_key, variantUrl: row.variant_url }),
  ...(row.media_id === null ? {} : { mediaId: row.media_id }),
  price: row.price,
  currency: row.currency,
  inStock: (row.in_stock ?? 0) > 0,
  priceLimit: row.price_limit,
  watchAvailability: row.watch_availability,
  createdTs: Math.floor(row.created_at.getTime() / 1000)
})

const selectWatchdogs = (sql: SqlClient.SqlClient) => sql`
  SELECT w.watchdog_id, w.variant_id, v.product_id, v.title, v.variant_url, c.url_key, v.media_id,
         pr.price::float8 AS price, pr.currency, s.in_stock, w.price_limit::float8 AS price_limit,
         w.watch_availability, w.created_at
  FROM watchdogs w
  JOIN variants v ON v.variant_id = w.variant_id
  JOIN products p ON p.product_id = v.product_id AND p.active
  JOIN categories c ON c.category_id = p.main_category_id
  JOIN prices pr ON pr.variant_id = v.variant_id
  LEFT JOIN stock s ON s.variant_id = v.variant_id`

/** A customer's watchdogs in a shop, newest first (watches of products no longer sold are left out). */
export const customerWatchdogs = (
  customerId: number,
  shopId: string
): Effect.Effect<ReadonlyArray<Watchdog>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<WatchdogRow>`
      ${selectWatchdogs(sql)}
      WHERE w.customer_id = ${customerId} AND w.shop_id = ${shopId}
      ORDER BY w.created_at DESC, w.watchdog_id DESC`
    return rows.map(watchdogView)
  })

/** How many watchdogs a customer keeps in a shop. */
export const watchdogCount = (customerId: number, shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM watchdogs WHERE customer_id = ${customerId} AND shop_id = ${shopId}`
    return rows[0]?.n ?? 0
  })

/** Whether the customer already watches the variant. */
export const watchesVariant = (customerId: number, variantId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ watchdog_id: number }>`
      SELECT watchdog_id FROM watchdogs WHERE customer_id = ${customerId} AND variant_id = ${variantId}`
    return rows[0] !== undefined
  })

/**
 * Watches a variant of the shop (one watch per customer and variant: watching again replaces what is watched and
 * keeps the first date). Undefined when the variant is not sold in the shop.
 */
export const upsertWatchdog = (
  customerId: number,
  shopId: string,
  request: AddWatchdog
): Effect.Effect<Watchdog | undefined, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const variant = yield* sql<{ variant_id: number }>`
      SELECT v.variant_id FROM variants v JOIN products p ON p.product_id = v.product_id AND p.active
      WHERE v.variant_id = ${request.variantId} AND v.shop_id = ${shopId}`
    if (variant[0] === undefined) return undefined
    const priceLimit = request.priceLimit === null ? null : request.priceLimit.toFixed(2)
    const stored = yield* sql<{ watchdog_id: number }>`
      INSERT INTO watchdogs (shop_id, customer_id, variant_id, price_limit, watch_availability)
      VALUES (${shopId}, ${customerId}, ${request.variantId}, ${priceLimit}::numeric, ${request.watchAvailability})
      ON CONFLICT (customer_id, variant_id) DO UPDATE SET price_limit = EXCLUDED.price_limit,
        watch_availability = EXCLUDED.watch_availability
      RETURNING watchdog_id`
    const rows = yield* sql<WatchdogRow>`${selectWatchdogs(sql)} WHERE w.watchdog_id = ${stored[0]!.watchdog_id}`
    return rows[0] === undefined ? undefined : watchdogView(rows[0])
  })

/** Removes one of the customer's watchdogs in the shop; whether there was one. */
export const deleteWatchdog = (customerId: number, shopId: string, watchdogId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ watchdog_id: number }>`
      DELETE FROM watchdogs WHERE watchdog_id = ${watchdogId} AND customer_id = ${customerId} AND shop_id = ${shopId}
      RETURNING watchdog_id`
    return rows[0] !== undefined
  })
