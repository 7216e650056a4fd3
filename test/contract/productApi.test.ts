import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { ProductApi, ProductsGroup, type ProductVariant } from "../../core/api/productApi.ts"
import { CallPolicy, CsrfProtection, CurrentSession } from "../../core/api/security.ts"
import { productLink } from "../../core/domain/shop.ts"
import {
  describeRequest,
  endpointOf,
  hasCsrf,
  inProcess,
  PolicyClient,
  requestCodec,
  retryOf,
  rowsOf,
  serverMiddleware,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

/** The contract (§7 Product API, paths ours relative to the configured base): read-only GETs. */
const expected: ReadonlyArray<Row> = [
  ["products.findVariantsById", "GET", "/find-variants-by-id"],
  ["products.findVariants", "GET", "/find-variants"],
  ["products.recommendedProducts", "GET", "/recommended-products"],
  ["products.similarProducts", "GET", "/similar-products"]
]

const group = ProductApi.groups.products
const ep = (name: string) => endpointOf([group], name)

describe("ProductApi: shape", () => {
  it("is its own API with exactly the products group", () => {
    expect(Object.keys(ProductApi.groups)).toEqual(["products"])
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(group))).toEqual(sort(expected))
    expect(sort(rowsOf(ProductsGroup))).toEqual(sort(expected))
  })

  it("every call carries CallPolicy and ProblemDetails, and neither the session nor CSRF protection", () => {
    for (const [name] of expected) {
      const middlewares = [...ep(name).middlewares] as Array<unknown>
      expect(middlewares).toContain(CallPolicy)
      expect(middlewares).toContain(HttpApiMiddleware.ProblemDetails)
      expect(middlewares).not.toContain(CurrentSession)
      expect(middlewares).not.toContain(CsrfProtection)
      expect(hasCsrf(ep(name))).toBe(false)
      expect(timeoutOf(group, ep(name)), name).toBe(5000)
      expect(retryOf(group, ep(name)), name).toBe("auto")
    }
  })

  it("every endpoint has an OpenAPI description; the document lists every path", () => {
    const doc = OpenApi.fromApi(ProductApi)
    expect(doc.info.title).toMatch(/product/i)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("ProductApi: request Schemas", () => {
  describeRequest({
    name: "find-variants-by-id query",
    codec: requestCodec(ep("products.findVariantsById"), "query"),
    required: ["ids"],
    valid: [{ ids: "1" }, { ids: "10,20,30" }],
    invalid: [
      [{ ids: "" }, "ids"],
      [{ ids: "1,,2" }, "ids"],
      [{ ids: "1,abc" }, "ids"],
      [{ ids: "0" }, "ids"],
      [{ ids: "1, 2" }, "ids"]
    ]
  })

  describeRequest({
    name: "find-variants query",
    codec: requestCodec(ep("products.findVariants"), "query"),
    required: ["ids"],
    valid: [{ ids: "1,2" }, { ids: "1", properties: "brand,color" }],
    invalid: [
      [{ ids: "1", properties: "" }, "properties"],
      [{ ids: "1", properties: "brand,,color" }, "properties"],
      [{ ids: "1", properties: "brand color" }, "properties"]
    ]
  })

  describeRequest({
    name: "recommended-products query",
    codec: requestCodec(ep("products.recommendedProducts"), "query"),
    required: ["variantId"],
    valid: [{ variantId: "5" }, { variantId: "5", count: "10", accessoryVariants: "true" }],
    invalid: [
      [{ variantId: "x" }, "variantId"],
      [{ variantId: "5", count: "-1" }, "count"],
      [{ variantId: "5", accessoryVariants: "1" }, "accessoryVariants"]
    ]
  })

  describeRequest({
    name: "similar-products query",
    codec: requestCodec(ep("products.similarProducts"), "query"),
    required: ["productId"],
    valid: [{ productId: "8", limit: "4" }],
    invalid: [
      [{ productId: "8", limit: "" }, "limit"],
      [{ productId: "8.5" }, "productId"]
    ]
  })
})

const variant = (variantId: number): ProductVariant => ({
  id: 100 + variantId,
  variantId,
  title: `Variant ${variantId}`,
  mainCategoryUrlKey: "phones",
  variantUrl: `phone-${variantId}`,
  price: 199.9,
  currency: "CZK"
})

let asked: ReadonlyArray<number> = []
const Handlers = HttpApiBuilder.group(ProductApi, "products", (h) =>
  h
    .handle("findVariantsById", ({ query }) => Effect.sync(() => (asked = query.ids)).pipe(Effect.as(query.ids.map(variant))))
    .handle("findVariants", ({ query }) => Effect.succeed(query.ids.map(variant)))
    .handle("recommendedProducts", ({ query }) => Effect.succeed([variant(query.variantId)]))
    .handle("similarProducts", () => Effect.succeed([])))
const server = inProcess(HttpApiBuilder.layer(ProductApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware)))

const fixedAnswer = (body: unknown) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.succeed(
        HttpClientResponse.fromWeb(request, new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }))
      ))
  )

describe("ProductApi: over the wire", () => {
  it.effect("the client sends ids joined by commas; the answer links with productLink (§2)", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(ProductApi, { baseUrl: "http://products.test" })
      const variants = yield* client.products.findVariantsById({ query: { ids: [3, 1, 2] } })
      expect(asked).toEqual([3, 1, 2])
      expect(variants.map(productLink)).toEqual(["/phones/phone-3", "/phones/phone-1", "/phones/phone-2"])
    }).pipe(Effect.provide([server.client, PolicyClient()])))

  it("the raw query is ids=3,1,2", async () => {
    const response = await server.raw("/find-variants-by-id?ids=3,1,2")
    expect(response.status).toBe(200)
    expect(((await response.json()) as Array<{ variantId: number }>).map((v) => v.variantId)).toEqual([3, 1, 2])
    expect((await server.raw("/find-variants-by-id?ids=3,x")).status).toBe(400)
  })

  it.effect("an answer that does not fit the contract fails the call (§8 Invalid response)", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(ProductApi, { baseUrl: "http://products.test" })
      const exit = yield* Effect.exit(client.products.findVariantsById({ query: { ids: [1] } }))
      expect(Exit.isFailure(exit)).toBe(true)
    }).pipe(Effect.provide([fixedAnswer([{ variantId: "x" }]), PolicyClient()])))

  it.effect("an answer that fits decodes", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(ProductApi, { baseUrl: "http://products.test" })
      const variants = yield* client.products.findVariantsById({ query: { ids: [1] } })
      expect(variants).toEqual([variant(1)])
    }).pipe(Effect.provide([fixedAnswer([variant(1)]), PolicyClient()])))
})
