import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { PaymentProviderGroup, providerPendingStatus } from "../../core/api/paymentProvider.ts"
import { CallPolicy } from "../../core/api/security.ts"
import { expectedOkStatus, isRetriedProviderStatus, paymentProviderPollDelayMs } from "../../core/domain/payment.ts"
import {
  describeRequest,
  endpointOf,
  hasCsrf,
  inProcess,
  PolicyClient,
  requestCodec,
  responseStatuses,
  retryOf,
  rowsOf,
  serverMiddleware,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

const p = "/api/v2/cart.cart-pfc"

/** The contract (§7): method and path of every endpoint; state-changing ones marked. */
const expected: ReadonlyArray<readonly [...Row, changesState: boolean]> = [
  ["paymentProvider.load", "GET", `${p}/load`, false],
  ["paymentProvider.terms", "POST", `${p}/terms`, true],
  ["paymentProvider.enrich", "POST", `${p}/enrich`, true],
  ["paymentProvider.otp", "POST", `${p}/otp`, true],
  ["paymentProvider.getRevolvingOfferDetail", "GET", `${p}/get-revolving-offer-detail`, false]
]

const ep = (name: string) => endpointOf([PaymentProviderGroup], name)

describe("paymentProvider group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(PaymentProviderGroup))).toEqual(sort(expected.map(([n, m, path]) => [n, m, path] as const)))
  })

  it("exactly the state-changing endpoints carry CsrfProtection", () => {
    for (const [name, , , changes] of expected) expect(hasCsrf(ep(name)), name).toBe(changes)
  })

  it("load is polled by the client every 2000 ms instead of the retry ladder; 5000 ms per call (§9)", () => {
    expect(paymentProviderPollDelayMs).toBe(2000)
    for (const [name] of expected) {
      expect(timeoutOf(PaymentProviderGroup, ep(name)), name).toBe(5000)
      expect(retryOf(PaymentProviderGroup, ep(name)), name).toBe(name === "paymentProvider.load" ? "never" : "auto")
    }
  })

  it("load answers 200 (the expected OK status) or 202 (pending, polled again)", () => {
    expect(expectedOkStatus).toBe(200)
    expect(isRetriedProviderStatus(providerPendingStatus)).toBe(true)
    class Api extends HttpApi.make("t").add(PaymentProviderGroup) {}
    const doc = OpenApi.fromApi(Api)
    expect(responseStatuses(doc, `${p}/load`, "get")).toEqual(expect.arrayContaining(["200", "202"]))
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("paymentProvider group: request Schemas", () => {
  describeRequest({
    name: "terms payload",
    codec: requestCodec(ep("paymentProvider.terms"), "payload"),
    required: ["billingMethodId", "accepted"],
    valid: [{ billingMethodId: "CZN", accepted: true }],
    invalid: [
      [{ billingMethodId: "", accepted: true }, "billingMethodId"],
      [{ billingMethodId: "CZN" }, "accepted"]
    ]
  })

  describeRequest({
    name: "enrich payload",
    codec: requestCodec(ep("paymentProvider.enrich"), "payload"),
    required: ["billingMethodId", "data"],
    valid: [{ billingMethodId: "CZG", data: { birthDate: "1990-01-01" } }],
    invalid: [
      [{ billingMethodId: "CZG", data: { birthDate: 1990 } }, "data.birthDate"],
      [{ billingMethodId: "CZG" }, "data"]
    ]
  })

  describeRequest({
    name: "otp payload",
    codec: requestCodec(ep("paymentProvider.otp"), "payload"),
    required: ["billingMethodId", "code"],
    valid: [{ billingMethodId: "CZN", code: "1234" }, { billingMethodId: "CZN", code: "12345678" }],
    invalid: [
      [{ billingMethodId: "CZN", code: "123" }, "code"],
      [{ billingMethodId: "CZN", code: "123456789" }, "code"],
      [{ billingMethodId: "CZN", code: "12a4" }, "code"]
    ]
  })
})

class TestApi extends HttpApi.make("test")
  .add(PaymentProviderGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
{}

let pending = true
const ok = Effect.succeed({ status: { status: "ok" } })
const Handlers = HttpApiBuilder.group(TestApi, "paymentProvider", (h) =>
  h
    .handle("load", () =>
      Effect.sync(() =>
        pending
          ? { status: { status: "pending" } }
          : { status: { status: "ok" }, billingMethods: { CZN: { title: "Later", selected: true } } }
      ))
    .handle("terms", () => ok)
    .handle("enrich", () => ok)
    .handle("otp", () => ok)
    .handle("getRevolvingOfferDetail", () => Effect.succeed({ offer: { installmentCount: 10, apr: 19.9 } })))
const server = inProcess(HttpApiBuilder.layer(TestApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware)))

/** A transport answering every call with the given status and JSON body. */
const fixedAnswer = (status: number, body: unknown) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.succeed(
        HttpClientResponse.fromWeb(
          request,
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
        )
      ))
  )

describe("paymentProvider group: load over the wire", () => {
  it.effect("202 while pending, then 200 with the billing methods", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(TestApi, { baseUrl: "http://shop.test" })
      pending = true
      const [first, firstResponse] = yield* client.paymentProvider.load({ responseMode: "decoded-and-response" })
      expect(firstResponse.status).toBe(providerPendingStatus)
      expect("billingMethods" in first).toBe(false)
      pending = false
      const [second, secondResponse] = yield* client.paymentProvider.load({ responseMode: "decoded-and-response" })
      expect(secondResponse.status).toBe(expectedOkStatus)
      expect("billingMethods" in second ? Object.keys(second.billingMethods) : []).toEqual(["CZN"])
    }).pipe(Effect.provide([server.client, PolicyClient()])))

  it.effect("a 200 without billingMethods fails the decode (§8: an error that sets the error flag)", () =>
    Effect.gen(function*() {
      const client = yield* HttpApiClient.make(TestApi, { baseUrl: "http://shop.test" })
      const exit = yield* Effect.exit(client.paymentProvider.load())
      expect(Exit.isFailure(exit)).toBe(true)
    }).pipe(Effect.provide([fixedAnswer(200, { status: { status: "ok" } }), PolicyClient()])))
})
