/**
 * The new cart API's cart, purchase, invoice-note, order-consent and payment calls (spec §7 `/api/v2/cart.cart-api/`:
 * load-cart, load-purchase, set-invoice-note, order-consents, order-consent-notes, select-billing-method,
 * clean-selected-payment). The delivery calls of the same prefix are in the deliveries module.
 *
 * Every call answers the {@link ApiResponse} envelope; a business failure is a 200 with `status.status` "error"
 * and flash messages (§4, §8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { cartApiPrefix } from "./cart.ts"
import { OrderConsent } from "./entities/delivery.ts"
import { ApiResponse, apiResponseFields } from "./entities/envelope.ts"
import { BinaryFlag } from "./entities/payment.ts"
import { NotFound } from "./errors.ts"
import { RequiredText, NonNegativeDecimalFromString, PositiveIdFromString } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString, safeRecord } from "./entities/text.ts"

import { maxInvoiceNoteLength } from "../domain/checkout.ts"

export { maxInvoiceNoteLength }

const InvoiceNotePayloadFields = {
  invoiceNote: SafeString.check(Schema.isMaxLength(maxInvoiceNoteLength))
}

/** The schema type of {@link InvoiceNotePayload}, named so that declarations refer to it instead of spelling it out. */
export interface InvoiceNotePayloadStruct extends Schema.Struct<typeof InvoiceNotePayloadFields> {}

/** The set-invoice-note payload (§7 `invoiceNote`): up to 255 characters; an empty note clears it. */
export const InvoiceNotePayload: InvoiceNotePayloadStruct = Schema.Struct(InvoiceNotePayloadFields)

/** Decoded type of {@link InvoiceNotePayload}. */
export type InvoiceNotePayload = typeof InvoiceNotePayload.Type

const OrderConsentsResponseFields = {
  ...apiResponseFields,
  consents: Schema.optionalKey(Schema.Array(OrderConsent))
}

/** The schema type of {@link OrderConsentsResponse}, named so that declarations refer to it instead of spelling it out. */
export interface OrderConsentsResponseStruct extends Schema.Struct<typeof OrderConsentsResponseFields> {}

/** The answer of order-consents: the envelope plus the order `consents` of the delivery step (§3). */
export const OrderConsentsResponse: OrderConsentsResponseStruct = Schema.Struct(OrderConsentsResponseFields)

/** Decoded type of {@link OrderConsentsResponse}. */
export type OrderConsentsResponse = typeof OrderConsentsResponse.Type

const OrderConsentNotesResponseFields = {
  ...apiResponseFields,
  notes: Schema.optionalKey(safeRecord(SafeString))
}

/** The schema type of {@link OrderConsentNotesResponse}, named so that declarations refer to it instead of spelling it out. */
export interface OrderConsentNotesResponseStruct extends Schema.Struct<typeof OrderConsentNotesResponseFields> {}

/** The answer of order-consent-notes: the envelope plus `notes`, consent code to note text (shape ours). */
export const OrderConsentNotesResponse: OrderConsentNotesResponseStruct = Schema.Struct(OrderConsentNotesResponseFields)

/** Decoded type of {@link OrderConsentNotesResponse}. */
export type OrderConsentNotesResponse = typeof OrderConsentNotesResponse.Type

const PaymentSelectionQueryFields = {
  billingMethodId: RequiredText,
  cardId: Schema.optionalKey(RequiredText),
  productCode: Schema.optionalKey(RequiredText),
  installmentCount: Schema.optionalKey(PositiveIdFromString),
  depositAmount: Schema.optionalKey(NonNegativeDecimalFromString),
  rememberCard: Schema.optionalKey(BinaryFlag),
  newCard: Schema.optionalKey(BinaryFlag),
  insuranceCode: Schema.optionalKey(RequiredText)
}

/** The schema type of {@link PaymentSelectionQuery}, named so that declarations refer to it instead of spelling it out. */
export interface PaymentSelectionQueryStruct extends Schema.Struct<typeof PaymentSelectionQueryFields> {}

/**
 * The payment selection payload (§3) as the query of the GET select-billing-method (§7): every field a string on
 * the wire. `billingMethodId` is the billing method code; `installmentCount` a whole number of at least 1;
 * `depositAmount` a non-negative number; `rememberCard` and `newCard` `"0"` or `"1"` (absent means 0). The domain's
 * `paymentSelectionPayload` builds its decoded form.
 */
export const PaymentSelectionQuery: PaymentSelectionQueryStruct = Schema.Struct(PaymentSelectionQueryFields)

/** Decoded type of {@link PaymentSelectionQuery}. */
export type PaymentSelectionQuery = typeof PaymentSelectionQuery.Type

/**
 * The new cart API's cart, purchase, invoice-note, order-consent and payment calls (group `cartApi`). State
 * changes carry {@link CsrfProtection}, including the GET select-billing-method. Default policy: 5000 ms, GETs
 * retried by the ladder.
 */
export class CartApiGroup extends HttpApiGroup.make("cartApi").add(
  HttpApiEndpoint.get("loadCart", `${cartApiPrefix}/load-cart`, {
    success: ApiResponse
  }).annotate(
    OpenApi.Description,
    "Loads the cart with its items, customer, deliveries and billing methods (§7). A failure sets the fatal error flag (§4, §8)."
  ),
  HttpApiEndpoint.get("loadPurchase", `${cartApiPrefix}/load-purchase`, {
    success: ApiResponse,
    error: NotFound
  }).annotate(
    OpenApi.Description,
    "Loads the placed order (`cart.purchase`, `cart.purchaseId`, `cart.confirmationUrl`) after next-step (§4). 404 when the session has placed no order."
  ),
  HttpApiEndpoint.post("setInvoiceNote", `${cartApiPrefix}/set-invoice-note`, {
    payload: InvoiceNotePayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Stores the invoice note of the order (§7 `invoiceNote`); an empty note clears it."),
  HttpApiEndpoint.get("orderConsents", `${cartApiPrefix}/order-consents`, {
    success: OrderConsentsResponse
  }).annotate(OpenApi.Description, "Loads the order consents shown in the delivery step (§3 consents)."),
  HttpApiEndpoint.get("orderConsentNotes", `${cartApiPrefix}/order-consent-notes`, {
    success: OrderConsentNotesResponse
  }).annotate(OpenApi.Description, "Loads the notes shown under the order consents, by consent code."),
  HttpApiEndpoint.get("selectBillingMethod", `${cartApiPrefix}/select-billing-method`, {
    query: PaymentSelectionQuery,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Selects a billing method with the payment selection payload as query (§3, §7). Changes state although it is a GET, so it carries the CSRF token. A failure shows the err_request_timeout flash (§8)."
    ),
  HttpApiEndpoint.post("cleanSelectedPayment", `${cartApiPrefix}/clean-selected-payment`, {
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Clears the selected billing method (§5: a click on a selected CZU, PLU, SKU or HUU unsets it). A failure shows the err_request_timeout flash (§8)."
    )
) {}
