import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type AccordionConfig,
  type AccordionEvent,
  accordionOpen,
  accordionReducer,
  defaultAccordionConfig,
  devices,
  initialAccordion
} from "../../../../core/domain/layout.ts"

const anyDevice = fc.constantFrom(...devices)
const fullConfig: fc.Arbitrary<AccordionConfig> = fc.record({ mobile: fc.boolean(), tablet: fc.boolean(), desktop: fc.boolean() })
const partialConfig: fc.Arbitrary<Partial<AccordionConfig>> = fc.record(
  { mobile: fc.boolean(), tablet: fc.boolean(), desktop: fc.boolean() },
  { requiredKeys: [] }
)
const anyEvent: fc.Arbitrary<AccordionEvent> = fc.oneof(
  fc.constant({ type: "toggle" as const }),
  anyDevice.map((device) => ({ type: "deviceChanged" as const, device }))
)

describe("accordions by device size (§4)", () => {
  test("default (ours): closed on mobile and tablet, open on desktop", () => {
    expect(defaultAccordionConfig).toEqual({ mobile: false, tablet: false, desktop: true })
    expect(accordionOpen({}, "mobile")).toBe(false)
    expect(accordionOpen({ mobile: true }, "mobile")).toBe(true)
    expect(accordionOpen({ mobile: true }, "desktop")).toBe(true)
  })

  test.prop([fullConfig, anyDevice])("a full configuration decides the state per device", (config, device) => {
    expect(accordionOpen(config, device)).toBe(config[device])
    expect(initialAccordion(config, device).open).toBe(config[device])
  })

  test.prop([partialConfig, anyDevice])("a device missing from the configuration takes the default", (config, device) => {
    expect(accordionOpen(config, device)).toBe(device in config ? config[device] : defaultAccordionConfig[device])
  })

  test.prop([partialConfig, anyDevice, fc.array(anyEvent, { maxLength: 30 })])(
    "toggle flips; a new device class resets to its configured state; the same class keeps the choice",
    (config, device, events) => {
      let s = initialAccordion(config, device)
      for (const event of events) {
        const next = accordionReducer(s, event)
        if (event.type === "toggle") expect(next.open).toBe(!s.open)
        else if (event.device !== s.device) expect(next.open).toBe(accordionOpen(config, event.device))
        else expect(next.open).toBe(s.open)
        s = next
      }
    }
  )
})
