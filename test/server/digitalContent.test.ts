/**
 * The digital content group against the real server in-process: the customer's API key (shown once, stored as a
 * hash, renamed and disabled) and the licence keys of bought digital products (issued once per piece of an order,
 * or recorded without an order).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { DigitalContentGroup } from "../../core/api/digitalContent.ts"
import { apiKeyHash } from "../../demo/server/domain/account/apiKeys.ts"
import { DigitalContentHandlers } from "../../demo/server/handlers/digitalContent.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs, rawLogIn, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([DigitalContentGroup], [DigitalContentHandlers])
afterAll(() => backend.dispose())

const customerIdOf = (key: string) =>
  probe.use((sql) =>
    sql<{ customer_id: number }>`SELECT customer_id FROM customers WHERE email = ${demoAccount(key)} AND shop_id = 'CZ10MA'`
  ).pipe(Effect.map((rows) => rows[0]!.customer_id))

describe("digitalContent (server)", () => {
  it.effect("a guest gets LoginRequired", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const errors = [
        yield* Effect.flip(client.digitalContent.createCustomerApiKey({ payload: {} })),
        yield* Effect.flip(client.digitalContent.updateCustomerApiKey({ payload: { apiKeyId: 1, active: false } })),
        yield* Effect.flip(client.digitalContent.getProductLicenseKeys({ query: { purchaseId: 1, productId: 1 } }))
      ]
      assert.deepStrictEqual(errors.map((error) => error._tag), ["LoginRequired", "LoginRequired", "LoginRequired"])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the API key is answered once, stored as its hash, replaced on create, renamed and disabled on update", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const customerId = yield* customerIdOf("gold")
      const created = yield* client.digitalContent.createCustomerApiKey({ payload: { name: "Backup tool" } })
      assert.match(created.apiKey.key, /^sk_[A-Za-z0-9_-]{32}$/)
      assert.strictEqual(created.apiKey.name, "Backup tool")
      assert.isTrue(created.apiKey.active)
      const stored = yield* probe.use((sql) =>
        sql<{ api_key: string }>`SELECT api_key FROM customer_api_keys WHERE customer_id = ${customerId}`
      )
      assert.strictEqual(stored[0]!.api_key, apiKeyHash(created.apiKey.key))
      assert.notInclude(stored[0]!.api_key, created.apiKey.key)
      const replaced = yield* client.digitalContent.createCustomerApiKey({ payload: {} })
      assert.notStrictEqual(replaced.apiKey.key, created.apiKey.key)
      assert.strictEqual(replaced.apiKey.apiKeyId, created.apiKey.apiKeyId)
      const updated = yield* client.digitalContent.updateCustomerApiKey({
        payload: { apiKeyId: created.apiKey.apiKeyId, name: "CI", active: false }
      })
      assert.strictEqual(updated.apiKey.name, "CI")
      assert.isFalse(updated.apiKey.active)
      assert.strictEqual(updated.apiKey.key, `sk_…${replaced.apiKey.key.slice(-4)}`)
      const other = yield* Effect.flip(
        client.digitalContent.updateCustomerApiKey({ payload: { apiKeyId: customerId + 1, active: true } })
      )
      assert.strictEqual(other._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("update without a key is 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver")
      const customerId = yield* customerIdOf("silver")
      const error = yield* Effect.flip(client.digitalContent.updateCustomerApiKey({ payload: { apiKeyId: customerId, name: "x" } }))
      assert.strictEqual(error._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("licence keys of a bought digital product are issued once per piece; other products and orders are 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "vip")
      const customerId = yield* customerIdOf("vip")
      const { orderId, productId, otherProductId, title } = yield* probe.use((sql) =>
        Effect.gen(function*() {
          const digital = yield* sql<{ product_id: number; variant_id: number; title: string }>`
            SELECT p.product_id, v.variant_id, d.title FROM products p
            JOIN variants v ON v.product_id = p.product_id JOIN digital_content d ON d.content_id = p.digital_content_id
            WHERE p.shop_id = 'CZ10MA' ORDER BY p.product_id LIMIT 1`
          const plain = yield* sql<{ product_id: number }>`
            SELECT product_id FROM products WHERE shop_id = 'CZ10MA' AND digital_content_id IS NULL LIMIT 1`
          const order = yield* sql<{ order_id: number }>`
            INSERT INTO orders (order_number, shop_id, customer_id, confirmation_token, currency, total, total_no_vat)
            VALUES ('T-900001', 'CZ10MA', ${customerId}, 'test-token-900001', 'CZK', 100, 82) RETURNING order_id`
          const line = digital[0]!
          yield* sql`
            INSERT INTO order_items (order_id, article_type, variant_id, product_id, title, count, unit_price, total_price)
            VALUES (${order[0]!.order_id}, 'variant', ${line.variant_id}, ${line.product_id}, 'Software', 2, 50, 100)`
          return { orderId: order[0]!.order_id, productId: line.product_id, otherProductId: plain[0]!.product_id, title: line.title }
        })
      )
      const keys = yield* client.digitalContent.getProductLicenseKeys({ query: { purchaseId: orderId, productId } })
      assert.strictEqual(keys.productId, productId)
      assert.lengthOf(keys.licenseKeys, 2)
      for (const key of keys.licenseKeys) {
        assert.match(key.key, /^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/)
        assert.strictEqual(key.title, title)
      }
      const again = yield* client.digitalContent.getProductLicenseKeys({ query: { purchaseId: orderId, productId } })
      assert.deepStrictEqual(again.licenseKeys, keys.licenseKeys)
      const notBought = yield* Effect.flip(
        client.digitalContent.getProductLicenseKeys({ query: { purchaseId: orderId, productId: otherProductId } })
      )
      assert.strictEqual(notBought._tag, "NotFound")
      // another customer cannot read them
      const other = yield* makeShopClient(testBaseUrl)
      yield* logInAs(other, "silver")
      const foreign = yield* Effect.flip(other.digitalContent.getProductLicenseKeys({ query: { purchaseId: orderId, productId } }))
      assert.strictEqual(foreign._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a licence recorded without an order (the seeded one of gold) is read from customer_licenses", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const seeded = yield* probe.use((sql) =>
        sql<{ product_id: number; license_key: string }>`
          SELECT p.product_id, l.license_key FROM customer_licenses l
          JOIN customers c USING (customer_id) JOIN products p ON p.digital_content_id = l.content_id
          WHERE c.email = ${demoAccount("gold")} AND c.shop_id = 'CZ10MA' AND l.order_id IS NULL`
      )
      const keys = yield* client.digitalContent.getProductLicenseKeys({
        query: { purchaseId: 999_999, productId: seeded[0]!.product_id }
      })
      assert.deepStrictEqual(keys.licenseKeys.map((key) => key.key), [seeded[0]!.license_key])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("create and update need the csrf token (403)", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "gold"))
      const answers = yield* Effect.promise(() => Promise.all([
        raw.send("POST", "/api/digital-content/createCustomerApiKey", { body: {}, csrf: null }),
        raw.send("POST", "/api/digital-content/updateCustomerApiKey", { body: { apiKeyId: 1, active: false }, csrf: "x" })
      ]))
      assert.deepStrictEqual(answers.map((answer) => answer.status), [403, 403])
    }))
})
