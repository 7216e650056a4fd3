/**
 * Contract of the confirmation page calls (spec §7 /confirmation/load and /confirmation/token; methods and shapes
 * ours).
 */
import { test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { ConfirmationData, ConfirmationGroup } from "../../core/api/confirmation.ts"
import {
  blankArb,
  csrfProtectedOf,
  errorStatusesOf,
  nonBlankArb,
  notPositiveIdStringArb,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("confirmation contract", () => {
  it("has the spec's paths, read-only GETs, 5000 ms, 404, described", () => {
    expect(routesOf(ConfirmationGroup)).toEqual(
      sortRoutes([
        ["load", "GET", "/confirmation/load"],
        ["token", "GET", "/confirmation/token"]
      ])
    )
    expect(csrfProtectedOf(ConfirmationGroup)).toEqual([])
    for (const name of ["load", "token"]) {
      expect(timeoutOf(ConfirmationGroup, name)).toBe(5000)
      expect(errorStatusesOf(ConfirmationGroup, name)).toEqual([404])
    }
    expect(undescribedOf(ConfirmationGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([nonBlankArb])("load: the token survives the query string", (token) => {
    expect(queryWireRoundTrip(ConfirmationGroup, "load", { token })).toEqual({ token })
  })

  test.prop([blankArb])("load: refuses a blank token, naming it", (token) => {
    expect(rejectedPaths(queryCodecOf(ConfirmationGroup, "load"), { token })).toEqual(["token"])
  })

  test.prop([positiveIdArb])("token: purchaseId survives the query string", (purchaseId) => {
    expect(queryWireRoundTrip(ConfirmationGroup, "token", { purchaseId })).toEqual({ purchaseId })
  })

  test.prop([notPositiveIdStringArb])("token: refuses a bad purchaseId, naming it", (purchaseId) => {
    expect(rejectedPaths(queryCodecOf(ConfirmationGroup, "token"), { purchaseId })).toEqual(["purchaseId"])
  })

  it("reads the purchase of §3", () => {
    expect(
      Schema.decodeUnknownSync(ConfirmationData)({ purchaseId: "55", purchase: { orderId: 2024000123, items: [] } })
    ).toEqual({ purchaseId: 55, purchase: { orderId: "2024000123", items: [] } })
  })
})
