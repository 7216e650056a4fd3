/**
 * The digital content group (spec §2 clientDigitalContent, §7 "Digital content: createCustomerApiKey,
 * getProductLicenseKeys, updateCustomerApiKey"): the customer's API key and the licence keys of the digital products
 * they bought, for a logged-in customer (401). The calls answer in every shop: the shop table's `digitalContent` flag
 * only hides the account menu entry (§2).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { CustomerApiKey, LicenseKey } from "../../../core/api/digitalContent.ts"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { apiKeyHash, maskedApiKey, newApiKey, newLicenseKey } from "../domain/account/apiKeys.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer } from "../domain/account/customer.ts"
import { customerDigitalContent } from "../domain/digitalContent.ts"

interface ApiKeyRow {
  readonly customer_id: number
  readonly name: string | null
  readonly active: boolean
  readonly key_hint: string
  readonly created_at: Date
}

interface LicenseRow {
  readonly license_key: string
  readonly title: string
  readonly created_at: Date
  readonly duration_months: number | null
}

const apiKeyView = (row: ApiKeyRow, key: string): CustomerApiKey => ({
  apiKeyId: row.customer_id,
  key,
  ...(row.name === null ? {} : { name: row.name }),
  active: row.active,
  createdTs: Math.floor(row.created_at.getTime() / 1000)
})

const licenseView = (row: LicenseRow): LicenseKey => {
  if (row.duration_months === null) return { key: row.license_key, title: row.title, validTo: null }
  const validTo = new Date(row.created_at)
  validTo.setUTCMonth(validTo.getUTCMonth() + row.duration_months)
  return { key: row.license_key, title: row.title, validTo: validTo.toISOString().slice(0, 10) }
}

/** The content ids an order line carries: its product's and those of the digital services bought with it. */
const digitalBundleIds = (bundles: unknown): ReadonlyArray<number> =>
  Array.isArray(bundles)
    ? bundles.flatMap((bundle) => {
      if (typeof bundle !== "object" || bundle === null) return []
      const record = bundle as Record<string, unknown>
      if (record["type"] !== "digital") return []
      const id = record["bundleId"] ?? record["bundle_id"] ?? record["id"]
      return typeof id === "number" && Number.isSafeInteger(id) ? [id] : []
    })
    : []

/**
 * The handlers of the digital content group.
 *
 * - `createCustomerApiKey`: one key per customer (the table's key): creating again replaces the secret (the old key
 *   stops working). The secret is answered once; only its SHA-256 and last four characters are stored.
 * - `updateCustomerApiKey`: renames, enables or disables the key `apiKeyId` (the customer's id); the key comes back
 *   masked.
 * - `getProductLicenseKeys`: for an order `purchaseId` of the customer that contains `productId`, the licence keys of
 *   its digital content (the product's own, or a digital service bought with it), issued on first request, one per
 *   piece; without such an order, the customer's licences of that product recorded without an order; else 404.
 * - `getDigitalContent` (ours): the digital products of the customer's orders in the shop (`customerDigitalContent`)
 *   and their API key, masked (null when they have none).
 */
