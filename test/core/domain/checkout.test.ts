import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  addressesUrl,
  checkoutSteps,
  checkoutStepTable,
  confirmationRedirectDelayMs,
  customerIdWaitMs,
  defaultConfirmationRedirectDelayMs,
  effectiveStep,
  flowNumberOf,
  isShippingContext,
  mayEnterShipping,
  mustReload,
  mustWaitForCustomerId,
  nextStepTransition,
  parseCheckoutStep,
  stepLocation,
  stepOfFlowNumber
} from "../../../core/domain/checkout.ts"
import type { CheckoutCustomer, CheckoutStep, NextStepResponse } from "../../../core/domain/checkout.ts"
import type { StepResponse } from "../../../core/api/entities/envelope.ts"
import type { Customer } from "../../../core/api/entities/customer.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const step = fc.constantFrom(...checkoutSteps)
const anyShop = fc.constantFrom(...allShops)
const customer: fc.Arbitrary<CheckoutCustomer> = fc.record(
  {
    isLogged: fc.option(fc.boolean(), { nil: null }),
    isWaitingForConfirmation: fc.option(fc.boolean(), { nil: null }),
    hasFilledAddress: fc.option(fc.boolean(), { nil: null })
  },
  { requiredKeys: [] }
)
const wireStep = fc.oneof(step, fc.integer({ min: 0, max: 6 }), fc.constantFrom("1", "3", "9", "next", null, undefined))
const flash = fc.record({ message: fc.string(), type: fc.constantFrom("danger", "notice"), cat: fc.constantFrom("cart", "form") })
const response: fc.Arbitrary<NextStepResponse> = fc.record(
  {
    step: wireStep,
    status: fc.option(
      fc.record({ status: fc.constantFrom("ok", "error"), flashMessages: fc.option(fc.array(flash, { maxLength: 2 }), { nil: null }) }),
      { nil: null }
    )
  },
  { requiredKeys: [] }
)
const order = (s: CheckoutStep): number => checkoutSteps.indexOf(s)

