/**
 * Connections of their own for the write fast path's one statement on PostgreSQL (issue 9 part 2): a change of a cart
 * in ONE statement without a transaction (`setLineCountAtOnce`) needs no pool checkout, no transaction state and no
 * statement span, so it is sent as its text and parameters straight on a connection made for it
 * (`PgConnection`, pipelined: the statements of concurrent writes share the connection's socket writes and reads),
 * prepared once per connection by its text. It is the same statement with the same parameters as on the SqlClient:
 * the same checks, locks, idempotency key, notices and errors (a `SqlError`, logged as the SqlClient's would be).
 *
 * A lane whose connection broke is connected again by the next statement it takes.
 *
 * @module
 */
import { PgClient, PgConnection } from "@effect/sql-pg"
import { Effect, Scope, Semaphore } from "effect"
import type { SqlError } from "effect/sql/SqlError"

/** Runs one statement's text and parameters, answering its rows (`StatementLane` of the cart changes). */
export type StatementRunner = (text: string, params: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<Record<string, unknown>>, SqlError>

interface Lane {
  connection: PgConnection.PgConnection | undefined
  inFlight: number
  readonly opening: Semaphore.Semaphore
}

/**
 * A {@link StatementRunner} over `lanes` pipelined connections to the database of `client` (its own connection
 * settings), opened on first use and closed with the running scope; each statement takes the lane with the fewest
 * statements on the wire.
 */
export const makeStatementLanes = (client: PgClient.PgClient, lanes = Number(process.env["W8_LANES"] ?? 2)): Effect.Effect<StatementRunner, never, Scope.Scope> =>
  Effect.map(Effect.scope, (scope) => {
    const config: PgConnection.Config = { ...client.config, multiplex: process.env["W8_MULTIPLEX"] !== "0" }
    const all: Array<Lane> = Array.from({ length: lanes }, () => ({ connection: undefined, inFlight: 0, opening: Semaphore.makeUnsafe(1) }))
    const open = (lane: Lane): Effect.Effect<PgConnection.PgConnection, SqlError> =>
      lane.opening.withPermit(Effect.suspend(() =>
        lane.connection !== undefined
          ? Effect.succeed(lane.connection)
          : Effect.tap(Scope.provide(scope)(PgConnection.make(config)), (connection) => Effect.sync(() => {
            lane.connection = connection
          }))
      ))
    const pick = (): Lane => {
      let best = all[0]!
      for (const lane of all) if (lane.inFlight < best.inFlight) best = lane
      return best
    }
    return (text, params) =>
      Effect.suspend(() => {
        const lane = pick()
        lane.inFlight++
        const connection = lane.connection
        return (connection === undefined ? open(lane) : Effect.succeed(connection)).pipe(
          Effect.flatMap((connection) =>
            Effect.tapError(connection.query(text, params), (error) => Effect.sync(() => {
              // a broken connection is given up; the next statement of this lane connects again
              if (error.reason._tag === "ConnectionError" && lane.connection === connection) lane.connection = undefined
            }))
          ),
          Effect.map((result) => result.rows as ReadonlyArray<Record<string, unknown>>),
          Effect.ensuring(Effect.sync(() => {
            lane.inFlight--
          }))
        )
      })
  })
