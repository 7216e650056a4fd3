/**
 * The request field Schemas of the contract, in one place: what a client may send (ids, quantities,
 * required texts, e-mail addresses, reset modes) and how GET query strings carry numbers, flags and
 * id lists. The server validates every request with these same Schemas (§5 server-side validation),
 * so the client and the server refuse the same values with the same words.
 *
 * Query codecs are pattern-checked: `"abc"`, `""`, `" 1"`, `"0x10"` and `"1e3"` are refused, never
 * read as `NaN` or `0` as `NumberFromString` would.
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"
import { isEmail } from "../domain/contact.ts"
import { RESET_ALL, RESET_WITHOUT_PUPS } from "../domain/delivery.ts"
import { maxQuantity, minQuantity } from "../domain/quantity.ts"
import { IntFromString } from "./entities/wire.ts"
import { SafeString } from "./entities/text.ts"

// -------------------------------------------------------------------------------------------------
// JSON payload fields
// -------------------------------------------------------------------------------------------------

/**
 * An amount of pieces (§5, §9): a whole number from `minQuantity` (1) to `maxQuantity` (30). The server
 * refuses any other value; the client corrects typed input with the quantity rules first.
 */
export const Amount = Schema.Int.check(
  Schema.isBetween(
    { minimum: minQuantity, maximum: maxQuantity },
    { expected: `a whole number from ${minQuantity} to ${maxQuantity}` }
  )
)

/** Decoded type of {@link Amount}. */
export type Amount = typeof Amount.Type

/**
 * An id the client sends (cart item, article, variant, bonus set, bundle, wishlist, legal, banner, product,
 * review...): a safe whole number of at least 1.
 */
export const PositiveId = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { expected: "a positive whole number (an id)" })
)

/** Decoded type of {@link PositiveId}. */
export type PositiveId = typeof PositiveId.Type

/** A required text (codes, names, ids of unknown format): not empty, without surrounding whitespace (the client trims). */
export const RequiredText = SafeString.check(
  Schema.isNonEmpty({ expected: "a non-empty text" }),
  Schema.isTrimmed({ expected: "a text without leading or trailing whitespace" })
)

/** Decoded type of {@link RequiredText}. */
export type RequiredText = typeof RequiredText.Type

/** A free text with at least one non-space character (a required field of a form, kept as typed). */
export const NonBlankString = SafeString.check(
  Schema.isPattern(/\S/, { expected: "a text with at least one non-space character" })
)

/** Decoded type of {@link NonBlankString}. */
export type NonBlankString = typeof NonBlankString.Type

/**
 * An e-mail address (§5 "email type"): the rule of `<input type=email>`, as the domain's `isEmail`, without
 * surrounding whitespace (the client trims before sending).
 */
export const Email = SafeString.check(
  Schema.makeFilter((value: string) => value.trim() === value && isEmail(value), {
    expected: "an e-mail address without surrounding whitespace"
  })
)

/** Decoded type of {@link Email}. */
export type Email = typeof Email.Type

/**
 * A delivery reset mode (§4): `RESET_ALL` (1) clears every selected delivery method, `RESET_WITHOUT_PUPS` (2) keeps
 * the pick-up point selections.
 */
export const ResetModeSchema = Schema.Literals([RESET_ALL, RESET_WITHOUT_PUPS])

/** Decoded type of {@link ResetModeSchema}. */
export type ResetModeSchema = typeof ResetModeSchema.Type

// -------------------------------------------------------------------------------------------------
// query-string fields
// -------------------------------------------------------------------------------------------------

/**
 * A whole number in a query string: `"42"` reads as `42`, `"-1"` as `-1`; `""`, `"abc"`, `"1.5"`, `"0x10"`, `"1e3"`
 * and padded strings are refused. Encodes back to the digits.
 */
export const QueryInt = IntFromString

/** Decoded type of {@link QueryInt}. */
export type QueryInt = typeof QueryInt.Type

