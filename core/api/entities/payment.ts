/**
 * Payments (spec §3 "Payment selection payload", billing methods; §4 payment states).
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt, WireNumber, WireString } from "./wire.ts"

/** A yes/no flag sent as `0` or `1` (§3: rememberCard, newCard). */
export const BinaryFlag = Schema.Literals([0, 1])

/** Decoded type of {@link BinaryFlag}. */
export type BinaryFlag = typeof BinaryFlag.Type

const PaymentSelectionFields = {
  billingMethodId: WireString,
  cardId: Schema.optionalKey(WireString),
  productCode: Schema.optionalKey(Schema.String),
  installmentCount: Schema.optionalKey(WireInt),
  depositAmount: Schema.optionalKey(WireNumber),
  rememberCard: Schema.optionalKey(BinaryFlag),
  newCard: Schema.optionalKey(BinaryFlag),
  insuranceCode: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link PaymentSelection}, named so that declarations refer to it instead of spelling it out. */
export interface PaymentSelectionStruct extends Schema.Struct<typeof PaymentSelectionFields> {}

/**
 * The payment selection payload (§3), sent with select-billing-method (§7). `billingMethodId` is the code that keys
 * {@link BillingMethods} (our reading). The values are JSON-typed; a GET query carries them as strings.
 */
export const PaymentSelection: PaymentSelectionStruct = Schema.Struct(PaymentSelectionFields)

/** Decoded type of {@link PaymentSelection}. */
export type PaymentSelection = typeof PaymentSelection.Type

const ChildPaymentFields = {
  code: WireString,
  title: Schema.optionalKey(Schema.String),
  selected: Schema.optionalKey(Schema.Boolean),
  disabled: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link ChildPayment}, named so that declarations refer to it instead of spelling it out. */
export interface ChildPaymentStruct extends Schema.Struct<typeof ChildPaymentFields> {}

/** A child payment of a billing method (§3), e.g. a saved card or an instalment variant, with its `selected` flag. */
export const ChildPayment: ChildPaymentStruct = Schema.Struct(ChildPaymentFields)

/** Decoded type of {@link ChildPayment}. */
export type ChildPayment = typeof ChildPayment.Type

const BillingMethodFields = {
  title: Schema.optionalKey(Schema.String),
  price: Schema.optionalKey(WireNumber),
  selected: Schema.optionalKey(Schema.Boolean),
  disabled: Schema.optionalKey(Schema.Boolean),
  invalid: Schema.optionalKey(Schema.Boolean),
  childPayments: Schema.optionalKey(Schema.Array(ChildPayment)),
  lengthy: Schema.optionalKey(Schema.Boolean),
  orderStateDate: Schema.optionalKey(Schema.NullOr(Schema.String))
}

/** The schema type of {@link BillingMethod}, named so that declarations refer to it instead of spelling it out. */
export interface BillingMethodStruct extends Schema.Struct<typeof BillingMethodFields> {}

/**
 * A billing method (§3): `childPayments`, `disabled`, `invalid`; plus (our names, not shown) the `selected` flag, a
 * `title`, a `price`, and for §4's "lengthy" payments the `lengthy` flag and `orderStateDate` (ISO date; a lengthy
 * payment is disabled when it is today).
 */
export const BillingMethod: BillingMethodStruct = Schema.Struct(BillingMethodFields)

/** Decoded type of {@link BillingMethod}. */
export type BillingMethod = typeof BillingMethod.Type

/** Billing methods keyed by their code (§3), e.g. `{ CZN: {...}, CZG: {...} }`. */
export const BillingMethods = Schema.Record(Schema.String, BillingMethod)

/** Decoded type of {@link BillingMethods}. */
export type BillingMethods = typeof BillingMethods.Type
