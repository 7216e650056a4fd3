/**
 * Response envelopes of the new cart and checkout API (spec §7 "Responses carry cart, cartItems, customer,
 * deliveries, status {status, flashMessages, link}, billingMethods, searchSelection, campaignBar and more"; §3 step
 * responses; §4 status handling).
 *
 * @module
 */
import { Schema } from "effect"
import { Cart, CartArticle, WidgetCartItem } from "./cart.ts"
import { Customer } from "./customer.ts"
import { CampaignBar, Delivery, deliveryDataFields, SearchSelection } from "./delivery.ts"
import { FlashMessage } from "./flash.ts"
import { BillingMethods } from "./payment.ts"
import { WireInt } from "./wire.ts"
import { WishlistSummary } from "./wishlist.ts"

/** The response status that, with a `link`, forces a page reload (§4: status 'error'). */
export const errorResponseStatus = "error"

/** The `status` value of a successful call. */
export const okStatus = "ok"

const StatusResponseFields = {
  status: Schema.String,
  message: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link StatusResponse}, named so that declarations refer to it instead of spelling it out. */
export interface StatusResponseStruct extends Schema.Struct<typeof StatusResponseFields> {}

/**
 * The bare answer of a call whose result the client reads only as `status` (§7 "Reads status"): {@link okStatus} on
 * success. `message` is an optional text for the shopper (ours).
 */
export const StatusResponse: StatusResponseStruct = Schema.Struct(StatusResponseFields)

/** Decoded type of {@link StatusResponse}. */
export type StatusResponse = typeof StatusResponse.Type

const ResponseStatusFields = {
  status: Schema.String,
  flashMessages: Schema.optionalKey(Schema.Array(FlashMessage)),
  link: Schema.optionalKey(Schema.NullOr(Schema.String))
}

/** The schema type of {@link ResponseStatus}, named so that declarations refer to it instead of spelling it out. */
export interface ResponseStatusStruct extends Schema.Struct<typeof ResponseStatusFields> {}

/**
 * The status of a response (§7 `status {status, flashMessages, link}`). `status` is kept as a string
 * ({@link errorResponseStatus} is the one the rules read); `flashMessages` are the server's notices.
 */
export const ResponseStatus: ResponseStatusStruct = Schema.Struct(ResponseStatusFields)

/** Decoded type of {@link ResponseStatus}. */
export type ResponseStatus = typeof ResponseStatus.Type

/** The fields of {@link ApiResponse}, to build call-specific responses with `Schema.Struct({ ...apiResponseFields, ... })`. */
export const apiResponseFields = {
  status: Schema.optionalKey(ResponseStatus),
  cart: Schema.optionalKey(Cart),
  cartItems: Schema.optionalKey(Schema.Array(CartArticle)),
  customer: Schema.optionalKey(Customer),
  deliveries: Schema.optionalKey(Schema.Array(Delivery)),
  billingMethods: Schema.optionalKey(BillingMethods),
  searchSelection: Schema.optionalKey(SearchSelection),
  campaignBar: Schema.optionalKey(Schema.NullOr(CampaignBar))
}

/**
 * The generic response of the new cart API (§7): every part optional, since each call returns only what it
 * changed. Unknown extra keys are ignored.
 */
export const ApiResponse = Schema.Struct(apiResponseFields)

/** Decoded type of {@link ApiResponse}. */
export type ApiResponse = typeof ApiResponse.Type

/**
 * The response of the delivery-step calls: the generic parts plus the delivery-step data of §3 (transports,
 * branches, histories, consents, strategies, pick-up types).
 */
export const DeliveryResponse = Schema.Struct({ ...apiResponseFields, ...deliveryDataFields })

/** Decoded type of {@link DeliveryResponse}. */
export type DeliveryResponse = typeof DeliveryResponse.Type

const StepResponseFields = {
  ...apiResponseFields,
  step: Schema.optionalKey(WireInt),
  dataLayerDirectData: Schema.optionalKey(Schema.Json),
  queue: Schema.optionalKey(Schema.Array(Schema.Json)),
  step5: Schema.optionalKey(Schema.Json)
}

/** The schema type of {@link StepResponse}, named so that declarations refer to it instead of spelling it out. */
export interface StepResponseStruct extends Schema.Struct<typeof StepResponseFields> {}

/**
 * The response of check-step and next-step (§3 "Step responses", §7): the generic parts plus the tag-manager data
 * `dataLayerDirectData`, the queued tag events `queue`, the new `step` and `step5` (data prefetched for the
 * confirmation step). The tag data shapes are not shown, so they are kept as JSON.
 */
export const StepResponse: StepResponseStruct = Schema.Struct(StepResponseFields)

/** Decoded type of {@link StepResponse}. */
export type StepResponse = typeof StepResponse.Type

const WidgetsDataFields = {
  cart: Schema.optionalKey(Schema.Struct({ articles: Schema.optionalKey(Schema.Array(WidgetCartItem)) })),
  wishList: Schema.optionalKey(WishlistSummary)
}

/** The schema type of {@link WidgetsData}, named so that declarations refer to it instead of spelling it out. */
export interface WidgetsDataStruct extends Schema.Struct<typeof WidgetsDataFields> {}

/**
 * The widgets data (§7 GET /api/widgets/getWidgetsData): the cart drawer's `cart.articles` and the wishlist
 * drawer's `wishList` (items and count).
 */
export const WidgetsData: WidgetsDataStruct = Schema.Struct(WidgetsDataFields)

/** Decoded type of {@link WidgetsData}. */
export type WidgetsData = typeof WidgetsData.Type
