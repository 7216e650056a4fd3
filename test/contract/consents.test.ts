/**
 * The consents contract (core/api/consents.ts; spec §2 consent panel and modal, §3 consent codes, §4, §7, §8, §9).
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import {
  CartConsentsPayload,
  ConsentKey,
  ConsentsGroup,
  SetConsentPayload,
  SetPanelConsentPayload,
  SubmitConsentsQuery,
  UpdateConsentsPayload
} from "../../core/api/consents.ts"
import { consentCodes, consentModalLinks, consentPayload } from "../../core/domain/consent.ts"
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
  ["cartConsents", "POST", "/api/v2/cart.cart-api/consents"],
  ["setConsent", "POST", "/api/privacy-setting/setConsent"],
  ["setPanelConsent", "POST", "/api/privacy-setting/setPanelConsent"],
  ["submitConsents", "GET", "/api/v2/cart.cart-api/submit-consents"],
  ["updateConsents", "POST", "/api/privacy-setting/update-consents"]
] as const

const rows = endpointRows(ConsentsGroup)

describe("consents routes (§7)", () => {
  it("has exactly the spec's methods and paths", () => {
    expect(routeTable(ConsentsGroup)).toEqual(expectedRoutes)
  })

  it("every endpoint records consents, so every one carries CsrfProtection, the GET submit included", () => {
    for (const row of rows) expect([row.name, row.csrf]).toEqual([row.name, true])
  })

  it("every endpoint has the 5000 ms timeout (§9) and the auto retry rule", () => {
    for (const row of rows) expect([row.name, row.timeoutMs, row.retry]).toEqual([row.name, 5000, "auto"])
  })

  it("the modal's several consents need a logged-in customer (401)", () => {
    expect(rows.find((row) => row.name === "updateConsents")?.errorStatuses).toContain(401)
  })

  it("every endpoint is described in the OpenAPI document; submit has the given and refused query parameters", () => {
    for (const [, method, path] of expectedRoutes) {
      expect(openApiOperation(ConsentsGroup, method, path)?.description, `${method} ${path}`).toMatch(/\w{3,}/)
    }
    const submit = openApiOperation(ConsentsGroup, "GET", "/api/v2/cart.cart-api/submit-consents")
    expect(submit?.parameters?.map((p) => p.name).sort()).toEqual(["given", "refused"])
  })
})

const key = fc.constantFrom(...consentCodes, ...consentModalLinks, "product_reviews")
const badKey = fc.constantFrom("", "Marketing", "1p", "gdpr-panel", "a b", "ä")
const consents = fc.dictionary(key, fc.boolean(), { minKeys: 1 })

describe("consent keys and values", () => {
  test.prop([key])("every §3 consent code, modal link key and product_reviews is a consent key", (k) => {
    expect(decodeFailure(ConsentKey, k)).toBeUndefined()
  })

  test.prop([badKey])("other strings are refused", (k) => {
    expect(decodeFailure(ConsentKey, k)).toMatch(/consent key/)
  })

  test.prop([consents])("cart consents and update-consents round-trip", (values) => {
    expect(jsonRoundTrip(CartConsentsPayload, { consents: values })).toEqual({ consents: values })
    expect(jsonRoundTrip(UpdateConsentsPayload, { consents: values })).toEqual({ consents: values })
  })

  test.prop([consents, badKey])("a bad key is refused, naming consents", (values, k) => {
    expect(decodeFailure(UpdateConsentsPayload, { consents: { ...values, [k]: true } })).toMatch(/^consents(\..*)?: Expected a consent key/)
  })

  it("an empty set of consents or a non-boolean value is refused with the field named", () => {
    expect(decodeFailure(CartConsentsPayload, { consents: {} })).toMatch(/^consents: .*at least one consent/)
    expect(decodeFailure(CartConsentsPayload, { consents: { marketing_1p: 1 } })).toMatch(/^consents\.marketing_1p: /)
  })
})

describe("setConsent and setPanelConsent (§4, §7)", () => {
  test.prop([key, fc.boolean()])("the domain's consentPayload(code, value) is a valid body and round-trips", (k, v) => {
    const body = consentPayload(k, v)
    expect(jsonRoundTrip(SetConsentPayload, body)).toEqual(body)
  })

  test.prop([fc.constantFrom("true", 1, null, "")])("a consentValue that is not a boolean is named", (v) => {
    expect(decodeFailure(SetConsentPayload, { consentCode: "gdpr_panel", consentValue: v })).toMatch(/^consentValue: /)
    expect(decodeFailure(SetPanelConsentPayload, { consentValue: v })).toMatch(/^consentValue: /)
  })

  it("a missing consentCode is named", () => {
    expect(decodeFailure(SetConsentPayload, { consentValue: true })).toMatch(/^consentCode: Missing key/)
  })
})

describe("submit consents query (GET)", () => {
  const split = fc
    .uniqueArray(key, { minLength: 1, maxLength: 8 })
    .chain((keys) => fc.integer({ min: 0, max: keys.length }).map((cut) => [keys.slice(0, cut), keys.slice(cut)] as const))

  test.prop([split])("disjoint given and refused keys round-trip", ([given, refused]) => {
    const query = { ...(given.length > 0 ? { given } : {}), ...(refused.length > 0 ? { refused } : {}) }
    expect(jsonRoundTrip(SubmitConsentsQuery, query)).toEqual(query)
  })

  test.prop([key])("a key both given and refused is refused, naming refused", (k) => {
    expect(decodeFailure(SubmitConsentsQuery, { given: [k], refused: [k] })).toMatch(
      new RegExp(`^refused: the consent ${k} is both given and refused`)
    )
  })

  it("no key at all is refused, naming given", () => {
    expect(decodeFailure(SubmitConsentsQuery, {})).toMatch(/^given: at least one consent key/)
  })
})

describe("over HTTP (in process)", () => {
  class Api extends HttpApi.make("consentsTest").add(ConsentsGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const handlers = HttpApiBuilder.group(Api, "consents", (h) =>
    h
      .handle("cartConsents", ({ payload }) => Effect.succeed({ customer: { consents: payload.consents } }))
      .handle("submitConsents", ({ query }) =>
        Effect.succeed({
          customer: {
            consents: Object.fromEntries([
              ...(query.given ?? []).map((k) => [k, true] as const),
              ...(query.refused ?? []).map((k) => [k, false] as const)
            ])
          }
        })
      )
      .handle("setConsent", ({ payload }) => Effect.succeed({ consents: { [payload.consentCode]: payload.consentValue } }))
      .handle("setPanelConsent", ({ payload }) => Effect.succeed({ consents: { gdpr_panel: payload.consentValue } }))
      .handle("updateConsents", ({ payload }) => Effect.succeed({ consents: payload.consents }))
  )
  const routes = HttpApiBuilder.layer(Api).pipe(
    Layer.provide(handlers),
    Layer.provide([CsrfPassThrough, HttpApiMiddleware.layerProblemDetails()])
  )
  const { handler, dispose } = HttpRouter.toWebHandler(routes.pipe(Layer.provide(NodeHttpServer.layerHttpServices)), {
    disableLogger: true
  })
  afterAll(dispose)

  it.effect("submit sends repeated given/refused parameters; the panel consent is recorded as gdpr_panel", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      const submitted = yield* client.consents.submitConsents({
        query: { given: ["marketing_1p", "personal_data_3p"], refused: ["marketing_3p"] }
      })
      expect(submitted.customer?.consents).toEqual({ marketing_1p: true, personal_data_3p: true, marketing_3p: false })
      const single = yield* client.consents.submitConsents({ query: { given: ["gdpr_personal_collection"] } })
      expect(single.customer?.consents).toEqual({ gdpr_personal_collection: true })
      expect(yield* client.consents.setPanelConsent({ payload: { consentValue: true } })).toEqual({
        consents: { gdpr_panel: true }
      })
      const raw = yield* Effect.promise(() =>
        handler(new Request("http://shop.test/api/v2/cart.cart-api/submit-consents?given=x&refused=x"))
      )
      expect(raw.status).toBe(400)
    }).pipe(Effect.provide(webHandlerClient(handler))))
})
