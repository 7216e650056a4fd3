/**
 * Contract of the products availability call (spec §7 /api/client/getProductsAvailability; method and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { AvailabilityGroup } from "../../core/api/availability.ts"
import {
  csrfProtectedOf,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("availability contract", () => {
  it("has the spec's path, read-only, 5000 ms, described", () => {
    expect(routesOf(AvailabilityGroup)).toEqual([
      ["getProductsAvailability", "GET", "/api/client/getProductsAvailability"]
    ])
    expect(csrfProtectedOf(AvailabilityGroup)).toEqual([])
    expect(timeoutOf(AvailabilityGroup, "getProductsAvailability")).toBe(5000)
    expect(undescribedOf(AvailabilityGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([fc.array(positiveIdArb, { minLength: 1, maxLength: 30 })])(
    "variant ids survive the query string, joined by commas",
    (variantIds) => {
      expect(queryWireRoundTrip(AvailabilityGroup, "getProductsAvailability", { variantIds })).toEqual({ variantIds })
      expect(rejectedPaths(queryCodecOf(AvailabilityGroup, "getProductsAvailability"), { variantIds: variantIds.join(",") })).toBe(
        "accepted"
      )
    }
  )

  test.prop([
    fc.oneof(
      fc.constantFrom("", ",", "1,", ",1", "1,,2", "1, 2", "0", "1,-2", "a,b", "1.5"),
      fc.string().filter((s) => !/^[1-9]\d*(,[1-9]\d*)*$/.test(s))
    )
  ])("refuses anything but positive ids joined by commas, naming variantIds", (variantIds) => {
    expect(rejectedPaths(queryCodecOf(AvailabilityGroup, "getProductsAvailability"), { variantIds })).toEqual([
      "variantIds"
    ])
  })
})
