/**
 * Payment rules (spec §3, §4, §5, §9): which billing methods are offered, how a click on one is sent,
 * when payments are disabled, when the payment provider loads in the background, and the payment
 * selection payload.
 *
 * @module
 */

import { hasDiscount, hasGiftCertificateDiscount, hasMarketplaceItems } from "./cart.ts"
import type { Cart, Discount } from "./cart.ts"
import type { Shop } from "./shop.ts"

/** The payment limitation a delivery payment has when the server sends none (§3). */
export const defaultPaymentLimitation = "NO_LIMITATION"

/** A payment offered with a delivery (§3): its external id and limitation. */
export interface DeliveryPayment {
  readonly externalId?: string | number | null
  readonly paymentLimitation?: string | null
}

/** The payment limitation of a delivery payment, `NO_LIMITATION` when absent or empty (§3). */
export const paymentLimitationOf = (payment: DeliveryPayment): string =>
  payment.paymentLimitation === undefined || payment.paymentLimitation === null || payment.paymentLimitation === ""
    ? defaultPaymentLimitation
    : payment.paymentLimitation

/** A child payment of a billing method (§3), e.g. one saved card or instalment product. */
export interface ChildPayment {
  readonly selected?: boolean | null
}

/**
 * The fields of a billing method (§3) that the payment rules read. `lengthy` is ours (§4 does not say
 * how a 'lengthy' payment is recognised): the server marks such a method with `lengthy: true`.
 */
export interface BillingMethod {
  /** The method's display title. */
  readonly title?: string | null
  /** Sub-choices of the method (card brands, installment products), one possibly selected. */
  readonly childPayments?: ReadonlyArray<ChildPayment> | null
  /** The server offers the method but it cannot be chosen now. */
  readonly disabled?: boolean | null
  /** The method is not valid for this cart. */
  readonly invalid?: boolean | null
  /** A 'lengthy' payment, disabled when an order state date is today (§4). */
  readonly lengthy?: boolean | null
}

/** Billing methods keyed by their code (§3). */
export type BillingMethods<M extends BillingMethod = BillingMethod> = { readonly [code: string]: M }

/** Whether a billing method can be chosen: neither disabled nor invalid. */
export const isSelectable = (method: BillingMethod): boolean => method.disabled !== true && method.invalid !== true

/** The first child payment with its selected flag set, if any. */
export const selectedChildPayment = <C extends ChildPayment>(
  method: { readonly childPayments?: ReadonlyArray<C> | null }
): C | undefined => method.childPayments?.find((child) => child.selected === true)

/** Payment codes that are unset rather than set when already selected (§5). */
export const unsetWhenSelectedCodes = ["CZU", "PLU", "SKU", "HUU"] as const

/** The call a click on a payment method makes: select it, or clear the selected payment (§7). */
export type SelectionAction = "set" | "unset"

/**
 * The call a click on the method `code` makes (§5). For CZU, PLU, SKU and HUU, a click on the
 * already-selected method unsets it (clean-selected-payment), so they toggle; every other click
 * sets (select-billing-method), re-selecting an already-selected method included. Codes match exactly.
 */
export const selectionActionFor = (code: string, currentlySelected: boolean): SelectionAction =>
  currentlySelected && (unsetWhenSelectedCodes as ReadonlyArray<string>).includes(code) ? "unset" : "set"

/**
 * The suffix of wallet payment codes (§5). Ours: the spec's SIU_cw ("card, wallet") beside SIU_c
 * ("card") reads as a lowercase `w` ending the code; matching is case-sensitive, so upper-case
 * codes such as `CZW` are not wallet methods.
 */
export const walletSuffix = "w"

/** Whether a payment code is a wallet payment (ends with the wallet suffix). */
export const isWalletPayment = (code: string): boolean => code.endsWith(walletSuffix)

/** What decides which billing methods are offered. */
export interface AvailabilityContext {
  /** The shop whose payment quirks apply (§5). */
  readonly shop: Pick<Shop, "payments">
  /** Whether the browser can make wallet payments (the caller asks the browser). */
  readonly walletSupported: boolean
}

