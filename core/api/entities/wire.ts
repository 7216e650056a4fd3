/**
 * Wire primitives shared by the entity Schemas of spec §3: how the client reads numbers, integers and ids that the
 * server may send either as JSON numbers or as strings.
 *
 * Every primitive decodes to one canonical type and encodes to its JSON-native form (numbers as numbers, strings as
 * strings), so a value survives `encode -> JSON -> decode` unchanged.
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"

/** A decimal number written as a string, as some shop endpoints send prices (`"1299.50"`, `"-3"`). */
const decimalString = Schema.String.check(
  Schema.isPattern(/^-?\d+(\.\d+)?$/, { expected: "a decimal number written as a string" })
).pipe(Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString))

/** An integer written as a string (`"42"`, `"-1"`). */
const integerString = Schema.String.check(
  Schema.isPattern(/^-?\d+$/, { expected: "an integer written as a string" })
).pipe(Schema.decodeTo(Schema.Int, SchemaTransformation.numberFromString))

/** The schema type of {@link WireNumber}, named so that declarations refer to it instead of spelling it out. */
export interface WireNumberUnion extends Schema.Union<readonly [Schema.Finite, typeof decimalString]> {}

/**
 * A finite number the server may send as a JSON number or as a decimal string (prices, totals, coordinates).
 * Decodes to `number`; encodes as a JSON number. Empty, hexadecimal, exponent and padded strings are rejected.
 */
export const WireNumber: WireNumberUnion = Schema.Union([Schema.Finite, decimalString])

/** Decoded type of {@link WireNumber}. */
export type WireNumber = typeof WireNumber.Type

/** The schema type of {@link WireInt}, named so that declarations refer to it instead of spelling it out. */
export interface WireIntUnion extends Schema.Union<readonly [Schema.Int, typeof integerString]> {}

/**
 * A safe integer the server may send as a JSON number or as an integer string (numeric ids, counts, timestamps).
 * Decodes to `number`; encodes as a JSON number.
 */
export const WireInt: WireIntUnion = Schema.Union([Schema.Int, integerString])

/** Decoded type of {@link WireInt}. */
export type WireInt = typeof WireInt.Type

const numberAsString = Schema.Finite.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({ decode: (n: number) => String(n), encode: (s: string) => Number(s) })
  )
)

/** The schema type of {@link WireString}, named so that declarations refer to it instead of spelling it out. */
export interface WireStringUnion extends Schema.Union<readonly [Schema.String, typeof numberAsString]> {}

/**
 * A string the server may also send as a JSON number (ids and codes of unknown format, zip codes, dates).
 * Decodes to `string` (`12` becomes `"12"`); encodes as a JSON string.
 */
export const WireString: WireStringUnion = Schema.Union([Schema.String, numberAsString])

/** Decoded type of {@link WireString}. */
export type WireString = typeof WireString.Type

/**
 * An id sent by the client as it has it, a string or a finite number, and kept so in both directions (tracking ids).
 */
export const StringOrNumber = Schema.Union([Schema.String, Schema.Finite])

/** Decoded type of {@link StringOrNumber}. */
export type StringOrNumber = typeof StringOrNumber.Type

/**
 * An integer sent as a string in both directions, as multipart form fields are (e.g. `MAX_FILE_SIZE`).
 * Decodes `"1048576"` to `1048576` and encodes back to the string.
 */
export const IntFromString = integerString

/** Decoded type of {@link IntFromString}. */
export type IntFromString = typeof IntFromString.Type
