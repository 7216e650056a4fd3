/**
 * The checkout flow (spec §2 checkout flow table, §4): the four steps, their locations and tag pages,
 * the next-step transition, who may enter shipping, and the response envelope's reload rule.
 *
 * @module
 */

import type { ResponseStatus } from "./responseStatus.ts"
import type { Shop } from "./shop.ts"

/** The checkout steps in flow order (§2, §4). */
export const checkoutSteps = ["preview", "customer", "shipping", "confirmation"] as const

/** A checkout step. */
export type CheckoutStep = (typeof checkoutSteps)[number]

/** A flow number of a step (§2). */
export type FlowNumber = 1 | 2 | 3 | 4

/** One row of the checkout flow table (§2). */
export interface CheckoutStepInfo {
  readonly step: CheckoutStep
  readonly flowNumber: FlowNumber
  /** Appended to the cart url key to give the step's location (§2). */
  readonly locationSuffix: string
  /** Whether the step's content is loaded asynchronously (§2: shipping). */
  readonly loadedAsynchronously: boolean
  readonly tagPageNumber: number
  /** Localisation key of the step's navigation title (keys ours). */
  readonly titleKey: string
  /** Whether the step shows in the navigation (§2: every step). */
  readonly visible: boolean
}

/**
 * The checkout flow table (§2). The confirmation location is "not shown" in the spec; ours is cart/4,
 * following the flow number.
 */
export const checkoutStepTable: { readonly [S in CheckoutStep]: CheckoutStepInfo & { readonly step: S } } = {
  preview: {
    step: "preview",
    flowNumber: 1,
    locationSuffix: "",
    loadedAsynchronously: false,
    tagPageNumber: 1,
    titleKey: "cart_step-preview",
    visible: true
  },
  customer: {
    step: "customer",
    flowNumber: 2,
    locationSuffix: "/1",
    loadedAsynchronously: false,
    tagPageNumber: 3,
    titleKey: "cart_step-customer",
    visible: true
  },
  shipping: {
    step: "shipping",
    flowNumber: 3,
    locationSuffix: "/3",
    loadedAsynchronously: true,
    tagPageNumber: 3,
    titleKey: "cart_step-shipping",
    visible: true
  },
  confirmation: {
    step: "confirmation",
    flowNumber: 4,
    locationSuffix: "/4",
    loadedAsynchronously: false,
    tagPageNumber: 5,
    titleKey: "cart_step-confirmation",
    visible: true
  }
}

/** The flow number of a step. */
export const flowNumberOf = (step: CheckoutStep): FlowNumber => checkoutStepTable[step].flowNumber

/** The step of a flow number, if it is one. */
export const stepOfFlowNumber = (flowNumber: number): CheckoutStep | undefined =>
  checkoutSteps.find((step) => checkoutStepTable[step].flowNumber === flowNumber)

/**
 * A step as the server may send it: a step name, a flow number, or a flow number as a string.
 * Anything else gives undefined.
 */
export const parseCheckoutStep = (value: unknown): CheckoutStep | undefined => {
  if (typeof value === "number") return stepOfFlowNumber(value)
  if (typeof value !== "string") return undefined
  const byName = checkoutSteps.find((step) => step === value)
  return byName ?? (/^[1-4]$/.test(value) ? stepOfFlowNumber(Number(value)) : undefined)
}

const withoutTrailingSlashes = (url: string): string => url.replace(/\/+$/, "")

/** The location of a step (§2): the shop's cart url key, then `/1`, `/3` or `/4`. */
export const stepLocation = (step: CheckoutStep, shop: Pick<Shop, "urlKeys">): string =>
  `${withoutTrailingSlashes(shop.urlKeys.cart)}${checkoutStepTable[step].locationSuffix}`

/** Whether a step is in the shipping context: any step beyond customer (§2). */
export const isShippingContext = (step: CheckoutStep): boolean => flowNumberOf(step) > flowNumberOf("customer")

/** How long a step change to shipping or confirmation waits for the customer id (§2, §8: then only a warning). */
export const customerIdWaitMs = 3000

/** Whether publishing a change to this step waits for the customer id (§2: shipping and confirmation). */
export const mustWaitForCustomerId = (step: CheckoutStep): boolean => step === "shipping" || step === "confirmation"

/** The default delay before the redirect to the confirmation url (§2, §9). */
export const defaultConfirmationRedirectDelayMs = 6000

/** Configuration of the checkout flow. */
export interface CheckoutConfig {
  readonly confirmationRedirectDelayMs?: number
}

/**
 * The delay before the redirect to the confirmation url (§2): the configured one when it is a finite
 * non-negative number, otherwise 6000 ms.
 */
export const confirmationRedirectDelayMs = (config?: CheckoutConfig): number => {
  const configured = config?.confirmationRedirectDelayMs
  return configured !== undefined && Number.isFinite(configured) && configured >= 0
    ? configured
    : defaultConfirmationRedirectDelayMs
}

/** The url addresses load from (§2): `{cart-url}/1/load-addresses/` (trailing slashes of the cart url dropped). */
export const addressesUrl = (cartUrl: string): string => `${withoutTrailingSlashes(cartUrl)}/1/load-addresses/`

/** The fields of the customer (§3) the checkout flow reads. */
export interface CheckoutCustomer {
  readonly isLogged?: boolean | null
  readonly isWaitingForConfirmation?: boolean | null
  readonly hasFilledAddress?: boolean | null
}

/** Whether the customer may go to shipping (§4, §6): logged in or waiting for confirmation. */
export const mayEnterShipping = (customer: CheckoutCustomer): boolean =>
  customer.isLogged === true || customer.isWaitingForConfirmation === true

/** The step actually shown (§2): shipping without a filled address drops back to customer. */
export const effectiveStep = (step: CheckoutStep, customer: CheckoutCustomer): CheckoutStep =>
  step === "shipping" && customer.hasFilledAddress !== true ? "customer" : step

export { mustReload, type ResponseStatus } from "./responseStatus.ts"

/** The parts of a next-step response (§7) the transition reads. */
export interface NextStepResponse {
  readonly step?: unknown
  readonly status?: ResponseStatus | null
}

/** The outcome of a next-step response. */
export interface StepTransition {
  /** The step to show. */
  readonly step: CheckoutStep
  /** Whether the purchase must be loaded (load-purchase). */
  readonly loadPurchase: boolean
  /** Whether publishing the step change first waits for the customer id (up to 3 s). */
  readonly waitForCustomerId: boolean
}

/**
 * The transition after a next-step response (§4). Flash messages in the status keep the current step
 * and load nothing. Otherwise the new step is the response's step (the current one when it sends
 * none we know); a shipping-context step for a customer who may not enter shipping becomes customer;
 * then shipping without a filled address drops back to customer; and the purchase is loaded.
 */
export const nextStepTransition = (
  current: CheckoutStep,
  response: NextStepResponse,
  customer: CheckoutCustomer
): StepTransition => {
  if ((response.status?.flashMessages?.length ?? 0) > 0)
    return { step: current, loadPurchase: false, waitForCustomerId: false }
  const requested = parseCheckoutStep(response.step) ?? current
  const allowed = isShippingContext(requested) && !mayEnterShipping(customer) ? "customer" : requested
  const step = effectiveStep(allowed, customer)
  return { step, loadPurchase: true, waitForCustomerId: step !== current && mustWaitForCustomerId(step) }
}

/** The longest invoice note accepted, by the contract and the shipping step alike (ours: the spec shows no limit). */
export const maxInvoiceNoteLength = 255