export const DigitalContentHandlers = HttpApiBuilder.group(
  ShopApi,
  "digitalContent",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    const digitalCustomer = Effect.gen(function*() {
      const session = yield* Session
      const customer = yield* requireCustomer(session)
      return { session, customer }
    })

    return handlers
      .handle("createCustomerApiKey", ({ payload }) =>
        run(Effect.gen(function*() {
          const { customer } = yield* digitalCustomer
          const key = newApiKey()
          const rows = yield* sql<ApiKeyRow>`
            INSERT INTO customer_api_keys (customer_id, api_key, name, active, key_hint)
            VALUES (${customer.customerId}, ${apiKeyHash(key)}, ${payload.name ?? null}, true, ${key.slice(-4)})
            ON CONFLICT (customer_id) DO UPDATE SET api_key = EXCLUDED.api_key, name = EXCLUDED.name, active = true,
              key_hint = EXCLUDED.key_hint, created_at = now(), updated_at = now()
            RETURNING customer_id, name, active, key_hint, created_at`
          return { apiKey: apiKeyView(rows[0]!, key) }
        })))
      .handle("updateCustomerApiKey", ({ payload }) =>
        run(Effect.gen(function*() {
          const { customer } = yield* digitalCustomer
          if (payload.apiKeyId !== customer.customerId) return yield* new NotFound({ message: "No such API key." })
          const rows = yield* sql<ApiKeyRow>`
            UPDATE customer_api_keys SET
              name = COALESCE(${payload.name ?? null}::text, name),
              active = COALESCE(${payload.active ?? null}::boolean, active),
              updated_at = now()
            WHERE customer_id = ${customer.customerId}
            RETURNING customer_id, name, active, key_hint, created_at`
          if (rows[0] === undefined) return yield* new NotFound({ message: "No such API key." })
          return { apiKey: apiKeyView(rows[0], maskedApiKey(rows[0].key_hint)) }
        })))
      .handle("getDigitalContent", () =>
        run(Effect.gen(function*() {
          const { session, customer } = yield* digitalCustomer
          const items = yield* customerDigitalContent(customer.customerId, session.shopId)
          const keys = yield* sql<ApiKeyRow>`
            SELECT customer_id, name, active, key_hint, created_at FROM customer_api_keys
            WHERE customer_id = ${customer.customerId}`
          return { items, apiKey: keys[0] === undefined ? null : apiKeyView(keys[0], maskedApiKey(keys[0].key_hint)) }
        })))
      .handle("getProductLicenseKeys", ({ query }) =>
        run(Effect.gen(function*() {
          const { session, customer } = yield* digitalCustomer
          const notFound = new NotFound({ message: "No licence keys for this product in this purchase." })
          const product = yield* sql<{ digital_content_id: number | null }>`
            SELECT digital_content_id FROM products WHERE product_id = ${query.productId} AND shop_id = ${session.shopId}`
          if (product[0] === undefined) return yield* notFound
          const order = yield* sql<{ state: string }>`
            SELECT state FROM orders
            WHERE order_id = ${query.purchaseId} AND customer_id = ${customer.customerId} AND shop_id = ${session.shopId}`
          if (order[0] === undefined) {
            const rows = yield* sql<LicenseRow>`
              SELECT l.license_key, d.title, l.created_at, d.duration_months
              FROM customer_licenses l JOIN digital_content d ON d.content_id = l.content_id
              WHERE l.customer_id = ${customer.customerId} AND l.order_id IS NULL
                AND l.content_id = ${product[0].digital_content_id ?? 0}
              ORDER BY l.license_id`
            if (rows.length === 0) return yield* notFound
            return { productId: query.productId, licenseKeys: rows.map(licenseView) }
          }
          if (order[0].state === "cancelled") return yield* notFound
          const lines = yield* sql<{ count: number; bundles: unknown }>`
            SELECT count, bundles FROM order_items WHERE order_id = ${query.purchaseId} AND product_id = ${query.productId}`
          if (lines.length === 0) return yield* notFound
          const bundleIds = lines.flatMap((line) => digitalBundleIds(line.bundles))
          const bundleContent = bundleIds.length === 0
            ? []
            : yield* sql<{ digital_content_id: number }>`
                SELECT digital_content_id FROM bundle_offers
                WHERE bundle_id = ANY(${bundleIds}) AND digital_content_id IS NOT NULL`
          const pieces = lines.reduce((sum, line) => sum + line.count, 0)
          const contents = [
            ...(product[0].digital_content_id === null ? [] : [product[0].digital_content_id]),
            ...bundleContent.map((row) => row.digital_content_id)
          ]
          if (contents.length === 0) return yield* notFound
          const licenses = yield* sql.withTransaction(Effect.gen(function*() {
            for (const contentId of new Set(contents)) {
              const issued = yield* sql<{ n: number }>`
                SELECT count(*)::int AS n FROM customer_licenses
                WHERE customer_id = ${customer.customerId} AND order_id = ${query.purchaseId} AND content_id = ${contentId}`
              for (let n = issued[0]?.n ?? 0; n < pieces; n++) {
                yield* sql`INSERT INTO customer_licenses (customer_id, content_id, order_id, license_key)
                           VALUES (${customer.customerId}, ${contentId}, ${query.purchaseId}, ${newLicenseKey()})`
              }
            }
            return yield* sql<LicenseRow>`
              SELECT l.license_key, d.title, l.created_at, d.duration_months
              FROM customer_licenses l JOIN digital_content d ON d.content_id = l.content_id
              WHERE l.customer_id = ${customer.customerId} AND l.order_id = ${query.purchaseId}
                AND l.content_id = ANY(${[...new Set(contents)]})
              ORDER BY l.license_id`
          }))
          return { productId: query.productId, licenseKeys: licenses.map(licenseView) }
        })))
  })
)
