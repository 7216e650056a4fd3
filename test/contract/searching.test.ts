/**
 * Contract of the search event call (spec §7 PUT /api/searching/put/ with event, token, type, itemId).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { SearchingGroup } from "../../core/api/searching.ts"
import {
  blankArb,
  csrfProtectedOf,
  jsonWireRoundTrip,
  nonBlankArb,
  notPositiveIdJsonArb,
  payloadCodecOf,
  positiveIdArb,
  rejectedPaths,
  routesOf,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const eventArb = fc.record({ event: nonBlankArb, token: fc.string(), type: nonBlankArb, itemId: positiveIdArb })

describe("searching contract", () => {
  it("has the spec's path (trailing slash kept), CSRF-protected, 5000 ms, described", () => {
    expect(routesOf(SearchingGroup)).toEqual([["put", "PUT", "/api/searching/put/"]])
    expect(csrfProtectedOf(SearchingGroup)).toEqual(["put"])
    expect(timeoutOf(SearchingGroup, "put")).toBe(5000)
    expect(undescribedOf(SearchingGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([eventArb])("an event round-trips through JSON", (event) => {
    expect(jsonWireRoundTrip(SearchingGroup, "put", event)).toEqual(event)
  })

  test.prop([eventArb, notPositiveIdJsonArb])("refuses an itemId that is not a positive whole number, naming it", (event, itemId) => {
    expect(rejectedPaths(payloadCodecOf(SearchingGroup, "put"), { ...event, itemId })).toEqual(["itemId"])
  })

  test.prop([eventArb, fc.constantFrom("event", "type"), blankArb])("refuses a blank event or type, naming it", (event, field, blank) => {
    expect(rejectedPaths(payloadCodecOf(SearchingGroup, "put"), { ...event, [field]: blank })).toEqual([field])
  })

  test.prop([eventArb, fc.oneof(fc.integer(), fc.constant(null))])("refuses a token that is not a string, naming it", (event, token) => {
    expect(rejectedPaths(payloadCodecOf(SearchingGroup, "put"), { ...event, token })).toEqual(["token"])
  })
})
