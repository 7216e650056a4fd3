import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type MobilePanelsEvent,
  devices,
  initialMobilePanels,
  isMobilePanelOpen,
  mobilePanels,
  mobilePanelsReducer
} from "../../../../core/domain/layout.ts"

const anyDevice = fc.constantFrom(...devices)
const anyPanel = fc.constantFrom(...mobilePanels)
const anyEvent: fc.Arbitrary<MobilePanelsEvent> = fc.oneof(
  anyPanel.map((panel) => ({ type: "toggle" as const, panel })),
  fc.constant({ type: "close" as const }),
  anyDevice.map((device) => ({ type: "deviceChanged" as const, device }))
)

describe("mobile search and mobile menu (§2)", () => {
  test("opening the menu closes the search and the other way round", () => {
    const search = mobilePanelsReducer(initialMobilePanels("mobile"), { type: "toggle", panel: "search" })
    expect(isMobilePanelOpen(search, "search")).toBe(true)
    const menu = mobilePanelsReducer(search, { type: "toggle", panel: "menu" })
    expect(isMobilePanelOpen(menu, "menu")).toBe(true)
    expect(isMobilePanelOpen(menu, "search")).toBe(false)
  })

  test.prop([anyDevice, fc.array(anyEvent, { maxLength: 40 })])(
    "never both open, never open on desktop, and a toggle flips its panel and closes the other",
    (device, events) => {
      let s = initialMobilePanels(device)
      for (const event of events) {
        const next = mobilePanelsReducer(s, event)
        expect(mobilePanels.filter((p) => isMobilePanelOpen(next, p)).length).toBeLessThanOrEqual(1)
        if (next.device === "desktop") expect(next.open).toBe(null)
        if (event.type === "toggle" && s.device !== "desktop") {
          expect(isMobilePanelOpen(next, event.panel)).toBe(!isMobilePanelOpen(s, event.panel))
          for (const other of mobilePanels.filter((p) => p !== event.panel)) expect(isMobilePanelOpen(next, other)).toBe(false)
        }
        if (event.type === "close") expect(next.open).toBe(null)
        if (event.type === "deviceChanged" && event.device !== "desktop") expect(next.open).toBe(s.open)
        s = next
      }
    }
  )
})
