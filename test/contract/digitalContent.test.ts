/**
 * Contract of the digital content calls (spec §7 "Digital content"; paths, methods and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { DigitalContentGroup } from "../../core/api/digitalContent.ts"
import {
  blankArb,
  csrfProtectedOf,
  errorStatusesOf,
  jsonWireRoundTrip,
  nonBlankArb,
  notPositiveIdJsonArb,
  notPositiveIdStringArb,
  payloadCodecOf,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const opt = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined })
const defined = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))

describe("digital content contract", () => {
  it("has the chosen paths under /api/digital-content", () => {
    expect(routesOf(DigitalContentGroup)).toEqual(
      sortRoutes([
        ["createCustomerApiKey", "POST", "/api/digital-content/createCustomerApiKey"],
        ["getProductLicenseKeys", "GET", "/api/digital-content/getProductLicenseKeys"],
        ["updateCustomerApiKey", "POST", "/api/digital-content/updateCustomerApiKey"],
        ["getDigitalContent", "GET", "/api/digital-content/getDigitalContent"]
      ])
    )
  })

  it("protects the key changes, needs login everywhere, 5000 ms, described", () => {
    expect(csrfProtectedOf(DigitalContentGroup)).toEqual(["createCustomerApiKey", "updateCustomerApiKey"])
    expect(errorStatusesOf(DigitalContentGroup, "createCustomerApiKey")).toEqual([401])
    expect(errorStatusesOf(DigitalContentGroup, "getProductLicenseKeys")).toEqual([401, 404])
    expect(errorStatusesOf(DigitalContentGroup, "updateCustomerApiKey")).toEqual([401, 404])
    expect(errorStatusesOf(DigitalContentGroup, "getDigitalContent")).toEqual([401])
    for (const name of ["createCustomerApiKey", "getProductLicenseKeys", "updateCustomerApiKey"]) {
      expect(timeoutOf(DigitalContentGroup, name)).toBe(5000)
    }
    expect(undescribedOf(DigitalContentGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([opt(nonBlankArb)])("createCustomerApiKey: the optional name round-trips", (name) => {
    const body = defined({ name })
    expect(jsonWireRoundTrip(DigitalContentGroup, "createCustomerApiKey", body)).toEqual(body)
  })

  test.prop([blankArb])("createCustomerApiKey: refuses a blank name, naming it", (name) => {
    expect(rejectedPaths(payloadCodecOf(DigitalContentGroup, "createCustomerApiKey"), { name })).toEqual(["name"])
  })

  test.prop([positiveIdArb, opt(nonBlankArb), opt(fc.boolean())])(
    "updateCustomerApiKey: the body round-trips",
    (apiKeyId, name, active) => {
      const body = defined({ apiKeyId, name, active })
      expect(jsonWireRoundTrip(DigitalContentGroup, "updateCustomerApiKey", body)).toEqual(body)
    }
  )

  test.prop([notPositiveIdJsonArb])("updateCustomerApiKey: refuses a bad apiKeyId, naming it", (apiKeyId) => {
    expect(rejectedPaths(payloadCodecOf(DigitalContentGroup, "updateCustomerApiKey"), { apiKeyId })).toEqual(["apiKeyId"])
  })

  test.prop([positiveIdArb, positiveIdArb])("getProductLicenseKeys: the query round-trips", (purchaseId, productId) => {
    expect(queryWireRoundTrip(DigitalContentGroup, "getProductLicenseKeys", { purchaseId, productId })).toEqual({
      purchaseId,
      productId
    })
  })

  test.prop([notPositiveIdStringArb, fc.constantFrom("purchaseId", "productId")])(
    "getProductLicenseKeys: refuses a bad id, naming it",
    (bad, field) => {
      const query = { purchaseId: "1", productId: "2", [field]: bad }
      expect(rejectedPaths(queryCodecOf(DigitalContentGroup, "getProductLicenseKeys"), query)).toEqual([field])
    }
  )
})
