/**
 * Cross-sell tracking (group `crossSell`, spec §7 POST /api/xsell/track, §9 retention): a report of a cross-sell
 * click that led to a purchase is stored in `tracking_events` (source `xsell`) when its `transaction_id` names an
 * order of the shop, and dropped silently otherwise (fire-and-forget: always 204). Stored events older than the
 * §9 retention (30 days) are pruned on each report.
 *
 * @module
 */
import { Clock, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { crossSellRetentionMs } from "../../../core/domain/crossSell.ts"
import { orDieOnSql } from "../domain/account/common.ts"

/** The `tracking_events.event_type` of a stored cross-sell report. */
export const crossSellEventType = "xsell_purchase"

/** The handlers of the crossSell group. */
export const CrossSellHandlers = HttpApiBuilder.group(ShopApi, "crossSell", (handlers) =>
  handlers.handle("track", ({ payload }) =>
    Effect.gen(function*() {
      const session = yield* Session
      const sql = yield* SqlClient.SqlClient
      const nowMs = yield* Clock.currentTimeMillis
      yield* orDieOnSql(sql.withTransaction(Effect.gen(function*() {
        yield* sql`DELETE FROM tracking_events
                   WHERE source = 'xsell' AND received_at < to_timestamp(${(nowMs - crossSellRetentionMs) / 1000})`
        const orders = yield* sql<{ order_id: number }>`
          SELECT order_id FROM orders WHERE shop_id = ${session.shopId} AND order_number = ${String(payload.transaction_id)}`
        const order = orders[0]
        if (order === undefined) return
        yield* sql`
          INSERT INTO tracking_events (shop_id, source, event_type, cookie_id, customer_id, properties, event_ts)
          VALUES (${session.shopId}, 'xsell', ${crossSellEventType}, ${payload.ga_client_id}, ${session.customerId},
                  ${JSON.stringify({ ...payload, orderId: order.order_id })}::jsonb, ${Math.floor(nowMs / 1000)})`
      })))
    })))
