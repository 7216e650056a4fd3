import { assert, describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { CartApiGroup, maxInvoiceNoteLength, type PaymentSelectionQuery } from "../../core/api/cartApi.ts"
import { csrfHeader } from "../../core/api/headers.ts"
import { CallPolicy } from "../../core/api/security.ts"
import { paymentSelectionPayload, type PaymentSelection } from "../../core/domain/payment.ts"
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

/** The contract (§7): method and path of every endpoint; state-changing ones marked. */
const expected: ReadonlyArray<readonly [...Row, changesState: boolean]> = [
  ["cartApi.loadCart", "GET", `${p}/load-cart`, false],
  ["cartApi.loadPurchase", "GET", `${p}/load-purchase`, false],
  ["cartApi.setInvoiceNote", "POST", `${p}/set-invoice-note`, true],
  ["cartApi.orderConsents", "GET", `${p}/order-consents`, false],
  ["cartApi.orderConsentNotes", "GET", `${p}/order-consent-notes`, false],
  ["cartApi.selectBillingMethod", "GET", `${p}/select-billing-method`, true],
  ["cartApi.cleanSelectedPayment", "POST", `${p}/clean-selected-payment`, true]
]

const ep = (name: string) => endpointOf([CartApiGroup], name)

describe("cartApi group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(CartApiGroup))).toEqual(sort(expected.map(([n, m, path]) => [n, m, path] as const)))
  })

  it("exactly the state-changing endpoints carry CsrfProtection (select-billing-method included, though a GET)", () => {
    for (const [name, , , changes] of expected) expect(hasCsrf(ep(name)), name).toBe(changes)
  })

  it("every call times out after 5000 ms (§9) and keeps the default retry mode", () => {
    for (const [name] of expected) {
      expect(timeoutOf(CartApiGroup, ep(name)), name).toBe(5000)
      expect(retryOf(CartApiGroup, ep(name)), name).toBe("auto")
    }
  })

  it("every endpoint has an OpenAPI description; the document lists every path", () => {
    class Api extends HttpApi.make("t").add(CartApiGroup) {}
    const doc = OpenApi.fromApi(Api)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("cartApi group: request Schemas", () => {
  describeRequest({
    name: "set-invoice-note payload",
    codec: requestCodec(ep("cartApi.setInvoiceNote"), "payload"),
    required: ["invoiceNote"],
    valid: [{ invoiceNote: "" }, { invoiceNote: "Please invoice to the company." }, { invoiceNote: "x".repeat(maxInvoiceNoteLength) }],
    invalid: [
      [{ invoiceNote: "x".repeat(maxInvoiceNoteLength + 1) }, "invoiceNote"],
      [{ invoiceNote: 5 }, "invoiceNote"],
      [{}, "invoiceNote"]
    ]
  })

  describeRequest({
    name: "select-billing-method query (the payment selection payload as strings)",
    codec: requestCodec(ep("cartApi.selectBillingMethod"), "query"),
    required: ["billingMethodId"],
    valid: [
      { billingMethodId: "CZN" },
      {
        billingMethodId: "CZC",
        cardId: "42",
        productCode: "P1",
        installmentCount: "12",
        depositAmount: "1500.50",
        rememberCard: "1",
        newCard: "0",
        insuranceCode: "INS"
      }
    ],
    invalid: [
      [{ billingMethodId: "" }, "billingMethodId"],
      [{ billingMethodId: "CZN", installmentCount: "abc" }, "installmentCount"],
      [{ billingMethodId: "CZN", installmentCount: "0" }, "installmentCount"],
      [{ billingMethodId: "CZN", installmentCount: "1.5" }, "installmentCount"],
      [{ billingMethodId: "CZN", depositAmount: "" }, "depositAmount"],
      [{ billingMethodId: "CZN", depositAmount: "-5" }, "depositAmount"],
      [{ billingMethodId: "CZN", depositAmount: "NaN" }, "depositAmount"],
      [{ billingMethodId: "CZN", rememberCard: "2" }, "rememberCard"],
      [{ billingMethodId: "CZN", newCard: "true" }, "newCard"]
    ]
  })
})

const Selection = Schema.Struct({
  billingMethodId: Schema.String.check(Schema.isPattern(/^[A-Z]{3}[A-Za-z_]{0,4}$/)),
  cardId: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[0-9]{1,6}$/))),
  installmentCount: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 60 }))),
  depositAmount: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 100000 }))),
  rememberCard: Schema.optionalKey(Schema.Boolean),
  newCard: Schema.optionalKey(Schema.Boolean)
})

describe("cartApi group: the payment selection payload of the domain", () => {
  it.prop("every payload paymentSelectionPayload builds is a valid select-billing-method query", [Selection], ([selection]) => {
    const payload = paymentSelectionPayload(selection as PaymentSelection)
    const query: PaymentSelectionQuery = payload
    const wire = Schema.encodeSync(requestCodec(ep("cartApi.selectBillingMethod"), "query"))(query)
    expect(failureOf(requestCodec(ep("cartApi.selectBillingMethod"), "query"), wire)).toBeUndefined()
  })
})

// An in-process server of the group, checking what the derived client sends over the wire.
class TestApi extends HttpApi.make("test")
  .add(CartApiGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
{}

const received: Array<unknown> = []
const ok = Effect.succeed({ status: { status: "ok" } })
const Handlers = HttpApiBuilder.group(TestApi, "cartApi", (h) =>
  h
    .handle("loadCart", () => ok)
    .handle("loadPurchase", () => ok)
    .handle("setInvoiceNote", ({ payload }) => Effect.sync(() => received.push(payload)).pipe(Effect.andThen(ok)))
    .handle("orderConsents", () => Effect.succeed({ consents: [{ code: "terms", checked: false }] }))
    .handle("orderConsentNotes", () => Effect.succeed({ notes: { terms: "Read them." } }))
    .handle("selectBillingMethod", ({ query }) => Effect.sync(() => received.push(query)).pipe(Effect.andThen(ok)))
    .handle("cleanSelectedPayment", () => ok))
const server = inProcess(
  HttpApiBuilder.layer(TestApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware))
)

describe("cartApi group: in-process round trip", () => {
  it.effect("the derived client sends the payment selection as query strings the server decodes back", () =>
    Effect.gen(function*() {
      received.length = 0
      const client = yield* HttpApiClient.make(TestApi, { baseUrl: "http://shop.test" })
      const query = paymentSelectionPayload({ billingMethodId: "CZN", installmentCount: 12, depositAmount: 99.5, rememberCard: true })
      const answer = yield* client.cartApi.selectBillingMethod({ query })
      expect(answer.status?.status).toBe("ok")
      expect(received).toEqual([query])
      const notes = yield* client.cartApi.orderConsentNotes()
      expect(notes.notes).toEqual({ terms: "Read them." })
    }).pipe(Effect.provide([server.client, PolicyClient()])))

  it("select-billing-method without the CSRF token is refused with 403; a malformed query with 400", async () => {
    const url = `${p}/select-billing-method?billingMethodId=CZN`
    expect((await server.raw(url)).status).toBe(403)
    expect((await server.raw(url, { headers: { [csrfHeader]: testCsrfToken } })).status).toBe(200)
    const bad = await server.raw(`${url}&installmentCount=abc`, { headers: { [csrfHeader]: testCsrfToken } })
    expect(bad.status).toBe(400)
    assert.include(await bad.text(), "installmentCount")
  })

  it("read-only calls need no CSRF token", async () => {
    expect((await server.raw(`${p}/load-cart`)).status).toBe(200)
  })
})
