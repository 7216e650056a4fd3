/**
 * Deliveries (spec §3 "Delivery"): the delivery groups of the cart, their methods, branches (pick-up points) and
 * payments, and the delivery-step data around them.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { deliveryMethodKinds, deliveryTypes } from "../../domain/delivery.ts"
import { defaultPaymentLimitation } from "../../domain/payment.ts"
import { WireInt, WireNumber, WireString } from "./wire.ts"

/** A delivery type (§3): express, post, pup, preferred_pup ("preferred pup"), standard. */
export const DeliveryType = Schema.Literals(deliveryTypes)

/** A delivery type. */
export type DeliveryType = typeof DeliveryType.Type

/** A delivery method kind (§3): pick-up point `pup`, privileged pick-up `privileged_pup`, address delivery `address`. */
export const DeliveryMethodKind = Schema.Literals(deliveryMethodKinds)

/** A delivery method kind. */
export type DeliveryMethodKind = typeof DeliveryMethodKind.Type

const EarliestDateFields = {
  from: WireString,
  to: WireString
}

/** The schema type of {@link EarliestDate}, named so that declarations refer to it instead of spelling it out. */
export interface EarliestDateStruct extends Schema.Struct<typeof EarliestDateFields> {}

/** The earliest delivery date (§3): `from` and `to`, ISO dates or date-times as the server writes them. */
export const EarliestDate: EarliestDateStruct = Schema.Struct(EarliestDateFields)

/** Decoded type of {@link EarliestDate}. */
export type EarliestDate = typeof EarliestDate.Type

const PupTransportFields = {
  id: WireString,
  icon: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link PupTransport}, named so that declarations refer to it instead of spelling it out. */
export interface PupTransportStruct extends Schema.Struct<typeof PupTransportFields> {}

/** A pick-up transport (carrier) offered by a delivery method (§3): `id` and its `icon` (a missing icon is logged, §8). */
export const PupTransport: PupTransportStruct = Schema.Struct(PupTransportFields)

/** Decoded type of {@link PupTransport}. */
export type PupTransport = typeof PupTransport.Type

const PupTypeFields = {
  id: WireString,
  name: Schema.optionalKey(Schema.String),
  icon: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link PupType}, named so that declarations refer to it instead of spelling it out. */
export interface PupTypeStruct extends Schema.Struct<typeof PupTypeFields> {}

/** A kind of pick-up point (§3 pupTypes): `id`, `name`, `icon`. */
export const PupType: PupTypeStruct = Schema.Struct(PupTypeFields)

/** Decoded type of {@link PupType}. */
export type PupType = typeof PupType.Type

const BranchFields = {
  id: WireString,
  name: Schema.optionalKey(Schema.String),
  address: Schema.optionalKey(Schema.String),
  city: Schema.optionalKey(Schema.String),
  zip: Schema.optionalKey(WireString),
  lat: Schema.optionalKey(WireNumber),
  lng: Schema.optionalKey(WireNumber),
  pupType: Schema.optionalKey(WireString),
  cashAndCarry: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link Branch}, named so that declarations refer to it instead of spelling it out. */
export interface BranchStruct extends Schema.Struct<typeof BranchFields> {}

/**
 * A branch: a pick-up point or a shop (§3 `selected.branch`, preferredBranches, newBranches, history). `cashAndCarry`
 * marks a shop branch; the other fields besides `id` are ours (not shown).
 */
export const Branch: BranchStruct = Schema.Struct(BranchFields)

/** Decoded type of {@link Branch}. */
export type Branch = typeof Branch.Type

const TransportFields = {
  id: WireString,
  type: Schema.optionalKey(DeliveryType),
  title: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  earliestDate: Schema.optionalKey(EarliestDate)
}

/** The schema type of {@link Transport}, named so that declarations refer to it instead of spelling it out. */
export interface TransportStruct extends Schema.Struct<typeof TransportFields> {}

/** A transport (carrier service) of a delivery (§3 transports). Fields besides `id` are ours (not shown). */
export const Transport: TransportStruct = Schema.Struct(TransportFields)

