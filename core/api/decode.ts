/**
 * Decoding wire data with readable failures (spec §8 "Invalid response").
 *
 * `decodeEntity(schema)(input)` never throws: it returns a `Result` whose failure is an {@link InvalidResponse}
 * naming every failing field path, e.g. `price.total: Expected number | string; articles.0.count: Missing key`.
 *
 * @module
 */
import { Effect, Result, Schema, SchemaIssue } from "effect"

const DecodeProblemFields = {
  path: Schema.String,
  message: Schema.String
}

/** The schema type of {@link DecodeProblem}, named so that declarations refer to it instead of spelling it out. */
export interface DecodeProblemStruct extends Schema.Struct<typeof DecodeProblemFields> {}

/** One failing field of a decode: its dotted `path` (empty for the whole value) and the `message`. */
export const DecodeProblem: DecodeProblemStruct = Schema.Struct(DecodeProblemFields)

/** Decoded type of {@link DecodeProblem}. */
export type DecodeProblem = typeof DecodeProblem.Type

/**
 * The server answered with data that does not fit the contract (§8 "Invalid response"). `message` lists every
 * failing field as `path: problem`, joined by `; `; `problems` holds the same as data.
 */
export class InvalidResponse extends Schema.TaggedError<InvalidResponse>()("InvalidResponse", {
  message: Schema.String,
  problems: Schema.Array(DecodeProblem)
}) {}

/** The path written for a failure of the whole value (no field). */
export const rootPath = "(root)"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** The failing fields of a decode error, each with its dotted path. */
export const decodeProblems = (error: Schema.SchemaError): ReadonlyArray<DecodeProblem> =>
  formatter(error.issue).issues.map((issue) => ({
    path: issue.path === undefined || issue.path.length === 0 ? "" : issue.path.map(String).join("."),
    message: issue.message
  }))

/** The readable message of decode problems: `path: message` per failing field (see {@link rootPath}), joined by `; `. */
export const readableProblems = (problems: ReadonlyArray<DecodeProblem>): string =>
  problems.map((problem) => `${problem.path === "" ? rootPath : problem.path}: ${problem.message}`).join("; ")

/** The {@link InvalidResponse} for a decode error. */
export const invalidResponse = (error: Schema.SchemaError): InvalidResponse => {
  const problems = decodeProblems(error)
  return new InvalidResponse({ message: readableProblems(problems), problems })
}

/** A Schema that decodes without services, as every entity Schema does. */
export type EntitySchema<A> = Schema.Decoder<A>

/**
 * Decodes unknown input (e.g. parsed JSON) with an entity Schema, reporting all failing fields at once. Never
 * throws: a mismatch is a `Result` failure carrying an {@link InvalidResponse}.
 */
export const decodeEntity = <A>(schema: EntitySchema<A>) => {
  const decode = Schema.decodeUnknownResult(schema, { errors: "all" })
  return (input: unknown): Result.Result<A, InvalidResponse> => Result.mapError(decode(input), invalidResponse)
}

/** Like {@link decodeEntity}, as an Effect that fails with {@link InvalidResponse}. */
export const decodeEntityEffect = <A>(schema: EntitySchema<A>) => {
  const decode = decodeEntity(schema)
  return (input: unknown): Effect.Effect<A, InvalidResponse> => Effect.fromResult(decode(input))
}
