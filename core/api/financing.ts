/**
 * Financing offers and instalment payments (spec §7 /api/finance-offer/financial-offers; /api/financing/
 * billing-methods, installment-variants, installment-variant; §3 payment selection `productCode`,
 * `installmentCount`, `depositAmount`). Methods and shapes are not shown: ours; all are read-only GETs.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveIdFromString, QueryDecimal, QueryInt } from "./requestFields.ts"
import { BillingMethods } from "./entities/payment.ts"
import { WireInt, WireNumber, WireString } from "./entities/wire.ts"
import { NotFound } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

/** A price in a query string: a non-negative decimal (`"12999.9"`). */
export const QueryPrice = QueryDecimal.check(Schema.isGreaterThanOrEqualTo(0))

const FinancialOfferFields = {
  code: WireString,
  title: Schema.optionalKey(SafeString),
  installmentCount: Schema.optionalKey(WireInt),
  monthlyPayment: Schema.optionalKey(WireNumber),
  interestRate: Schema.optionalKey(WireNumber),
  rpsn: Schema.optionalKey(WireNumber),
  description: Schema.optionalKey(SafeString)
}

/** The schema type of {@link FinancialOffer}, named so that declarations refer to it instead of spelling it out. */
export interface FinancialOfferStruct extends Schema.Struct<typeof FinancialOfferFields> {}

/** A financial offer for a price (e.g. a shown "from X per month" offer): its `code` and terms. */
export const FinancialOffer: FinancialOfferStruct = Schema.Struct(FinancialOfferFields)

/** Decoded type of {@link FinancialOffer}. */
export type FinancialOffer = typeof FinancialOffer.Type

const FinancialOffersFields = {
  offers: Schema.Array(FinancialOffer)
}

/** The schema type of {@link FinancialOffers}, named so that declarations refer to it instead of spelling it out. */
export interface FinancialOffersStruct extends Schema.Struct<typeof FinancialOffersFields> {}

/** The financial offers for a price. */
export const FinancialOffers: FinancialOffersStruct = Schema.Struct(FinancialOffersFields)

/** Decoded type of {@link FinancialOffers}. */
export type FinancialOffers = typeof FinancialOffers.Type

const FinancialOffersQueryFields = {
  price: QueryPrice,
  variantId: Schema.optionalKey(PositiveIdFromString)
}

/** The schema type of {@link FinancialOffersQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FinancialOffersQueryStruct extends Schema.Struct<typeof FinancialOffersQueryFields> {}

/** The query of financial-offers: the `price`, and the `variantId` it is for when a product page asks. */
export const FinancialOffersQuery: FinancialOffersQueryStruct = Schema.Struct(FinancialOffersQueryFields)

/** Decoded type of {@link FinancialOffersQuery}. */
export type FinancialOffersQuery = typeof FinancialOffersQuery.Type

const FinancingBillingMethodsQueryFields = {
  price: QueryPrice
}

/** The schema type of {@link FinancingBillingMethodsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FinancingBillingMethodsQueryStruct extends Schema.Struct<typeof FinancingBillingMethodsQueryFields> {}

/** The query of billing-methods: the `price` to finance. */
export const FinancingBillingMethodsQuery: FinancingBillingMethodsQueryStruct = Schema.Struct(FinancingBillingMethodsQueryFields)

/** Decoded type of {@link FinancingBillingMethodsQuery}. */
export type FinancingBillingMethodsQuery = typeof FinancingBillingMethodsQuery.Type

const FinancingBillingMethodsFields = {
  billingMethods: BillingMethods
}

/** The schema type of {@link FinancingBillingMethods}, named so that declarations refer to it instead of spelling it out. */
export interface FinancingBillingMethodsStruct extends Schema.Struct<typeof FinancingBillingMethodsFields> {}

/** The financing billing methods for a price, keyed by code (§3 billing methods). */
export const FinancingBillingMethods: FinancingBillingMethodsStruct = Schema.Struct(FinancingBillingMethodsFields)

/** Decoded type of {@link FinancingBillingMethods}. */
export type FinancingBillingMethods = typeof FinancingBillingMethods.Type

const InstallmentVariantFields = {
  productCode: SafeString,
  installmentCount: WireInt,
  monthlyPayment: WireNumber,
  depositAmount: Schema.optionalKey(WireNumber),
  totalAmount: Schema.optionalKey(WireNumber),
  rpsn: Schema.optionalKey(WireNumber),
  title: Schema.optionalKey(SafeString)
}

/** The schema type of {@link InstallmentVariant}, named so that declarations refer to it instead of spelling it out. */
export interface InstallmentVariantStruct extends Schema.Struct<typeof InstallmentVariantFields> {}

