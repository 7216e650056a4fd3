import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  backToTopThresholdPx,
  backToTopVisible,
  headerHideReducer,
  headerHideTimerMs,
  initialHeaderHide,
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

describe("header hide timer (§9: 5000 ms)", () => {
  const scroll = (scrollY: number, at: number) => ({ type: "scroll", scrollY, at }) as const
  const tick = (at: number) => ({ type: "tick", at }) as const

  test("hides 5000 ms after scrolling down starts, not at 4999; further scrolling down does not restart the wait", () => {
    let state = initialHeaderHide(0)
    state = headerHideReducer(state, scroll(100, 1000))
    state = headerHideReducer(state, scroll(400, 3000))
    expect(state.hideAt).toBe(6000)
    expect(headerHideReducer(state, tick(5999)).hidden).toBe(false)
    expect(headerHideReducer(state, tick(6000)).hidden).toBe(true)
  })

  test("scrolling up, reaching the top or holding the header shows it and cancels the wait", () => {
    const pending = headerHideReducer(initialHeaderHide(0), scroll(300, 0))
    const hidden = headerHideReducer(pending, tick(5000))
    expect(hidden.hidden).toBe(true)
    expect(headerHideReducer(hidden, scroll(200, 6000))).toMatchObject({ hidden: false, hideAt: null })
    expect(headerHideReducer(pending, scroll(0, 100))).toMatchObject({ hidden: false, hideAt: null })
    const held = headerHideReducer(pending, { type: "hold" })
    expect(held).toMatchObject({ hidden: false, hideAt: null, held: true })
    expect(headerHideReducer(headerHideReducer(held, scroll(900, 200)), tick(99_999)).hidden).toBe(false)
    expect(headerHideReducer(headerHideReducer(held, { type: "release" }), scroll(950, 300)).hideAt).toBe(5300)
  })

  const event = fc.oneof(
    fc.record({ type: fc.constant("scroll" as const), scrollY: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constant(Number.NaN)), dt: fc.nat(8000) }),
    fc.record({ type: fc.constant("tick" as const), dt: fc.nat(8000) }),
    fc.record({ type: fc.constantFrom("hold" as const, "release" as const), dt: fc.nat(8000) })
  )

  test.prop([fc.array(event, { maxLength: 40 })])(
    "any input: never hidden at the top or while held; a pending hide is exactly 5000 ms after a downward scroll; hidden only by a tick past it",
    (events) => {
      let state = initialHeaderHide(0)
      let at = 0
      let lastDownAt: number | null = null
      for (const e of events) {
        at += e.dt
        const next = e.type === "scroll" ? headerHideReducer(state, { type: "scroll", scrollY: e.scrollY, at })
          : e.type === "tick" ? headerHideReducer(state, { type: "tick", at })
          : headerHideReducer(state, { type: e.type })
        if (next.hideAt !== null && state.hideAt === null) {
          expect(e.type).toBe("scroll")
          lastDownAt = at
          expect(next.hideAt).toBe(at + headerHideTimerMs)
        }
        if (next.hidden && !state.hidden) {
          expect(e.type).toBe("tick")
          expect(lastDownAt).not.toBeNull()
          expect(at).toBeGreaterThanOrEqual((lastDownAt ?? 0) + headerHideTimerMs)
        }
        if (next.held) expect(next.hidden).toBe(false)
        if (e.type === "scroll" && e.scrollY === 0) expect(next.hidden).toBe(false)
        state = next
      }
    }
  )
})
