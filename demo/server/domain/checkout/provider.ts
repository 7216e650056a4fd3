/**
 * Payments and providers: the simulated payment provider check of CZN/CZG and the revolving-credit offer.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { ResponseStatus } from "../../../../core/api/entities/envelope.ts"
import type { BillingMethods } from "../../../../core/api/entities/payment.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { ProviderApplicantData } from "../../../../core/api/paymentProvider.ts"
import {
  backgroundLoadCodes,
  deferredPaymentCode,
  isBackgroundLoadEligible,
  revolvingPaymentCode,
  simulatedProviderOtpCode
} from "../../../../core/domain/payment.ts"
import { round2 } from "../cart/money.ts"
import { checkoutFlashKeys, errorStatus, flash, okResponseStatus } from "./common.ts"
import { type CheckoutContext, loadContext } from "./context.ts"
import { billingMethodsFor } from "./deliveries.ts"

/** How many polls of the payment provider check answer "still checking" (202) before the outcome. */
export const providerPendingPolls = 2

/** The status string of a pending payment provider check. */
export const providerPendingStatusText = "pending"

/**
 * The simulated provider's limits on the cart's goods and services after discounts, in the shop's currency:
 * deferred payment (CZN) up to `max`, revolving credit (CZG) from `min` to `max`. A cart outside them is refused by
 * the check (the deterministic error case).
 */
export const providerCheckLimits: { readonly [code: string]: { readonly min: number; readonly max: number } } = {
  [deferredPaymentCode]: { min: 0, max: 20_000 },
  [revolvingPaymentCode]: { min: 3_000, max: 200_000 }
}

/** The methods whose order needs the one-time code confirmed (revolving credit: the contract is signed by OTP). */
export const otpRequiredCodes: ReadonlyArray<string> = [revolvingPaymentCode]

/** The terms of the simulated revolving offer: yearly interest (%), APR (%), credit limit, default instalments. */
export const revolvingTerms = { interestRate: 9.9, apr: 10.36, creditLimit: 200_000, defaultInstallments: 12 } as const

/** The most fields, and the longest key and value, the provider's enrich data may carry (ours). */
export const enrichLimits = { fields: 20, keyLength: 100, valueLength: 500 } as const

/** A row of `payment_provider_checks`. */
export interface ProviderCheckRow {
  readonly polls: number
  readonly state: "pending" | "approved" | "rejected"
  readonly reason: string | null
  readonly terms_accepted: boolean | null
  readonly otp_confirmed: boolean
  readonly enrich_data: unknown
}

/** The provider check of a cart and billing method, if one started. */
export const loadProviderCheck = (cartId: number, code: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<ProviderCheckRow>`
      SELECT polls, state, reason, terms_accepted, otp_confirmed, enrich_data
      FROM payment_provider_checks WHERE cart_id = ${cartId} AND billing_code = ${code}`
    return rows[0]
  })

/**
 * The provider's refusal of the cart for `code`, if any (the deterministic error case): the cart's goods and
 * services after discounts outside {@link providerCheckLimits}.
 */
export const providerRefusal = (ctx: CheckoutContext, code: string): string | undefined => {
  const limits = providerCheckLimits[code]
  const value = ctx.totals.afterDiscounts
  return limits !== undefined && (value < limits.min || value > limits.max) ? checkoutFlashKeys.providerLimit : undefined
}

/** Whether a payment method code goes through the provider check (loaded in the background). */
export const isProviderChecked = (code: string): boolean => (backgroundLoadCodes as ReadonlyArray<string>).includes(code)

// -----------------------------------------------------------------------------------------------
// the payment provider check (simulated)
// -----------------------------------------------------------------------------------------------

/** The answer of load: `pending` (202) or the billing methods with the check's outcome (200). */
export type ProviderLoadAnswer =
  | { readonly _tag: "pending"; readonly status: ResponseStatus }
  | { readonly _tag: "done"; readonly status: ResponseStatus; readonly billingMethods: BillingMethods }

/**
 * load of the payment provider check (§4, §7, §9): for a cart whose selected method is CZN or CZG, the first
 * {@link providerPendingPolls} polls answer pending (202); the next answers 200 with the billing methods and the
 * outcome: approved, or refused (the method marked invalid and an `err_` flash, §8) when the cart is outside the
 * provider's limits. A cart the core's `isBackgroundLoadEligible` refuses (marketplace items or a discount) is
 * refused at once; a cart without a provider-checked method answers its billing methods at once.
 */