/**
 * The billing methods offered to the shopper (§5), key order kept:
 * 1. wallet methods are removed when the browser cannot make wallet payments;
 * 2. then each `[removed, when]` pair of `shop.payments.removedWhenPresent` removes `removed` when
 *    `when` is still offered (so SI keeps SIU_c when SIU_cw was removed in step 1);
 * 3. methods of `shop.payments.removedWhenDisabled` are removed when marked disabled.
 */
export const availableBillingMethods = <M extends BillingMethod>(
  methods: BillingMethods<M>,
  context: AvailabilityContext
): BillingMethods<M> => {
  const { removedWhenPresent, removedWhenDisabled } = context.shop.payments
  const afterWallet = Object.entries(methods).filter(([code]) => context.walletSupported || !isWalletPayment(code))
  const offered = new Set(afterWallet.map(([code]) => code))
  const removed = new Set(removedWhenPresent.filter(([, when]) => offered.has(when)).map(([code]) => code))
  return Object.fromEntries(
    afterWallet.filter(
      ([code, method]) => !removed.has(code) && !(method.disabled === true && removedWhenDisabled.includes(code))
    )
  )
}

const isoDatePart = (value: string): string | undefined => /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0]

/**
 * Whether a 'lengthy' payment is disabled (§4): the method is lengthy and the order state date is
 * today. Dates are ISO strings; only their leading `yyyy-mm-dd` is compared, and a missing or
 * malformed date never disables.
 */
export const isLengthyPaymentDisabled = (
  method: BillingMethod,
  orderStateDate: string | null | undefined,
  today: string
): boolean => {
  if (method.lengthy !== true || orderStateDate === null || orderStateDate === undefined) return false
  const day = isoDatePart(orderStateDate)
  return day !== undefined && day === isoDatePart(today)
}

/**
 * Whether an order is worth more than a method takes (ours; not shown): cash on delivery, for one, has a highest
 * order value. A method without a limit (null or undefined) takes any order; a non-finite value exceeds every limit.
 * A method over its limit is marked disabled, which in CZ removes CZ0 (§5 "In CZ, CZ0 is removed when disabled").
 */
export const exceedsOrderLimit = (maxOrderTotal: number | null | undefined, orderValue: number): boolean =>
  maxOrderTotal !== null && maxOrderTotal !== undefined && (!Number.isFinite(orderValue) || orderValue > maxOrderTotal)

/** Whether payments are incompatible with coupons: a gift-certificate (G) discount is present (§4). */
export const isIncompatibleWithCoupons = (discounts: ReadonlyArray<Discount>): boolean =>
  hasGiftCertificateDiscount(discounts)

/** The deferred payment code (§4). */
export const deferredPaymentCode = "CZN"

/** The revolving payment code (§4). */
export const revolvingPaymentCode = "CZG"

/** Payment codes whose provider data loads in the background (§4). */
export const backgroundLoadCodes = [deferredPaymentCode, revolvingPaymentCode] as const

/** Delay before the background payment load (§4: after 2 s). */
export const backgroundLoadDelayMs = 2000

/** Payment provider poll delay; non-200 statuses are retried after it (§4, §9). */
export const paymentProviderPollDelayMs = 2000

/** The status the payment provider check expects (§9). */
export const expectedOkStatus = 200

/**
 * Whether choosing `code` triggers the background payment load (§4): the code is CZN or CZG and the
 * cart has no marketplace items and no discount.
 */
export const isBackgroundLoadEligible = (code: string, cart: Cart): boolean =>
  (backgroundLoadCodes as ReadonlyArray<string>).includes(code) &&
  !hasMarketplaceItems(cart.articles ?? []) &&
  !hasDiscount(cart.discounts)

/** Whether a payment provider status is retried (§4: every status but 200). */
export const isRetriedProviderStatus = (status: number): boolean => status !== expectedOkStatus

/** A payment selection as the UI holds it, booleans as booleans. */
export interface PaymentSelection {
  /** The code of the billing method. */
  readonly billingMethodId: string
  readonly cardId?: string
  readonly productCode?: string
  readonly installmentCount?: number
  readonly depositAmount?: number
  readonly rememberCard?: boolean
  readonly newCard?: boolean
  readonly insuranceCode?: string
}

