/**
 * The checkout step calls (spec §7 `/api/v2/cart.cart-step/check-step` and `next-step`,
 * `/api/cart-customer/update-customer`; §4 next-step transition). The new cart's "update cart customer (data)" is
 * this update-customer call.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { SelectedAddresses } from "./entities/address.ts"
import { ApiResponse, StepResponse } from "./entities/envelope.ts"
import { LoginRequired } from "./errors.ts"
import { Retry } from "./policy.ts"
import { RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The path prefix of the checkout step API (§7). */
export const cartStepPrefix = "/api/v2/cart.cart-step"

/**
 * A checkout step on the wire: its flow number (§2: 1 preview, 2 customer, 3 shipping, 4 confirmation), as the
 * domain's `FlowNumber`. In a query it is written `"1"`..`"4"`.
 */
export const FlowNumberSchema = Schema.Literals([1, 2, 3, 4])

/** Decoded type of {@link FlowNumberSchema}. */
export type FlowNumberSchema = typeof FlowNumberSchema.Type

const CheckStepQueryFields = {
  step: FlowNumberSchema
}

/** The schema type of {@link CheckStepQuery}, named so that declarations refer to it instead of spelling it out. */
export interface CheckStepQueryStruct extends Schema.Struct<typeof CheckStepQueryFields> {}

/** The check-step query (§7 `step`): the step the page shows. */
export const CheckStepQuery: CheckStepQueryStruct = Schema.Struct(CheckStepQueryFields)

/** Decoded type of {@link CheckStepQuery}. */
export type CheckStepQuery = typeof CheckStepQuery.Type

const NextStepPayloadFields = {
  step: FlowNumberSchema
}

/** The schema type of {@link NextStepPayload}, named so that declarations refer to it instead of spelling it out. */
export interface NextStepPayloadStruct extends Schema.Struct<typeof NextStepPayloadFields> {}

/** The next-step payload: the `step` the shopper leaves (the server answers the new step, §4). */
export const NextStepPayload: NextStepPayloadStruct = Schema.Struct(NextStepPayloadFields)

/** Decoded type of {@link NextStepPayload}. */
export type NextStepPayload = typeof NextStepPayload.Type

/**
 * Email syntax (§5 "email type"): the WHATWG rule of `<input type=email>`, as the domain's `isEmail` applies it.
 * Dotless domains such as `a@localhost` pass, as in browsers.
 */
export const customerEmailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** An email address (§5): trimmed, with email syntax ({@link customerEmailPattern}). */
export const CustomerEmail = SafeString.check(Schema.isPattern(customerEmailPattern, { expected: "an email address" }))

/** Decoded type of {@link CustomerEmail}. */
export type CustomerEmail = typeof CustomerEmail.Type

/** The longest name or phone accepted in the customer data (ours). */
export const maxCustomerFieldLength = 100

const CustomerText = RequiredText.check(Schema.isMaxLength(maxCustomerFieldLength))

const CartCustomerDataFields = {
  email: CustomerEmail,
  firstname: CustomerText,
  lastname: CustomerText,
  phone: Schema.optionalKey(CustomerText),
  selectedAddresses: Schema.optionalKey(SelectedAddresses),
  allowedNl: Schema.optionalKey(Schema.Boolean),
  allowedHeureka: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link CartCustomerData}, named so that declarations refer to it instead of spelling it out. */
export interface CartCustomerDataStruct extends Schema.Struct<typeof CartCustomerDataFields> {}

/**
 * The customer data of the customer step (§7 update-customer `data`; field names of the §3 Customer): contact
 * `email`, `firstname`, `lastname`, optional `phone`, the `selectedAddresses` (billing profile and shipping address
 * ids, §3) and the newsletter / review-invitation choices `allowedNl`, `allowedHeureka`. Server-side rules are "not
 * shown" (§5); these are ours.
 */
export const CartCustomerData: CartCustomerDataStruct = Schema.Struct(CartCustomerDataFields)

/** Decoded type of {@link CartCustomerData}. */
export type CartCustomerData = typeof CartCustomerData.Type

const UpdateCustomerPayloadFields = {
  data: CartCustomerData
}

/** The schema type of {@link UpdateCustomerPayload}, named so that declarations refer to it instead of spelling it out. */
export interface UpdateCustomerPayloadStruct extends Schema.Struct<typeof UpdateCustomerPayloadFields> {}

/** The update-customer payload (§7 `data`). */
export const UpdateCustomerPayload: UpdateCustomerPayloadStruct = Schema.Struct(UpdateCustomerPayloadFields)

/** Decoded type of {@link UpdateCustomerPayload}. */
export type UpdateCustomerPayload = typeof UpdateCustomerPayload.Type

/**
 * The checkout step calls (group `cartStep`). next-step carries {@link CsrfProtection} and is sent with an
 * idempotency key (`Retry` "idempotencyKey"): from shipping it places the order, which a retry must not repeat.
 */
export class CartStepGroup extends HttpApiGroup.make("cartStep").add(
  HttpApiEndpoint.get("checkStep", `${cartStepPrefix}/check-step`, {
    query: CheckStepQuery,
    success: StepResponse
  }).annotate(
    OpenApi.Description,
    "Checks the step the page shows (§2, §4) and answers the step to show with its tag data (dataLayerDirectData, queue). Read-only."
  ),
  HttpApiEndpoint.post("nextStep", `${cartStepPrefix}/next-step`, {
    payload: NextStepPayload,
    success: StepResponse,
    error: LoginRequired
  })
    .middleware(CsrfProtection)
    .annotate(Retry, "idempotencyKey")
    .annotate(
      OpenApi.Description,
      "Leaves `step` for the next one (§4). Flash messages in the status keep the step; otherwise the answer holds the new step (and, leaving shipping, the placed order: step5, purchase). Sent with an idempotency key so a retried order is placed once. 401 when going to shipping without a logged-in or waiting-for-confirmation customer (§6)."
    ),
  HttpApiEndpoint.post("updateCustomer", "/api/cart-customer/update-customer", {
    payload: UpdateCustomerPayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Stores the customer data of the customer step (§7 `data`); the answer carries the updated customer (hasFilledAddress, isWaitingForConfirmation)."
    )
) {}