describe("checkout flow table (§2)", () => {
  test("flow numbers, locations and tag-manager pages", () => {
    expect(checkoutSteps).toEqual(["preview", "customer", "shipping", "confirmation"])
    const cz = shopById("CZ10MA")
    const rows = checkoutSteps.map((s) => [flowNumberOf(s), stepLocation(s, cz), checkoutStepTable[s].tagPageNumber])
    expect(rows).toEqual([
      [1, "/kosik", 1],
      [2, "/kosik/1", 3],
      [3, "/kosik/3", 3],
      [4, "/kosik/4", 5]
    ])
    expect(checkoutStepTable.shipping.loadedAsynchronously).toBe(true)
  })

  test.prop([step])("every step is visible with its own title key", (s) => {
    expect(checkoutStepTable[s].visible).toBe(true)
    expect(checkoutStepTable[s].step).toBe(s)
    const keys = checkoutSteps.map((x) => checkoutStepTable[x].titleKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test.prop([step, anyShop])("every location starts at the shop's cart url", (s, shop) => {
    const location = stepLocation(s, shop)
    expect(location.startsWith(shop.urlKeys.cart)).toBe(true)
    expect(location === shop.urlKeys.cart).toBe(s === "preview")
  })

  test.prop([step])("flow numbers and steps round-trip, from numbers and wire strings", (s) => {
    expect(stepOfFlowNumber(flowNumberOf(s))).toBe(s)
    expect(parseCheckoutStep(flowNumberOf(s))).toBe(s)
    expect(parseCheckoutStep(String(flowNumberOf(s)))).toBe(s)
    expect(parseCheckoutStep(s)).toBe(s)
  })

  test.prop([fc.anything()])("anything else is no step", (v) => {
    fc.pre(!(checkoutSteps as ReadonlyArray<unknown>).includes(v) && ![1, 2, 3, 4, "1", "2", "3", "4"].includes(v as never))
    expect(parseCheckoutStep(v)).toBeUndefined()
  })

  test.prop([step])("the shipping context is every step beyond customer", (s) => {
    expect(isShippingContext(s)).toBe(order(s) > order("customer"))
  })

  test("the shipping context is shipping and confirmation", () => {
    expect(checkoutSteps.filter(isShippingContext)).toEqual(["shipping", "confirmation"])
  })
})

describe("constants (§2, §8, §9)", () => {
  test("waits and delays", () => {
    expect(customerIdWaitMs).toBe(3000)
    expect(defaultConfirmationRedirectDelayMs).toBe(6000)
    expect(confirmationRedirectDelayMs()).toBe(6000)
    expect(confirmationRedirectDelayMs({})).toBe(6000)
  })

  test.prop([fc.nat()])("the confirmation redirect delay is configurable", (ms) => {
    expect(confirmationRedirectDelayMs({ confirmationRedirectDelayMs: ms })).toBe(ms)
  })

  test.prop([fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY)])("a nonsensical delay falls back to 6000 ms", (ms) => {
    expect(confirmationRedirectDelayMs({ confirmationRedirectDelayMs: ms })).toBe(6000)
  })

  test.prop([anyShop])("addresses load from {cart-url}/1/load-addresses/", (shop) => {
    expect(addressesUrl(shop.urlKeys.cart)).toBe(`${shop.urlKeys.cart}/1/load-addresses/`)
    expect(addressesUrl(`${shop.urlKeys.cart}/`)).toBe(`${shop.urlKeys.cart}/1/load-addresses/`)
  })
})

describe("who may go where (§2, §4, §6)", () => {
  test.prop([customer])("shipping is open to logged-in or waiting-for-confirmation customers only", (c) => {
    expect(mayEnterShipping(c)).toBe(c.isLogged === true || c.isWaitingForConfirmation === true)
  })

  test.prop([step, customer])("shipping without a filled address is never the effective step", (s, c) => {
    const effective = effectiveStep(s, c)
    if (c.hasFilledAddress !== true) expect(effective).not.toBe("shipping")
    expect(effective === s || (s === "shipping" && effective === "customer")).toBe(true)
  })

  test("shipping with a filled address stays", () => {
    expect(effectiveStep("shipping", { hasFilledAddress: true })).toBe("shipping")
    expect(effectiveStep("shipping", { hasFilledAddress: false })).toBe("customer")
  })

  test.prop([step])("the step change waits for the customer id exactly for shipping and confirmation", (s) => {
    expect(mustWaitForCustomerId(s)).toBe(s === "shipping" || s === "confirmation")
  })
})

describe("next-step transition (§4)", () => {
  test.prop([step, response, customer])("a step transition with flash messages never changes the step nor loads", (current, r, c) => {
    fc.pre((r.status?.flashMessages?.length ?? 0) > 0)
    expect(nextStepTransition(current, r, c)).toEqual({ step: current, loadPurchase: false, waitForCustomerId: false })
  })

  test.prop([step, response, customer])("without flash messages the purchase is loaded", (current, r, c) => {
    fc.pre((r.status?.flashMessages?.length ?? 0) === 0)
    expect(nextStepTransition(current, r, c).loadPurchase).toBe(true)
  })

  test.prop([step, response, customer])("a new step is never shipping without a filled address", (current, r, c) => {
    const { step: next, loadPurchase } = nextStepTransition(current, r, c)
    if (loadPurchase && next === "shipping") expect(c.hasFilledAddress).toBe(true)
    if (next !== current && isShippingContext(next)) expect(mayEnterShipping(c)).toBe(true)
  })

  test.prop([step, response, customer])("a changed step to shipping or confirmation waits for the customer id", (current, r, c) => {
    const t = nextStepTransition(current, r, c)
    expect(t.waitForCustomerId).toBe(t.step !== current && (t.step === "shipping" || t.step === "confirmation"))
  })

  test.prop([step, step])("a ready customer goes where the server says", (current, target) => {
    const ready = { isLogged: true, hasFilledAddress: true }
    expect(nextStepTransition(current, { step: target, status: { flashMessages: [] } }, ready).step).toBe(target)
    expect(nextStepTransition(current, { step: flowNumberOf(target) }, ready).step).toBe(target)
  })

  test("examples", () => {
    const guest = { isLogged: false, hasFilledAddress: false }
    expect(nextStepTransition("preview", { step: "customer" }, guest)).toEqual({
      step: "customer",
      loadPurchase: true,
      waitForCustomerId: false
    })
    expect(nextStepTransition("customer", { step: 3 }, guest).step).toBe("customer")
    expect(nextStepTransition("customer", { step: 3 }, { isWaitingForConfirmation: true, hasFilledAddress: true })).toEqual({
      step: "shipping",
      loadPurchase: true,
      waitForCustomerId: true
    })
    expect(nextStepTransition("customer", { step: "shipping", status: { flashMessages: [{ message: "x" }] } }, { isLogged: true }).step).toBe(
      "customer"
    )
  })
})

describe("response status (§4)", () => {
  test.prop([fc.constantFrom("ok", "error", "success", null), fc.option(fc.string(), { nil: null })])(
    "a reload is forced iff the status is error with a link",
    (status, link) => {
      expect(mustReload({ status, link })).toBe(status === "error" && link !== null && link.length > 0)
    }
  )

  test("error without a link does not reload", () => {
    expect(mustReload({ status: "error" })).toBe(false)
    expect(mustReload({ status: "error", link: "/kosik" })).toBe(true)
  })
})

describe("fit with the §3 Schemas", () => {
  test("a decoded step response and customer go through the transition", () => {
    const response: StepResponse = { step: 3, status: { status: "ok", flashMessages: [] } }
    const customer: Customer = { isLogged: true, hasFilledAddress: true }
    expect(nextStepTransition("customer", response, customer).step).toBe("shipping")
    expect(mustReload(response.status ?? { status: "ok" })).toBe(false)
  })
})
