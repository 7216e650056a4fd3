/**
 * The Catalogue service against the reference backend through msw: categories, a listing with the
 * filters the client encodes (in-stock flag, repeated parameter filters), search, suggestions and a
 * product page in the session's shop; 404s as CategoryNotFound / ProductNotFound; a refused query
 * fails typed without a call; a malformed answer is InvalidResponse (§8) and faults end
 * CatalogUnavailable after the §9 ladder.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpResponse } from "msw"
import { CatalogueGroup } from "../../core/api/catalogue.ts"
import { Catalogue } from "../../core/services/Catalogue.ts"
import { CatalogueHandlers } from "../../demo/server/handlers/catalogue.ts"
import { groupsOf } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { failureOf, faults, http, shopLayer, url, useBackend } from "./harness.ts"

const harness = useBackend(backendFor(groupsOf(CatalogueGroup), CatalogueHandlers))
const layerFor = (shopId: "CZ10MA" | "SI10SI" = "CZ10MA") => Catalogue.layer.pipe(Layer.provideMerge(shopLayer(shopId)))
const listingPath = "/api/catalogue/listing"

describe("Catalogue", () => {
  it.effect("lists a category of the session's shop with the filters sent as the contract writes them", () =>
    Effect.gen(function*() {
      const catalogue = yield* Catalogue
      const categories = yield* catalogue.categories
      const top = categories.filter((c) => c.parentId === null).sort((a, b) => b.productCount - a.productCount)[0]!
      const whole = yield* catalogue.listing({ category: top.urlKey })
      assert.strictEqual(whole.total, top.productCount)
      const facet = whole.facets.find((f) => f.values.length >= 2)!
      const [a, b] = facet.values
      const filtered = yield* catalogue.listing({
        category: top.urlKey,
        inStock: true,
        sort: "price_asc",
        perPage: 5,
        param: [{ key: facet.key, value: a!.value }, { key: facet.key, value: b!.value }]
      })
      assert.isAtMost(filtered.total, a!.count + b!.count)
      assert.isAbove(filtered.total, 0)
      assert.isTrue(filtered.products.every((p) => p.inStock > 0 && p.currency === "CZK"))
      assert.isAtMost(filtered.products.length, 5)
      const sent = harness.sent("GET", listingPath).at(-1)!.path
      const params = new URL(url(sent)).searchParams
      assert.deepStrictEqual(params.getAll("param"), [`${facet.key}:${a!.value}`, `${facet.key}:${b!.value}`])
      assert.strictEqual(params.get("inStock"), "true")
    }).pipe(Effect.provide(layerFor())))

  it.effect("search, suggestions and a product page stay in the session's shop", () =>
    Effect.gen(function*() {
      const catalogue = yield* Catalogue
      const results = yield* catalogue.search({ q: " ", perPage: 3, sort: "newest" })
      assert.lengthOf(results.products, 3)
      assert.isTrue(results.products.every((p) => p.currency === "EUR"))
      const suggestions = yield* catalogue.suggest(results.products[0]!.brand)
      assert.isAtMost(suggestions.products.length, 6)
      const [, category, variant] = results.products[0]!.url.split("/")
      const product = yield* catalogue.product(category!, variant!)
      assert.strictEqual(product.variantId, results.products[0]!.variantId)
    }).pipe(Effect.provide(layerFor("SI10SI"))))

  it.effect("an unknown category is CategoryNotFound, an unknown product ProductNotFound", () =>
    Effect.gen(function*() {
      const catalogue = yield* Catalogue
      const missing = yield* Effect.flip(catalogue.listing({ category: "no-such-category" }))
      assert.deepStrictEqual([missing._tag, missing._tag === "CategoryNotFound" && missing.urlKey], ["CategoryNotFound", "no-such-category"])
      const gone = yield* Effect.flip(catalogue.product("no-such-category", "no-such-variant"))
      assert.strictEqual(gone._tag, "ProductNotFound")
    }).pipe(Effect.provide(layerFor())))

  it.effect("a query the contract refuses fails with InvalidCatalogueQuery naming the field, and nothing is sent", () =>
    Effect.gen(function*() {
      const catalogue = yield* Catalogue
      const tooMany = yield* Effect.flip(catalogue.listing({ category: "x", perPage: 61 }))
      assert.strictEqual(tooMany._tag, "InvalidCatalogueQuery")
      assert.include(tooMany.message, "perPage")
      const range = yield* Effect.flip(catalogue.search({ q: "a", minPrice: 10, maxPrice: 5 }))
      assert.strictEqual(range._tag, "InvalidCatalogueQuery")
      const empty = yield* Effect.flip(catalogue.suggest(""))
      assert.strictEqual(empty._tag, "InvalidCatalogueQuery")
      const blank = yield* Effect.flip(catalogue.product("", "x"))
      assert.strictEqual(blank._tag, "InvalidCatalogueQuery")
      assert.lengthOf(harness.requests, 0)
    }).pipe(Effect.provide(layerFor())))

  it.effect("an answer that does not fit the contract is InvalidResponse (§8)", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url(listingPath), () => HttpResponse.json({ category: null })))
      const catalogue = yield* Catalogue
      const error = yield* Effect.flip(catalogue.listing({ category: "x" }))
      assert.strictEqual(error._tag, "InvalidResponse")
    }).pipe(Effect.provide(layerFor())))

  it.effect("a catalogue answering 5xx is retried by the §9 ladder, then CatalogUnavailable", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url("/api/catalogue/categories"), faults.unavailable))
      const catalogue = yield* Catalogue
      const exit = yield* harness.drive(catalogue.categories, { stepMs: 500 })
      assert.strictEqual(failureOf(exit)?._tag, "CatalogUnavailable")
      assert.lengthOf(harness.sent("GET", "/api/catalogue/categories"), 10)
    }).pipe(Effect.provide(layerFor())))
})
