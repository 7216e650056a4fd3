/**
 * A shop's delivery and payment settings: its active delivery methods, the payments each method
 * allows and its active billing methods, read in one statement and kept in the process's read cache
 * (demo/server/db/ReadCache.ts) until the database says they changed (migration 13). Every cart
 * answer and checkout step needs them, and they change only when an operator edits the shop.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { cachedRead } from "../db/ReadCache.ts"
import type { BillingRow } from "./cart/billingMethods.ts"
import type { MethodRow, PaymentRow } from "./checkout/context.ts"

/** A shop's delivery and payment settings. */
export interface ShopSettings {
  /** The active delivery methods, by position. */
  readonly methods: ReadonlyArray<MethodRow>
  /** The payments the shop's delivery methods allow (`delivery_payments`). */
  readonly payments: ReadonlyArray<PaymentRow>
  /** The active billing methods, by position then code. */
  readonly billing: ReadonlyArray<BillingRow>
}

const readShopSettings = (shopId: string): Effect.Effect<ShopSettings, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<ShopSettings>`
      SELECT
        (SELECT COALESCE(json_agg(to_jsonb(m) - 'position' ORDER BY m.position, m.delivery_method_id), '[]'::json) FROM (
           SELECT delivery_method_id, code, method_kind, delivery_type, branch_kind, title, transport_id, icon,
                  price::float8 AS price, free_from::float8 AS free_from, days_min, days_max, marketplace, position
           FROM delivery_methods WHERE shop_id = ${shopId} AND active) m) AS methods,
        (SELECT COALESCE(json_agg(json_build_object('delivery_method_id', dp.delivery_method_id, 'billing_code', dp.billing_code,
                                                    'payment_limitation', dp.payment_limitation)), '[]'::json)
         FROM delivery_payments dp JOIN delivery_methods dm ON dm.delivery_method_id = dp.delivery_method_id
         WHERE dm.shop_id = ${shopId}) AS payments,
        (SELECT COALESCE(json_agg(to_jsonb(b) - 'position' ORDER BY b.position, b.code), '[]'::json) FROM (
           SELECT code, parent_code, title, price::float8 AS price, lengthy, disabled, provider_check,
                  max_order_total::float8 AS max_order_total, position
           FROM billing_methods WHERE shop_id = ${shopId} AND active) b) AS billing`
    return rows[0] ?? { methods: [], payments: [], billing: [] }
  })

/**
 * The delivery and payment settings of `shopId`, through the read cache (one statement on a miss), also during
 * a shopper's state-changing call: none of those changes them.
 */
export const shopSettings = (shopId: string): Effect.Effect<ShopSettings, SqlError, SqlClient.SqlClient> =>
  Effect.map(cachedRead((cache) => cache.shopSettings, shopId, readShopSettings(shopId), { despiteBypass: true }), (settings) =>
    settings ?? { methods: [], payments: [], billing: [] })