/** Decoded type of {@link Transport}. */
export type Transport = typeof Transport.Type

const SelectedDeliveryMethodFields = {
  id: Schema.optionalKey(WireString),
  type: Schema.optionalKey(DeliveryType),
  title: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  branch: Schema.optionalKey(Schema.NullOr(Branch)),
  earliestDate: Schema.optionalKey(EarliestDate)
}

/** The schema type of {@link SelectedDeliveryMethod}, named so that declarations refer to it instead of spelling it out. */
export interface SelectedDeliveryMethodStruct extends Schema.Struct<typeof SelectedDeliveryMethodFields> {}

/** The selected option of a delivery method (§3 `selected`), with its `branch` for pick-up deliveries. */
export const SelectedDeliveryMethod: SelectedDeliveryMethodStruct = Schema.Struct(SelectedDeliveryMethodFields)

/** Decoded type of {@link SelectedDeliveryMethod}. */
export type SelectedDeliveryMethod = typeof SelectedDeliveryMethod.Type

const DeliveryMethodFields = {
  type: Schema.optionalKey(DeliveryMethodKind),
  title: Schema.optionalKey(Schema.String),
  selected: Schema.optionalKey(Schema.NullOr(SelectedDeliveryMethod)),
  available: Schema.optionalKey(Schema.Boolean),
  availablePupTransports: Schema.optionalKey(Schema.Array(PupTransport))
}

/** The schema type of {@link DeliveryMethod}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryMethodStruct extends Schema.Struct<typeof DeliveryMethodFields> {}

/**
 * A delivery method of a delivery (§3): `selected` (the chosen option, `null` or absent when none), `available`,
 * and `availablePupTransports`.
 */
export const DeliveryMethod: DeliveryMethodStruct = Schema.Struct(DeliveryMethodFields)

/** Decoded type of {@link DeliveryMethod}. */
export type DeliveryMethod = typeof DeliveryMethod.Type

const DeliveryPaymentFields = {
  externalId: WireString,
  paymentLimitation: Schema.String.pipe(Schema.withDecodingDefault(Effect.succeed(defaultPaymentLimitation)))
}

/** The schema type of {@link DeliveryPayment}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryPaymentStruct extends Schema.Struct<typeof DeliveryPaymentFields> {}

/**
 * A payment offered for a delivery (§3): `externalId` and `paymentLimitation`, which decodes to `"NO_LIMITATION"`
 * (the domain's `defaultPaymentLimitation`) when absent or `undefined`.
 */
export const DeliveryPayment: DeliveryPaymentStruct = Schema.Struct(DeliveryPaymentFields)

/** Decoded type of {@link DeliveryPayment}. */
export type DeliveryPayment = typeof DeliveryPayment.Type

const DeliveryGeoPointFields = {
  lat: WireNumber,
  lng: WireNumber
}

/** The schema type of {@link DeliveryGeoPoint}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryGeoPointStruct extends Schema.Struct<typeof DeliveryGeoPointFields> {}

/** The geocoded shipping point of a delivery (§3 `address.shipping {lat, lng}`). */
export const DeliveryGeoPoint: DeliveryGeoPointStruct = Schema.Struct(DeliveryGeoPointFields)

/** Decoded type of {@link DeliveryGeoPoint}. */
export type DeliveryGeoPoint = typeof DeliveryGeoPoint.Type

/**
 * Remaining purchase until free marketplace delivery (§3 `marketplaceFreeDeliveryRemains`). Kept raw (number,
 * string or `null`) because §5 says it counts only when numeric: the rule decides, not the decoder.
 */
export const FreeDeliveryRemains = Schema.NullOr(Schema.Union([Schema.Finite, Schema.String]))

/** Decoded type of {@link FreeDeliveryRemains}. */
export type FreeDeliveryRemains = typeof FreeDeliveryRemains.Type

