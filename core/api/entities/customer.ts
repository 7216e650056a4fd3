/**
 * The customer (spec §3 "Customer", §6): identity, login state, VIP and loyalty status, addresses and consents.
 *
 * @module
 */
import { Schema } from "effect"
import { consentCodes } from "../../domain/consent.ts"
import { customerStatusCodes, vipPrograms } from "../../domain/customer.ts"
import { CustomerAddresses, SelectedAddresses } from "./address.ts"
import { WireInt } from "./wire.ts"

/** A customer status code on the wire (§3, §6): `'1'` silver, `'2'` gold. */
export const CustomerStatusCode = Schema.Literals([customerStatusCodes.silver, customerStatusCodes.gold])

/** A customer status code. */
export type CustomerStatusCode = typeof CustomerStatusCode.Type

/** A consent code (§3). */
export const ConsentCode = Schema.Literals(consentCodes)

/** A consent code. */
export type ConsentCode = typeof ConsentCode.Type

/** The product-reviews consent key a customer's `consents` may also hold (§3). */
export const productReviewsConsent = "product_reviews"

/** A VIP program name (§3): vip_program, vip_plus_program. */
export const ProgramName = Schema.Literals(vipPrograms)

/** A VIP program name. */
export type ProgramName = typeof ProgramName.Type

/**
 * A customer's consents: consent key (a {@link ConsentCode}, `product_reviews`, or another key the server adds) to
 * whether it is given.
 */
export const CustomerConsents = Schema.Record(Schema.String, Schema.Boolean)

/** Decoded type of {@link CustomerConsents}. */
export type CustomerConsents = typeof CustomerConsents.Type

const LoyaltyClubFields = {
  registered: Schema.optionalKey(Schema.Boolean),
  trial: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link LoyaltyClub}, named so that declarations refer to it instead of spelling it out. */
export interface LoyaltyClubStruct extends Schema.Struct<typeof LoyaltyClubFields> {}

/** Loyalty club membership (§6: registration and trial states). Field names are ours: not shown. */
export const LoyaltyClub: LoyaltyClubStruct = Schema.Struct(LoyaltyClubFields)

/** Decoded type of {@link LoyaltyClub}. */
export type LoyaltyClub = typeof LoyaltyClub.Type

const CustomerFields = {
  id: Schema.optionalKey(Schema.NullOr(WireInt)),
  firstname: Schema.optionalKey(Schema.String),
  lastname: Schema.optionalKey(Schema.String),
  status: Schema.optionalKey(Schema.NullOr(CustomerStatusCode)),
  isLogged: Schema.optionalKey(Schema.Boolean),
  isAuth: Schema.optionalKey(Schema.Boolean),
  isWaitingForConfirmation: Schema.optionalKey(Schema.Boolean),
  vipType: Schema.optionalKey(Schema.NullOr(Schema.String)),
  vip: Schema.optionalKey(Schema.Boolean),
  hasFilledAddress: Schema.optionalKey(Schema.Boolean),
  addresses: Schema.optionalKey(CustomerAddresses),
  selectedAddresses: Schema.optionalKey(SelectedAddresses),
  ready: Schema.optionalKey(Schema.Boolean),
  allowedNl: Schema.optionalKey(Schema.Boolean),
  allowedHeureka: Schema.optionalKey(Schema.Boolean),
  consentChanged: Schema.optionalKey(Schema.Boolean),
  loyaltyClub: Schema.optionalKey(LoyaltyClub),
  consents: Schema.optionalKey(CustomerConsents)
}

/** The schema type of {@link Customer}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerStruct extends Schema.Struct<typeof CustomerFields> {}

/**
 * The customer (§3). Every field is optional because a guest is a customer too: `id` is absent or `null` for a
 * guest (§6 "registered (has a customer id) or guest"). `vipType` stays a plain string so that an unknown program
 * does not fail the whole response; {@link ProgramName} lists the known ones.
 */
export const Customer: CustomerStruct = Schema.Struct(CustomerFields)

/** Decoded type of {@link Customer}. */
export type Customer = typeof Customer.Type
