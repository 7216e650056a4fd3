import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  prefetchStepsFor,
  purchaseIdPlaceholder,
  purchaseIdStep,
  replacePurchaseIdPlaceholder,
  tagCheckoutSteps,
  tagManagerDebugEvent,
  tagManagerDebugEventName,
  tagManagerLoadDelayMs,
  tagManagerPageNumbers,
  unitPriceForQueue,
  virtualPageview,
  virtualPageviewEvent,
  withUnitPriceForQueue
} from "../../../core/domain/tagManager.ts"
import type { VirtualPageviewConfig } from "../../../core/domain/tagManager.ts"

const anyStep = fc.constantFrom(...tagCheckoutSteps)

describe("constants (§2, §4, §9)", () => {
  test("load delay and page numbers", () => {
    expect(tagManagerLoadDelayMs).toBe(300)
    expect([...tagCheckoutSteps]).toEqual(["preview", "customer", "shipping", "confirmation"])
    expect(tagCheckoutSteps.map((step) => tagManagerPageNumbers[step])).toEqual([1, 3, 3, 5])
    expect(purchaseIdStep).toBe(5)
    expect(purchaseIdPlaceholder).toBe("__PURCHASE_ID__")
  })
})

describe("virtualPageview (§2)", () => {
  const config: VirtualPageviewConfig = {
    preview: { url: "/kosik/nahled", title: "Košík" },
    shipping: { url: "/kosik/doprava", title: "" }
  }

  test("examples", () => {
    expect(virtualPageview(config, "preview", 1)).toEqual({
      event: "virtualPageview",
      virtualPageURL: "/kosik/nahled",
      virtualPageTitle: "Košík",
      checkoutStep: "preview",
      checkoutStepNumber: 1
    })
    expect(virtualPageview(config, "shipping", 3)).toMatchObject({ virtualPageURL: "/kosik/doprava", virtualPageTitle: "shipping" })
    expect(virtualPageview({}, "confirmation", 5)).toMatchObject({
      virtualPageURL: "/checkout/5/confirmation",
      virtualPageTitle: "confirmation"
    })
  })

  const textArb = fc.option(
    fc.record({ url: fc.option(fc.string(), { nil: undefined }), title: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: [] }),
    { nil: undefined }
  )
  const configArb: fc.Arbitrary<VirtualPageviewConfig> = fc.record(
    { preview: textArb, customer: textArb, shipping: textArb, confirmation: textArb },
    { requiredKeys: [] }
  )

  test.prop([configArb, anyStep, fc.integer({ min: 1, max: 5 })])(
    "the pageview takes the step's configured texts, falls back per field, and carries step and number",
    (cfg, step, pageNumber) => {
      const view = virtualPageview(cfg, step, pageNumber)
      const text = cfg[step]
      expect(view.event).toBe(virtualPageviewEvent)
      expect(view.checkoutStep).toBe(step)
      expect(view.checkoutStepNumber).toBe(pageNumber)
      expect(view.virtualPageURL).toBe(text?.url?.trim() ? text.url : `/checkout/${pageNumber}/${step}`)
      expect(view.virtualPageTitle).toBe(text?.title?.trim() ? text.title : step)
    }
  )

  test("customer and shipping share page number 3 but not their default url", () => {
    expect(virtualPageview({}, "customer", 3).virtualPageURL).not.toBe(virtualPageview({}, "shipping", 3).virtualPageURL)
  })
})

describe("prefetchStepsFor (§4)", () => {
  test("steps 3 and 4 prefetch the later steps", () => {
    expect(prefetchStepsFor(3)).toEqual([4, 5])
    expect(prefetchStepsFor(4)).toEqual([5])
    for (const step of [1, 2, 5]) expect(prefetchStepsFor(step)).toEqual([])
  })

  test.prop([fc.oneof(fc.integer(), fc.double())])("any step prefetches only later steps up to 5, and only steps 3 and 4 prefetch", (step) => {
    const later = prefetchStepsFor(step)
    expect(later.length > 0).toBe(step === 3 || step === 4)
    for (const next of later) {
      expect(next).toBeGreaterThan(step)
      expect(next).toBeLessThanOrEqual(5)
    }
    if (later.length > 0) expect(later.at(-1)).toBe(5)
  })
})

