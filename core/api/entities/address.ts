/**
 * Addresses (spec §3 "Address"): billing profiles and shipping addresses, as the customer and cart responses carry them.
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt, WireNumber, WireString } from "./wire.ts"

/** The address types (§3). */
export const addressTypes = ["billing", "shipping"] as const

/** An address type. */
export const AddressType = Schema.Literals(addressTypes)

/** An address type. */
export type AddressType = typeof AddressType.Type

/** The billing profile id meaning "this billing profile is not editable" (§3: -1). */
export const notEditableBillingProfileId = -1

/** Fields every address may carry. Their names are ours: the spec does not show them. */
const addressFields = {
  firstname: Schema.optionalKey(Schema.String),
  lastname: Schema.optionalKey(Schema.String),
  street: Schema.optionalKey(Schema.String),
  city: Schema.optionalKey(Schema.String),
  zip: Schema.optionalKey(WireString),
  country: Schema.optionalKey(Schema.String),
  phone: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String)
}

const BillingAddressFields = {
  billingProfileId: WireInt,
  ...addressFields,
  businessArea: Schema.optionalKey(Schema.Boolean),
  companyName: Schema.optionalKey(Schema.String),
  companyRegistrationNumber: Schema.optionalKey(WireString),
  companyTaxNumber: Schema.optionalKey(WireString)
}

/** The schema type of {@link BillingAddress}, named so that declarations refer to it instead of spelling it out. */
export interface BillingAddressStruct extends Schema.Struct<typeof BillingAddressFields> {}

/**
 * A billing profile (§3). `billingProfileId` is required; {@link notEditableBillingProfileId} (-1) marks a profile the
 * customer cannot edit. The business fields back the billing form flags of §3: `businessArea` (the profile is a
 * business one), `companyName`, `companyRegistrationNumber` (hidden for HR), `companyTaxNumber`; `phone` is shared.
 */
export const BillingAddress: BillingAddressStruct = Schema.Struct(BillingAddressFields)

/** Decoded type of {@link BillingAddress}. */
export type BillingAddress = typeof BillingAddress.Type

const ShippingAddressFields = {
  addressId: WireInt,
  ...addressFields,
  companyName: Schema.optionalKey(Schema.String),
  lat: Schema.optionalKey(WireNumber),
  lng: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link ShippingAddress}, named so that declarations refer to it instead of spelling it out. */
export interface ShippingAddressStruct extends Schema.Struct<typeof ShippingAddressFields> {}

/** A shipping address (§3), identified by `addressId`; `lat`/`lng` when the server geocoded it. */
export const ShippingAddress: ShippingAddressStruct = Schema.Struct(ShippingAddressFields)

/** Decoded type of {@link ShippingAddress}. */
export type ShippingAddress = typeof ShippingAddress.Type

const CustomerAddressesFields = {
  billing: Schema.optionalKey(Schema.Array(BillingAddress)),
  shipping: Schema.optionalKey(Schema.Array(ShippingAddress))
}

/** The schema type of {@link CustomerAddresses}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerAddressesStruct extends Schema.Struct<typeof CustomerAddressesFields> {}

/** The customer's addresses by type (§3 Customer `addresses`). */
export const CustomerAddresses: CustomerAddressesStruct = Schema.Struct(CustomerAddressesFields)

/** Decoded type of {@link CustomerAddresses}. */
export type CustomerAddresses = typeof CustomerAddresses.Type

const SelectedAddressesFields = {
  billing: Schema.optionalKey(Schema.NullOr(WireInt)),
  shipping: Schema.optionalKey(Schema.NullOr(WireInt))
}

/** The schema type of {@link SelectedAddresses}, named so that declarations refer to it instead of spelling it out. */
export interface SelectedAddressesStruct extends Schema.Struct<typeof SelectedAddressesFields> {}

/** The ids of the addresses selected for the order, by type (§3 Customer `selectedAddresses`); `null` = none. */
export const SelectedAddresses: SelectedAddressesStruct = Schema.Struct(SelectedAddressesFields)

/** Decoded type of {@link SelectedAddresses}. */
export type SelectedAddresses = typeof SelectedAddresses.Type

const CartAddressesFields = {
  primary: Schema.optionalKey(Schema.NullOr(BillingAddress)),
  shipping: Schema.optionalKey(Schema.NullOr(ShippingAddress))
}

/** The schema type of {@link CartAddresses}, named so that declarations refer to it instead of spelling it out. */
export interface CartAddressesStruct extends Schema.Struct<typeof CartAddressesFields> {}

/** The addresses of the cart (§3 Cart `addresses`): the `primary` billing profile and the `shipping` address. */
export const CartAddresses: CartAddressesStruct = Schema.Struct(CartAddressesFields)

/** Decoded type of {@link CartAddresses}. */
export type CartAddresses = typeof CartAddresses.Type