/**
 * An id in a query string (`menuItemId=12`, `variantId=597`, `wishListId=3`): digits without sign or leading zero,
 * decoded to a {@link PositiveId}.
 */
export const PositiveIdFromString = SafeString.check(
  Schema.isPattern(/^[1-9][0-9]{0,15}$/, { expected: "a whole number of at least 1 written as digits" })
).pipe(Schema.decodeTo(PositiveId, SchemaTransformation.numberFromString))

/** Decoded type of {@link PositiveIdFromString}. */
export type PositiveIdFromString = typeof PositiveIdFromString.Type

/**
 * A decimal number in a query string (prices): `"1299.5"` reads as `1299.5`, `"-3"` as `-3`; `""`, `"abc"`,
 * exponents, hexadecimal and padded strings are refused. Encodes with `String(n)`, so only values whose `String`
 * form is plain decimal notation round-trip; prices always are.
 */
export const QueryDecimal = SafeString.check(
  Schema.isPattern(/^-?\d+(\.\d+)?$/, { expected: "a decimal number written as a string" })
).pipe(Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString))

/** Decoded type of {@link QueryDecimal}. */
export type QueryDecimal = typeof QueryDecimal.Type

/**
 * A non-negative finite number in a query string as JavaScript writes it (`"0"`, `"1299.5"`, `"1e-7"`; no sign, no
 * blank, no `NaN`/`Infinity`), e.g. a deposit amount.
 */
export const NonNegativeDecimalFromString = SafeString.check(
  Schema.isPattern(/^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$/, { expected: "a non-negative decimal number written as a string" })
).pipe(Schema.decodeTo(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)), SchemaTransformation.numberFromString))

/** Decoded type of {@link NonNegativeDecimalFromString}. */
export type NonNegativeDecimalFromString = typeof NonNegativeDecimalFromString.Type

/**
 * The query-string values of a flag: `"1"` or `"true"` is on, `"0"` or `"false"` is off (the words are what a
 * client that writes a boolean with `String(…)` or `URLSearchParams` sends).
 */
export const queryFlagValues = ["0", "1", "false", "true"] as const

/**
 * A yes/no flag in a query string (e.g. the widgets data `extended` flag), one of {@link queryFlagValues}; decodes to
 * a boolean and is written `"1"` or `"0"`.
 */
export const QueryFlag = Schema.Literals(queryFlagValues).pipe(
  Schema.decodeTo(
    Schema.Boolean,
    SchemaTransformation.transform({ decode: (flag) => flag === "1" || flag === "true", encode: (on): "0" | "1" => (on ? "1" : "0") })
  )
)

/** Decoded type of {@link QueryFlag}. */
export type QueryFlag = typeof QueryFlag.Type

/**
 * Ids joined by commas in a query string (`"12,7,30"`, §7 "ids joined by commas"), decoded to the ids in order (at
 * least one). The client passes the array; it is written joined by commas. Blanks, empty entries, signs and leading
 * zeros are refused.
 */
export const IdListFromString = SafeString.check(
  Schema.isPattern(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, { expected: "whole numbers of at least 1 joined by commas" })
).pipe(
  Schema.decodeTo(
    Schema.Array(PositiveId).check(Schema.isMinLength(1)),
    SchemaTransformation.transform({
      decode: (text: string): ReadonlyArray<number> => text.split(",").map(Number),
      encode: (ids: ReadonlyArray<number>): string => ids.join(",")
    })
  )
)

/** Decoded type of {@link IdListFromString}. */
export type IdListFromString = typeof IdListFromString.Type

/**
 * Cart ids joined by commas, exactly as the domain's `deleteIdsParam` writes them (§7 "ids joined by commas"): one
 * or more non-empty ids, no empty entry.
 */
export const JoinedIdsParam = SafeString.check(
  Schema.isPattern(/^[^,]+(,[^,]+)*$/, { expected: "one or more non-empty ids joined by commas" })
)

/** Decoded type of {@link JoinedIdsParam}. */
export type JoinedIdsParam = typeof JoinedIdsParam.Type
