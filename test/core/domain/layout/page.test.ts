import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  backToTopThresholdPx,
  backToTopVisible,
  headerHideTimerMs,
  mapDefaultZoom,
  mapDistanceChangeLimit,
  mapZoomChangeLevel,
  menuCacheFresh,
  menuCacheSeconds,
  menuDelays,
  menuDelaysFirstReading,
  menuDelaysSecondReading,
  spinnerDots
} from "../../../../core/domain/layout.ts"

describe("page widgets, menu and map constants (§2, §4, §9)", () => {
  test("spec constants: back-to-top 1000 px, header hide 5000 ms, spinner 8 dots, map zoom 8, zoom change 0.5, distance limit 60", () => {
    expect(backToTopThresholdPx).toBe(1000)
    expect(headerHideTimerMs).toBe(5000)
    expect(spinnerDots).toBe(8)
    expect(mapDefaultZoom).toBe(8)
    expect(mapZoomChangeLevel).toBe(0.5)
    expect(mapDistanceChangeLimit).toBe(60)
  })

  test("back-to-top: strictly beyond 1000 px", () => {
    expect(backToTopVisible(1000)).toBe(false)
    expect(backToTopVisible(1000.5)).toBe(true)
    expect(backToTopVisible(1001)).toBe(true)
    expect(backToTopVisible(0)).toBe(false)
    expect(backToTopVisible(Number.NaN)).toBe(false)
  })

  test.prop([fc.double({ noNaN: true }), fc.double({ noNaN: true })])("back-to-top is monotone in the scroll offset and off up to 1000 px", (a, b) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a]
    if (backToTopVisible(lo)) expect(backToTopVisible(hi)).toBe(true)
    if (hi <= 1000) expect(backToTopVisible(hi)).toBe(false)
    else expect(backToTopVisible(hi)).toBe(true)
  })

  test("menu delays: both readings of §9, the first is the default", () => {
    expect(menuDelaysFirstReading).toEqual({ primaryHoverMs: 300, secondaryHoverMs: 100, navOpenMs: 750, navCloseMs: 100 })
    expect(menuDelaysSecondReading).toEqual({ primaryHoverMs: 250, secondaryHoverMs: 100, navOpenMs: 750, navCloseMs: 100 })
    expect(menuDelays).toBe(menuDelaysFirstReading)
  })

  test("menu cache 3600 s: fresh at 3599.999 s, stale at 3600 s and when stored in the future", () => {
    expect(menuCacheSeconds).toBe(3600)
    expect(menuCacheFresh(0, 0)).toBe(true)
    expect(menuCacheFresh(0, 3_599_999)).toBe(true)
    expect(menuCacheFresh(0, 3_600_000)).toBe(false)
    expect(menuCacheFresh(10, 9)).toBe(false)
  })

  test.prop([fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: -(2 ** 30), max: 2 ** 30 })])(
    "a cached menu is fresh exactly while its age is in [0 s, 3600 s)",
    (storedAt, age) => {
      expect(menuCacheFresh(storedAt, storedAt + age)).toBe(age >= 0 && age < 3_600_000)
    }
  )
})
