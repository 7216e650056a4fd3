/**
 * A plain Promise client for the write fast path's one statement on PostgreSQL (issue 9): a small pool of `pg`
 * connections of its own, used outside the Effect runtime (no fiber, no span, no pool checkout effect per statement),
 * each statement text prepared once per connection. Only for single statements outside any transaction: everything
 * else goes through the app's `SqlClient`. On PGlite there is none (its one connection is the `SqlClient`'s).
 *
 * @module
 */
import { Context, Effect, Exit, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"
import pg from "pg"

/** Runs one statement (text with `$n` placeholders) outside any transaction: its rows, or its failure. */
export interface StatementClient {
  readonly run: (
    statement: { readonly text: string; readonly params: ReadonlyArray<unknown> }
  ) => Promise<Exit.Exit<ReadonlyArray<Record<string, unknown>>, unknown>>
}

/** The PostgreSQL backend's plain {@link StatementClient}, when the server runs on one. */
export class PlainStatements extends Context.Service<PlainStatements, StatementClient>()("demo/server/db/PlainStatements") {}

/** A {@link StatementClient} on the app's `SqlClient` (PGlite's, or where no plain client is given). */
export const sqlStatementClient = (sql: SqlClient.SqlClient): StatementClient => ({
  run: (statement) => Effect.runPromiseExit(sql.unsafe<Record<string, unknown>>(statement.text, statement.params))
})

/** How many connections the plain client keeps (`DATABASE_PLAIN_POOL_MAX`, default 4). */
export const plainPoolMax = (): number => {
  const given = Number(process.env["DATABASE_PLAIN_POOL_MAX"] ?? 4)
  return Number.isSafeInteger(given) && given > 0 ? given : 4
}

/** A {@link StatementClient} on a pool of `max` connections to `url`; closed with its scope. */
export const layerPg = (url: Redacted.Redacted, max: number): Layer.Layer<PlainStatements> =>
  Layer.effect(
    PlainStatements,
    Effect.acquireRelease(
      Effect.sync(() => {
        const pool = new pg.Pool({ connectionString: Redacted.value(url), max, application_name: "storefront-demo-server-writes" })
        // a connection that fails while idle is dropped by the pool; the next statement opens another
        pool.on("error", () => undefined)
        return pool
      }),
      (pool) => Effect.promise(() => pool.end().catch(() => undefined))
    ).pipe(Effect.map((pool) => PlainStatements.of(statementClientOf(pool))))
  )

const statementClientOf = (pool: pg.Pool): StatementClient => {
  // each text prepared once per connection under its own name (the fast path has a few shapes)
  const names = new Map<string, string>()
  const nameOf = (text: string): string => {
    let name = names.get(text)
    if (name === undefined) {
      name = `storefront_plain_${names.size}`
      names.set(text, name)
    }
    return name
  }
  return {
    run: ({ text, params }) =>
      pool.query<Record<string, unknown>>({ name: nameOf(text), text, values: params as Array<unknown> }).then(
        (result) => Exit.succeed(result.rows),
        (error: unknown) => Exit.fail(error)
      )
  }
}
