/**
 * The product page's financing offer rule (`core/domain/financing.ts`): "from X a month" is the lowest monthly
 * payment of the plans that can be shown, and the plans come fewest instalments first.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { financingOfferOf, type OfferTerms } from "../../../core/domain/financing.ts"

const offer: fc.Arbitrary<OfferTerms> = fc.record({
  code: fc.string({ minLength: 1, maxLength: 8 }),
  installmentCount: fc.oneof(fc.integer({ min: -2, max: 60 }), fc.double()),
  monthlyPayment: fc.oneof(fc.double({ min: -10, max: 100_000 }), fc.constant(Number.POSITIVE_INFINITY)),
  rpsn: fc.double({ min: 0, max: 50, noNaN: true })
}, { requiredKeys: ["code"] })

const showable = (o: OfferTerms) =>
  o.installmentCount !== undefined && Number.isInteger(o.installmentCount) && o.installmentCount >= 1 &&
  o.monthlyPayment !== undefined && Number.isFinite(o.monthlyPayment) && o.monthlyPayment > 0

describe("financingOfferOf", () => {
  test.prop([fc.array(offer, { maxLength: 12 })])("keeps exactly the showable offers, fewest instalments first; 'from' is the lowest payment", (offers) => {
    const result = financingOfferOf(offers)
    const kept = offers.filter(showable)
    if (kept.length === 0) {
      expect(result).toBeUndefined()
      return
    }
    expect(result).toBeDefined()
    expect(result!.plans).toHaveLength(kept.length)
    expect(result!.fromMonthly).toBe(Math.min(...kept.map((o) => o.monthlyPayment!)))
    for (const plan of result!.plans) expect(plan.monthlyPayment).toBeGreaterThanOrEqual(result!.fromMonthly)
    for (let i = 1; i < result!.plans.length; i++) {
      expect(result!.plans[i - 1]!.installmentCount).toBeLessThanOrEqual(result!.plans[i]!.installmentCount)
    }
  })

  test("CZG's 6, 12 and 24 instalments: from the 24's payment", () => {
    const result = financingOfferOf([
      { code: "CZG_24", installmentCount: 24, monthlyPayment: 612, rpsn: 19.5 },
      { code: "CZG_6", installmentCount: 6, monthlyPayment: 2290, rpsn: 21 },
      { code: "CZG_12", installmentCount: 12, monthlyPayment: 1190 },
      { code: "CASH" }
    ])
    expect(result).toEqual({
      fromMonthly: 612,
      plans: [
        { code: "CZG_6", installmentCount: 6, monthlyPayment: 2290, rpsn: 21 },
        { code: "CZG_12", installmentCount: 12, monthlyPayment: 1190 },
        { code: "CZG_24", installmentCount: 24, monthlyPayment: 612, rpsn: 19.5 }
      ]
    })
  })
})
