/**
 * The legacy cart widget contract (core/api/legacyCart.ts; spec §5, §7 "Legacy cart widget", §9).
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import { maxQuantity, minQuantity } from "../../core/domain/quantity.ts"
import { bundleTypes } from "../../core/domain/cart.ts"
import { Amount, PositiveId } from "../../core/api/requestFields.ts"
import {
  LegacyAddDigitalPayload,
  LegacyAddGuaranteePayload,
  LegacyAddInsurancePayload,
  LegacyAddToWishlistPayload,
  LegacyAddWarrantyPayload,
  LegacyCartDeletePayload,
  LegacyCartGroup,
  LegacyCartPutPayload,
  LegacyCertificatePayload,
  LegacyChangeAmountPayload,
  LegacyDeleteDigitalPayload,
  LegacyDeleteServicePayload
} from "../../core/api/legacyCart.ts"
import { NotFound } from "../../core/api/errors.ts"
import {
  CsrfPassThrough,
  decodeFailure,
  endpointRows,
  jsonRoundTrip,
  openApiOperation,
  routeTable,
  webHandlerClient
} from "./support/groupContract.ts"

const expectedRoutes = [
  ["addCertificate", "POST", "/api/cart/add-certificate/"],
  ["addDigital", "POST", "/api/cart/add-digital/"],
  ["addGuarantee", "POST", "/api/cart/add-guarantee/"],
  ["addInsurance", "POST", "/api/cart/add-insurance/"],
  ["addToWishlist", "POST", "/api/cart/addToWishlist/"],
  ["addWarranty", "POST", "/api/cart/add-warranty/"],
  ["changeAmount", "POST", "/api/cart/changeAmount/"],
  ["delete", "DELETE", "/api/cart/delete/"],
  ["deleteDigital", "DELETE", "/api/cart/delete-digital/"],
  ["deleteGuarantee", "DELETE", "/api/cart/delete-guarantee/"],
  ["deleteInsurance", "DELETE", "/api/cart/delete-insurance/"],
  ["deleteWarranty", "DELETE", "/api/cart/delete-warranty/"],
  ["get", "GET", "/api/cart/get/"],
  ["migrateCouponsToAllegro", "POST", "/api/cart/migrate-coupons-to-allegro/"],
  ["put", "PUT", "/api/cart/put/"],
  ["removeCertificate", "DELETE", "/api/cart/remove-certificate/"]
] as const

const rows = endpointRows(LegacyCartGroup)

describe("legacyCart routes (§7)", () => {
  it("has exactly the spec's methods and paths, trailing slashes kept", () => {
    expect(routeTable(LegacyCartGroup)).toEqual(expectedRoutes)
  })

  it("every path is under /api/cart/ and ends with a slash", () => {
    for (const row of rows) expect(row.path).toMatch(/^\/api\/cart\/[A-Za-z-]+\/$/)
  })

  it("every state-changing endpoint carries CsrfProtection, and only those", () => {
    for (const row of rows) expect([row.name, row.csrf]).toEqual([row.name, row.name !== "get"])
  })

  it("every endpoint has the legacy HTTP timeout of 5000 ms (§9)", () => {
    for (const row of rows) expect([row.name, row.timeoutMs]).toEqual([row.name, 5000])
  })

  it("add-to-cart is retried with an idempotency key; the rest follow the auto rule", () => {
    for (const row of rows) expect([row.name, row.retry]).toEqual([row.name, row.name === "put" ? "idempotencyKey" : "auto"])
  })

  it("every endpoint but get declares an error, moving to the wishlist declares LoginRequired (401)", () => {
    for (const row of rows) if (row.name !== "get") expect(row.errorStatuses.length, row.name).toBeGreaterThan(0)
    expect(rows.find((row) => row.name === "addToWishlist")?.errorStatuses).toContain(401)
  })

  it("every endpoint is described in the OpenAPI document", () => {
    for (const [, method, path] of expectedRoutes) {
      const operation = openApiOperation(LegacyCartGroup, method, path)
      expect(operation?.description, `${method} ${path}`).toMatch(/\w{3,}/)
    }
  })
})

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
const amount = fc.integer({ min: minQuantity, max: maxQuantity })
const badAmount = fc.oneof(
  fc.integer({ max: minQuantity - 1 }),
  fc.integer({ min: maxQuantity + 1 }),
  fc.double({ min: minQuantity, max: maxQuantity, noInteger: true }),
  fc.constantFrom("1", "", null, Number.NaN, Number.POSITIVE_INFINITY)
)
const badId = fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.5, max: 1000, noInteger: true }), fc.constantFrom("7", null))
const code = fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s !== "")

describe("amount and ids (§5, §9)", () => {
  test.prop([amount])("a whole amount from 1 to 30 is accepted", (n) => {
    expect(decodeFailure(Amount, n)).toBeUndefined()
  })

  test.prop([badAmount])("any other amount is refused, saying what is expected", (n) => {
    expect(decodeFailure(Amount, n)).toBeDefined()
  })

  it("the message of an out-of-range amount names the field and the range", () => {
    expect(decodeFailure(LegacyChangeAmountPayload, { id: 1, amount: 31 })).toMatch(/^amount: .*1 to 30/)
    expect(decodeFailure(LegacyChangeAmountPayload, { id: 1, amount: 0 })).toMatch(/^amount: /)
    expect(decodeFailure(LegacyChangeAmountPayload, { id: 1, amount: 2.5 })).toMatch(/^amount: /)
  })

  test.prop([badId])("ids are positive whole numbers", (value) => {
    expect(decodeFailure(PositiveId, value)).toBeDefined()
  })
})

describe("payload schemas round-trip valid input and name the field of invalid input", () => {
  const cases = [
    ["delete", LegacyCartDeletePayload, fc.record({ id }), "id", badId],
    [
      "changeAmount",
      LegacyChangeAmountPayload,
      fc.record({ id, amount, servicePlacement: fc.string() }, { requiredKeys: ["id", "amount"] }),
      "amount",
      badAmount
    ],
    ["addToWishlist", LegacyAddToWishlistPayload, fc.record({ articleId: id, amount }), "amount", badAmount],
    ["addWarranty", LegacyAddWarrantyPayload, fc.record({ articleId: id, warranty: id }), "warranty", badId],
    ["addInsurance", LegacyAddInsurancePayload, fc.record({ articleId: id, insurance: id }), "insurance", badId],
    ["addDigital", LegacyAddDigitalPayload, fc.record({ articleId: id, digital: id }), "digital", badId],
    [
      "addGuarantee",
      LegacyAddGuaranteePayload,
      fc.record({ articleId: id, return_guarantee: id }),
      "return_guarantee",
      badId
    ],
    ["deleteService", LegacyDeleteServicePayload, fc.record({ articleId: id }), "articleId", badId],
    ["deleteDigital", LegacyDeleteDigitalPayload, fc.record({ bundleId: id, id }), "bundleId", badId],
    [
      "certificate",
      LegacyCertificatePayload,
      fc.record({ code }),
      "code",
      fc.constantFrom("", " ", " X1", "X1 ", 12, null)
    ]
  ] as const

  for (const [name, schema, valid, field, bad] of cases) {
    test.prop([valid as fc.Arbitrary<never>])(`${name}: valid input survives encode, JSON and decode`, (value) => {
      expect(jsonRoundTrip(schema as never, value)).toEqual(value)
    })

    test.prop([valid as fc.Arbitrary<Record<string, unknown>>, bad as fc.Arbitrary<unknown>])(
      `${name}: a bad ${field} is refused with a message naming ${field}`,
      (value, wrong) => {
        expect(decodeFailure(schema as never, { ...value, [field]: wrong })).toMatch(new RegExp(`^${field}: `))
      }
    )

    test.prop([valid as fc.Arbitrary<Record<string, unknown>>])(`${name}: a missing ${field} is named`, (value) => {
      const { [field]: _dropped, ...rest } = value
      expect(decodeFailure(schema as never, rest)).toMatch(new RegExp(`^${field}: Missing key`))
    })
  }
})

describe("add to cart payload (PUT /api/cart/put/)", () => {
  const service = fc.record({ type: fc.constantFrom(...bundleTypes), id })
  const extras = fc.record(
    {
      billingMethodId: fc.constantFrom("CZN", "CZG", "SKU"),
      services: fc.array(service, { maxLength: 4 }),
      hasRedirect: fc.boolean()
    },
    { requiredKeys: [] }
  )
  const target = fc.oneof(fc.record({ variantId: id }), fc.record({ bonusSetId: id }))
  const valid = fc.tuple(target, amount, extras).map(([t, n, rest]) => ({ ...t, amount: n, ...rest }))

  test.prop([valid])("a variant or a bonus set with an amount round-trips", (payload) => {
    expect(jsonRoundTrip(LegacyCartPutPayload, payload)).toEqual(payload)
  })

  test.prop([valid, badAmount])("a bad amount is refused, naming amount", (payload, wrong) => {
    expect(decodeFailure(LegacyCartPutPayload, { ...payload, amount: wrong })).toMatch(/^amount: /)
  })

  test.prop([amount, id, id])("both or neither of variantId and bonusSetId is refused, naming variantId", (n, v, b) => {
    expect(decodeFailure(LegacyCartPutPayload, { amount: n })).toMatch(/^variantId: exactly one of variantId or bonusSetId/)
    expect(decodeFailure(LegacyCartPutPayload, { amount: n, variantId: v, bonusSetId: b })).toMatch(/^variantId: /)
  })

  it("a service of an unknown type is refused, naming its index", () => {
    expect(
      decodeFailure(LegacyCartPutPayload, { variantId: 1, amount: 1, services: [{ type: "gift", id: 3 }] })
    ).toMatch(/^services\.0\.type: /)
  })
})

describe("over HTTP (in process): DELETE carries its JSON body; errors come back typed", () => {
  class Api extends HttpApi.make("legacyCartTest").add(LegacyCartGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const emptyCart = { articles: [] }
  const handlers = HttpApiBuilder.group(Api, "legacyCart", (h) =>
    h
      .handle("get", () => Effect.succeed({ articles: [{ id: 1, count: 2, title: "Phone" }], itemCount: 2 }))
      .handle("delete", ({ payload }) =>
        payload.id === 404 ? Effect.fail(new NotFound({ message: "no such item" })) : Effect.succeed(emptyCart)
      )
      .handle("changeAmount", ({ payload }) => Effect.succeed({ articles: [{ id: payload.id, count: payload.amount }] }))
      .handle("put", () => Effect.succeed({ ...emptyCart, redirectUrl: "/kosik" }))
      .handle("addToWishlist", () => Effect.succeed(emptyCart))
      .handle("addWarranty", () => Effect.succeed(emptyCart))
      .handle("deleteWarranty", () => Effect.succeed(emptyCart))
      .handle("addInsurance", () => Effect.succeed(emptyCart))
      .handle("deleteInsurance", () => Effect.succeed(emptyCart))
      .handle("addDigital", () => Effect.succeed(emptyCart))
      .handle("deleteDigital", () => Effect.succeed(emptyCart))
      .handle("addGuarantee", () => Effect.succeed(emptyCart))
      .handle("deleteGuarantee", () => Effect.succeed(emptyCart))
      .handle("migrateCouponsToAllegro", () => Effect.succeed(emptyCart))
      .handle("addCertificate", () => Effect.succeed(emptyCart))
      .handle("removeCertificate", () => Effect.succeed(emptyCart))
  )
  const routes = HttpApiBuilder.layer(Api).pipe(
    Layer.provide(handlers),
    Layer.provide([CsrfPassThrough, HttpApiMiddleware.layerProblemDetails()])
  )
  const { handler, dispose } = HttpRouter.toWebHandler(routes.pipe(Layer.provide(NodeHttpServer.layerHttpServices)), {
    disableLogger: true
  })
  afterAll(dispose)

  it.effect("the derived client reads the widget cart, deletes by body and gets NotFound typed", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      const cart = yield* client.legacyCart.get()
      expect(cart.articles[0]?.title).toBe("Phone")
      expect(yield* client.legacyCart.delete({ payload: { id: 5 } })).toEqual(emptyCart)
      const missing = yield* Effect.flip(client.legacyCart.delete({ payload: { id: 404 } }))
      expect(missing).toBeInstanceOf(NotFound)
      const changed = yield* client.legacyCart.changeAmount({ payload: { id: 3, amount: 30 } })
      expect(changed.articles[0]?.count).toBe(30)
      expect((yield* client.legacyCart.put({ payload: { variantId: 9, amount: 1, hasRedirect: true } })).redirectUrl).toBe(
        "/kosik"
      )
    }).pipe(Effect.provide(webHandlerClient(handler))))

  it.effect("the server refuses an amount of 31 with a 400 problem before the handler runs", () =>
    Effect.gen(function* () {
      const response = yield* Effect.promise(() =>
        handler(
          new Request("http://shop.test/api/cart/changeAmount/", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ id: 3, amount: 31 })
          })
        )
      )
      expect(response.status).toBe(400)
    }))
})
