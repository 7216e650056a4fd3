/**
 * A test file for the child runs of test/server/testDatabases.test.ts. It makes two test databases on `DATABASE_URL`'s
 * server (one released by its test as a file's backend is, one never released), writes their names to the file
 * `SF_FIXTURE_NAMES`, then, by `SF_FIXTURE_END`: `fail` fails a test, `hang` waits until the run is interrupted.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import { writeFileSync } from "node:fs"
import { expect, test } from "vitest"
import { freshDatabase } from "../server.ts"

const databaseName = Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ readonly name: string }>`SELECT current_database() AS name`)
  .pipe(Effect.map((rows) => rows[0]!.name))

test("makes two test databases, then fails or waits", async () => {
  const released = await Effect.runPromise(Effect.scoped(Effect.provide(databaseName, freshDatabase())))
  const kept = await ManagedRuntime.make(freshDatabase() as Layer.Layer<SqlClient.SqlClient>).runPromise(databaseName)
  writeFileSync(process.env["SF_FIXTURE_NAMES"]!, `${released}\n${kept}\n`)
  if (process.env["SF_FIXTURE_END"] === "hang") await new Promise(() => {})
  expect("this test").toBe("failed on purpose")
})
