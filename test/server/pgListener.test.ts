/**
 * The LISTENs of a server process on PostgreSQL share one connection of their own (demo/server/db/pgListener.ts):
 * one backend is woken per notifying commit, whatever the number of channels. Runs when DATABASE_URL names a server.
 */
import { randomUUID } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Redacted, Stream } from "effect"
import { SqlClient } from "effect/sql"
import * as Db from "../../demo/server/db/Database.ts"

const databaseUrl = (process.env["DATABASE_URL"] ?? "").trim()

const firstPayload = (stream: Stream.Stream<string, unknown>) =>
  Effect.forkChild(Effect.map(Stream.runCollect(Stream.take(stream, 1)), (payloads) => [...payloads]))

describe("LISTEN on PostgreSQL", () => {
  it.effect.runIf(databaseUrl !== "")("two channels listen on one connection, and a failed connection is replaced on the next LISTEN", () =>
    Effect.gen(function*() {
      const db = yield* Db.Database
      const sql = yield* SqlClient.SqlClient
      const tag = randomUUID().replaceAll("-", "").slice(0, 12)
      const [first, second] = [`t_first_${tag}`, `t_second_${tag}`]
      const listeners = () =>
        sql<{ readonly pid: number }>`SELECT pid FROM pg_stat_activity WHERE query LIKE ${`LISTEN %${tag}%`}`

      const firstStream = yield* db.subscribe(first)
      const secondStream = yield* db.subscribe(second)
      const [listener, ...others] = yield* listeners()
      assert.isDefined(listener)
      assert.strictEqual(others.length, 0)

      const fromFirst = yield* firstPayload(firstStream)
      const fromSecond = yield* firstPayload(secondStream)
      yield* sql.withTransaction(Effect.andThen(db.notify(first, "one"), db.notify(second, "two")))
      assert.deepStrictEqual(yield* Fiber.join(fromFirst).pipe(Effect.timeout("10 seconds")), ["one"])
      assert.deepStrictEqual(yield* Fiber.join(fromSecond).pipe(Effect.timeout("10 seconds")), ["two"])

      // the listening backend ends: its streams fail, and the next LISTEN opens a new connection that hears
      const failed = yield* Effect.forkChild(Effect.exit(Stream.runDrain(firstStream)))
      yield* sql`SELECT pg_terminate_backend(${listener.pid})`
      assert.isTrue(Exit.isFailure(yield* Fiber.join(failed).pipe(Effect.timeout("10 seconds"))))
      const again = yield* db.subscribe(first)
      const [replacement] = yield* listeners()
      assert.isDefined(replacement)
      assert.notStrictEqual(replacement.pid, listener.pid)
      const heard = yield* firstPayload(again)
      yield* db.notify(first, "three")
      assert.deepStrictEqual(yield* Fiber.join(heard).pipe(Effect.timeout("10 seconds")), ["three"])
    }).pipe(
      Effect.scoped,
      Effect.provide(Db.layerPg({ url: Redacted.make(databaseUrl), migrate: false }))
    ), 60_000)
})