/** A 0/1 flag of the wire. */
export type WireFlag = 0 | 1

/** The payment selection payload of select-billing-method (§3, §7). */
export interface PaymentSelectionPayload {
  readonly billingMethodId: string
  readonly cardId?: string
  readonly productCode?: string
  readonly installmentCount?: number
  readonly depositAmount?: number
  readonly rememberCard: WireFlag
  readonly newCard: WireFlag
  readonly insuranceCode?: string
}

const flag = (value: boolean | undefined): WireFlag => (value === true ? 1 : 0)

/**
 * The payment selection payload (§3): `rememberCard` and `newCard` always present as 0/1 (absent
 * means 0); the other optional fields only when given.
 */
export const paymentSelectionPayload = (selection: PaymentSelection): PaymentSelectionPayload => ({
  billingMethodId: selection.billingMethodId,
  ...(selection.cardId === undefined ? {} : { cardId: selection.cardId }),
  ...(selection.productCode === undefined ? {} : { productCode: selection.productCode }),
  ...(selection.installmentCount === undefined ? {} : { installmentCount: selection.installmentCount }),
  ...(selection.depositAmount === undefined ? {} : { depositAmount: selection.depositAmount }),
  rememberCard: flag(selection.rememberCard),
  newCard: flag(selection.newCard),
  ...(selection.insuranceCode === undefined ? {} : { insuranceCode: selection.insuranceCode })
})

// -------------------------------------------------------------------------------------------------
// the payment provider's screens (§7 terms, enrich, otp, get-revolving-offer-detail)
// -------------------------------------------------------------------------------------------------

/**
 * A screen of the payment provider, in the order the shopper goes through them (ours; §7 names only the calls):
 * the revolving credit offer, the provider's terms, the extra data the provider asks for, the one-time code.
 */
export type ProviderScreen = "offer" | "terms" | "data" | "otp"

/**
 * The screens of a provider-checked method (ours, from the reference provider's rules): revolving credit (CZG) shows
 * its offer, needs the terms, the extra data and the one-time code (the credit contract is signed by the code);
 * deferred payment (CZN) needs the terms only; any other method none.
 */
export const providerScreensOf = (code: string | undefined): ReadonlyArray<ProviderScreen> =>
  code === revolvingPaymentCode ? ["offer", "terms", "data", "otp"] : code === deferredPaymentCode ? ["terms"] : []

/** What the shopper has done on the provider's screens of the selected method (each true once the provider accepted it). */
export interface ProviderProgress {
  /** The provider's terms accepted (§7 terms). */
  readonly termsAccepted: boolean
  /** The extra data sent and accepted (§7 enrich). */
  readonly dataSent: boolean
  /** The one-time code confirmed (§7 otp). */
  readonly otpConfirmed: boolean
}

export { noProviderProgress } from "./providerProgress.ts"

const screenDone = (screen: ProviderScreen, progress: ProviderProgress): boolean =>
  screen === "offer" || screen === "terms"
    ? progress.termsAccepted
    : screen === "data"
      ? progress.dataSent
      : progress.otpConfirmed

/**
 * The screen the shopper is on: the first of {@link providerScreensOf} not done (the offer is read together with the
 * terms, so it counts as done with them); undefined when every screen is done or the method has none.
 */
export const currentProviderScreen = (code: string | undefined, progress: ProviderProgress): ProviderScreen | undefined =>
  providerScreensOf(code).find((screen) => screen !== "offer" && !screenDone(screen, progress))

/**
 * Whether the order can be confirmed as far as the provider is concerned: the method needs no provider check, or its
 * check answered (`checked`) and every screen is done.
 */
export const isProviderComplete = (code: string | undefined, checked: boolean, progress: ProviderProgress): boolean =>
  providerScreensOf(code).length === 0 || (checked && currentProviderScreen(code, progress) === undefined)

/**
 * The one-time code the reference backend's simulated provider accepts (ours: the demo sends no text message; the
 * demo shop shows the code in a "demo provider" notice on the code screen). Any other code is refused.
 */
export const simulatedProviderOtpCode = "123456"