export const providerLoad = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ctx = yield* loadContext(session)
    const methods = yield* billingMethodsFor(ctx)
    const code = ctx.state.billingMethodCode
    if (code === null || !isProviderChecked(code)) {
      return { _tag: "done", status: okResponseStatus, billingMethods: methods } satisfies ProviderLoadAnswer
    }
    const coreCart = {
      articles: ctx.state.lines.map((line) => ({
        articleId: line.itemId,
        count: line.count,
        marketplacePartnerId: line.partnerId === null ? null : String(line.partnerId)
      })),
      discounts: { codes: ctx.totals.discounts.codes, value: ctx.totals.discounts.value }
    }
    const refusedAtOnce = isBackgroundLoadEligible(code, coreCart) ? undefined : checkoutFlashKeys.providerNotEligible
    // One transaction: the poll is counted and the outcome recorded together.
    const outcome = yield* sql.withTransaction(Effect.gen(function*() {
      const rows = yield* sql<ProviderCheckRow>`
        INSERT INTO payment_provider_checks (cart_id, billing_code, polls) VALUES (${ctx.state.cartId}, ${code}, 1)
        ON CONFLICT (cart_id, billing_code) DO UPDATE SET polls = payment_provider_checks.polls + 1, updated_at = now()
        RETURNING polls, state, reason, terms_accepted, otp_confirmed, enrich_data`
      const check = rows[0]!
      if (refusedAtOnce === undefined && check.state === "pending" && check.polls <= providerPendingPolls) {
        return { pending: true as const }
      }
      const refusal = refusedAtOnce ?? providerRefusal(ctx, code)
      yield* sql`UPDATE payment_provider_checks SET state = ${refusal === undefined ? "approved" : "rejected"},
                   reason = ${refusal ?? null}, updated_at = now()
                 WHERE cart_id = ${ctx.state.cartId} AND billing_code = ${code}`
      return { pending: false as const, refusal }
    }))
    if (outcome.pending) {
      return { _tag: "pending", status: { status: providerPendingStatusText } } satisfies ProviderLoadAnswer
    }
    const refusal = outcome.refusal
    const method = methods[code]
    return {
      _tag: "done",
      status: refusal === undefined ? okResponseStatus : errorStatus(flash(refusal)),
      billingMethods: refusal === undefined || method === undefined ? methods : { ...methods, [code]: { ...method, invalid: true } }
    } satisfies ProviderLoadAnswer
  })

/** Whether `code` is a provider-checked billing method of the shop. */
const isProviderMethod = (shopId: string, code: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ code: string }>`
      SELECT code FROM billing_methods WHERE shop_id = ${shopId} AND code = ${code} AND active AND provider_check IS NOT NULL`
    return rows.length > 0
  })

const isApplicantData = Schema.is(ProviderApplicantData)

/** The stored enrich data as a record (jsonb comes back parsed; a text answer is parsed here). */
const asRecord = (value: unknown): Readonly<Record<string, unknown>> => {
  const parsed = typeof value === "string" ? JSON.parse(value) as unknown : value
  return typeof parsed === "object" && parsed !== null ? parsed as Record<string, unknown> : {}
}

/** A terms, enrich or otp call of the provider check (§7). */
export type ProviderAction =
  | { readonly _tag: "terms"; readonly billingMethodId: string; readonly accepted: boolean }
  | { readonly _tag: "enrich"; readonly billingMethodId: string; readonly data: Readonly<Record<string, string>> }
  | { readonly _tag: "otp"; readonly billingMethodId: string; readonly code: string }

/**
 * terms / enrich / otp of the provider check (§7): records the terms acceptance, merges the extra data, confirms
 * the one-time code. Refused with an `err_` flash (§8) for a method without a provider check, for enrich and otp
 * before the check started, for too much data; for revolving credit (CZG) also for extra data that is not a whole
 * {@link ProviderApplicantData} (with what was sent before), for otp before that data, and for any code but the
 * simulated provider's `simulatedProviderOtpCode` (the demo shows it; no text message is sent).
 */
