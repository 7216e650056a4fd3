/**
 * Contract of the financing calls (spec §7 /api/finance-offer/financial-offers, /api/financing/billing-methods,
 * installment-variants, installment-variant; methods and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { FinancingBillingMethods, FinancingGroup, InstallmentVariantResult } from "../../core/api/financing.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  nonBlankArb,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

/** Prices as shops have them: whole hundredths from 0 up. */
const priceArb = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100)
const notAPrice = fc.oneof(
  fc.constantFrom("", " 1", "1e3", "0x10", "abc", "1,5", "-1", "-0.01"),
  fc.string().filter((s) => !/^\d+(\.\d+)?$/.test(s))
)
const opt = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined })
const defined = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))
const names = ["financialOffers", "billingMethods", "installmentVariants", "installmentVariant"]

describe("financing contract", () => {
  it("has the spec's paths, read-only GETs, 5000 ms, described", () => {
    expect(routesOf(FinancingGroup)).toEqual(
      sortRoutes([
        ["financialOffers", "GET", "/api/finance-offer/financial-offers"],
        ["billingMethods", "GET", "/api/financing/billing-methods"],
        ["installmentVariants", "GET", "/api/financing/installment-variants"],
        ["installmentVariant", "GET", "/api/financing/installment-variant"]
      ])
    )
    expect(csrfProtectedOf(FinancingGroup)).toEqual([])
    for (const name of names) expect(timeoutOf(FinancingGroup, name)).toBe(5000)
    expect(errorStatusesOf(FinancingGroup, "installmentVariants")).toEqual([404])
    expect(errorStatusesOf(FinancingGroup, "installmentVariant")).toEqual([404])
    expect(undescribedOf(FinancingGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([priceArb, opt(positiveIdArb)])("financialOffers: the query round-trips", (price, variantId) => {
    const query = defined({ price, variantId })
    expect(queryWireRoundTrip(FinancingGroup, "financialOffers", query)).toEqual(query)
  })

  test.prop([priceArb])("billingMethods: the query round-trips", (price) => {
    expect(queryWireRoundTrip(FinancingGroup, "billingMethods", { price })).toEqual({ price })
  })

  test.prop([nonBlankArb, priceArb, opt(priceArb), fc.integer({ min: 1, max: 120 })])(
    "installment variant(s): the query round-trips",
    (billingMethodId, price, depositAmount, installmentCount) => {
      const query = defined({ billingMethodId, price, depositAmount })
      expect(queryWireRoundTrip(FinancingGroup, "installmentVariants", query)).toEqual(query)
      const one = { ...query, installmentCount }
      expect(queryWireRoundTrip(FinancingGroup, "installmentVariant", one)).toEqual(one)
    }
  )

  test.prop([notAPrice, fc.constantFrom(...names)])("refuses a price that is not a non-negative decimal, naming it", (price, name) => {
    const query = { price, billingMethodId: "CZN", installmentCount: "10" }
    expect(rejectedPaths(queryCodecOf(FinancingGroup, name), query)).toEqual(["price"])
  })

  test.prop([fc.oneof(fc.integer({ max: 0 }).map(String), fc.constantFrom("", "1.5", "x"))])(
    "installmentVariant: refuses an installmentCount below 1 or not whole, naming it",
    (installmentCount) => {
      const query = { price: "100", billingMethodId: "CZN", installmentCount }
      expect(rejectedPaths(queryCodecOf(FinancingGroup, "installmentVariant"), query)).toEqual(["installmentCount"])
    }
  )

  it("reads billing methods keyed by code and an instalment variant fitting the payment selection", () => {
    expect(
      Schema.decodeUnknownSync(FinancingBillingMethods)({ billingMethods: { CZN: { title: "Later", disabled: false } } })
    ).toEqual({ billingMethods: { CZN: { title: "Later", disabled: false } } })
    expect(
      Schema.decodeUnknownSync(InstallmentVariantResult)({
        variant: { productCode: "P10", installmentCount: "10", monthlyPayment: "129.90", depositAmount: 0 }
      })
    ).toEqual({ variant: { productCode: "P10", installmentCount: 10, monthlyPayment: 129.9, depositAmount: 0 } })
  })
})