const DeliveryFields = {
  deliveryId: WireString,
  deliveryMethods: Schema.optionalKey(Schema.Array(DeliveryMethod)),
  isMarketplace: Schema.optionalKey(Schema.Boolean),
  marketplaceFreeDeliveryRemains: Schema.optionalKey(FreeDeliveryRemains),
  deliveredBy: Schema.optionalKey(Schema.String),
  address: Schema.optionalKey(Schema.Struct({ shipping: Schema.optionalKey(DeliveryGeoPoint) })),
  payments: Schema.optionalKey(Schema.Array(DeliveryPayment)),
  transports: Schema.optionalKey(Schema.Array(Transport)),
  earliestDate: Schema.optionalKey(EarliestDate),
  cartItemsIds: Schema.optionalKey(Schema.Array(WireInt))
}

/** The schema type of {@link Delivery}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryStruct extends Schema.Struct<typeof DeliveryFields> {}

/** A delivery: one group of cart items shipped together (§3), identified by `deliveryId`. */
export const Delivery: DeliveryStruct = Schema.Struct(DeliveryFields)

/** Decoded type of {@link Delivery}. */
export type Delivery = typeof Delivery.Type

const CampaignBarFields = {
  id: Schema.optionalKey(WireString),
  title: Schema.optionalKey(Schema.String),
  text: Schema.optionalKey(Schema.String),
  selected: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link CampaignBar}, named so that declarations refer to it instead of spelling it out. */
export interface CampaignBarStruct extends Schema.Struct<typeof CampaignBarFields> {}

/** The marketing campaign bar of the delivery step (§3 campaignBar; select-campaign, §7). Fields are ours. */
export const CampaignBar: CampaignBarStruct = Schema.Struct(CampaignBarFields)

/** Decoded type of {@link CampaignBar}. */
export type CampaignBar = typeof CampaignBar.Type

const OrderConsentFields = {
  code: WireString,
  text: Schema.optionalKey(Schema.String),
  checked: Schema.optionalKey(Schema.Boolean),
  required: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link OrderConsent}, named so that declarations refer to it instead of spelling it out. */
export interface OrderConsentStruct extends Schema.Struct<typeof OrderConsentFields> {}

/** An order consent shown in the delivery step (§3 consents; order-consents, §7). Fields besides `code` are ours. */
export const OrderConsent: OrderConsentStruct = Schema.Struct(OrderConsentFields)

/** Decoded type of {@link OrderConsent}. */
export type OrderConsent = typeof OrderConsent.Type

const SearchSelectionFields = {
  deliveries: Schema.optionalKey(Schema.Array(WireString))
}

/** The schema type of {@link SearchSelection}, named so that declarations refer to it instead of spelling it out. */
export interface SearchSelectionStruct extends Schema.Struct<typeof SearchSelectionFields> {}

/** The branch search selection (§3 `searchSelection.deliveries`): the ids of the deliveries a branch search serves. */
export const SearchSelection: SearchSelectionStruct = Schema.Struct(SearchSelectionFields)

/** Decoded type of {@link SearchSelection}. */
export type SearchSelection = typeof SearchSelection.Type

/** Fields of the delivery-step data (§3 "Also ..."), all optional, to be spread into a response Struct. */
export const deliveryDataFields = {
  transports: Schema.optionalKey(Schema.Array(Transport)),
  preferredBranches: Schema.optionalKey(Schema.Array(Branch)),
  newBranches: Schema.optionalKey(Schema.Array(Branch)),
  history: Schema.optionalKey(Schema.Array(Branch)),
  customerHistory: Schema.optionalKey(Schema.Array(Branch)),
  campaignBar: Schema.optionalKey(Schema.NullOr(CampaignBar)),
  consents: Schema.optionalKey(Schema.Array(OrderConsent)),
  availableDeliveryStrategies: Schema.optionalKey(Schema.Array(WireString)),
  pupTypes: Schema.optionalKey(Schema.Array(PupType)),
  searchSelection: Schema.optionalKey(SearchSelection)
}

/** The delivery-step data around the deliveries (§3): transports, branches, histories, campaign bar, consents... */
export const DeliveryData = Schema.Struct(deliveryDataFields)

/** Decoded type of {@link DeliveryData}. */
export type DeliveryData = typeof DeliveryData.Type