/**
 * An instalment variant of a financing billing method: the `productCode`, `installmentCount` and `depositAmount`
 * sent back in the payment selection payload (§3), the `monthlyPayment`, and the `totalAmount` and `rpsn` (APR).
 */
export const InstallmentVariant: InstallmentVariantStruct = Schema.Struct(InstallmentVariantFields)

/** Decoded type of {@link InstallmentVariant}. */
export type InstallmentVariant = typeof InstallmentVariant.Type

const InstallmentVariantsQueryFields = {
  billingMethodId: NonBlankString,
  price: QueryPrice,
  depositAmount: Schema.optionalKey(QueryPrice)
}

/** The schema type of {@link InstallmentVariantsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface InstallmentVariantsQueryStruct extends Schema.Struct<typeof InstallmentVariantsQueryFields> {}

/** The query of installment-variants: the `billingMethodId` (a code, §3), the `price` and an optional deposit. */
export const InstallmentVariantsQuery: InstallmentVariantsQueryStruct = Schema.Struct(InstallmentVariantsQueryFields)

/** Decoded type of {@link InstallmentVariantsQuery}. */
export type InstallmentVariantsQuery = typeof InstallmentVariantsQuery.Type

const InstallmentVariantsFields = {
  variants: Schema.Array(InstallmentVariant)
}

/** The schema type of {@link InstallmentVariants}, named so that declarations refer to it instead of spelling it out. */
export interface InstallmentVariantsStruct extends Schema.Struct<typeof InstallmentVariantsFields> {}

/** The instalment variants of a billing method for a price. */
export const InstallmentVariants: InstallmentVariantsStruct = Schema.Struct(InstallmentVariantsFields)

/** Decoded type of {@link InstallmentVariants}. */
export type InstallmentVariants = typeof InstallmentVariants.Type

const InstallmentVariantQueryFields = {
  ...InstallmentVariantsQuery.fields,
  installmentCount: QueryInt.check(Schema.isGreaterThanOrEqualTo(1))
}

/** The schema type of {@link InstallmentVariantQuery}, named so that declarations refer to it instead of spelling it out. */
export interface InstallmentVariantQueryStruct extends Schema.Struct<typeof InstallmentVariantQueryFields> {}

/** The query of installment-variant: as {@link InstallmentVariantsQuery} plus the chosen `installmentCount` (>= 1). */
export const InstallmentVariantQuery: InstallmentVariantQueryStruct = Schema.Struct(InstallmentVariantQueryFields)

/** Decoded type of {@link InstallmentVariantQuery}. */
export type InstallmentVariantQuery = typeof InstallmentVariantQuery.Type

const InstallmentVariantResultFields = {
  variant: InstallmentVariant
}

/** The schema type of {@link InstallmentVariantResult}, named so that declarations refer to it instead of spelling it out. */
export interface InstallmentVariantResultStruct extends Schema.Struct<typeof InstallmentVariantResultFields> {}

/** One instalment variant. */
export const InstallmentVariantResult: InstallmentVariantResultStruct = Schema.Struct(InstallmentVariantResultFields)

/** Decoded type of {@link InstallmentVariantResult}. */
export type InstallmentVariantResult = typeof InstallmentVariantResult.Type

/**
 * The financing calls, all read-only GETs: `financialOffers`, `billingMethods`, `installmentVariants` and
 * `installmentVariant` (404 when the billing method or the instalment count is not offered).
 */
export class FinancingGroup extends HttpApiGroup.make("financing").add(
  HttpApiEndpoint.get("financialOffers", "/api/finance-offer/financial-offers", {
    query: FinancialOffersQuery,
    success: FinancialOffers
  }).annotate(OpenApi.Description, "The financial offers for a price (§7)."),
  HttpApiEndpoint.get("billingMethods", "/api/financing/billing-methods", {
    query: FinancingBillingMethodsQuery,
    success: FinancingBillingMethods
  }).annotate(OpenApi.Description, "The financing billing methods for a price (§7)."),
  HttpApiEndpoint.get("installmentVariants", "/api/financing/installment-variants", {
    query: InstallmentVariantsQuery,
    success: InstallmentVariants,
    error: NotFound
  }).annotate(OpenApi.Description, "The instalment variants of a financing billing method for a price (§7)."),
  HttpApiEndpoint.get("installmentVariant", "/api/financing/installment-variant", {
    query: InstallmentVariantQuery,
    success: InstallmentVariantResult,
    error: NotFound
  }).annotate(OpenApi.Description, "One instalment variant: a billing method, price and instalment count (§7).")
) {}
