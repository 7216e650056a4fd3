/**
 * A product page's financing offer (spec §7 /api/finance-offer/financial-offers; the wording is ours, the spec shows
 * none): of the financial offers for the product's price, the shopper sees "from X a month", X being the lowest
 * monthly payment, and every instalment plan by its number of instalments.
 *
 * @module
 */

/** An offer's terms as the financial-offers call gives them (any of them may be absent). */
export interface OfferTerms {
  /** The offer's code (the instalment product, e.g. `CZG_12`). */
  readonly code: string
  /** How many monthly instalments. */
  readonly installmentCount?: number
  /** One instalment. */
  readonly monthlyPayment?: number
  /** The yearly interest rate, in per cent. */
  readonly interestRate?: number
  /** The annual percentage rate of charge (APR, RPSN), in per cent. */
  readonly rpsn?: number
}

/** An instalment plan that can be shown: it names its instalments and its monthly payment. */
export interface InstalmentPlan {
  /** The offer's code. */
  readonly code: string
  /** How many monthly instalments (at least 1). */
  readonly installmentCount: number
  /** One instalment (above 0). */
  readonly monthlyPayment: number
  /** The yearly interest rate, in per cent, when the offer gives it. */
  readonly interestRate?: number
  /** The APR, in per cent, when the offer gives it. */
  readonly rpsn?: number
}

/** What a product page shows of its financing: the lowest monthly payment and the plans. */
export interface FinancingOffer {
  /** The lowest monthly payment of the plans ("from X a month"). */
  readonly fromMonthly: number
  /** The plans, fewest instalments first (then the lowest payment). */
  readonly plans: ReadonlyArray<InstalmentPlan>
}

/**
 * The financing offer of a price's financial offers: the offers naming a whole number of instalments (at least 1)
 * and a positive finite monthly payment, fewest instalments first; undefined when none does (the shop finances
 * nothing, or not this price).
 */
export const financingOfferOf = (offers: ReadonlyArray<OfferTerms>): FinancingOffer | undefined => {
  const plans: Array<InstalmentPlan> = []
  for (const offer of offers) {
    const { installmentCount: count, monthlyPayment: monthly } = offer
    if (count === undefined || monthly === undefined || !Number.isInteger(count) || count < 1 || !Number.isFinite(monthly) || monthly <= 0) continue
    plans.push({
      code: offer.code,
      installmentCount: count,
      monthlyPayment: monthly,
      ...(offer.interestRate === undefined ? {} : { interestRate: offer.interestRate }),
      ...(offer.rpsn === undefined ? {} : { rpsn: offer.rpsn })
    })
  }
  if (plans.length === 0) return undefined
  plans.sort((a, b) => a.installmentCount - b.installmentCount || a.monthlyPayment - b.monthlyPayment)
  return { fromMonthly: Math.min(...plans.map((plan) => plan.monthlyPayment)), plans }
}
