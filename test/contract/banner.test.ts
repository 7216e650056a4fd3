/**
 * Contract of the banner calls (spec §7 PUT /api/banner/impression and /api/banner/hit; the slides GET is ours).
 */
import { test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { BannerGroup, BannerSlides } from "../../core/api/banner.ts"
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

describe("banner contract", () => {
  it("has the spec's paths and the chosen slides path", () => {
    expect(routesOf(BannerGroup)).toEqual(
      sortRoutes([
        ["impression", "PUT", "/api/banner/impression"],
        ["hit", "PUT", "/api/banner/hit"],
        ["slides", "GET", "/api/banner/slides"],
        ["floating", "GET", "/api/banner/floating"]
      ])
    )
  })

  it("protects the counters, not the slides; 5000 ms; described; 404 for an unknown banner", () => {
    expect(csrfProtectedOf(BannerGroup)).toEqual(["hit", "impression"])
    for (const name of ["impression", "hit", "slides", "floating"]) expect(timeoutOf(BannerGroup, name)).toBe(5000)
    expect(undescribedOf(BannerGroup, OpenApi.Description)).toEqual([])
    expect(errorStatusesOf(BannerGroup, "impression")).toEqual([404])
    expect(errorStatusesOf(BannerGroup, "hit")).toEqual([404])
  })

  for (const name of ["impression", "hit"]) {
    test.prop([positiveIdArb])(`${name}: bannerId round-trips through JSON`, (bannerId) => {
      expect(jsonWireRoundTrip(BannerGroup, name, { bannerId })).toEqual({ bannerId })
    })
    test.prop([notPositiveIdJsonArb])(`${name}: refuses a bannerId that is not a positive whole number, naming it`, (bannerId) => {
      expect(rejectedPaths(payloadCodecOf(BannerGroup, name), { bannerId })).toEqual(["bannerId"])
    })
  }

  it("reads the slides of §3", () => {
    const slide = { id: "4", url: "/sale", image_url: "/b.jpg", title: "Sale", bg_color1: "#fff" }
    expect(Schema.decodeUnknownSync(BannerSlides)({ slides: [slide] })).toEqual({ slides: [{ ...slide, id: 4 }] })
  })
})
