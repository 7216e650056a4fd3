/**
 * Every LISTEN of a server process on ONE PostgreSQL connection of its own, outside the statement pool. A commit that
 * notifies wakes one backend per listening connection, which reads the notification queue and sends what its
 * connection listens to: with the read cache's invalidations and the live-data changes on one connection, a cart write
 * wakes one backend instead of two, which sends both notices in one write, and the server reads them from one socket.
 *
 * @module
 */
import { PgConnection } from "@effect/sql-pg"
import { Effect, type Queue, Scope, Semaphore } from "effect"
import type { SqlError } from "effect/sql/SqlError"

/** Listens on a channel through the process's listening connection ({@link sharedListener}). */
export type Listen = (channel: string) => Effect.Effect<Queue.Dequeue<PgConnection.Notification, SqlError>, SqlError, Scope.Scope>

/**
 * A {@link Listen} whose channels share one connection opened with `config` on first use and closed with `scope`.
 * Each channel has its own queue, registered once PostgreSQL confirms its LISTEN and UNLISTENed when the caller's scope
 * closes. A LISTEN refused by a connection that failed (its queues failed with it) is tried once more on a new one.
 */
export const sharedListener = (config: PgConnection.Config, scope: Scope.Scope): Listen => {
  const lock = Semaphore.makeUnsafe(1)
  let current: PgConnection.PgConnection | undefined
  const connection = lock.withPermit(Effect.suspend(() =>
    current !== undefined ? Effect.succeed(current) : Effect.gen(function*() {
      const opened = yield* Scope.provide(PgConnection.make(config), scope)
      // pinned for good: the LISTENs after the first skip the ownership queue the first one's pin holds
      current = yield* Scope.provide(opened.pin, scope)
      return current
    })
  ))
  const drop = (failed: PgConnection.PgConnection) => Effect.sync(() => {
    if (current === failed) current = undefined
  })
  const listen = (channel: string) =>
    Effect.flatMap(connection, (listening) => Effect.tapError(listening.listen(channel), () => drop(listening)))
  return (channel) => Effect.catch(listen(channel), () => listen(channel))
}
