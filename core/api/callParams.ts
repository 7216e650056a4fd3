/**
 * Request and answer pieces shared by several groups of the contract: query-string codecs that
 * reject malformed numbers (never `NumberFromString`, which reads `"abc"` as `NaN`), positive ids
 * for JSON payloads, and the bare `{ status }` answer (§7 "Reads status").
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"
import { isEmail } from "../domain/contact.ts"
import { IntFromString } from "./entities/wire.ts"

/** A positive whole number (ids of legals, banners, products, reviews...) in a JSON payload. */
export const PositiveInt = Schema.Int.check(Schema.isGreaterThan(0, { expected: "a positive whole number" }))

/** Decoded type of {@link PositiveInt}. */
export type PositiveInt = typeof PositiveInt.Type

/** A string with at least one non-space character (a required text field). */
export const NonBlankString = Schema.String.check(
  Schema.isPattern(/\S/, { expected: "a text with at least one non-space character" })
)

/** Decoded type of {@link NonBlankString}. */
export type NonBlankString = typeof NonBlankString.Type

/**
 * An email address (§5 "email type"): the rule of `<input type=email>`, as the domain's `isEmail`, without
 * surrounding spaces (the client trims before sending).
 */
export const Email = Schema.String.check(
  Schema.makeFilter((value: string) => value.trim() === value && isEmail(value), { expected: "an email address" })
)

/** Decoded type of {@link Email}. */
export type Email = typeof Email.Type

/**
 * A whole number in a query string: `"42"` reads as `42`, and `""`, `"abc"`, `"1.5"`, `"0x10"`, `"1e3"` and padded
 * strings are rejected. Encodes back to the digits.
 */
export const QueryInt = IntFromString

/** Decoded type of {@link QueryInt}. */
export type QueryInt = typeof QueryInt.Type

/** A positive whole number (an id) in a query string, e.g. `menuItemId=12`. */
export const QueryId = IntFromString.check(Schema.isGreaterThan(0, { expected: "a positive whole number" }))

/** Decoded type of {@link QueryId}. */
export type QueryId = typeof QueryId.Type

/**
 * A decimal number in a query string (prices): `"1299.5"` reads as `1299.5`; `""`, `"abc"`, exponents, hexadecimal
 * and padded strings are rejected. Encodes with `String(n)`, so only values whose `String` form is plain decimal
 * notation (no exponent) round-trip; prices always are.
 */
export const QueryDecimal = Schema.String.check(
  Schema.isPattern(/^-?\d+(\.\d+)?$/, { expected: "a decimal number written as a string" })
).pipe(Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString))

/** Decoded type of {@link QueryDecimal}. */
export type QueryDecimal = typeof QueryDecimal.Type

/** The query-string values of a flag: `"1"` is on, `"0"` is off. */
export const queryFlagValues = ["0", "1"] as const

/** A yes/no flag in a query string, `"1"` or `"0"` (e.g. the widgets data `extended` flag); decodes to a boolean. */
export const QueryFlag = Schema.Literals(queryFlagValues).pipe(
  Schema.decodeTo(
    Schema.Boolean,
    SchemaTransformation.transform({ decode: (flag) => flag === "1", encode: (on): "0" | "1" => (on ? "1" : "0") })
  )
)

/** Decoded type of {@link QueryFlag}. */
export type QueryFlag = typeof QueryFlag.Type

/**
 * Positive ids joined by commas in a query string (`"12,7,30"`), as the spec sends id lists (§7 "ids joined by
 * commas"); decodes to the ids in order. Empty lists, blanks and non-digits are rejected.
 */
export const QueryIdList = Schema.String.check(
  Schema.isPattern(/^[1-9]\d*(,[1-9]\d*)*$/, { expected: "positive whole numbers joined by commas" })
).pipe(
  Schema.decodeTo(
    Schema.Array(PositiveInt).check(Schema.isMinLength(1)),
    SchemaTransformation.transform({
      decode: (joined: string): ReadonlyArray<number> => joined.split(",").map(Number),
      encode: (ids: ReadonlyArray<number>) => ids.join(",")
    })
  )
)

/** Decoded type of {@link QueryIdList}. */
export type QueryIdList = typeof QueryIdList.Type

/** The `status` value of a successful call. */
export const okStatus = "ok"

/**
 * The bare answer of a call whose result the client reads only as `status` (§7): {@link okStatus} on success.
 * `message` is an optional text for the shopper (ours).
 */
export const StatusResponse = Schema.Struct({
  status: Schema.String,
  message: Schema.optionalKey(Schema.String)
})

/** Decoded type of {@link StatusResponse}. */
export type StatusResponse = typeof StatusResponse.Type
