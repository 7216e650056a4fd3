/**
 * The plain client the write fast path (demo/server/http/fastWrites.ts) runs its one statement on: text with `$n`
 * placeholders and its parameters, outside any transaction, its rows or its failure answered as a Promise.
 *
 * A statement may store answers the fast path also sends (an idempotency key's answer, ~8.6 KB of JSON): the caller
 * hands their text with the UTF-8 bytes it already made of it ({@link StoredText}). On PostgreSQL
 * ({@link pgStatementClient}) such a text parameter is bound as those bytes, in the binary format of `text` and
 * `text[]`, instead of encoding the text again; on its own small pool, whose `text` codec takes bytes
 * ({@link storedTextRegistry}), so the app's pool reads and writes text as the driver does. Elsewhere the text is bound
 * as it is.
 *
 * @module
 */
import { PgClient, PgTypes } from "@effect/sql-pg"
import { Context, Effect, Exit, Redacted, Result, type Scope } from "effect"
import type { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Reactivity } from "effect/reactivity"

/** A statement's text with `$n` placeholders and its parameters. */
export interface StatementText {
  readonly text: string
  readonly params: ReadonlyArray<unknown>
}

/** A text a statement stores, with its UTF-8 bytes (made already): the same characters. */
export interface StoredText {
  readonly text: string
  readonly bytes: Uint8Array
}

/**
 * Runs one statement outside any transaction and answers its rows, or its failure. `stored`: texts the statement's
 * parameters may hold, in the order of the writes it carries (a scalar parameter that is one of them, or element `i`
 * of an array parameter that is `stored[i]`'s), which a client may bind as their bytes.
 */
export interface StatementClient {
  readonly run: (
    statement: StatementText,
    stored?: ReadonlyArray<StoredText | undefined>
  ) => Promise<Exit.Exit<ReadonlyArray<Record<string, unknown>>, unknown>>
}

/** A {@link StatementClient} on an `SqlClient` (one fiber per statement, no Effect around it); texts bound as text. */
export const sqlStatementClient = (sql: SqlClient.SqlClient): StatementClient => {
  const run = Effect.runPromiseExit
  return { run: (statement) => run(sql.unsafe<Record<string, unknown>>(statement.text, statement.params)) }
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array

const requireText = (value: unknown): string => {
  if (typeof value !== "string") throw new PgTypes.CodecError({ message: `Expected text, got ${typeof value}` })
  return value
}

/**
 * A registry of the driver's codecs whose `text` (and so `text[]`) also takes UTF-8 bytes, written as they are (the
 * binary format of `text` is its UTF-8 bytes); text read as the built-in codec reads it.
 */
export const storedTextRegistry = (): PgTypes.Registry => {
  const registry = PgTypes.makeRegistry()
  const textOid = PgTypes.OID.text
  registry.register(textOid, {
    encode: (value: unknown) =>
      isBytes(value) ? Result.succeed(value) : PgTypes.encode(requireText(value), textOid),
    decode: (bytes) => PgTypes.decode(bytes, textOid, 1),
    read: (bytes, offset, size) => PgTypes.decode(bytes.subarray(offset, offset + size), textOid, 1),
    write: (sink, value: unknown) => {
      if (isBytes(value)) sink.raw(value)
      else sink.utf8(requireText(value))
      return Result.void
    }
  }, { arrayOid: PgTypes.OID.textArray })
  return registry
}

/**
 * `params` with every stored text bound as its bytes: a parameter that is `stored[i].text`, as `text`; an array
 * parameter (one element per write) whose element `i` is `stored[i].text`, as `text[]` with those elements as bytes.
 */
export const withStoredBytes = (
  params: ReadonlyArray<unknown>,
  stored: ReadonlyArray<StoredText | undefined>,
  registry: PgTypes.Registry
): ReadonlyArray<unknown> =>
  params.map((param) => {
    if (typeof param === "string") {
      const found = stored.find((text) => text !== undefined && text.text === param)
      return found === undefined ? param : PgTypes.text(found.bytes as unknown as string)
    }
    if (!Array.isArray(param) || param.length !== stored.length || !param.every((element) => typeof element === "string")) return param
    if (!param.some((element, i) => stored[i] !== undefined && stored[i].text === element)) return param
    const values = param.map((element, i) => stored[i] !== undefined && stored[i].text === element ? stored[i].bytes : element)
    const bound = PgTypes.array(values, PgTypes.OID.text, registry)
    return Result.isSuccess(bound) ? bound.success : param
  })

/**
 * A {@link StatementClient} on PostgreSQL for the statements that store texts: its own pool of `connections`
 * connections to `url`, with {@link storedTextRegistry}, so stored texts are bound as their bytes
 * ({@link withStoredBytes}). Closed with the scope.
 */
export const pgStatementClient = (
  url: Redacted.Redacted,
  connections: number
): Effect.Effect<StatementClient, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const registry = storedTextRegistry()
    const sql = yield* PgClient.make({ url, maxConnections: connections, types: registry, applicationName: "storefront-demo-server" })
    const run = Effect.runPromiseExit
    return {
      run: (statement, stored) =>
        run(sql.unsafe<Record<string, unknown>>(
          statement.text,
          stored === undefined || stored.length === 0 ? statement.params : withStoredBytes(statement.params, stored, registry)
        ))
    }
  })

/**
 * The {@link StatementClient} the write fast path runs on, when the database has one of its own (PostgreSQL,
 * {@link pgStatementClient}); undefined: a {@link sqlStatementClient} on the app's `SqlClient`.
 */
export const FastStatementClient = Context.Reference<StatementClient | undefined>("demo/server/db/statementClient/FastStatementClient", {
  defaultValue: () => undefined
})
