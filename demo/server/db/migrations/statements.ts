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

/** A SQL string literal of `text` (single quotes doubled), for values a migration writes itself. */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`

/**
 * The trigger function that notifies `cache_invalidate` with `<prefix>:<row's column>` for each written row: the old
 * row's on delete, the new row's otherwise, and the old row's too when an update changes the column (migrations 11, 17).
 */
export const rowCacheInvalidationFunction = (name: string, prefix: string, column: string): string =>
  [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$`,
    `   BEGIN`,
    `     IF TG_OP = 'DELETE' THEN`,
    `       PERFORM pg_notify('cache_invalidate', '${prefix}:' || OLD.${column});`,
    `     ELSE`,
    `       PERFORM pg_notify('cache_invalidate', '${prefix}:' || NEW.${column});`,
    `       IF TG_OP = 'UPDATE' AND OLD.${column} IS DISTINCT FROM NEW.${column} THEN`,
    `         PERFORM pg_notify('cache_invalidate', '${prefix}:' || OLD.${column});`,
    `       END IF;`,
    `     END IF;`,
    `     RETURN NULL;`,
    `   END $$`
  ].join("\n")

/** The trigger function that notifies `cache_invalidate` with the fixed `payload` (migrations 11, 13). */
export const cacheInvalidationFunction = (name: string, payload: string): string =>
  [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$`,
    `   BEGIN`,
    `     PERFORM pg_notify('cache_invalidate', '${payload}');`,
    `     RETURN NULL;`,
    `   END $$`
  ].join("\n")

/** `<table>_cache_invalidate`: runs `fn` after each row `table` inserts, updates or deletes (migrations 11, 17). */
export const rowCacheInvalidationTrigger = (table: string, fn: string): string =>
  `CREATE TRIGGER ${table}_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON ${table}
   FOR EACH ROW EXECUTE FUNCTION ${fn}()`

/** `<table>_cache_invalidate`: runs `fn` once per statement that writes or truncates `table` (migrations 11, 13). */
export const statementCacheInvalidationTrigger = (table: string, fn: string): string =>
  `CREATE TRIGGER ${table}_cache_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
   FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`
