/**
 * The shape of a migration file: an ordered list of single SQL statements (the extended query
 * protocol of PostgreSQL and PGlite runs one statement per call), run in order inside the
 * migrator's transaction.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"

/** Builds the migration effect that runs `statements` one after the other with the current `SqlClient`. */
export const runStatements = (
  statements: ReadonlyArray<string>
): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    for (const statement of statements) {
      yield* sql.unsafe(statement)
    }
  })