export const providerAction = (session: SessionData, action: ProviderAction) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const code = action.billingMethodId
    if (!(yield* isProviderMethod(session.shopId, code))) return { status: errorStatus(flash(checkoutFlashKeys.providerUnknownMethod)) }
    if (action._tag === "terms") {
      yield* sql`
        INSERT INTO payment_provider_checks (cart_id, billing_code, terms_accepted) VALUES (${session.cartId}, ${code}, ${action.accepted})
        ON CONFLICT (cart_id, billing_code) DO UPDATE SET terms_accepted = excluded.terms_accepted, updated_at = now()`
      return { status: okResponseStatus }
    }
    const check = yield* loadProviderCheck(session.cartId, code)
    if (check === undefined) {
      return { status: errorStatus(flash(checkoutFlashKeys.providerNotStarted)) }
    }
    const needsApplicant = otpRequiredCodes.includes(code)
    if (action._tag === "enrich") {
      const entries = Object.entries(action.data)
      if (
        entries.length > enrichLimits.fields ||
        entries.some(([key, value]) => key.length > enrichLimits.keyLength || value.length > enrichLimits.valueLength)
      ) {
        return { status: errorStatus(flash(checkoutFlashKeys.providerDataTooLarge)) }
      }
      if (needsApplicant && !isApplicantData({ ...asRecord(check.enrich_data), ...action.data })) {
        return { status: errorStatus(flash(checkoutFlashKeys.providerDataInvalid)) }
      }
      yield* sql`UPDATE payment_provider_checks SET enrich_data = enrich_data || ${JSON.stringify(action.data)}::jsonb, updated_at = now()
                 WHERE cart_id = ${session.cartId} AND billing_code = ${code}`
      return { status: okResponseStatus }
    }
    if (needsApplicant && !isApplicantData(asRecord(check.enrich_data))) {
      return { status: errorStatus(flash(checkoutFlashKeys.providerDataRequired)) }
    }
    if (action.code !== simulatedProviderOtpCode) return { status: errorStatus(flash(checkoutFlashKeys.providerOtpInvalid)) }
    yield* sql`UPDATE payment_provider_checks SET otp_confirmed = true, updated_at = now()
               WHERE cart_id = ${session.cartId} AND billing_code = ${code}`
    return { status: okResponseStatus }
  })

/**
 * The revolving credit offer (CZG, §7 get-revolving-offer-detail) for the cart's goods and services after
 * discounts: the instalment count of the selection (`installmentCount`, or the child `CZG_12` → 12; default 12) at
 * the yearly interest of {@link revolvingTerms}; refused with an `err_` flash in a shop without CZG.
 */
export const revolvingOffer = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const children = yield* sql<{ code: string; title: string }>`
      SELECT code, title FROM billing_methods
      WHERE shop_id = ${session.shopId} AND active AND (code = ${revolvingPaymentCode} OR parent_code = ${revolvingPaymentCode})`
    if (!children.some((row) => row.code === revolvingPaymentCode)) {
      return { status: errorStatus(flash(checkoutFlashKeys.revolvingUnavailable)) }
    }
    const ctx = yield* loadContext(session)
    const selection = ctx.state.billingMethodCode === revolvingPaymentCode ? ctx.state.billingSelection : null
    const fromCode = /_(\d+)$/.exec(selection?.productCode ?? selection?.cardId ?? "")?.[1]
    const wanted = selection?.installmentCount ?? (fromCode === undefined ? undefined : Number(fromCode))
    const installmentCount = wanted !== undefined && Number.isInteger(wanted) && wanted > 0 ? wanted : revolvingTerms.defaultInstallments
    const principal = ctx.totals.afterDiscounts
    const totalAmount = round2(principal * (1 + (revolvingTerms.interestRate / 100) * (installmentCount / 12)))
    const productCode = `${revolvingPaymentCode}_${installmentCount}`
    return {
      status: okResponseStatus,
      offer: {
        productCode,
        title: children.find((row) => row.code === productCode)?.title ?? productCode,
        creditLimit: revolvingTerms.creditLimit,
        installmentCount,
        installmentAmount: round2(totalAmount / installmentCount),
        totalAmount,
        interestRate: revolvingTerms.interestRate,
        apr: revolvingTerms.apr,
        text: "revolving_offer_text"
      }
    }
  })
