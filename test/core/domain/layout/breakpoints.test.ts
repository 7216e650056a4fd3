import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  desktopBreakpointPx,
  deviceBreakpointsPx,
  deviceFor,
  devices,
  resizeDebounceMs,
  smallestMobileWidthPx,
  tabletBreakpointPx
} from "../../../../core/domain/layout.ts"

const rank = (device: string): number => devices.indexOf(device as (typeof devices)[number])

describe("breakpoints (§2, §9)", () => {
  test("spec constants: 1024, 640, 320 and resize debounce 300 ms", () => {
    expect(desktopBreakpointPx).toBe(1024)
    expect(tabletBreakpointPx).toBe(640)
    expect(smallestMobileWidthPx).toBe(320)
    expect(deviceBreakpointsPx).toEqual([1024, 640, 320])
    expect(resizeDebounceMs).toBe(300)
  })

  test("edges: desktop above 1024, tablet from 640, mobile below 640", () => {
    expect(deviceFor(1025)).toBe("desktop")
    expect(deviceFor(1024.5)).toBe("desktop")
    expect(deviceFor(1024)).toBe("tablet")
    expect(deviceFor(640)).toBe("tablet")
    expect(deviceFor(639.9)).toBe("mobile")
    expect(deviceFor(320)).toBe("mobile")
    expect(deviceFor(0)).toBe("mobile")
    expect(deviceFor(Number.NaN)).toBe("mobile")
    expect(deviceFor(Number.POSITIVE_INFINITY)).toBe("desktop")
  })

  test.prop([fc.double({ noNaN: true })])("every width falls in exactly the class of §2", (w) => {
    const device = deviceFor(w)
    expect(device === "desktop").toBe(w > 1024)
    expect(device === "mobile").toBe(w < 640)
    expect(device === "tablet").toBe(w >= 640 && w <= 1024)
  })

  test.prop([fc.double({ noNaN: true }), fc.double({ noNaN: true })])("a wider viewport never gives a narrower device class", (a, b) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a]
    expect(rank(deviceFor(lo))).toBeLessThanOrEqual(rank(deviceFor(hi)))
  })
})
