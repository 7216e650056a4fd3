/**
 * The payment provider check of the deferred (CZN) and revolving (CZG) payments (spec §7 `/api/v2/cart.cart-pfc/`:
 * load, terms, enrich, otp, get-revolving-offer-detail; §4 payment loading; §8; §9 poll delay and expected status).
 *
 * load answers 200 (the domain's `expectedOkStatus`) with the billing methods once the provider has answered; any other
 * status (the declared 202 {@link PaymentProviderPending} while the provider is still checking, or a 5xx) is
 * polled again by the client after the domain's `paymentProviderPollDelayMs` (2000 ms). The retry ladder is therefore off
 * for load (`Retry` "never"): the poll owns its retries. A 200 without `billingMethods` fails the decode (§8: an
 * error that sets the error flag); a flash whose message contains "err" marks a provider-check error (§8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { expectedOkStatus, paymentProviderPollDelayMs } from "../domain/payment.ts"
import { ApiResponse, apiResponseFields, ResponseStatus } from "./entities/envelope.ts"
import { BillingMethods } from "./entities/payment.ts"
import { WireInt, WireNumber } from "./entities/wire.ts"
import { Retry } from "./policy.ts"
import { RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString, safeRecord } from "./entities/text.ts"

/** The path prefix of the payment provider check (§7). */
export const cartPfcPrefix = "/api/v2/cart.cart-pfc"

/** The status load answers while the provider is still checking (ours; §4 only says non-200 is polled again). */
export const providerPendingStatus = 202

const PaymentProviderResultFields = {
  ...apiResponseFields,
  billingMethods: BillingMethods
}

/** The schema type of {@link PaymentProviderResult}, named so that declarations refer to it instead of spelling it out. */
export interface PaymentProviderResultStruct extends Schema.Struct<typeof PaymentProviderResultFields> {}

/** The answer of load when the provider has answered (200): the envelope with `billingMethods` required (§8). */
export const PaymentProviderResult: PaymentProviderResultStruct = Schema.Struct(PaymentProviderResultFields)

/** Decoded type of {@link PaymentProviderResult}. */
export type PaymentProviderResult = typeof PaymentProviderResult.Type

/** The answer of load while the provider is still checking (202): only the status; the client polls again. */
export const PaymentProviderPending = Schema.Struct({
  status: Schema.optionalKey(ResponseStatus)
}).pipe(HttpApiSchema.status(providerPendingStatus))

/** Decoded type of {@link PaymentProviderPending}. */
export type PaymentProviderPending = typeof PaymentProviderPending.Type

const ProviderTermsPayloadFields = {
  billingMethodId: RequiredText,
  accepted: Schema.Boolean
}

/** The schema type of {@link ProviderTermsPayload}, named so that declarations refer to it instead of spelling it out. */
export interface ProviderTermsPayloadStruct extends Schema.Struct<typeof ProviderTermsPayloadFields> {}

/** The terms payload: the billing method code (e.g. CZN) whose provider terms the shopper `accepted`. */
export const ProviderTermsPayload: ProviderTermsPayloadStruct = Schema.Struct(ProviderTermsPayloadFields)

/** Decoded type of {@link ProviderTermsPayload}. */
export type ProviderTermsPayload = typeof ProviderTermsPayload.Type

const ProviderEnrichPayloadFields = {
  billingMethodId: RequiredText,
  data: safeRecord(SafeString)
}

/** The schema type of {@link ProviderEnrichPayload}, named so that declarations refer to it instead of spelling it out. */
export interface ProviderEnrichPayloadStruct extends Schema.Struct<typeof ProviderEnrichPayloadFields> {}

/**
 * The enrich payload: the billing method code and the extra data the provider asked for, field name to value
 * (the fields are the provider's, not shown).
 */
export const ProviderEnrichPayload: ProviderEnrichPayloadStruct = Schema.Struct(ProviderEnrichPayloadFields)

/** Decoded type of {@link ProviderEnrichPayload}. */
export type ProviderEnrichPayload = typeof ProviderEnrichPayload.Type

const ProviderOtpPayloadFields = {
  billingMethodId: RequiredText,
  code: SafeString.check(Schema.isPattern(/^[0-9]{4,8}$/, { expected: "a one-time code of 4 to 8 digits" }))
}

/** The schema type of {@link ProviderOtpPayload}, named so that declarations refer to it instead of spelling it out. */
export interface ProviderOtpPayloadStruct extends Schema.Struct<typeof ProviderOtpPayloadFields> {}

/** The otp payload: the billing method code and the one-time `code` the shopper received (4 to 8 digits, ours). */
export const ProviderOtpPayload: ProviderOtpPayloadStruct = Schema.Struct(ProviderOtpPayloadFields)

/** Decoded type of {@link ProviderOtpPayload}. */
export type ProviderOtpPayload = typeof ProviderOtpPayload.Type

/** The employment choices of {@link ProviderApplicantData} (ours). */
export const applicantEmployments = ["employed", "selfEmployed", "retired", "student", "other"] as const

/**
 * The extra data the simulated provider asks for revolving credit (CZG) before it sends the one-time code (§7 enrich;
 * fields ours, the spec shows none), each a string as enrich carries them: the mobile number the code goes to, the
 * birth date, the net monthly income in whole units of the shop's currency, and the employment. The server checks an
 * enrich of CZG with this Schema and the client validates the form with the same fields.
 */
