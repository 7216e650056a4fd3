/**
 * The account's product pages against the real server in-process (§2 clientDigitalContent, clientWatchdog,
 * clientRankingList): the gold demo customer's seeded digital content (and its licence keys, asked for with the order
 * line's product id), watchdogs (list, add, replace, refuse, remove) and ranking list (their reviews and the products
 * still to rate).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { DigitalContentGroup } from "../../core/api/digitalContent.ts"
import { ReviewsGroup } from "../../core/api/reviews.ts"
import { WatchdogGroup } from "../../core/api/watchdog.ts"
import { maxWatchdogsPerCustomer, watchdogAlerts } from "../../core/domain/watchdog.ts"
import { DigitalContentHandlers } from "../../demo/server/handlers/digitalContent.ts"
import { ReviewsHandlers } from "../../demo/server/handlers/reviews.ts"
import { WatchdogHandlers } from "../../demo/server/handlers/watchdog.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs } from "./accountSupport.ts"

const { backend, probe } = accountBackend(
  [DigitalContentGroup, ReviewsGroup, WatchdogGroup],
  [DigitalContentHandlers, ReviewsHandlers, WatchdogHandlers]
)
afterAll(() => backend.dispose())

describe("account product pages (server)", () => {
  it.effect("a guest gets LoginRequired from every listing and from watchdog changes", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const errors = [
        yield* Effect.flip(client.digitalContent.getDigitalContent()),
        yield* Effect.flip(client.reviews.getCustomerReviews()),
        yield* Effect.flip(client.watchdog.list()),
        yield* Effect.flip(client.watchdog.add({ payload: { variantId: 1, priceLimit: null, watchAvailability: true } })),
        yield* Effect.flip(client.watchdog.remove({ payload: { watchdogId: 1 } }))
      ]
      assert.deepStrictEqual(errors.map((error) => error._tag), Array(5).fill("LoginRequired"))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("digital content: the seeded digital order is listed, its order line carries the product id, and the keys come one per piece", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const list = yield* client.digitalContent.getDigitalContent()
      assert.isAtLeast(list.items.length, 1)
      const item = list.items[0]!
      assert.strictEqual(item.count, 2)
      const history = yield* client.account.orderHistory({ query: {} })
      const order = history.orders.find((o) => o.purchaseId === item.purchaseId)!
      assert.strictEqual(order.orderId, item.orderId)
      assert.include(order.items.map((line) => line.productId), item.productId)
      const keys = yield* client.digitalContent.getProductLicenseKeys({ query: { purchaseId: item.purchaseId, productId: item.productId } })
      assert.strictEqual(keys.licenseKeys.length, 2)
      const again = yield* client.digitalContent.getProductLicenseKeys({ query: { purchaseId: item.purchaseId, productId: item.productId } })
      assert.deepStrictEqual(again.licenseKeys.map((k) => k.key), keys.licenseKeys.map((k) => k.key))
      assert.isNull(list.apiKey)
      const created = yield* client.digitalContent.createCustomerApiKey({ payload: { name: "Sync" } })
      const withKey = yield* client.digitalContent.getDigitalContent()
      assert.strictEqual(withKey.apiKey?.key, `sk_…${created.apiKey.key.slice(-4)}`)
      assert.strictEqual(withKey.apiKey?.name, "Sync")
      const silver = yield* makeShopClient(testBaseUrl)
      yield* logInAs(silver, "silver")
      assert.deepStrictEqual((yield* silver.digitalContent.getDigitalContent()).items, [])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("watchdogs: the seeded ones are listed with price and stock now; add, replace, refuse and remove", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const seeded = (yield* client.watchdog.list()).watchdogs
      assert.strictEqual(seeded.length, 2)
      assert.isTrue(seeded.some((w) => w.priceLimit !== null && watchdogAlerts({ ...w, price: Number(w.price), priceLimit: Number(w.priceLimit) }).priceReached))
      assert.isTrue(seeded.some((w) => w.watchAvailability && !w.inStock))
      const variant = yield* probe.use((sql) =>
        sql<{ variant_id: number }>`
          SELECT v.variant_id FROM variants v JOIN products p USING (product_id)
          WHERE v.shop_id = 'CZ10MA' AND v.is_default AND p.active AND NOT EXISTS (
            SELECT 1 FROM watchdogs w WHERE w.variant_id = v.variant_id) ORDER BY v.variant_id LIMIT 1`
      ).pipe(Effect.map((rows) => rows[0]!.variant_id))
      const added = yield* client.watchdog.add({ payload: { variantId: variant, priceLimit: 99.5, watchAvailability: false } })
      assert.strictEqual(added.watchdog.variantId, variant)
      assert.strictEqual(Number(added.watchdog.priceLimit), 99.5)
      const replaced = yield* client.watchdog.add({ payload: { variantId: variant, priceLimit: null, watchAvailability: true } })
      assert.strictEqual(replaced.watchdog.watchdogId, added.watchdog.watchdogId)
      assert.isNull(replaced.watchdog.priceLimit)
      const listed = (yield* client.watchdog.list()).watchdogs
      assert.strictEqual(listed.length, 3)
      assert.strictEqual(listed[0]!.watchdogId, added.watchdog.watchdogId)
      const nothing = yield* Effect.flip(client.watchdog.add({ payload: { variantId: variant, priceLimit: null, watchAvailability: false } }))
      assert.strictEqual(nothing._tag, "Unprocessable")
      const negative = yield* Effect.flip(client.watchdog.add({ payload: { variantId: variant, priceLimit: -1, watchAvailability: true } }))
      assert.strictEqual(negative._tag, "Unprocessable")
      const otherShop = yield* probe.use((sql) =>
        sql<{ variant_id: number }>`SELECT variant_id FROM variants WHERE shop_id = 'SK10MA' ORDER BY variant_id LIMIT 1`
      ).pipe(Effect.map((rows) => rows[0]!.variant_id))
      const foreign = yield* Effect.flip(client.watchdog.add({ payload: { variantId: otherShop, priceLimit: null, watchAvailability: true } }))
      assert.strictEqual(foreign._tag, "NotFound")
      const silver = yield* makeShopClient(testBaseUrl)
      yield* logInAs(silver, "silver")
      const notTheirs = yield* Effect.flip(silver.watchdog.remove({ payload: { watchdogId: added.watchdog.watchdogId } }))
      assert.strictEqual(notTheirs._tag, "NotFound")
      yield* logInAs(client, "gold")
      const removed = yield* client.watchdog.remove({ payload: { watchdogId: added.watchdog.watchdogId } })
      assert.strictEqual(removed.watchdogId, added.watchdog.watchdogId)
      assert.strictEqual((yield* client.watchdog.list()).watchdogs.length, 2)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect(`watchdogs: at most ${maxWatchdogsPerCustomer} per customer`, () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "vip")
      const variants = yield* probe.use((sql) =>
        sql<{ variant_id: number }>`
          SELECT v.variant_id FROM variants v JOIN products p USING (product_id)
          WHERE v.shop_id = 'CZ10MA' AND p.active ORDER BY v.variant_id LIMIT ${maxWatchdogsPerCustomer + 1}`
      )
      for (const { variant_id } of variants.slice(0, maxWatchdogsPerCustomer)) {
        yield* client.watchdog.add({ payload: { variantId: variant_id, priceLimit: null, watchAvailability: true } })
      }
      const over = yield* Effect.flip(
        client.watchdog.add({ payload: { variantId: variants[maxWatchdogsPerCustomer]!.variant_id, priceLimit: null, watchAvailability: true } })
      )
      assert.strictEqual(over._tag, "Unprocessable")
      // Watching a watched variant again is a change, not one more.
      yield* client.watchdog.add({ payload: { variantId: variants[0]!.variant_id, priceLimit: 10, watchAvailability: false } })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("ranking list: the customer's reviews with product titles and links, and the bought products still to rate", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const ranking = yield* client.reviews.getCustomerReviews()
      assert.isAtLeast(ranking.reviews.length, 1)
      assert.isTrue(ranking.reviews.every((r) => r.review.own === true && r.productTitle !== ""))
      assert.isAtLeast(ranking.toRate.length, 1)
      const reviewed = new Set(ranking.reviews.map((r) => r.review.productId))
      assert.isTrue(ranking.toRate.every((p) => !reviewed.has(p.productId)))
      const product = ranking.toRate[0]!
      assert.match(product.url ?? "", /^\/[^/]+\/[^/]+$/)
      const written = yield* client.reviews.createReview({ payload: { productId: product.productId, rating: 4, text: "Works as promised." } })
      const after = yield* client.reviews.getCustomerReviews()
      assert.strictEqual(after.reviews[0]!.review.reviewId, written.review.reviewId)
      assert.isFalse(after.toRate.some((p) => p.productId === product.productId))
      const email = demoAccount("gold")
      const stored = yield* probe.use((sql) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM reviews r JOIN customers c USING (customer_id) WHERE c.email = ${email} AND r.shop_id = 'CZ10MA'`
      )
      assert.strictEqual(stored[0]!.n, after.reviews.length)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
