/**
 * Request field Schemas shared by the cart, checkout and product-API groups: the validation rules the
 * server applies and the client shares (§5), and the string codecs of GET query parameters.
 *
 * Query codecs are pattern-checked (`"abc"`, `""`, `" 1"`, `"1e3"` are rejected), unlike `NumberFromString`.
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"
import { RESET_ALL, RESET_WITHOUT_PUPS } from "../domain/delivery.ts"
import { maxQuantity, minQuantity } from "../domain/quantity.ts"

/** A cart line quantity (§5, §9): a whole number from `minQuantity` (1) to `maxQuantity` (30). */
export const Amount = Schema.Int.check(Schema.isBetween({ minimum: minQuantity, maximum: maxQuantity }))

/** Decoded type of {@link Amount}. */
export type Amount = typeof Amount.Type

/** A numeric id the client sends (cart item, variant, bundle, product): a safe whole number of at least 1. */
export const PositiveId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }))

/** Decoded type of {@link PositiveId}. */
export type PositiveId = typeof PositiveId.Type

/** A required text field: not blank, without surrounding whitespace (the client trims before sending). */
export const RequiredText = Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty())

/** Decoded type of {@link RequiredText}. */
export type RequiredText = typeof RequiredText.Type

/**
 * A delivery reset mode (§4): `RESET_ALL` (1) clears every selected delivery method, `RESET_WITHOUT_PUPS` (2) keeps
 * the pick-up point selections.
 */
export const ResetModeSchema = Schema.Literals([RESET_ALL, RESET_WITHOUT_PUPS])

/** Decoded type of {@link ResetModeSchema}. */
export type ResetModeSchema = typeof ResetModeSchema.Type

/** A query parameter holding a whole number of at least 1 (`"1"`, `"42"`; no sign, no leading zero). */
export const PositiveIntFromString = Schema.String.check(
  Schema.isPattern(/^[1-9][0-9]{0,15}$/, { expected: "a whole number of at least 1 written as digits" })
).pipe(Schema.decodeTo(PositiveId, SchemaTransformation.numberFromString))

/** Decoded type of {@link PositiveIntFromString}. */
export type PositiveIntFromString = typeof PositiveIntFromString.Type

/**
 * A query parameter holding a non-negative finite number as JavaScript writes it (`"0"`, `"1299.5"`, `"1e-7"`; no
 * sign, no blank, no `NaN`/`Infinity`).
 */
export const NonNegativeDecimalFromString = Schema.String.check(
  Schema.isPattern(/^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$/, { expected: "a non-negative decimal number written as a string" })
).pipe(Schema.decodeTo(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)), SchemaTransformation.numberFromString))

/** Decoded type of {@link NonNegativeDecimalFromString}. */
export type NonNegativeDecimalFromString = typeof NonNegativeDecimalFromString.Type

const positiveIdList = Schema.Array(PositiveId).check(Schema.isMinLength(1))

/**
 * A query parameter holding numeric ids joined by commas (`"1,2,3"`), decoded to the array of ids (at least one).
 * The client passes the array; it is written joined by commas.
 */
export const CommaSeparatedIds = Schema.String.check(
  Schema.isPattern(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, {
    expected: "whole numbers of at least 1 joined by commas"
  })
).pipe(
  Schema.decodeTo(
    positiveIdList,
    SchemaTransformation.transform({
      decode: (text: string): ReadonlyArray<number> => text.split(",").map(Number),
      encode: (ids: ReadonlyArray<number>): string => ids.join(",")
    })
  )
)

/** Decoded type of {@link CommaSeparatedIds}. */
export type CommaSeparatedIds = typeof CommaSeparatedIds.Type

/**
 * A query parameter holding cart ids joined by commas, exactly as the domain's `deleteIdsParam` writes them
 * (§7 "ids joined by commas"): one or more non-empty ids, no empty entry.
 */
export const JoinedIdsParam = Schema.String.check(
  Schema.isPattern(/^[^,]+(,[^,]+)*$/, { expected: "one or more non-empty ids joined by commas" })
)

/** Decoded type of {@link JoinedIdsParam}. */
export type JoinedIdsParam = typeof JoinedIdsParam.Type
