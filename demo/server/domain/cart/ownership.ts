/**
 * Cart ownership: the open cart of a customer in a shop, or of an anonymous session.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type ShopId } from "../../../../core/domain/shop.ts"

/**
 * The open cart of a customer in a shop, or of an anonymous session: created when missing.
 */
export const openCartFor = (shopId: ShopId, customerId: number | null) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    if (customerId !== null) {
      const existing = yield* sql<{ cart_id: number }>`
        SELECT cart_id FROM carts WHERE shop_id = ${shopId} AND customer_id = ${customerId} AND status = 'open'`
      if (existing[0] !== undefined) return existing[0].cart_id
    }
    const created = yield* sql<{ cart_id: number }>`
      INSERT INTO carts (shop_id, customer_id) VALUES (${shopId}, ${customerId}) RETURNING cart_id`
    return created[0]!.cart_id
  })
