/**
 * The availability group (spec §7 /api/client/getProductsAvailability): stock of variants of the
 * session's shop.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { ProductAvailability } from "../../../core/api/availability.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"

/** The most ids one call may ask about; further ids are ignored. */
export const maxAvailabilityIds = 200

/**
 * The handlers of the availability group: `getProductsAvailability` answers, in the order asked and
 * once per id, the variants of the session's shop among the ids: `available` when its product is
 * active and pieces are in stock, `inStock` the pieces, `availability_key` the stock text key.
 * Ids of other shops and unknown ids are left out.
 */
export const AvailabilityHandlers = HttpApiBuilder.group(
  ShopApi,
  "availability",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    return handlers.handle("getProductsAvailability", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const ids = [...new Set(query.variantIds)].slice(0, maxAvailabilityIds)
        const rows = yield* Effect.orDie(sql<{ variant_id: number; active: boolean; in_stock: number | null; availability_key: string | null }>`
          SELECT v.variant_id, p.active, st.in_stock, st.availability_key
          FROM variants v
          JOIN products p ON p.product_id = v.product_id
          LEFT JOIN stock st ON st.variant_id = v.variant_id
          WHERE v.shop_id = ${session.shopId} AND v.variant_id IN ${sql.in(ids)}`)
        const byId = new Map(rows.map((row) => [row.variant_id, row]))
        const products: Array<ProductAvailability> = []
        for (const id of ids) {
          const row = byId.get(id)
          if (row === undefined) continue
          const inStock = row.in_stock ?? 0
          products.push({
            variantId: id,
            available: row.active && inStock > 0,
            inStock,
            ...(row.availability_key === null ? {} : { availability_key: row.availability_key })
          })
        }
        return { products }
      }))
  })
)
