/**
 * The checkout's flash keys and shared helpers: answer statuses, flash messages, dates, the session's shop and payment context.
 *
 * @module
 */
import { Clock, Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { okStatus } from "../../../../core/api/entities/envelope.ts"
import { isWalletSupportedHeaderValue, walletSupportedHeader } from "../../../../core/api/headers.ts"
import type { ResponseStatus } from "../../../../core/api/entities/envelope.ts"
import { errorResponseStatus } from "../../../../core/api/entities/envelope.ts"
import type { FlashMessage } from "../../../../core/api/entities/flash.ts"
import { LoginRequired } from "../../../../core/api/errors.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { type FlashCategory, flashMessage, type FlashType } from "../../../../core/domain/flash.ts"
import { shopOf } from "../account/common.ts"
import { type PaymentContext } from "../cart/billingMethods.ts"

/**
 * The flash messages of this area (translation keys). Keys of the payment provider check start with `err` (§8: such
 * a flash marks a provider-check error); the others are plain keys.
 */
export const checkoutFlashKeys = {
  cartEmpty: "checkout_cart_empty",
  addressRequired: "checkout_address_required",
  deliveryNotSelected: "checkout_delivery_not_selected",
  deliveryNoLongerAvailable: "delivery_method_no_longer_available",
  paymentNotSelected: "checkout_payment_not_selected",
  paymentNotAllowed: "checkout_payment_not_allowed",
  paymentCheckRequired: "checkout_payment_check_required",
  paymentTermsRequired: "checkout_payment_terms_required",
  paymentOtpRequired: "checkout_payment_otp_required",
  stockInsufficient: "checkout_stock_insufficient",
  cartAlreadyOrdered: "checkout_cart_already_ordered",
  keyReused: "checkout_idempotency_key_reused",
  methodNotOffered: "delivery_method_not_offered",
  methodUnavailable: "delivery_method_unavailable",
  branchRequired: "delivery_branch_required",
  branchUnavailable: "delivery_branch_unavailable",
  deliveryAddressRequired: "delivery_address_required",
  insuranceNeedsMethod: "delivery_insurance_needs_method",
  strategyUnavailable: "delivery_strategy_unavailable",
  campaignUnknown: "campaign_unknown",
  deliveryUnknown: "delivery_unknown",
  paymentReset: "payment_reset_incompatible",
  addressUnknown: "customer_address_unknown",
  providerUnknownMethod: "err_payment_provider_unknown_method",
  providerNotEligible: "err_payment_provider_not_eligible",
  providerLimit: "err_payment_provider_limit",
  providerNotStarted: "err_payment_provider_not_started",
  providerOtpInvalid: "err_payment_provider_otp_invalid",
  providerDataTooLarge: "err_payment_provider_data_too_large",
  providerDataInvalid: "err_payment_provider_data_invalid",
  providerDataRequired: "err_payment_provider_data_required",
  revolvingUnavailable: "err_revolving_unavailable",
  dimensionDataInvalid: "tag_dimension_data_invalid"
} as const

// -----------------------------------------------------------------------------------------------
// small helpers
// -----------------------------------------------------------------------------------------------

/** One day in milliseconds. */
export const dayMs = 86_400_000

/** The ISO date (YYYY-MM-DD, UTC) of a time in ms. */
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The ok status of an answer (`status: "ok"`). */
export const okResponseStatus: ResponseStatus = { status: okStatus }

/** An error status with flash messages (§4, §8): `status: "error"` and the flashes. */
export const errorStatus = (...flashes: ReadonlyArray<FlashMessage>): ResponseStatus => ({
  status: errorResponseStatus,
  flashMessages: flashes
})

/** A flash message of this area: a danger cart flash unless told. */
export const flash = (message: string, type: FlashType = "danger", cat: FlashCategory = "cart"): FlashMessage =>
  flashMessage(message, type, cat)

/** The 401 of a call that needs a customer who may enter shipping (§6): the login url returning to `returnTo`. */
export const loginRequiredFor = (session: SessionData, returnTo: string): LoginRequired =>
  new LoginRequired({
    message: "Log in to continue.",
    redirectUrl: `${shopOf(session).urlKeys.login}?return=${encodeURIComponent(returnTo)}`
  })

/** Text escaped for a SQL LIKE pattern (`\\`, `%`, `_`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A JSON object value as a record; anything else is empty. */
export const readRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Today (the Clock's) at 00:00 UTC, in ms since the epoch. */
export const todayMs = Effect.map(Clock.currentTimeMillis, (ms) => Math.floor(ms / dayMs) * dayMs)

/**
 * The payment context of the current request (§5 wallets): the contract's {@link walletSupportedHeader}; no
 * wallet support when absent or outside a request.
 */
export const requestPaymentContext: Effect.Effect<PaymentContext> = Effect.map(
  Effect.serviceOption(HttpServerRequest.HttpServerRequest),
  (request): PaymentContext => ({
    walletSupported: Option.isSome(request) && isWalletSupportedHeaderValue(request.value.headers[walletSupportedHeader])
  })
)
