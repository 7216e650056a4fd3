import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type Device,
  type Drawer,
  type DrawersEvent,
  type DrawersState,
  devices,
  drawerHideDeadline,
  drawers,
  drawersReducer,
  initialDrawers,
  isDrawerOpen,
  widgetAutoHideDelayMs
} from "../../../../core/domain/layout.ts"

const anyDrawer = fc.constantFrom(...drawers)
const anyDevice = fc.constantFrom(...devices)
const hoverDevice = fc.constantFrom<Device>("tablet", "desktop")
const kinds = ["pointerEnter", "pointerLeave", "toggle", "escape", "tick", "deviceChanged"] as const
type Kind = (typeof kinds)[number]

interface Step {
  readonly kind: Kind
  readonly drawer: Drawer
  readonly device: Device
  readonly gap: number
}

const stepOf = (allowed: ReadonlyArray<Kind>): fc.Arbitrary<Step> =>
  fc.record({
    kind: fc.constantFrom(...allowed),
    drawer: anyDrawer,
    device: anyDevice,
    gap: fc.oneof(fc.integer({ min: 0, max: 1200 }), fc.constantFrom(0, 899, 900, 901))
  })

const toEvents = (steps: ReadonlyArray<Step>, start = 0): Array<DrawersEvent> => {
  let at = start
  return steps.map((s) => {
    at += s.gap
    switch (s.kind) {
      case "pointerEnter":
      case "pointerLeave":
      case "toggle":
        return { type: s.kind, drawer: s.drawer, at }
      case "escape":
      case "tick":
        return { type: s.kind, at }
      case "deviceChanged":
        return { type: s.kind, device: s.device, at }
    }
  })
}

const run = (state: DrawersState, events: ReadonlyArray<DrawersEvent>): DrawersState => events.reduce(drawersReducer, state)

/**
 * Independent statement of §2 for hover-only input: the open drawer is the one of the last
 * pointerEnter made off mobile, unless Escape or a switch to mobile came after it, or the pointer
 * left it at least 900 ms before the last event.
 */
const hoverOracle = (initialDevice: Device, events: ReadonlyArray<DrawersEvent>): Drawer | null => {
  let device = initialDevice
  let lastEnter = -1
  events.forEach((e, i) => {
    if (e.type === "deviceChanged") device = e.device
    if (e.type === "pointerEnter" && device !== "mobile") lastEnter = i
  })
  const enter = events[lastEnter]
  if (enter === undefined || enter.type !== "pointerEnter") return null
  const after = events.slice(lastEnter + 1)
  if (after.some((e) => e.type === "escape" || (e.type === "deviceChanged" && e.device === "mobile"))) return null
  const leave = after.find((e) => e.type === "pointerLeave" && e.drawer === enter.drawer)
  const end = events[events.length - 1]?.at ?? 0
  return leave !== undefined && end >= leave.at + 900 ? null : enter.drawer
}

