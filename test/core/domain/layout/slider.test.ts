import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type Device,
  type SliderEvent,
  type SliderState,
  devices,
  initialSlider,
  newsletterSliderPages,
  nextRotationAt,
  shouldAutoRotate,
  sliderAnimationMs,
  sliderAutoRotateMs,
  sliderReducer,
  sliderThumbnailSize
} from "../../../../core/domain/layout.ts"

const anyDevice = fc.constantFrom(...devices)
const kinds = ["mouseEnter", "mouseLeave", "arrowLeft", "arrowRight", "thumbnailClick", "rotate", "rotate", "deviceChanged"] as const

const steps = fc.array(
  fc.record({
    kind: fc.constantFrom(...kinds),
    index: fc.integer({ min: -2, max: 12 }),
    device: anyDevice,
    gap: fc.oneof(fc.integer({ min: 0, max: 9000 }), fc.constantFrom(6999, 7000, 7001))
  }),
  { maxLength: 40 }
)

const toEvents = (
  list: ReadonlyArray<{ kind: (typeof kinds)[number]; index: number; device: Device; gap: number }>
): Array<SliderEvent> => {
  let at = 0
  return list.map((s) => {
    at += s.gap
    switch (s.kind) {
      case "thumbnailClick":
        return { type: s.kind, index: s.index, at }
      case "deviceChanged":
        return { type: s.kind, device: s.device, at }
      default:
        return { type: s.kind, at }
    }
  })
}

const slideCount = fc.integer({ min: 0, max: 10 })

describe("banner slider (§2, §4, §9)", () => {
  test("spec constants: auto-rotate 7000 ms, slide animation 500 ms, thumbnails 55x55, newsletter slider 20 pages", () => {
    expect(sliderAutoRotateMs).toBe(7000)
    expect(sliderAnimationMs).toBe(500)
    expect(sliderThumbnailSize).toEqual({ width: 55, height: 55 })
    expect(newsletterSliderPages).toBe(20)
  })

  test("rotates after 7000 ms on desktop, not at 6999, not on mobile, not while the mouse is over it", () => {
    const s = initialSlider(3, "desktop", 0)
    expect(nextRotationAt(s)).toBe(7000)
    expect(sliderReducer(s, { type: "rotate", at: 6999 }).active).toBe(0)
    expect(sliderReducer(s, { type: "rotate", at: 7000 }).active).toBe(1)
    expect(shouldAutoRotate(initialSlider(3, "mobile", 0))).toBe(false)
    const hovered = sliderReducer(s, { type: "mouseEnter", at: 1 })
    expect(hovered.interrupted).toBe(true)
    expect(shouldAutoRotate(hovered)).toBe(false)
    expect(sliderReducer(hovered, { type: "rotate", at: 100_000 }).active).toBe(0)
    expect(sliderReducer(hovered, { type: "mouseLeave", at: 2 }).interrupted).toBe(false)
  })

  test("arrows wrap around", () => {
    const s = initialSlider(3, "tablet", 0)
    expect(sliderReducer(s, { type: "arrowLeft", at: 1 }).active).toBe(2)
    const last = sliderReducer(s, { type: "thumbnailClick", index: 2, at: 1 })
    expect(last.active).toBe(2)
    expect(sliderReducer(last, { type: "arrowRight", at: 2 }).active).toBe(0)
  })

  test.prop([slideCount, anyDevice, steps])("the active slide is always one of the slides; interrupted follows the last mouse enter/leave", (n, device, list) => {
    let s = initialSlider(n, device, 0)
    let hovering = false
    for (const event of toEvents(list)) {
      s = sliderReducer(s, event)
      if (event.type === "mouseEnter") hovering = true
      if (event.type === "mouseLeave") hovering = false
      expect(Number.isInteger(s.active)).toBe(true)
      expect(s.active).toBeGreaterThanOrEqual(0)
      expect(s.active).toBeLessThan(Math.max(1, n))
      expect(s.interrupted).toBe(hovering)
    }
  })

  test.prop([slideCount, anyDevice, steps])(
    "auto-rotation: never on mobile, while interrupted or with fewer than 2 slides; only 7000 ms after the last other event; then by exactly one",
    (n, device, list) => {
      let s = initialSlider(n, device, 0)
      let quietSince = 0
      for (const event of toEvents(list)) {
        const next = sliderReducer(s, event)
        if (event.type === "rotate") {
          const allowed = n > 1 && s.device !== "mobile" && !s.interrupted
          expect(shouldAutoRotate(s)).toBe(allowed)
          expect(nextRotationAt(s) === null).toBe(!allowed)
          if (allowed && event.at - quietSince >= 7000) {
            expect(next.active).toBe((s.active + 1) % n)
            quietSince = event.at
          } else expect(next).toEqual(s)
        } else quietSince = event.at
        s = next
      }
    }
  )

  test.prop([fc.integer({ min: 1, max: 10 }), anyDevice, steps, fc.nat(20)])("right then left, or n rights, give back the same slide", (n, device, list, k) => {
    const s: SliderState = toEvents(list).reduce(sliderReducer, initialSlider(n, device, 0))
    const at = 1e9
    const back = sliderReducer(sliderReducer(s, { type: "arrowRight", at }), { type: "arrowLeft", at })
    expect(back.active).toBe(s.active)
    let around = s
    for (let i = 0; i < n; i++) around = sliderReducer(around, { type: "arrowRight", at })
    expect(around.active).toBe(s.active)
    const picked = sliderReducer(s, { type: "thumbnailClick", index: k, at })
    expect(picked.active).toBe(k < n ? k : s.active)
  })

  test.prop([fc.double(), anyDevice])("any slide count gives a usable slider", (n, device) => {
    const s = sliderReducer(initialSlider(n, device, 0), { type: "arrowRight", at: 1 })
    expect(Number.isInteger(s.slideCount) && s.slideCount >= 0).toBe(true)
    expect(s.active).toBeGreaterThanOrEqual(0)
    expect(s.active).toBeLessThan(Math.max(1, s.slideCount))
  })
})
