/**
 * Contract of the watchdog calls (§2 clientWatchdog; paths, methods and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { WatchdogGroup } from "../../core/api/watchdog.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  jsonWireRoundTrip,
  notPositiveIdJsonArb,
  payloadCodecOf,
  positiveIdArb,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("watchdog contract", () => {
  it("has the chosen paths under /api/watchdog; changes are protected; login needed; 5000 ms; described", () => {
    expect(routesOf(WatchdogGroup)).toEqual(
      sortRoutes([
        ["list", "GET", "/api/watchdog/list"],
        ["add", "POST", "/api/watchdog/add"],
        ["remove", "POST", "/api/watchdog/remove"]
      ])
    )
    expect(csrfProtectedOf(WatchdogGroup)).toEqual(["add", "remove"])
    expect(errorStatusesOf(WatchdogGroup, "list")).toEqual([401])
    expect(errorStatusesOf(WatchdogGroup, "add")).toEqual([401, 404, 422])
    expect(errorStatusesOf(WatchdogGroup, "remove")).toEqual([401, 404])
    for (const name of ["list", "add", "remove"]) expect(timeoutOf(WatchdogGroup, name)).toBe(5000)
    expect(undescribedOf(WatchdogGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([positiveIdArb, fc.option(fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100), { nil: null }), fc.boolean()])(
    "add: the body round-trips",
    (variantId, priceLimit, watchAvailability) => {
      const body = { variantId, priceLimit, watchAvailability }
      expect(jsonWireRoundTrip(WatchdogGroup, "add", body)).toEqual(body)
    }
  )

  test.prop([notPositiveIdJsonArb])("add and remove: refuse a bad id, naming it", (id) => {
    expect(rejectedPaths(payloadCodecOf(WatchdogGroup, "add"), { variantId: id, priceLimit: null, watchAvailability: true })).toEqual(["variantId"])
    expect(rejectedPaths(payloadCodecOf(WatchdogGroup, "remove"), { watchdogId: id })).toEqual(["watchdogId"])
  })
})
