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

/** The earliest delivery date (§3): `from` and `to`, ISO dates or date-times as the server writes them. */
export const EarliestDate = Schema.Struct({
  from: WireString,
  to: WireString
})

/** Decoded type of {@link EarliestDate}. */
export type EarliestDate = typeof EarliestDate.Type

/** A pick-up transport (carrier) offered by a delivery method (§3): `id` and its `icon` (a missing icon is logged, §8). */
export const PupTransport = Schema.Struct({
  id: WireString,
  icon: Schema.optionalKey(Schema.String)
})

/** Decoded type of {@link PupTransport}. */
export type PupTransport = typeof PupTransport.Type

/** A kind of pick-up point (§3 pupTypes): `id`, `name`, `icon`. */
export const PupType = Schema.Struct({
  id: WireString,
  name: Schema.optionalKey(Schema.String),
  icon: Schema.optionalKey(Schema.String)
})

/** Decoded type of {@link PupType}. */
export type PupType = typeof PupType.Type

/**
 * A branch: a pick-up point or a shop (§3 `selected.branch`, preferredBranches, newBranches, history). `cashAndCarry`
 * marks a shop branch; the other fields besides `id` are ours (not shown).
 */
export const Branch = Schema.Struct({
  id: WireString,
  name: Schema.optionalKey(Schema.String),
  address: Schema.optionalKey(Schema.String),
  city: Schema.optionalKey(Schema.String),
  zip: Schema.optionalKey(WireString),
  lat: Schema.optionalKey(WireNumber),
  lng: Schema.optionalKey(WireNumber),
  pupType: Schema.optionalKey(WireString),
  cashAndCarry: Schema.optionalKey(Schema.Boolean)
})

/** Decoded type of {@link Branch}. */
export type Branch = typeof Branch.Type

/** A transport (carrier service) of a delivery (§3 transports). Fields besides `id` are ours (not shown). */
export const Transport = Schema.Struct({
  id: WireString,
  type: Schema.optionalKey(DeliveryType),
  title: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  earliestDate: Schema.optionalKey(EarliestDate)
})

/** Decoded type of {@link Transport}. */
export type Transport = typeof Transport.Type

/** The selected option of a delivery method (§3 `selected`), with its `branch` for pick-up deliveries. */
export const SelectedDeliveryMethod = Schema.Struct({
  id: Schema.optionalKey(WireString),
  type: Schema.optionalKey(DeliveryType),
  title: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  branch: Schema.optionalKey(Schema.NullOr(Branch)),
  earliestDate: Schema.optionalKey(EarliestDate)
})

/** Decoded type of {@link SelectedDeliveryMethod}. */
export type SelectedDeliveryMethod = typeof SelectedDeliveryMethod.Type

/**
 * A delivery method of a delivery (§3): `selected` (the chosen option, `null` or absent when none), `available`,
 * and `availablePupTransports`.
 */
export const DeliveryMethod = Schema.Struct({
  type: Schema.optionalKey(DeliveryMethodKind),
  title: Schema.optionalKey(Schema.String),
  selected: Schema.optionalKey(Schema.NullOr(SelectedDeliveryMethod)),
  available: Schema.optionalKey(Schema.Boolean),
  availablePupTransports: Schema.optionalKey(Schema.Array(PupTransport))
})

/** Decoded type of {@link DeliveryMethod}. */
export type DeliveryMethod = typeof DeliveryMethod.Type

/**
 * A payment offered for a delivery (§3): `externalId` and `paymentLimitation`, which decodes to `"NO_LIMITATION"`
 * (the domain's `defaultPaymentLimitation`) when absent or `undefined`.
 */
export const DeliveryPayment = Schema.Struct({
  externalId: WireString,
  paymentLimitation: Schema.String.pipe(Schema.withDecodingDefault(Effect.succeed(defaultPaymentLimitation)))
})

/** Decoded type of {@link DeliveryPayment}. */
export type DeliveryPayment = typeof DeliveryPayment.Type

/** The geocoded shipping point of a delivery (§3 `address.shipping {lat, lng}`). */
export const DeliveryGeoPoint = Schema.Struct({
  lat: WireNumber,
  lng: WireNumber
})

/** Decoded type of {@link DeliveryGeoPoint}. */
export type DeliveryGeoPoint = typeof DeliveryGeoPoint.Type

/**
 * Remaining purchase until free marketplace delivery (§3 `marketplaceFreeDeliveryRemains`). Kept raw (number,
 * string or `null`) because §5 says it counts only when numeric: the rule decides, not the decoder.
 */
export const FreeDeliveryRemains = Schema.NullOr(Schema.Union([Schema.Finite, Schema.String]))

/** Decoded type of {@link FreeDeliveryRemains}. */
export type FreeDeliveryRemains = typeof FreeDeliveryRemains.Type

/** A delivery: one group of cart items shipped together (§3), identified by `deliveryId`. */
export const Delivery = Schema.Struct({
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
})

/** Decoded type of {@link Delivery}. */
export type Delivery = typeof Delivery.Type

/** The marketing campaign bar of the delivery step (§3 campaignBar; select-campaign, §7). Fields are ours. */
export const CampaignBar = Schema.Struct({
  id: Schema.optionalKey(WireString),
  title: Schema.optionalKey(Schema.String),
  text: Schema.optionalKey(Schema.String),
  selected: Schema.optionalKey(Schema.Boolean)
})

/** Decoded type of {@link CampaignBar}. */
export type CampaignBar = typeof CampaignBar.Type

/** An order consent shown in the delivery step (§3 consents; order-consents, §7). Fields besides `code` are ours. */
export const OrderConsent = Schema.Struct({
  code: WireString,
  text: Schema.optionalKey(Schema.String),
  checked: Schema.optionalKey(Schema.Boolean),
  required: Schema.optionalKey(Schema.Boolean)
})

/** Decoded type of {@link OrderConsent}. */
export type OrderConsent = typeof OrderConsent.Type

/** The branch search selection (§3 `searchSelection.deliveries`): the ids of the deliveries a branch search serves. */
export const SearchSelection = Schema.Struct({
  deliveries: Schema.optionalKey(Schema.Array(WireString))
})

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
