/**
 * The Catalog service against the reference product and recently-viewed APIs (their own base URLs) through msw:
 * variants by id, recently viewed (default 10, §9), recommendations only with the personalisation consent (§6),
 * similar products, §8 "Invalid product API response rejects with Invalid response", and faults.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpResponse } from "msw"
import { recentlyViewedDefaultCount } from "../../core/domain/tracking.ts"
import { Account } from "../../core/services/Account.ts"
import { Catalog } from "../../core/services/Catalog.ts"
import { Consent } from "../../core/services/Consent.ts"
import { productApiPrefix } from "../../demo/server/handlers/productApi.ts"
import { recentlyViewedApiPrefix } from "../../demo/server/handlers/recentlyViewedApi.ts"
import { visitorCookieName } from "../../demo/server/domain/recentlyViewed.ts"
import { fetchClientLayerFor } from "../support/msw.ts"
import { testBaseUrl } from "../support/server.ts"
import { sideApisBackend } from "../support/sideApis.ts"
import { failureOf, faults, http, shopLayer, url, useBackend } from "./harness.ts"

const side = sideApisBackend()
const harness = useBackend(side, "/media/none.svg")
const visitor = "0b6f7c1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b"

/** The visitor's tracking cookie on every request, as a browser sends it. */
const withVisitorCookie = Layer.effect(
  HttpClient.HttpClient,
  Effect.map(HttpClient.HttpClient, (client) => HttpClient.mapRequest(client, HttpClientRequest.setHeader("cookie", `${visitorCookieName}=${visitor}`)))
).pipe(Layer.provide(fetchClientLayerFor()))

const catalogLayer = Catalog.layer({
  productApiUrl: `${testBaseUrl}${productApiPrefix}`,
  recentlyViewedApiUrl: `${testBaseUrl}${recentlyViewedApiPrefix}`
}).pipe(Layer.provide(withVisitorCookie))
const layer = catalogLayer.pipe(Layer.provideMerge(Consent.layer), Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer()))
const productPath = (name: string) => `${productApiPrefix}/${name}`

const sql = <A extends object>(text: string) => Effect.flatMap(side.probe.sql, (client) => Effect.orDie(client.unsafe<A>(text)))

/** Variants of the CZ shop in stock, in id order. */
const variants = (n: number) =>
  sql<{ variant_id: number; product_id: number }>(`
    SELECT v.variant_id, v.product_id FROM variants v JOIN stock st USING (variant_id)
    WHERE v.shop_id = 'CZ10MA' AND v.is_default AND st.in_stock > 0 ORDER BY v.variant_id LIMIT ${n}`)

const personalisation = Consent.use((consent) => consent.hydrate({ gdpr_personalization: true }))

describe("Catalog", () => {
  it.effect("finds variants by id in the order asked; no ids, no call", () =>
    Effect.gen(function*() {
      const catalog = yield* Catalog
      const rows = yield* variants(3)
      const ids = rows.map((r) => r.variant_id).reverse()
      const found = yield* catalog.findVariantsById(ids)
      assert.deepStrictEqual(found.map((v) => v.variantId), ids)
      assert.deepStrictEqual(yield* catalog.findVariantsById([]), [])
      assert.lengthOf(harness.sent("GET", productPath("find-variants-by-id")), 1)
      const withProperties = yield* catalog.findVariants(ids.slice(0, 1), ["brand"])
      assert.lengthOf(withProperties, 1)
      assert.include(harness.sent("GET", productPath("find-variants"))[0]!.path, "properties=brand")
    }).pipe(Effect.provide(layer)))

  it.effect("recently viewed: the visitor's products, newest first, 10 by default (§9)", () =>
    Effect.gen(function*() {
      const rows = yield* variants(12)
      yield* sql(`DELETE FROM recently_viewed WHERE visitor_id = '${visitor}'`)
      for (const [i, row] of rows.entries()) {
        yield* sql(`INSERT INTO recently_viewed (visitor_id, variant_id, viewed_at) VALUES ('${visitor}', ${row.variant_id}, now() - interval '${100 - i} minutes')`)
      }
      const catalog = yield* Catalog
      const viewed = yield* catalog.recentlyViewed()
      assert.lengthOf(viewed, recentlyViewedDefaultCount)
      assert.deepStrictEqual(viewed.map((v) => v.variantId), rows.map((r) => r.variant_id).reverse().slice(0, 10))
      assert.include(harness.sent("GET", `${recentlyViewedApiPrefix}/retrieve`)[0]!.path, "maxItems=10")
      assert.lengthOf(yield* catalog.recentlyViewed(3), 3)
      assert.strictEqual(recentlyViewedDefaultCount, 10)
    }).pipe(Effect.provide(layer)))

  it.effect("recommendations run only with the personalisation consent (§6)", () =>
    Effect.gen(function*() {
      const catalog = yield* Catalog
      const [row] = yield* variants(1)
      assert.deepStrictEqual(yield* catalog.recommendations(row!.variant_id), [])
      assert.lengthOf(harness.sent("GET", productPath("recommended-products")), 0)
      yield* personalisation
      const recommended = yield* catalog.recommendations(row!.variant_id, { count: 3 })
      assert.isAtMost(recommended.length, 3)
      assert.lengthOf(harness.sent("GET", productPath("recommended-products")), 1)
      const similar = yield* catalog.similarProducts(row!.product_id, 2)
      assert.isAtMost(similar.length, 2)
      assert.isFalse(similar.some((v) => v.id === row!.product_id))
    }).pipe(Effect.provide(layer)))

  it.effect("an answer that does not fit the contract rejects with InvalidResponse naming the field (§8)", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url(productPath("find-variants-by-id")), () => HttpResponse.json([{ id: 1, variantId: "x" }])))
      const catalog = yield* Catalog
      const error = yield* Effect.flip(catalog.findVariantsById([1]))
      assert.strictEqual(error._tag, "InvalidResponse")
      assert.include(error.message, "0.")
      assert.isAbove(error._tag === "InvalidResponse" ? error.problems.length : 0, 0)
    }).pipe(Effect.provide(layer)))

  it.effect("a malformed JSON answer rejects with InvalidResponse too", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url(productPath("similar-products")), faults.malformed))
      const catalog = yield* Catalog
      const error = yield* Effect.flip(catalog.similarProducts(1))
      assert.strictEqual(error._tag, "InvalidResponse")
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.unavailable], ["429", faults.tooMany], ["reset", faults.reset]] as const) {
    it.effect(`a product API answering ${name} is retried by the §9 ladder, then CatalogUnavailable`, () =>
      Effect.gen(function*() {
        harness.server.use(http.get(url(productPath("find-variants-by-id")), fault))
        const catalog = yield* Catalog
        const exit = yield* harness.drive(catalog.findVariantsById([1, 2]), { stepMs: 500 })
        assert.strictEqual(failureOf(exit)?._tag, "CatalogUnavailable")
        assert.lengthOf(harness.sent("GET", productPath("find-variants-by-id")), 10)
      }).pipe(Effect.provide(layer)))
  }

  it.effect("a product API that never answers times out (5 s per attempt) and ends CatalogUnavailable", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url(productPath("find-variants-by-id")), harness.hang))
      const catalog = yield* Catalog
      const exit = yield* harness.drive(catalog.findVariantsById([1]), { stepMs: 1000, maxMs: 200_000 })
      const error = failureOf(exit)
      assert.strictEqual(error?._tag === "CatalogUnavailable" && error.failure.kind, "timeout")
    }).pipe(Effect.provide(layer)))
})
