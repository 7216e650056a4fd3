import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type CarouselClick,
  type CarouselLayout,
  type CarouselState,
  carouselAnimationMs,
  carouselArrows,
  carouselClickIgnoreMs,
  carouselDesktopStep,
  carouselMaxPosition,
  carouselReducer,
  carouselStep,
  carouselStepOtherwise,
  devices,
  initialCarousel
} from "../../../../core/domain/layout.ts"

const anyDevice = fc.constantFrom(...devices)
const anyLayout: fc.Arbitrary<CarouselLayout> = fc.record({
  itemCount: fc.integer({ min: 0, max: 40 }),
  visibleCount: fc.integer({ min: 1, max: 8 }),
  device: anyDevice
})
const clicks = fc.array(
  fc.record({
    direction: fc.constantFrom<"next" | "prev">("next", "prev"),
    gap: fc.oneof(fc.integer({ min: 0, max: 1200 }), fc.constantFrom(0, 499, 500, 501))
  }),
  { maxLength: 40 }
)

const toClicks = (
  steps: ReadonlyArray<{ direction: "next" | "prev"; gap: number }>
): Array<CarouselClick> => {
  let at = 1_000
  return steps.map((s) => {
    at += s.gap
    return { type: s.direction, at }
  })
}

describe("carousel (§4, §9)", () => {
  test("spec constants: step 3 on desktop and 1 otherwise, animation 300 ms, clicks ignored within 500 ms", () => {
    expect(carouselDesktopStep).toBe(3)
    expect(carouselStepOtherwise).toBe(1)
    expect(carouselStep("desktop")).toBe(3)
    expect(carouselStep("tablet")).toBe(1)
    expect(carouselStep("mobile")).toBe(1)
    expect(carouselAnimationMs).toBe(300)
    expect(carouselClickIgnoreMs).toBe(500)
  })

  test("10 items, 4 visible, desktop: 0, 3, 6 then the next arrow is disabled; a click at 499 ms is ignored, at 500 ms accepted", () => {
    let s = initialCarousel({ itemCount: 10, visibleCount: 4, device: "desktop" })
    expect(carouselArrows(s)).toEqual({ hidden: false, prevDisabled: true, nextDisabled: false })
    s = carouselReducer(s, { type: "next", at: 0 })
    expect(s.position).toBe(3)
    expect(carouselReducer(s, { type: "next", at: 499 }).position).toBe(3)
    s = carouselReducer(s, { type: "next", at: 500 })
    expect(s.position).toBe(6)
    expect(carouselArrows(s)).toEqual({ hidden: false, prevDisabled: false, nextDisabled: true })
    expect(carouselReducer(s, { type: "next", at: 5000 })).toBe(s)
  })

  test("all content fits: arrows hidden", () => {
    expect(carouselArrows(initialCarousel({ itemCount: 4, visibleCount: 4, device: "desktop" })).hidden).toBe(true)
    expect(carouselArrows(initialCarousel({ itemCount: 0, visibleCount: 4, device: "mobile" })).hidden).toBe(true)
    expect(carouselArrows(initialCarousel({ itemCount: 5, visibleCount: 4, device: "mobile" })).hidden).toBe(false)
  })

  test.prop([anyLayout])("arrows are hidden exactly when all items fit", (layout) => {
    expect(carouselArrows(initialCarousel(layout)).hidden).toBe(layout.itemCount <= layout.visibleCount)
  })

  test.prop([anyLayout, clicks])("the position stays a whole number in [0, items - visible]", (layout, steps) => {
    let s = initialCarousel(layout)
    for (const event of toClicks(steps)) {
      s = carouselReducer(s, event)
      expect(Number.isInteger(s.position)).toBe(true)
      expect(s.position).toBeGreaterThanOrEqual(0)
      expect(s.position).toBeLessThanOrEqual(Math.max(0, layout.itemCount - layout.visibleCount))
    }
  })

  test.prop([anyLayout, clicks])(
    "every move goes the clicked way by the device step or to the end, at least 500 ms after the previous move",
    (layout, steps) => {
      const step = layout.device === "desktop" ? 3 : 1
      const end = Math.max(0, layout.itemCount - layout.visibleCount)
      let s = initialCarousel(layout)
      let lastMove: number | null = null
      for (const event of toClicks(steps)) {
        const arrows = carouselArrows(s)
        const next = carouselReducer(s, event)
        const delta = next.position - s.position
        const disabled = event.type === "next" ? arrows.nextDisabled : arrows.prevDisabled
        const tooSoon = lastMove !== null && event.at - lastMove < 500
        if (disabled || tooSoon) expect(next).toEqual(s)
        else {
          expect(delta).not.toBe(0)
          if (event.type === "next") expect(delta === step || next.position === end).toBe(true)
          else expect(-delta === step || next.position === 0).toBe(true)
          expect(Math.sign(delta)).toBe(event.type === "next" ? 1 : -1)
          expect(Math.abs(delta)).toBeLessThanOrEqual(step)
        }
        if (delta !== 0) lastMove = event.at
        s = next
      }
    }
  )

  test.prop([anyLayout])("clicking next every 500 ms reaches the end in ceil(max/step) moves and then disables it", (layout) => {
    const max = carouselMaxPosition(layout)
    const step = carouselStep(layout.device)
    let s = initialCarousel(layout)
    let moves = 0
    for (let i = 0; i < 50; i++) {
      const next = carouselReducer(s, { type: "next", at: i * 500 })
      if (next.position !== s.position) moves++
      s = next
    }
    expect(moves).toBe(Math.ceil(max / step))
    expect(s.position).toBe(max)
    expect(carouselArrows(s).nextDisabled).toBe(true)
  })

  test.prop([anyLayout, clicks, anyLayout])("a layout change keeps the position, clamped to the new end", (layout, steps, resized) => {
    const s: CarouselState = toClicks(steps).reduce(carouselReducer, initialCarousel(layout))
    const r = carouselReducer(s, { type: "layoutChanged", ...resized })
    expect(r.position).toBe(Math.min(s.position, Math.max(0, resized.itemCount - resized.visibleCount)))
    expect(r.device).toBe(resized.device)
  })

  test.prop([fc.double(), fc.double(), anyDevice, fc.double()])("non-finite or fractional counts never break the carousel", (items, visible, device, at) => {
    const s = carouselReducer(initialCarousel({ itemCount: items, visibleCount: visible, device }), { type: "next", at })
    expect(Number.isInteger(s.position)).toBe(true)
    expect(s.position).toBeGreaterThanOrEqual(0)
    expect(s.visibleCount).toBeGreaterThanOrEqual(1)
  })
})
