import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { mapDefaultZoom as defaultMapZoom, mapDistanceChangeLimit, mapZoomChangeLevel } from "../../../core/domain/layout/map.ts"
import {
  distanceKm,
  initialMapView,
  isGeoPoint,
  mappableBranches,
  mapViewChanged,
  nearestBranches
} from "../../../core/domain/pickupMap.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) })
const zoom = fc.double({ min: 0, max: 19, noNaN: true })
const view = fc.record({ center: point, zoom })

describe("pick-up point map (§9)", () => {
  test("constants: default zoom 8, zoom-change level 0.5, distance-change limit 60", () => {
    expect([defaultMapZoom, mapZoomChangeLevel, mapDistanceChangeLimit]).toEqual([8, 0.5, 60])
  })

  test("Prague to Brno is about 185 km, Warsaw to Kraków about 252 km", () => {
    expect(distanceKm({ lat: 50.0755, lng: 14.4378 }, { lat: 49.1951, lng: 16.6068 })).toBeCloseTo(185, -1)
    expect(distanceKm({ lat: 52.2297, lng: 21.0122 }, { lat: 50.0647, lng: 19.945 })).toBeCloseTo(252, -1)
  })

  test.prop([point, point])("distance is symmetric, non-negative and zero to itself", (a, b) => {
    expect(distanceKm(a, b)).toBeGreaterThanOrEqual(0)
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 6)
    expect(distanceKm(a, a)).toBeCloseTo(0, 6)
  })

  test.prop([fc.constantFrom(...allShops), fc.option(point, { nil: undefined })])(
    "the map opens at the default zoom on the shipping point, else on the shop's fallback location",
    (shop, shipping) => {
      const opened = initialMapView(shop, shipping)
      expect(opened.zoom).toBe(defaultMapZoom)
      expect(opened.center).toEqual(shipping ?? shop.fallbackLocation)
    }
  )

  test("a shipping point that is no point (garbage, NaN, out of range) falls back to the shop's location", () => {
    const shop = shopById("PL10MA")
    for (const bad of [null, { lat: Number.NaN, lng: 1 }, { lat: 91, lng: 0 }, { lat: "50", lng: "14" }, { lat: 1 }]) {
      expect(initialMapView(shop, bad as never).center).toEqual(shop.fallbackLocation)
    }
  })

  test.prop([view])("an unmoved map loads nothing again", (v) => {
    expect(mapViewChanged(v, v)).toBe(false)
  })

  test.prop([view, fc.double({ min: 0.5, max: 10, noNaN: true }), fc.boolean()])(
    "a zoom change of at least the zoom-change level reloads, whichever way",
    (v, delta, out) => {
      expect(mapViewChanged(v, { ...v, zoom: v.zoom + (out ? -delta : delta) })).toBe(true)
    }
  )

  test.prop([view, point, fc.double({ min: -0.49, max: 0.49, noNaN: true })])(
    "below the zoom-change level, the map reloads exactly when the centre moved more than 60 km",
    (v, center, delta) => {
      expect(mapViewChanged(v, { center, zoom: v.zoom + delta })).toBe(distanceKm(v.center, center) > 60)
    }
  )

  test.prop([view])("the rule is symmetric", (a) => {
    const b = { center: { lat: a.center.lat * 0.9, lng: a.center.lng }, zoom: a.zoom + 0.3 }
    expect(mapViewChanged(a, b)).toBe(mapViewChanged(b, a))
  })

  test.prop([fc.array(fc.record({ id: fc.integer(), lat: fc.oneof(fc.double(), fc.constant(undefined)), lng: fc.oneof(fc.double(), fc.constant(undefined)) }))])(
    "only branches with a valid location are drawn, in their order",
    (branches) => {
      const drawn = mappableBranches(branches)
      expect(drawn.every((b) => isGeoPoint(b))).toBe(true)
      expect(drawn).toEqual(branches.filter((b) => isGeoPoint(b)))
    }
  )
})

describe("the list beside the map", () => {
  const branch = fc.record({ id: fc.integer(), lat: fc.double({ min: -80, max: 80, noNaN: true }), lng: fc.double({ min: -170, max: 170, noNaN: true }) })
  test.prop([fc.array(branch, { maxLength: 40 }), point, fc.integer({ min: 0, max: 50 })])(
    "nearest first, at most the limit, every listed one nearer than every left-out one",
    (branches, center, limit) => {
      const listed = nearestBranches(branches, center, limit)
      expect(listed.length).toBe(Math.min(limit, branches.length))
      const distances = listed.map((b) => distanceKm(center, b))
      expect([...distances].sort((a, b) => a - b)).toEqual(distances)
      const farthest = Math.max(-1, ...distances)
      for (const b of branches.filter((x) => !listed.includes(x))) expect(distanceKm(center, b)).toBeGreaterThanOrEqual(farthest)
    }
  )
})