describe("replacePurchaseIdPlaceholder (§4)", () => {
  test("example", () => {
    const items = [
      { event: "purchase", ecommerce: { purchase: { actionField: { id: "__PURCHASE_ID__", ref: "order-__PURCHASE_ID__" } } } },
      ["__PURCHASE_ID__", 5, null],
      "__PURCHASE_ID__/__PURCHASE_ID__"
    ]
    expect(replacePurchaseIdPlaceholder(items, 12345)).toEqual([
      { event: "purchase", ecommerce: { purchase: { actionField: { id: "12345", ref: "order-12345" } } } },
      ["12345", 5, null],
      "12345/12345"
    ])
    expect(items[2]).toBe("__PURCHASE_ID__/__PURCHASE_ID__")
  })

  const withPlaceholder = fc.string().chain((s) =>
    fc.array(fc.oneof(fc.constant(s), fc.constant(purchaseIdPlaceholder))).map((parts) => parts.join(""))
  )
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      withPlaceholder,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie("value"), { maxKeys: 4 })
    )
  })).value

  test.prop([fc.array(json), fc.oneof(fc.stringMatching(/^[A-Z0-9-]{1,12}$/), fc.nat())])(
    "no placeholder remains, and the items are otherwise the same",
    (items, purchaseId) => {
      const replaced = replacePurchaseIdPlaceholder(items, purchaseId)
      const text = JSON.stringify(replaced)
      expect(text.includes(purchaseIdPlaceholder)).toBe(false)
      expect(text).toBe(JSON.stringify(items).split(purchaseIdPlaceholder).join(String(purchaseId)))
    }
  )

  test.prop([fc.array(json)])("replacing with the placeholder itself changes nothing", (items) => {
    expect(replacePurchaseIdPlaceholder(items, purchaseIdPlaceholder)).toEqual(items)
  })

  test("class instances are left alone and cycles do not loop", () => {
    const date = new Date(0)
    const cyclic: Record<string, unknown> = { id: purchaseIdPlaceholder }
    cyclic["self"] = cyclic
    const [out] = replacePurchaseIdPlaceholder<unknown>([{ date, cyclic }], "9") as ReadonlyArray<{
      readonly date: Date
      readonly cyclic: { readonly id: string }
    }>
    expect(out?.date).toBe(date)
    expect(out?.cyclic.id).toBe("9")
  })
})

describe("queued tag prices (§5)", () => {
  test("examples", () => {
    expect(unitPriceForQueue(300, 3)).toBe(100)
    expect(unitPriceForQueue(300, 1)).toBe(300)
    expect(unitPriceForQueue(300, 0)).toBe(300)
    expect(withUnitPriceForQueue({ id: "a", price: 50, quantity: 2 })).toEqual({ id: "a", price: 25, quantity: 2 })
  })

  test.prop([fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: -5, max: 100 })])(
    "above quantity 1 the price is per piece, otherwise unchanged",
    (price, quantity) => {
      const unit = unitPriceForQueue(price, quantity)
      if (quantity > 1) expect(unit * quantity).toBeCloseTo(price, 3)
      else expect(unit).toBe(price)
    }
  )
})

describe("tagManagerDebugEvent (§8)", () => {
  test("a failure becomes a debug event", () => {
    const error = new Error("gtm blocked")
    expect(tagManagerDebugEvent(error)).toEqual({ event: tagManagerDebugEventName, debugMessage: "gtm blocked", debugStack: error.stack })
    expect(tagManagerDebugEvent("timeout")).toEqual({ event: "tagManagerDebug", debugMessage: "timeout", debugStack: "" })
  })

  test.prop([fc.anything()])("any thrown value becomes a debug event", (error) => {
    const event = tagManagerDebugEvent(error)
    expect(event.event).toBe("tagManagerDebug")
    expect(typeof event.debugMessage).toBe("string")
    expect(typeof event.debugStack).toBe("string")
  })
})
