/**
 * Contract of the post outlet search (spec §7 POST /api/post-outlet/find; §5 min 2 characters; §9 price 2500).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { OutletSearchResult, OutletsGroup } from "../../core/api/outlets.ts"
import { outletSearchParams } from "../../core/domain/outlet.ts"
import { csrfProtectedOf, jsonWireRoundTrip, payloadCodecOf, rejectedPaths, routesOf, timeoutOf, undescribedOf } from "./_c1Harness.ts"

/** Queries of at least 2 code points once trimmed (§5). */
const searchable = fc.string({ unit: "grapheme", minLength: 2 }).filter((s) => Array.from(s.trim()).length >= 2)
const timestampArb = fc.integer({ min: 0, max: 4102444800000 })

describe("outlets contract", () => {
  it("has the spec's path, is not CSRF-protected (a search), 5000 ms, described", () => {
    expect(routesOf(OutletsGroup)).toEqual([["find", "POST", "/api/post-outlet/find"]])
    expect(csrfProtectedOf(OutletsGroup)).toEqual([])
    expect(timeoutOf(OutletsGroup, "find")).toBe(5000)
    expect(undescribedOf(OutletsGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([searchable, timestampArb])("the domain's search parameters round-trip through JSON", (query, timestamp) => {
    const params = outletSearchParams(query, timestamp)
    expect(params.purchasePrice).toBe(2500)
    expect(jsonWireRoundTrip(OutletsGroup, "find", params)).toEqual(params)
  })

  test.prop([fc.string().filter((s) => Array.from(s.trim()).length < 2), timestampArb])(
    "refuses a query shorter than 2 characters once trimmed, naming find",
    (find, timestamp) => {
      expect(rejectedPaths(payloadCodecOf(OutletsGroup, "find"), { find, purchasePrice: 2500, timestamp })).toEqual(["find"])
    }
  )

  test.prop([searchable, fc.oneof(fc.double({ max: -Number.MIN_VALUE }), fc.string(), fc.constant(null))])(
    "refuses a negative or non-numeric purchasePrice, naming it",
    (find, purchasePrice) => {
      expect(rejectedPaths(payloadCodecOf(OutletsGroup, "find"), { find, purchasePrice, timestamp: 1 })).toEqual([
        "purchasePrice"
      ])
    }
  )

  test.prop([searchable, fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.string())])(
    "refuses a timestamp that is not a non-negative whole number, naming it",
    (find, timestamp) => {
      expect(rejectedPaths(payloadCodecOf(OutletsGroup, "find"), { find, purchasePrice: 2500, timestamp })).toEqual([
        "timestamp"
      ])
    }
  )

  it("reads outlets with postAddress and zip", () => {
    expect(
      Schema.decodeUnknownSync(OutletSearchResult)({ outlets: [{ postAddress: "Praha 1", zip: 11000 }] })
    ).toEqual({ outlets: [{ postAddress: "Praha 1", zip: "11000" }] })
  })
})
