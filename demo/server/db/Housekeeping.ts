/**
 * Housekeeping of the reference backend's database (ours): the rows whose time is over are deleted in the
 * background, so a shop that runs for months keeps its tables at the size of what is still live. A sweep deletes
 * - sessions past their expiry (their consents go with them; their carts stay until no one can reach them),
 * - guests' carts no one can reach any more: no customer owns them, no session holds them and no order refers to
 *   them (a cart is only ever reached through these), created more than {@link orphanCartAgeHours} hours ago so a
 *   cart being handed to its session is never taken; their lines, deliveries and payments go with them,
 * - idempotency keys older than their replay window ({@link idempotencyKeyTtlHours}: a retry after it applies
 *   again anyway),
 * - captchas past their expiry,
 * - password recovery tokens past their expiry (the rate limit counts only tokens of the validity window).
 *
 * Every reader already ignores such rows, so a sweep changes no answer. It deletes at most
 * {@link housekeepingBatchRows} rows per statement, each statement a short transaction of its own, so it never holds
 * the embedded database's one connection for long. On PGlite, which has no autovacuum, a sweep ends with a
 * `VACUUM ANALYZE` of the tables it touched and of the carts' tables every cart write updates.
 *
 * @module
 */
import { Duration, Effect, Layer, Schedule } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { idempotencyKeyTtlHours } from "../domain/idempotency.ts"
import { Database } from "./Database.ts"

/** The most rows one housekeeping statement deletes. */
export const housekeepingBatchRows = 500

/** How old a cart no one can reach must be before a sweep deletes it (ours). */
export const orphanCartAgeHours = 1

/** How often the server sweeps, after a first sweep a minute after it started. */
export const housekeepingInterval: Duration.Input = "15 minutes"

/** The rows of each kind one sweep deleted. */
export interface SweepReport {
  readonly sessions: number
  readonly orphanCarts: number
  readonly idempotencyKeys: number
  readonly captchas: number
  readonly recoveryTokens: number
}

/** The tables PGlite's vacuum goes over after a sweep: the swept ones and those every cart write updates. */
const vacuumedTables = [
  "sessions", "session_consents", "idempotency_keys", "captchas", "password_recovery_tokens", "carts", "cart_items"
] as const

/**
 * Deletes the rows of `table` that match `expired`, `batchRows` per statement (by their physical row id, so any
 * table, whatever its key), until a statement deletes fewer; answers how many went.
 */
const deleteExpired = (
  sql: SqlClient.SqlClient,
  table: (typeof vacuumedTables)[number],
  expired: Statement.Fragment,
  batchRows: number
): Effect.Effect<number, SqlError> =>
  Effect.gen(function*() {
    let deleted = 0
    while (true) {
      const rows = yield* sql`DELETE FROM ${sql(table)} WHERE ctid IN (
                                SELECT ctid FROM ${sql(table)} WHERE ${expired} LIMIT ${batchRows})
                              RETURNING 1 AS deleted`
      deleted += rows.length
      if (rows.length < batchRows) return deleted
    }
  })

/**
 * One sweep: deletes the expired rows of every kind, `batchRows` at a time (default {@link housekeepingBatchRows}),
 * and answers how many of each went.
 */
export const sweep = (batchRows: number = housekeepingBatchRows): Effect.Effect<SweepReport, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const pastExpiry = sql`expires_at <= now()`
    return {
      sessions: yield* deleteExpired(sql, "sessions", pastExpiry, batchRows),
      orphanCarts: yield* deleteExpired(
        sql,
        "carts",
        sql`customer_id IS NULL
            AND created_at < now() - make_interval(hours => ${orphanCartAgeHours})
            AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.cart_id = carts.cart_id)
            AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = carts.cart_id)`,
        batchRows
      ),
      idempotencyKeys: yield* deleteExpired(
        sql,
        "idempotency_keys",
        sql`created_at < now() - make_interval(hours => ${idempotencyKeyTtlHours})`,
        batchRows
      ),
      captchas: yield* deleteExpired(sql, "captchas", pastExpiry, batchRows),
      recoveryTokens: yield* deleteExpired(sql, "password_recovery_tokens", pastExpiry, batchRows)
    }
  })

/** `VACUUM ANALYZE` of the swept tables and the carts' tables: what autovacuum does on a PostgreSQL server. */
export const vacuum: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.unsafe(`VACUUM (ANALYZE) ${vacuumedTables.join(", ")}`)
})

/** A sweep, then on PGlite a {@link vacuum}, logged when it deleted anything; a failure is logged and waits for the next. */
const housekeep = Effect.gen(function*() {
  const database = yield* Database
  const report = yield* sweep()
  if (database.backend === "pglite") yield* vacuum
  const deleted = report.sessions + report.orphanCarts + report.idempotencyKeys + report.captchas + report.recoveryTokens
  if (deleted > 0) {
    yield* Effect.logInfo(
      `housekeeping: deleted ${report.sessions} expired sessions, ${report.orphanCarts} carts no one can reach, ` +
        `${report.idempotencyKeys} idempotency keys, ` +
        `${report.captchas} captchas, ${report.recoveryTokens} recovery tokens`
    )
  }
}).pipe(Effect.catchCause((cause) => Effect.logWarning("housekeeping: the sweep failed; the next one tries again", cause)))

/** How long after start the server's first sweep runs, by default. */
export const firstSweepAfter: Duration.Input = "1 minute"

/** The server's housekeeping: a sweep `firstAfter` after start, then every {@link housekeepingInterval}, while the layer lives. */
export const housekeepingLayer = (firstAfter: Duration.Input = firstSweepAfter): Layer.Layer<never, never, SqlClient.SqlClient | Database> =>
  Layer.effectDiscard(
    Effect.forkScoped(
      Effect.sleep(firstAfter).pipe(Effect.andThen(Effect.repeat(housekeep, Schedule.spaced(housekeepingInterval))))
    )
  )
