/**
 * Instalment financing (spec §3 payment selection `productCode`, `installmentCount`,
 * `depositAmount`; §4 the revolving payment CZG; §7 /api/finance-offer/financial-offers and
 * /api/financing/*). The terms and numbers are ours: the spec shows none.
 *
 * A shop finances through its billing methods whose provider check is `revolving` (the seed's
 * CZ10MA `CZG`, with the children `CZG_6`, `CZG_12`, `CZG_24`: a child's code ends with its
 * instalment count). The terms depend on the shop's currency ({@link financingTerms}): the financed
 * amount range, the smallest monthly payment, the interest (0 % for short promotional plans) and
 * the rounding step of the monthly payment. The monthly payment is the annuity of the financed
 * amount (price minus deposit), rounded up to the currency's step.
 *
 * @module
 */
import type { Currency } from "../../../core/domain/shop.ts"

/** The financing terms of one currency. */
export interface FinancingTerms {
  /** The smallest financed amount (price minus deposit). */
  readonly minAmount: number
  /** The largest financed amount. */
  readonly maxAmount: number
  /** The smallest monthly payment a plan may have. */
  readonly minMonthly: number
  /** Monthly payments are rounded up to a multiple of this (1 for CZK and HUF, 0.01 for EUR and PLN). */
  readonly step: number
  /** The plans offered when a billing method lists no instalment children. */
  readonly defaultCounts: ReadonlyArray<number>
  /** Plans of at most this many instalments are interest-free (promotional). */
  readonly interestFreeUpTo: number
  /** The yearly interest rate of longer plans, in percent. */
  readonly annualRatePercent: number
}

/** The financing terms per currency (ours). */
export const financingTerms: { readonly [C in Currency]: FinancingTerms } = {
  CZK: { minAmount: 3000, maxAmount: 400000, minMonthly: 300, step: 1, defaultCounts: [6, 12, 24], interestFreeUpTo: 6, annualRatePercent: 12.9 },
  EUR: { minAmount: 120, maxAmount: 16000, minMonthly: 12, step: 0.01, defaultCounts: [6, 12, 24], interestFreeUpTo: 6, annualRatePercent: 9.9 },
  HUF: { minAmount: 45000, maxAmount: 6000000, minMonthly: 4500, step: 1, defaultCounts: [6, 12, 24], interestFreeUpTo: 6, annualRatePercent: 19.9 },
  PLN: { minAmount: 500, maxAmount: 70000, minMonthly: 50, step: 0.01, defaultCounts: [10, 20, 30], interestFreeUpTo: 10, annualRatePercent: 14.9 }
}

const round2 = (value: number): number => Math.round(value * 100) / 100

/** Rounds an amount up to a multiple of `step` (to cents at most, without float noise). */
export const roundUpTo = (amount: number, step: number): number => round2(Math.ceil(amount / step - 1e-9) * step)

/** The yearly interest rate of a plan, in percent: 0 for promotional plans. */
export const annualRateFor = (terms: FinancingTerms, count: number): number =>
  count <= terms.interestFreeUpTo ? 0 : terms.annualRatePercent

/** One instalment plan for a price. */
export interface InstallmentPlan {
  /** The number of monthly instalments. */
  readonly installmentCount: number
  /** The deposit paid up front. */
  readonly depositAmount: number
  /** The amount financed: price minus deposit. */
  readonly financedAmount: number
  /** One monthly instalment, rounded up to the currency's step. */
  readonly monthlyPayment: number
  /** Deposit plus all instalments. */
  readonly totalAmount: number
  /** The yearly interest rate, in percent. */
  readonly interestRate: number
  /** The annual percentage rate of charge (RPSN, APR) in percent, two decimals: `(1 + r/12)^12 - 1`. */
  readonly rpsn: number
}

/**
 * The plan of `count` instalments for a price and deposit in a currency, or undefined when it is
 * not offered: a count below 2, a negative deposit, a financed amount outside the currency's range,
 * or a monthly payment below its minimum.
 */
export const installmentPlan = (
  currency: Currency,
  price: number,
  depositAmount: number,
  count: number
): InstallmentPlan | undefined => {
  const terms = financingTerms[currency]
  if (!Number.isInteger(count) || count < 2 || depositAmount < 0 || !Number.isFinite(price)) return undefined
  const financed = round2(price - depositAmount)
  if (financed < terms.minAmount || financed > terms.maxAmount) return undefined
  const rate = annualRateFor(terms, count)
  const monthlyRate = rate / 100 / 12
  const exact = monthlyRate === 0 ? financed / count : (financed * monthlyRate) / (1 - (1 + monthlyRate) ** -count)
  const monthlyPayment = roundUpTo(exact, terms.step)
  if (monthlyPayment < terms.minMonthly) return undefined
  return {
    installmentCount: count,
    depositAmount: round2(depositAmount),
    financedAmount: financed,
    monthlyPayment,
    totalAmount: round2(depositAmount + monthlyPayment * count),
    interestRate: rate,
    rpsn: monthlyRate === 0 ? 0 : round2(((1 + monthlyRate) ** 12 - 1) * 100)
  }
}

/** The instalment count a child billing code names (`CZG_12` is 12), or undefined. */
export const countOfChildCode = (parentCode: string, childCode: string): number | undefined => {
  const match = new RegExp(`^${parentCode.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}_(\\d{1,3})$`).exec(childCode)
  return match === null ? undefined : Number(match[1])
}

/** The product code of a plan: the child billing code when the method has one, else `{code}_{count}`. */
export const productCodeFor = (parentCode: string, count: number): string => `${parentCode}_${count}`
