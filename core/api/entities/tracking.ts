/**
 * Customer-behaviour tracking payloads (spec §3 "Tracking event", "Purchase tracking item", "Cart update payload";
 * §7 Tracking API). These are sent by the client, so their required fields are the ones it always sends.
 *
 * @module
 */
import { Schema } from "effect"
import { accountTypes } from "../../domain/customer.ts"
import { cartUpdateActions, newPurchaseStatus, personalizationValues } from "../../domain/tracking.ts"
import { StringOrNumber, WireInt, WireNumber, WireString } from "./wire.ts"
import { hasSafeTexts, NonEmptySafeString, SafeJson, SafeString, safeRecord } from "./text.ts"

/** The account type a tracking event reports (§3, §6): registered (has a customer id) or guest. */
export const AccountType = Schema.Literals(accountTypes)

/** An account type. */
export type AccountType = typeof AccountType.Type

/** The personalisation answer a tracking event reports (§6: accept or reject in tracking). */
export const Personalization = Schema.Literals(personalizationValues)

/** A personalisation answer. */
export type Personalization = typeof Personalization.Type

const CustomerIdsFields = {
  cookie: SafeString,
  exponea_id: Schema.optionalKey(SafeString),
  customer_id: Schema.optionalKey(WireString)
}

/** The schema type of {@link CustomerIds}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerIdsStruct extends Schema.Struct<typeof CustomerIdsFields> {}

/** The ids identifying the customer of a tracking event (§3): the `cookie` id and, when known, the other ids. */
export const CustomerIds: CustomerIdsStruct = Schema.Struct(CustomerIdsFields)

/** Decoded type of {@link CustomerIds}. */
export type CustomerIds = typeof CustomerIds.Type

/**
 * The properties of a tracking event (§3): the listed context fields, plus any further event-specific property
 * (e.g. the fields of a {@link CartUpdatePayload}) as JSON, kept through decode and encode.
 */
export const TrackingProperties = Schema.StructWithRest(
  Schema.Struct({
    personalization: Schema.optionalKey(Personalization),
    account_type: Schema.optionalKey(AccountType),
    location: Schema.optionalKey(SafeString),
    path: Schema.optionalKey(SafeString),
    referrer: Schema.optionalKey(SafeString),
    os: Schema.optionalKey(SafeString),
    device: Schema.optionalKey(SafeString),
    browser: Schema.optionalKey(SafeString),
    utm_campaign: Schema.optionalKey(SafeString),
    utm_medium: Schema.optionalKey(SafeString),
    utm_source: Schema.optionalKey(SafeString)
  }),
  [safeRecord(SafeJson)]
)

/** Decoded type of {@link TrackingProperties}. */
export type TrackingProperties = typeof TrackingProperties.Type

/**
 * A tracking event (§3): `event_type` (non-empty, §5), `customer_ids` (with the cookie id, §5), `properties`, and
 * `timestamp` in seconds (may have a fraction).
 */
export const TrackingEvent = Schema.Struct({
  event_type: NonEmptySafeString,
  customer_ids: CustomerIds,
  properties: Schema.optionalKey(TrackingProperties),
  timestamp: Schema.Finite
}).check(hasSafeTexts)

/** Decoded type of {@link TrackingEvent}. */
export type TrackingEvent = typeof TrackingEvent.Type

/** The purchase status a purchase tracking item reports (§3: new). */
export const PurchaseStatus = Schema.Literals([newPurchaseStatus])

/** A purchase status. */
export type PurchaseStatus = typeof PurchaseStatus.Type

const PurchaseTrackingItemFields = {
  purchase_id: StringOrNumber,
  purchase_status: PurchaseStatus,
  product_id: StringOrNumber,
  variant_id: StringOrNumber,
  quantity: WireInt,
  price: WireNumber,
  total_price: Schema.optionalKey(WireNumber),
  title: Schema.optionalKey(SafeString),
  brand: Schema.optionalKey(SafeString),
  category_id: Schema.optionalKey(StringOrNumber),
  category_name: Schema.optionalKey(SafeString),
  category_1: Schema.optionalKey(SafeString),
  category_2: Schema.optionalKey(SafeString),
  category_3: Schema.optionalKey(SafeString),
  category_4: Schema.optionalKey(SafeString),
  category_5: Schema.optionalKey(SafeString),
  category_6: Schema.optionalKey(SafeString),
  categories_path: Schema.optionalKey(SafeString)
}

/** The schema type of {@link PurchaseTrackingItem}, named so that declarations refer to it instead of spelling it out. */
export interface PurchaseTrackingItemStruct extends Schema.Struct<typeof PurchaseTrackingItemFields> {}

/**
 * One purchased item as tracked (§3). Ids are strings or numbers, kept as the client has them; `price` is per piece and
 * `total_price` for the quantity; `category_1`..`category_6` and `categories_path` describe the category tree.
 */
export const PurchaseTrackingItem: PurchaseTrackingItemStruct = Schema.Struct(PurchaseTrackingItemFields)

/** Decoded type of {@link PurchaseTrackingItem}. */
export type PurchaseTrackingItem = typeof PurchaseTrackingItem.Type

/** A cart update action (§3): add or remove. */
export const CartUpdateAction = Schema.Literals(cartUpdateActions)

/** A cart update action. */
export type CartUpdateAction = typeof CartUpdateAction.Type

const CartUpdatePayloadFields = {
  action: CartUpdateAction,
  product_id: StringOrNumber,
  variant_id: StringOrNumber,
  quantity: WireInt,
  brand: Schema.optionalKey(SafeString),
  category: Schema.optionalKey(SafeString),
  total_quantity: Schema.optionalKey(WireInt),
  total_price: Schema.optionalKey(WireNumber),
  variant_list: Schema.optionalKey(Schema.Array(SafeString))
}

/** The schema type of {@link CartUpdatePayload}, named so that declarations refer to it instead of spelling it out. */
export interface CartUpdatePayloadStruct extends Schema.Struct<typeof CartUpdatePayloadFields> {}

/**
 * The properties of a cart update tracking event (§3): the `action`, the product and variant, the `quantity`
 * changed, and the cart after it (`total_quantity`, `total_price`, `variant_list` of variant ids).
 */
export const CartUpdatePayload: CartUpdatePayloadStruct = Schema.Struct(CartUpdatePayloadFields)

/** Decoded type of {@link CartUpdatePayload}. */
export type CartUpdatePayload = typeof CartUpdatePayload.Type
