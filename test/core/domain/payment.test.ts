import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import type { CartArticle, CartDiscounts } from "../../../core/domain/cart.ts"
import {
  availableBillingMethods,
  backgroundLoadCodes,
  backgroundLoadDelayMs,
  defaultPaymentLimitation,
  exceedsOrderLimit,
  expectedOkStatus,
  isBackgroundLoadEligible,
  isIncompatibleWithCoupons,
  isLengthyPaymentDisabled,
  isRetriedProviderStatus,
  isSelectable,
  isWalletPayment,
  paymentLimitationOf,
  paymentProviderPollDelayMs,
  paymentSelectionPayload,
  selectedChildPayment,
  selectionActionFor,
  unsetWhenSelectedCodes,
  walletSuffix
} from "../../../core/domain/payment.ts"
import type { BillingMethod, PaymentSelection } from "../../../core/domain/payment.ts"
import type { BillingMethods as WireBillingMethods, PaymentSelection as WirePaymentSelection } from "../../../core/api/entities/payment.ts"
import type { Cart as WireCart } from "../../../core/api/entities/cart.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const code = fc.oneof(
  fc.constantFrom("CZU", "PLU", "SKU", "HUU", "CZN", "CZG", "CZ0", "SIU_c", "SIU_cw", "PL_b", "HU_w", "CZW"),
  fc.stringMatching(/^[A-Z]{2,3}[0-9A-Z]?(_[a-z]{1,3})?$/)
)
const method: fc.Arbitrary<BillingMethod> = fc.record(
  {
    disabled: fc.boolean(),
    invalid: fc.boolean(),
    lengthy: fc.boolean(),
    childPayments: fc.array(fc.record({ selected: fc.boolean() }), { maxLength: 3 })
  },
  { requiredKeys: [] }
)
const methods = fc.dictionary(code, method, { maxKeys: 8 })
const anyShop = fc.constantFrom(...allShops)

describe("payment limitation (§3)", () => {
  test("default NO_LIMITATION", () => {
    expect(defaultPaymentLimitation).toBe("NO_LIMITATION")
  })

  test.prop([fc.option(fc.string(), { nil: undefined })])("a delivery payment's limitation defaults to NO_LIMITATION", (limitation) => {
    const payment = limitation === undefined ? {} : { paymentLimitation: limitation }
    expect(paymentLimitationOf(payment)).toBe(limitation === undefined || limitation === "" ? "NO_LIMITATION" : limitation)
    expect(paymentLimitationOf({ paymentLimitation: null })).toBe("NO_LIMITATION")
  })
})

describe("billing methods (§3)", () => {
  test.prop([method])("a method is selectable iff neither disabled nor invalid", (m) => {
    expect(isSelectable(m)).toBe(!(m.disabled ?? false) && !(m.invalid ?? false))
  })

  test.prop([method])("the selected child payment is a selected one, and one exists iff some child is selected", (m) => {
    const child = selectedChildPayment(m)
    expect(child === undefined).toBe(!(m.childPayments ?? []).some((c) => c.selected === true))
    if (child !== undefined) expect(child.selected).toBe(true)
  })
})

describe("set or unset on selection (§5)", () => {
  test("CZU, PLU, SKU, HUU are the unset codes", () => {
    expect(unsetWhenSelectedCodes).toEqual(["CZU", "PLU", "SKU", "HUU"])
    expect(selectionActionFor("CZU", true)).toBe("unset")
    expect(selectionActionFor("CZU", false)).toBe("set")
    expect(selectionActionFor("CZN", true)).toBe("set")
    expect(selectionActionFor("czu", true)).toBe("set")
  })

  test.prop([fc.constantFrom(...unsetWhenSelectedCodes), fc.boolean()])("unset codes toggle", (c, selected) => {
    const after = (s: boolean): boolean => selectionActionFor(c, s) === "set"
    expect(after(selected)).toBe(!selected)
    expect(after(after(selected))).toBe(selected)
  })

  test.prop([code.filter((c) => !["CZU", "PLU", "SKU", "HUU"].includes(c)), fc.boolean()])(
    "every other code is always set",
    (c, selected) => {
      expect(selectionActionFor(c, selected)).toBe("set")
    }
  )

  test.prop([code])("an unselected method is always set", (c) => {
    expect(selectionActionFor(c, false)).toBe("set")
  })
})

