import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { RecentlyViewedApi } from "../../core/api/recentlyViewedApi.ts"
import { CallPolicy, CsrfProtection, CurrentSession } from "../../core/api/security.ts"
import { recentlyViewedDefaultCount } from "../../core/domain/tracking.ts"
import {
  describeRequest,
  endpointOf,
  inProcess,
  PolicyClient,
  requestCodec,
  retryOf,
  rowsOf,
  serverMiddleware,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

/** The contract (§7 Recently-viewed API, paths ours relative to the configured base). */
const expected: ReadonlyArray<Row> = [
  ["recentlyViewed.retrieve", "GET", "/retrieve"],
  ["recentlyViewed.findProducts", "GET", "/find-products"]
]

const group = RecentlyViewedApi.groups.recentlyViewed
const ep = (name: string) => endpointOf([group], name)

describe("RecentlyViewedApi: shape", () => {
  it("is its own API with exactly the recentlyViewed group", () => {
    expect(Object.keys(RecentlyViewedApi.groups)).toEqual(["recentlyViewed"])
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(group))).toEqual(sort(expected))
  })

  it("every call carries CallPolicy and ProblemDetails, and neither the session nor CSRF protection; 5000 ms", () => {
    for (const [name] of expected) {
      const middlewares = [...ep(name).middlewares] as Array<unknown>
      expect(middlewares).toEqual(expect.arrayContaining([CallPolicy, HttpApiMiddleware.ProblemDetails]))
      expect(middlewares).not.toContain(CurrentSession)
      expect(middlewares).not.toContain(CsrfProtection)
      expect(timeoutOf(group, ep(name)), name).toBe(5000)
      expect(retryOf(group, ep(name)), name).toBe("auto")
    }
  })

  it("every endpoint has an OpenAPI description; the document lists every path and the default count 10 (§9)", () => {
    expect(recentlyViewedDefaultCount).toBe(10)
    const doc = OpenApi.fromApi(RecentlyViewedApi)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
    expect(Context.getOrUndefined(ep("recentlyViewed.findProducts").annotations, OpenApi.Description)).toContain("default 10")
  })
})

describe("RecentlyViewedApi: request Schemas", () => {
  describeRequest({
    name: "retrieve query",
    codec: requestCodec(ep("recentlyViewed.retrieve"), "query"),
    required: [],
    valid: [{}, { maxItems: "20" }],
    invalid: [
      [{ maxItems: "0" }, "maxItems"],
      [{ maxItems: "ten" }, "maxItems"]
    ]
  })

  describeRequest({
    name: "find-products query",
    codec: requestCodec(ep("recentlyViewed.findProducts"), "query"),
    required: ["ids"],
    valid: [{ ids: "1,2" }, { ids: "1", count: String(recentlyViewedDefaultCount) }],
    invalid: [
      [{ ids: "1", count: "" }, "count"],
      [{ count: "10" }, "ids"]
    ]
  })
})

let askedCount: number | undefined
const Handlers = HttpApiBuilder.group(RecentlyViewedApi, "recentlyViewed", (h) =>
  h
    .handle("retrieve", ({ query }) => Effect.succeed({ ids: [3, 2, 1].slice(0, query.maxItems ?? 3) }))
    .handle("findProducts", ({ query }) =>
      Effect.sync(() => {
        askedCount = query.count
        return query.ids.slice(0, query.count ?? recentlyViewedDefaultCount).map((variantId) => ({
          id: variantId,
          variantId,
          title: "t",
          mainCategoryUrlKey: "c",
          variantUrl: "v",
          price: 1
        }))
      })))
const server = inProcess(HttpApiBuilder.layer(RecentlyViewedApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware)))

describe("RecentlyViewedApi: over the wire", () => {
  it.effect("retrieve then find-products with the default count", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(RecentlyViewedApi, { baseUrl: "http://recent.test" })
      const { ids } = yield* client.recentlyViewed.retrieve({ query: { maxItems: 2 } })
      expect(ids).toEqual([3, 2])
      const products = yield* client.recentlyViewed.findProducts({ query: { ids, count: recentlyViewedDefaultCount } })
      expect(askedCount).toBe(10)
      expect(products.map((p) => p.variantId)).toEqual([3, 2])
    }).pipe(Effect.provide([server.client, PolicyClient()])))
})