describe("drawers (§2, §9)", () => {
  test("spec constants: the cart, wishlist and login drawers; widget auto-hide delay 900 ms", () => {
    expect(widgetAutoHideDelayMs).toBe(900)
    expect([...drawers].sort()).toEqual(["cart", "login", "wishlist"])
  })

  test("hovering another drawer closes the first; the hide delay is 900 ms", () => {
    const s1 = run(initialDrawers("desktop"), [
      { type: "pointerEnter", drawer: "cart", at: 0 },
      { type: "pointerEnter", drawer: "wishlist", at: 10 }
    ])
    expect(isDrawerOpen(s1, "cart")).toBe(false)
    expect(isDrawerOpen(s1, "wishlist")).toBe(true)
    const s2 = drawersReducer(s1, { type: "pointerLeave", drawer: "wishlist", at: 100 })
    expect(drawerHideDeadline(s2)).toBe(1000)
    expect(drawersReducer(s2, { type: "tick", at: 999 }).open).toBe("wishlist")
    expect(drawersReducer(s2, { type: "tick", at: 1000 }).open).toBe(null)
  })

  test("keyboard: toggle opens and closes, Escape closes", () => {
    const opened = drawersReducer(initialDrawers("tablet"), { type: "toggle", drawer: "login", at: 0 })
    expect(opened.open).toBe("login")
    expect(drawersReducer(opened, { type: "toggle", drawer: "login", at: 1 }).open).toBe(null)
    expect(drawersReducer(opened, { type: "toggle", drawer: "cart", at: 1 }).open).toBe("cart")
    expect(drawersReducer(opened, { type: "escape", at: 1 }).open).toBe(null)
  })

  test.prop([anyDevice, fc.array(stepOf(["pointerEnter", "pointerLeave", "tick", "escape", "deviceChanged"]), { maxLength: 40 })])(
    "hover input: the open drawer is the one the §2 statement gives",
    (device, steps) => {
      const events = toEvents(steps)
      expect(run(initialDrawers(device), events).open).toBe(hoverOracle(device, events))
    }
  )

  test.prop([anyDevice, fc.array(stepOf(kinds), { maxLength: 40 })])(
    "any input: at most one drawer open, none on mobile, and never past its hide time",
    (device, steps) => {
      let state = initialDrawers(device)
      for (const event of toEvents(steps)) {
        state = drawersReducer(state, event)
        expect(drawers.filter((d) => isDrawerOpen(state, d)).length).toBeLessThanOrEqual(1)
        if (state.device === "mobile") expect(state.open).toBe(null)
        const deadline = drawerHideDeadline(state)
        if (deadline !== null) expect(deadline).toBeGreaterThan(event.at)
        if (event.type === "deviceChanged") expect(state.device).toBe(event.device)
      }
    }
  )

  test.prop([
    anyDevice,
    fc.array(stepOf(kinds), { maxLength: 20 }),
    hoverDevice,
    anyDrawer,
    fc.array(stepOf(["tick", "pointerLeave"]), { maxLength: 10 }),
    fc.array(fc.integer({ min: 0, max: 2500 }), { maxLength: 20 })
  ])(
    "a drawer left at t is still open before t+900 and closed from t+900 without re-entry",
    (device, prefix, hover, drawer, noise, offsets) => {
      const before = toEvents(prefix)
      const t0 = before[before.length - 1]?.at ?? 0
      let state = run(initialDrawers(device), [
        ...before,
        { type: "deviceChanged", device: hover, at: t0 },
        { type: "pointerEnter", drawer, at: t0 }
      ])
      const others = toEvents(noise, t0).filter((e) => e.type === "tick" || (e.type === "pointerLeave" && e.drawer !== drawer))
      state = run(state, others)
      expect(state.open).toBe(drawer)
      const t = (others[others.length - 1]?.at ?? t0) + 1
      state = drawersReducer(state, { type: "pointerLeave", drawer, at: t })
      for (const offset of [...offsets].sort((a, b) => a - b)) {
        state = drawersReducer(state, offset % 3 === 0 ? { type: "pointerLeave", drawer, at: t + offset } : { type: "tick", at: t + offset })
        expect(isDrawerOpen(state, drawer)).toBe(offset < widgetAutoHideDelayMs)
      }
    }
  )

  test.prop([hoverDevice, anyDrawer, fc.integer({ min: 0, max: 899 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 10 })])(
    "re-entering before the delay keeps the drawer open",
    (device, drawer, back, later) => {
      let state = run(initialDrawers(device), [
        { type: "pointerEnter", drawer, at: 0 },
        { type: "pointerLeave", drawer, at: 10 },
        { type: "pointerEnter", drawer, at: 10 + back }
      ])
      for (const at of [...later].sort((a, b) => a - b)) {
        state = drawersReducer(state, { type: "tick", at: 10 + back + at })
        expect(state.open).toBe(drawer)
      }
    }
  )

  test.prop([anyDevice, fc.array(stepOf(kinds), { maxLength: 30 }), anyDrawer, fc.integer({ min: 0, max: 2000 })])(
    "toggle opens a closed drawer (closing the other) and closes an open one; ignored on mobile",
    (device, steps, drawer, gap) => {
      const events = toEvents(steps)
      const state = run(initialDrawers(device), events)
      const at = (events[events.length - 1]?.at ?? 0) + gap
      const asOfNow = drawersReducer(state, { type: "tick", at })
      const after = drawersReducer(state, { type: "toggle", drawer, at })
      if (state.device === "mobile") expect(after.open).toBe(null)
      else expect(after.open).toBe(asOfNow.open === drawer ? null : drawer)
      expect(drawersReducer(state, { type: "escape", at }).open).toBe(null)
    }
  )
})