describe("available billing methods (§5)", () => {
  test("the wallet suffix is a lowercase w", () => {
    expect(walletSuffix).toBe("w")
    expect(isWalletPayment("SIU_cw")).toBe(true)
    expect(isWalletPayment("SIU_c")).toBe(false)
    expect(isWalletPayment("CZW")).toBe(false)
  })

  test.prop([methods, anyShop, fc.boolean()])("removed methods never reappear, others are never lost", (ms, shop, walletSupported) => {
    const available = availableBillingMethods(ms, { shop, walletSupported })
    const codes = Object.keys(ms)
    for (const c of Object.keys(available)) {
      expect(codes).toContain(c)
      expect(available[c]).toBe(ms[c])
    }
    const removedByRule = (c: string): boolean =>
      (!walletSupported && c.endsWith("w")) ||
      shop.payments.removedWhenPresent.some(([r, w]) => r === c && w in ms && (walletSupported || !w.endsWith("w"))) ||
      (shop.payments.removedWhenDisabled.includes(c) && ms[c]?.disabled === true)
    for (const c of codes) expect(c in available).toBe(!removedByRule(c))
    expect(Object.keys(available)).toEqual(codes.filter((c) => c in available))
  })

  test.prop([methods, anyShop])("with wallet support, no wallet method is removed; without, none is left", (ms, shop) => {
    const withWallet = availableBillingMethods(ms, { shop, walletSupported: true })
    const withoutWallet = availableBillingMethods(ms, { shop, walletSupported: false })
    for (const c of Object.keys(ms).filter((k) => k.endsWith("w"))) expect(c in withWallet).toBe(true)
    expect(Object.keys(withoutWallet).filter((k) => k.endsWith("w"))).toEqual([])
  })

  test.prop([methods, fc.boolean()])("a shop without payment quirks only filters wallets", (ms, walletSupported) => {
    const available = availableBillingMethods(ms, { shop: shopById("HU10MA"), walletSupported })
    expect(Object.keys(available)).toEqual(Object.keys(ms).filter((c) => walletSupported || !c.endsWith("w")))
  })

  test("SI: SIU_c is removed when SIU_cw is present, kept when the wallet method was removed", () => {
    const si = shopById("SI10SI")
    const ms = { SIU_c: {}, SIU_cw: {}, SIB: {} }
    expect(Object.keys(availableBillingMethods(ms, { shop: si, walletSupported: true }))).toEqual(["SIU_cw", "SIB"])
    expect(Object.keys(availableBillingMethods(ms, { shop: si, walletSupported: false }))).toEqual(["SIU_c", "SIB"])
    expect(Object.keys(availableBillingMethods({ SIU_c: {} }, { shop: si, walletSupported: true }))).toEqual(["SIU_c"])
  })

  test("CZ: CZ0 is removed when disabled", () => {
    const cz = shopById("CZ10MA")
    const ctx = { shop: cz, walletSupported: true }
    expect(Object.keys(availableBillingMethods({ CZ0: { disabled: true }, CZN: { disabled: true } }, ctx))).toEqual(["CZN"])
    expect(Object.keys(availableBillingMethods({ CZ0: { disabled: false }, CZN: {} }, ctx))).toEqual(["CZ0", "CZN"])
    expect(Object.keys(availableBillingMethods({ CZ0: { disabled: true } }, { shop: shopById("SI10SI"), walletSupported: true }))).toEqual(["CZ0"])
  })
})

describe("disabled payments (§4)", () => {
  const day = fc
    .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10))

  test.prop([method, day, day])("a lengthy payment is disabled iff the order state date is today", (m, orderDate, today) => {
    expect(isLengthyPaymentDisabled(m, orderDate, today)).toBe(m.lengthy === true && orderDate === today)
  })

  test.prop([day, fc.constantFrom("T00:00:00Z", "T23:59:59+02:00", "")])("a date-time counts by its date", (d, time) => {
    expect(isLengthyPaymentDisabled({ lengthy: true }, `${d}${time}`, d)).toBe(true)
  })

  test.prop([fc.option(fc.string(), { nil: null }), day])("a missing or malformed order date never disables", (orderDate, today) => {
    fc.pre(orderDate === null || !/^\d{4}-\d{2}-\d{2}/.test(orderDate))
    expect(isLengthyPaymentDisabled({ lengthy: true }, orderDate, today)).toBe(false)
  })

  test.prop([fc.array(fc.record({ type: fc.constantFrom("G", "D", "A") }))])(
    "incompatible with coupons iff a gift certificate discount is present",
    (discounts) => {
      expect(isIncompatibleWithCoupons(discounts)).toBe(discounts.some((d) => d.type === "G"))
    }
  )
})