export const applicantDataFields = {
  phone: Schema.String.check(Schema.isPattern(/^\+?[0-9]{9,15}$/, { expected: "a phone number of 9 to 15 digits" })),
  birthDate: Schema.String.check(
    Schema.isPattern(/^(19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, { expected: "a date YYYY-MM-DD" })
  ),
  monthlyIncome: Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,7}$/, { expected: "a whole positive amount" })),
  employment: Schema.Literals(applicantEmployments)
} as const

/** A field of {@link ProviderApplicantData}. */
export type ApplicantField = keyof typeof applicantDataFields

/** The fields of {@link ProviderApplicantData} in the order a form shows them. */
export const applicantFieldNames: ReadonlyArray<ApplicantField> = ["phone", "birthDate", "monthlyIncome", "employment"]

/** The extra data of revolving credit (CZG), see {@link applicantDataFields}. */
export const ProviderApplicantData = Schema.Struct(applicantDataFields)

/** Decoded type of {@link ProviderApplicantData}. */
export type ProviderApplicantData = typeof ProviderApplicantData.Type

/**
 * The fields of `values` that {@link applicantDataFields} refuses (missing or malformed; values trimmed, spaces in
 * the phone ignored); empty when the data is valid.
 */
export const applicantDataErrors = (values: { readonly [field: string]: string | undefined }): ReadonlyArray<ApplicantField> =>
  applicantFieldNames.filter((field) => !Schema.is(applicantDataFields[field])(normalizeApplicantValue(field, values[field] ?? "")))

/** A form value as it is sent: trimmed, and without the spaces of a phone number. */
export const normalizeApplicantValue = (field: ApplicantField, value: string): string =>
  field === "phone" ? value.replace(/\s+/g, "") : value.trim()

const RevolvingOfferFields = {
  productCode: Schema.optionalKey(SafeString),
  title: Schema.optionalKey(SafeString),
  creditLimit: Schema.optionalKey(WireNumber),
  installmentCount: Schema.optionalKey(WireInt),
  installmentAmount: Schema.optionalKey(WireNumber),
  totalAmount: Schema.optionalKey(WireNumber),
  interestRate: Schema.optionalKey(WireNumber),
  apr: Schema.optionalKey(WireNumber),
  text: Schema.optionalKey(SafeString)
}

/** The schema type of {@link RevolvingOffer}, named so that declarations refer to it instead of spelling it out. */
export interface RevolvingOfferStruct extends Schema.Struct<typeof RevolvingOfferFields> {}

/** A revolving credit offer (CZG); field names ours (not shown). */
export const RevolvingOffer: RevolvingOfferStruct = Schema.Struct(RevolvingOfferFields)

/** Decoded type of {@link RevolvingOffer}. */
export type RevolvingOffer = typeof RevolvingOffer.Type

const RevolvingOfferResponseFields = {
  ...apiResponseFields,
  offer: Schema.optionalKey(RevolvingOffer)
}

/** The schema type of {@link RevolvingOfferResponse}, named so that declarations refer to it instead of spelling it out. */
export interface RevolvingOfferResponseStruct extends Schema.Struct<typeof RevolvingOfferResponseFields> {}

/** The answer of get-revolving-offer-detail: the envelope plus the `offer`. */
export const RevolvingOfferResponse: RevolvingOfferResponseStruct = Schema.Struct(RevolvingOfferResponseFields)

/** Decoded type of {@link RevolvingOfferResponse}. */
export type RevolvingOfferResponse = typeof RevolvingOfferResponse.Type

/**
 * The payment provider check (group `paymentProvider`). load is polled by the client (`Retry` "never" for the
 * ladder); terms, enrich and otp change state and carry {@link CsrfProtection}.
 */
export class PaymentProviderGroup extends HttpApiGroup.make("paymentProvider").add(
  HttpApiEndpoint.get("load", `${cartPfcPrefix}/load`, {
    success: [PaymentProviderResult, PaymentProviderPending]
  })
    .annotate(Retry, "never")
    .annotate(
      OpenApi.Description,
      `Loads the billing methods after the provider check of CZN/CZG (§4). ${expectedOkStatus} (expected OK status, §9) carries billingMethods (required); 202 means the provider is still checking. Any status but ${expectedOkStatus} is polled again after ${paymentProviderPollDelayMs} ms.`
    ),
  HttpApiEndpoint.post("terms", `${cartPfcPrefix}/terms`, {
    payload: ProviderTermsPayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Records that the shopper accepted (or not) the provider's terms for the billing method."),
  HttpApiEndpoint.post("enrich", `${cartPfcPrefix}/enrich`, {
    payload: ProviderEnrichPayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Sends the extra data the provider asked for."),
  HttpApiEndpoint.post("otp", `${cartPfcPrefix}/otp`, {
    payload: ProviderOtpPayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Confirms the provider check with the one-time code the shopper received."),
  HttpApiEndpoint.get("getRevolvingOfferDetail", `${cartPfcPrefix}/get-revolving-offer-detail`, {
    success: RevolvingOfferResponse
  }).annotate(OpenApi.Description, "Loads the detail of the revolving credit offer (CZG).")
) {}
