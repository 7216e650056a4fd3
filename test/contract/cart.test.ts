import { assert, describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { SafeString } from "../../core/api/entities/text.ts"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import {
  AddToCartPayload,
  CartGroup,
  ChangeAmountPayload,
  DiscountCertificatePayload,
  maxDiscountCodeLength
} from "../../core/api/cart.ts"
import { csrfHeader } from "../../core/api/headers.ts"
import { cartTimeoutMs } from "../../core/api/policy.ts"
import { CallPolicy } from "../../core/api/security.ts"
import { deleteIdsParam } from "../../core/domain/cart.ts"
import { maxQuantity, minQuantity } from "../../core/domain/quantity.ts"
import {
  describeRequest,
  endpointOf,
  failureOf,
  hasCsrf,
  inProcess,
  PolicyClient,
  requestCodec,
  retryOf,
  rowsOf,
  serverMiddleware,
  testCsrfToken,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

const p = "/api/v2/cart.cart-api"

/** The contract: every endpoint of the group, its method and path (§7; paths ours where the spec names only the call). */
const expected: ReadonlyArray<Row> = [
  ["cart.addToCart", "PUT", `${p}/add-to-cart`],
  ["cart.changeAmount", "POST", `${p}/change-amount`],
  ["cart.deleteItems", "DELETE", `${p}/delete-items`],
  ["cart.addWarranty", "POST", `${p}/add-warranty`],
  ["cart.removeWarranty", "POST", `${p}/remove-warranty`],
  ["cart.addInsurance", "POST", `${p}/add-insurance`],
  ["cart.removeInsurance", "POST", `${p}/remove-insurance`],
  ["cart.addDigital", "POST", `${p}/add-digital`],
  ["cart.removeDigital", "POST", `${p}/remove-digital`],
  ["cart.addReturnGuarantee", "POST", `${p}/add-return-guarantee`],
  ["cart.removeReturnGuarantee", "POST", `${p}/remove-return-guarantee`],
  ["cart.addDiscountCertificate", "POST", `${p}/add-discount-certificate`],
  ["cart.removeDiscountCertificate", "POST", `${p}/remove-discount-certificate`]
]

const groups = [CartGroup]
const ep = (name: string) => endpointOf(groups, name)

describe("cart group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(CartGroup))).toEqual(sort(expected))
  })

  it("every endpoint changes the cart, so every one carries CsrfProtection", () => {
    for (const [name] of expected) assert.isTrue(hasCsrf(ep(name)), name)
  })

  it("new cart calls time out after 5000 ms (§9)", () => {
    expect(cartTimeoutMs).toBe(5000)
    for (const [name] of expected) expect(timeoutOf(CartGroup, ep(name)), name).toBe(5000)
  })

  it("add-to-cart is retried with an idempotency key; the other mutations are not retried (auto, non-GET)", () => {
    for (const [name, method] of expected) {
      expect(retryOf(CartGroup, ep(name)), name).toBe(name === "cart.addToCart" ? "idempotencyKey" : "auto")
      expect(method).not.toBe("GET")
    }
  })

  it("every endpoint has an OpenAPI description and answers the ApiResponse envelope", () => {
    for (const [name] of expected) {
      const endpoint = ep(name)
      expect(Context.getOrUndefined(endpoint.annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(endpoint.success.size).toBe(1)
    }
  })

  it("the OpenAPI document lists every path", () => {
    class Api extends HttpApi.make("t").add(CartGroup) {}
    const doc = OpenApi.fromApi(Api)
    for (const [, method, path] of expected) expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
  })
})

describe("cart group: request Schemas", () => {
  describeRequest({
    name: "add-to-cart payload",
    codec: requestCodec(ep("cart.addToCart"), "payload"),
    required: ["variantId", "amount"],
    valid: [
      { variantId: 1, amount: 1 },
      { variantId: 123, amount: 30, services: [{ type: "warranty", bundleId: 5 }], context: "detail", extended: true }
    ],
    invalid: [
      [{ variantId: 1, amount: 0 }, "amount"],
      [{ variantId: 1, amount: 31 }, "amount"],
      [{ variantId: 1, amount: 1.5 }, "amount"],
      [{ variantId: 1, amount: "2" }, "amount"],
      [{ variantId: 0, amount: 1 }, "variantId"],
      [{ variantId: 1, amount: 1, services: [{ type: "gift", bundleId: 1 }] }, "services.0.type"],
      [{ variantId: 1, amount: 1, extended: "yes" }, "extended"]
    ]
  })

  describeRequest({
    name: "change-amount payload",
    codec: requestCodec(ep("cart.changeAmount"), "payload"),
    required: ["id", "amount"],
    valid: [{ id: 7, amount: 2, extended: false }],
    invalid: [
      [{ id: 7, amount: 0 }, "amount"],
      [{ id: -1, amount: 2 }, "id"],
      [{ amount: 2 }, "id"]
    ]
  })

  describeRequest({
    name: "delete-items query",
    codec: requestCodec(ep("cart.deleteItems"), "query"),
    required: ["ids"],
    valid: [{ ids: "1" }, { ids: "1,2,3" }, { ids: "a-1,b-2" }],
    invalid: [
      [{ ids: "" }, "ids"],
      [{ ids: "1,,2" }, "ids"],
      [{ ids: ",1" }, "ids"],
      [{ ids: "1," }, "ids"],
      [{}, "ids"]
    ]
  })

  for (const name of [
    "addWarranty",
    "removeWarranty",
    "addInsurance",
    "removeInsurance",
    "addDigital",
    "removeDigital",
    "addReturnGuarantee",
    "removeReturnGuarantee"
  ]) {
    describeRequest({
      name: `${name} payload`,
      codec: requestCodec(ep(`cart.${name}`), "payload"),
      required: ["id", "bundleId"],
      valid: [{ id: 3, bundleId: 9 }, { id: 3, bundleId: 9, extended: true }],
      invalid: [
        [{ id: 3 }, "bundleId"],
        [{ id: "3", bundleId: 9 }, "id"],
        [{ id: 3, bundleId: 0 }, "bundleId"]
      ],
      runs: 30
    })
  }

  for (const name of ["addDiscountCertificate", "removeDiscountCertificate"]) {
    describeRequest({
      name: `${name} payload`,
      codec: requestCodec(ep(`cart.${name}`), "payload"),
      required: ["code", "extended"],
      valid: [{ code: "SUMMER-10", extended: true }, { code: "x".repeat(maxDiscountCodeLength), extended: false }],
      invalid: [
        [{ code: "", extended: true }, "code"],
        [{ code: " SUMMER", extended: true }, "code"],
        [{ code: "x".repeat(maxDiscountCodeLength + 1), extended: true }, "code"],
        [{ code: "SUMMER" }, "extended"]
      ]
    })
  }
})

describe("cart group: domain rules in the Schemas", () => {
  const amountOk = (amount: number) =>
    failureOf(requestCodec(ep("cart.changeAmount"), "payload"), { id: 1, amount }) === undefined

  it.prop("an amount is accepted exactly when it is a whole number in [minQuantity, maxQuantity] (§5)", [Schema.Finite], ([n]) => {
    expect(amountOk(n)).toBe(Number.isInteger(n) && n >= minQuantity && n <= maxQuantity)
  })

  it("the quantity bounds are 1 and 30 (§9)", () => {
    expect([amountOk(minQuantity), amountOk(maxQuantity), amountOk(0), amountOk(31)]).toEqual([true, true, false, false])
  })

  it.prop(
    "deleteIdsParam of any ids with a non-empty, comma-free id is a valid `ids` query",
    // ids are texts of the contract: no control characters (core/api/entities/text.ts)
    [Schema.Array(Schema.Union([Schema.Int, SafeString.check(Schema.isPattern(/^[^,]*$/))]))],
    ([ids]) => {
      const joined = deleteIdsParam(ids)
      const message = failureOf(requestCodec(ep("cart.deleteItems"), "query"), { ids: joined })
      expect(message === undefined).toBe(joined !== "")
    }
  )

  it("the exported Schemas are the endpoint payloads", () => {
    const decodes = (schema: Schema.Codec<unknown, unknown>, input: unknown) => failureOf(schema, input) === undefined
    expect(decodes(AddToCartPayload as Schema.Codec<unknown, unknown>, { variantId: 2, amount: 3 })).toBe(true)
    expect(decodes(ChangeAmountPayload as Schema.Codec<unknown, unknown>, { id: 2, amount: 31 })).toBe(false)
    expect(decodes(DiscountCertificatePayload as Schema.Codec<unknown, unknown>, { code: "A", extended: true })).toBe(true)
  })
})

// An in-process server of the group: what the derived client sends is what the server reads.
class TestApi extends HttpApi.make("test")
  .add(CartGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
{}

const received: Array<unknown> = []
const answer = (input: unknown) => Effect.sync(() => void received.push(input)).pipe(Effect.as({ status: { status: "ok" } }))
const Handlers = HttpApiBuilder.group(TestApi, "cart", (h) =>
  h
    .handle("addToCart", ({ payload }) => answer(payload))
    .handle("changeAmount", ({ payload }) => answer(payload))
    .handle("deleteItems", ({ query }) => answer(query))
    .handle("addWarranty", ({ payload }) => answer(payload))
    .handle("removeWarranty", ({ payload }) => answer(payload))
    .handle("addInsurance", ({ payload }) => answer(payload))
    .handle("removeInsurance", ({ payload }) => answer(payload))
    .handle("addDigital", ({ payload }) => answer(payload))
    .handle("removeDigital", ({ payload }) => answer(payload))
    .handle("addReturnGuarantee", ({ payload }) => answer(payload))
    .handle("removeReturnGuarantee", ({ payload }) => answer(payload))
    .handle("addDiscountCertificate", ({ payload }) => answer(payload))
    .handle("removeDiscountCertificate", ({ payload }) => answer(payload)))
const server = inProcess(HttpApiBuilder.layer(TestApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware)))

describe("cart group: in-process round trip", () => {
  it.effect("add-to-cart (PUT body) and delete-items (DELETE with the ids query) reach the server as sent", () =>
    Effect.gen(function*() {
      received.length = 0
      const client = yield* HttpApiClient.make(TestApi, { baseUrl: "http://shop.test" })
      const add = { variantId: 5, amount: 2, services: [{ type: "warranty" as const, bundleId: 9 }], context: "detail", extended: true }
      yield* client.cart.addToCart({ payload: add })
      yield* client.cart.deleteItems({ query: { ids: deleteIdsParam([3, "3", 4]) } })
      expect(received).toEqual([add, { ids: "3,4" }])
    }).pipe(Effect.provide([server.client, PolicyClient()])))

  it("without the CSRF token a mutation is refused with 403; an amount of 31 with 400 naming the field", async () => {
    const body = (amount: number) => JSON.stringify({ variantId: 5, amount })
    const put = (amount: number, token?: string) =>
      server.raw(`${p}/add-to-cart`, {
        method: "PUT",
        body: body(amount),
        headers: { "content-type": "application/json", ...(token === undefined ? {} : { [csrfHeader]: token }) }
      })
    expect((await put(2)).status).toBe(403)
    expect((await put(2, testCsrfToken)).status).toBe(200)
    const bad = await put(31, testCsrfToken)
    expect(bad.status).toBe(400)
    assert.include(await bad.text(), "amount")
  })
})