describe("payment provider loading (§4, §9)", () => {
  test("constants", () => {
    expect(backgroundLoadCodes).toEqual(["CZN", "CZG"])
    expect(backgroundLoadDelayMs).toBe(2000)
    expect(paymentProviderPollDelayMs).toBe(2000)
    expect(expectedOkStatus).toBe(200)
  })

  const articles: fc.Arbitrary<ReadonlyArray<CartArticle>> = fc.array(
    fc.record({ marketplacePartnerId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }) }),
    { maxLength: 4 }
  )
  const discounts: fc.Arbitrary<CartDiscounts> = fc.record({
    codes: fc.array(fc.record({ type: fc.constantFrom("G", "D", "A") }), { maxLength: 2 }),
    value: fc.constantFrom(0, -100)
  })

  test.prop([code, articles, discounts])(
    "background load only for CZN or CZG without marketplace items and without discount",
    (c, arts, disc) => {
      const marketplace = arts.some((a) => a.marketplacePartnerId !== null)
      const discounted = (disc.codes?.length ?? 0) > 0 || disc.value !== 0
      expect(isBackgroundLoadEligible(c, { articles: arts, discounts: disc })).toBe(
        (c === "CZN" || c === "CZG") && !marketplace && !discounted
      )
    }
  )

  test("an empty cart is eligible for CZN and CZG", () => {
    expect(isBackgroundLoadEligible("CZN", {})).toBe(true)
    expect(isBackgroundLoadEligible("CZG", { articles: null, discounts: null })).toBe(true)
  })

  test.prop([fc.integer({ min: 100, max: 599 })])("every status but 200 is retried", (status) => {
    expect(isRetriedProviderStatus(status)).toBe(status !== 200)
  })
})

describe("payment selection payload (§3)", () => {
  const selection: fc.Arbitrary<PaymentSelection> = fc.record(
    {
      billingMethodId: code,
      cardId: fc.string(),
      productCode: fc.string(),
      installmentCount: fc.nat({ max: 48 }),
      depositAmount: fc.nat(),
      rememberCard: fc.boolean(),
      newCard: fc.boolean(),
      insuranceCode: fc.string()
    },
    { requiredKeys: ["billingMethodId"] }
  )

  test.prop([selection])("booleans become 0/1 and every other given field passes unchanged", (s) => {
    const payload = paymentSelectionPayload(s)
    expect(payload.rememberCard).toBe(s.rememberCard === true ? 1 : 0)
    expect(payload.newCard).toBe(s.newCard === true ? 1 : 0)
    const { rememberCard: _r, newCard: _n, ...rest } = payload
    const { rememberCard: _sr, newCard: _sn, ...expected } = s
    expect(rest).toEqual(expected)
    expect(Object.keys(rest).sort()).toEqual(Object.keys(expected).sort())
  })

  test("a full payload", () => {
    expect(paymentSelectionPayload({ billingMethodId: "CZN", cardId: "c1", rememberCard: true, newCard: false })).toEqual({
      billingMethodId: "CZN",
      cardId: "c1",
      rememberCard: 1,
      newCard: 0
    })
  })
})

describe("fit with the §3 Schemas", () => {
  test("decoded billing methods and carts go through the rules; the payload is a wire payload", () => {
    const wire: WireBillingMethods = { SIU_c: { title: "Card" }, SIU_cw: { title: "Wallet" }, CZN: { lengthy: true, orderStateDate: "2025-01-02" } }
    const available: WireBillingMethods = availableBillingMethods(wire, { shop: shopById("SI10SI"), walletSupported: true })
    expect(Object.keys(available)).toEqual(["SIU_cw", "CZN"])
    const czn = wire["CZN"] ?? {}
    expect(isLengthyPaymentDisabled(czn, czn.orderStateDate, "2025-01-02")).toBe(true)
    const cart: WireCart = { articles: [{ articleId: 1, count: 1, marketplacePartnerId: "7" }], discounts: { codes: [] } }
    expect(isBackgroundLoadEligible("CZN", cart)).toBe(false)
    expect(isIncompatibleWithCoupons(cart.discounts?.codes ?? [])).toBe(false)
    const payload: WirePaymentSelection = paymentSelectionPayload({ billingMethodId: "CZN", newCard: true })
    expect(payload).toEqual({ billingMethodId: "CZN", rememberCard: 0, newCard: 1 })
  })
})

describe("order limit (ours: cash on delivery up to a value)", () => {
  test.prop([fc.option(fc.double({ noNaN: true, min: 0, max: 1e7 }), { nil: undefined }), fc.double({ noNaN: true, min: 0, max: 1e7 })])(
    "a method exceeds its limit exactly when it has one and the order is worth more",
    (limit, value) => {
      expect(exceedsOrderLimit(limit, value)).toBe(limit !== undefined && value > limit)
      expect(exceedsOrderLimit(null, value)).toBe(false)
    }
  )

  test("a non-finite order value exceeds every limit", () => {
    expect(exceedsOrderLimit(50_000, Number.NaN)).toBe(true)
    expect(exceedsOrderLimit(50_000, Infinity)).toBe(true)
    expect(exceedsOrderLimit(50_000, 50_000)).toBe(false)
  })
})
