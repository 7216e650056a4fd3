/**
 * The one string Schema of the contract: every text a client sends or receives (form fields, codes, query and path
 * parameters, record keys) is a {@link SafeString}. It refuses what no storefront text contains and what the
 * database cannot store: NUL, the other control characters except tab, line feed and carriage return, and unpaired
 * UTF-16 surrogates. The server decodes every request with it, so such input is a 400 naming the field, never a
 * database error; the client decodes answers with it too.
 *
 * @module
 */
import { Schema } from "effect"

/** A control character other than tab, LF and CR (C0, DEL and C1), or a lone surrogate (not valid UTF-8). */
const unsafeCharacter = /[^\P{Cc}\t\n\r]|\p{Cs}/u

/** Whether a text holds no NUL, no control character but tab/CR/LF and no unpaired surrogate. */
export const isSafeText = (text: string): boolean => !unsafeCharacter.test(text)

/** What {@link SafeString} expects, as its failure messages say. */
export const safeTextExpected = "a text without NUL, control characters (other than tab and line breaks) or unpaired surrogates"

/** {@link isSafeText} as a pattern (for JSON Schema, OpenAPI and generated test data). */
export const safeTextPattern = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u

/** A string of the contract: any text {@link isSafeText} accepts. */
export const SafeString = Schema.String.check(Schema.isPattern(safeTextPattern, { expected: safeTextExpected }))

/** Decoded type of {@link SafeString}. */
export type SafeString = typeof SafeString.Type

/** A {@link SafeString} that is not empty. */
export const NonEmptySafeString = SafeString.check(Schema.isNonEmpty())

/** Decoded type of {@link NonEmptySafeString}. */
export type NonEmptySafeString = typeof NonEmptySafeString.Type

/** Whether every string and every key inside a JSON value is {@link isSafeText} text. */
export const isSafeJson = (value: unknown): boolean => {
  if (typeof value === "string") return isSafeText(value)
  if (Array.isArray(value)) return value.every(isSafeJson)
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(([key, item]) => isSafeText(key) && isSafeJson(item))
  }
  return true
}

/** Free JSON of the contract (tracking properties, tag data): any JSON whose strings and keys are {@link SafeString}s. */
export const SafeJson = Schema.Json.check(Schema.makeFilter(isSafeJson, { expected: `JSON whose texts are ${safeTextExpected}` }))

/** Decoded type of {@link SafeJson}. */
export type SafeJson = typeof SafeJson.Type

/** Whether every key of a record is {@link isSafeText} text. */
export const hasSafeKeys = (record: { readonly [key: string]: unknown }): boolean => Object.keys(record).every(isSafeText)

/**
 * A record of the contract keyed by text: `Record(String, value)` whose keys are all {@link isSafeText} (the keys are
 * checked on the record, so generated test data keeps its variety).
 */
export const safeRecord = <Value extends Schema.Top>(value: Value) =>
  Schema.Record(Schema.String, value).check(
    Schema.makeFilter(hasSafeKeys, { expected: `an object whose keys are ${safeTextExpected}` })
  )

/** The path to the first text (string or key) inside a value that is not {@link isSafeText}, or undefined. */
export const firstUnsafeTextPath = (value: unknown, path: ReadonlyArray<PropertyKey> = []): ReadonlyArray<PropertyKey> | undefined => {
  if (typeof value === "string") return isSafeText(value) ? undefined : path
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstUnsafeTextPath(item, [...path, i])
      if (found !== undefined) return found
    }
    return undefined
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key]
      const found = firstUnsafeTextPath(item, [...path, key])
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * A check for a request body built from entity fields (which are plain strings, as answers may carry any text):
 * every text inside it must be {@link isSafeText}; the failure names the field.
 */
export const hasSafeTexts = Schema.makeFilter(
  (value: object) => {
    const path = firstUnsafeTextPath(value)
    return path === undefined || { path, issue: safeTextExpected }
  },
  { expected: `texts that are ${safeTextExpected}` }
)
