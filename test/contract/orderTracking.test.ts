/**
 * Contract of the pick-up code call (spec §7 /api/tracking/getPickupCode; method and shapes ours).
 */
import { test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { OrderTrackingGroup } from "../../core/api/orderTracking.ts"
import {
  blankArb,
  csrfProtectedOf,
  errorStatusesOf,
  nonBlankArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("order tracking contract", () => {
  it("has the spec's path, read-only, shop timeout 5000 ms (not the tracking API's 2000), login, 404", () => {
    expect(routesOf(OrderTrackingGroup)).toEqual([["getPickupCode", "GET", "/api/tracking/getPickupCode"]])
    expect(csrfProtectedOf(OrderTrackingGroup)).toEqual([])
    expect(timeoutOf(OrderTrackingGroup, "getPickupCode")).toBe(5000)
    expect(errorStatusesOf(OrderTrackingGroup, "getPickupCode")).toEqual([401, 404])
    expect(undescribedOf(OrderTrackingGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([nonBlankArb])("orderId survives the query string", (orderId) => {
    expect(queryWireRoundTrip(OrderTrackingGroup, "getPickupCode", { orderId })).toEqual({ orderId })
  })

  test.prop([blankArb])("refuses a blank orderId, naming it", (orderId) => {
    expect(rejectedPaths(queryCodecOf(OrderTrackingGroup, "getPickupCode"), { orderId })).toEqual(["orderId"])
  })
})
