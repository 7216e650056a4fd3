/**
 * An idempotency key's stored answer across migration 24 (`idempotency_keys.response` from `json` to `text`): a key
 * stored before the migration, as the statements of that time stored it (`::json`), and one stored after it replay
 * the answers they stored, whose JSON text is the text first sent, byte for byte; the column keeps lz4 where the
 * server offers it. On PGlite, and on PostgreSQL when DATABASE_URL names a server.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { Migrator, SqlClient } from "effect/sql"
import * as Db from "../../demo/server/db/Database.ts"
import { migrate, migrations, migrationsTable } from "../../demo/server/db/migrations/index.ts"
import { withIdempotencyKey } from "../../demo/server/domain/idempotency.ts"
import { onTestDatabase } from "../support/testDatabases.ts"

const slow = 180_000
const scope = "cart.addToCart:cart-1"
const payload = { variantId: 7, amount: 1, extended: true }

// answers with what JSON text leaves as escapes, non-ASCII text and keys in no sorted order
const answerBefore = { status: { status: "ok" }, cart: { title: "Mobilní telefon 6.7\" \\ černá", lines: [{ z: 1, a: 2 }] } }
const answerAfter = { status: { status: "ok" }, cart: { title: "Úložiště <256 GB> \u2028 🙂", lines: [{ z: 2, a: 1 }], note: null } }

/** The migrations up to and including 23, the last before the answers became text. */
const before24 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0024"))

const storedText = (key: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ readonly response: string }>`SELECT response::text AS response FROM idempotency_keys WHERE key = ${key}`, (rows) => rows[0]?.response))

const replays = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* Migrator.make({})({ loader: Migrator.fromRecord(before24), table: migrationsTable })
  // stored as the statements before migration 24 stored it
  yield* sql`INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
    VALUES (${scope}, 'before', NULL, 200, ${JSON.stringify(answerBefore)}::json)`
  const applied = yield* migrate
  // migration 24 first, then the migrations after it
  assert.deepStrictEqual(applied.map(([, name]) => name).slice(0, 1), ["idempotency_answers_as_text"])
  const [column] = yield* sql<{ readonly type: string; readonly offered: boolean; readonly compression: string }>`
    SELECT format_type(a.atttypid, a.atttypmod) AS type, 'lz4' = ANY (s.enumvals) AS offered, a.attcompression::text AS compression
    FROM pg_attribute a, pg_settings s
    WHERE a.attrelid = 'idempotency_keys'::regclass AND a.attname = 'response' AND s.name = 'default_toast_compression'`
  assert.strictEqual(column!.type, "text")
  assert.strictEqual(column!.compression, column!.offered ? "l" : "")

  // a key claimed last runs the call and rolls it back when it finds the key taken; one claimed first never runs it
  const again = { transaction: Effect.succeed({ applied: "again" }), outside: Effect.die("a replay ran the call again") }
  const first = yield* withIdempotencyKey(scope, "after", Effect.succeed(answerAfter), { fingerprint: payload, changes: "transaction" })
  assert.deepStrictEqual(first, answerAfter)
  for (const [key, answer] of [["before", answerBefore], ["after", answerAfter]] as const) {
    assert.strictEqual(yield* storedText(key), JSON.stringify(answer))
    for (const changes of ["transaction", "outside"] as const) {
      const replayed = yield* withIdempotencyKey(scope, key, again[changes], { fingerprint: payload, changes })
      assert.strictEqual(JSON.stringify(replayed), JSON.stringify(answer))
    }
  }
})

describe("idempotency answers stored as text (migration 24)", () => {
  it.effect("PGlite: keys stored before and after the migration replay their answers' text", () =>
    replays.pipe(Effect.provide(Db.layerPglite({ dataDir: "memory://", migrate: false }))), slow)

  const databaseUrl = process.env["DATABASE_URL"]?.trim()
  it.effect.runIf(databaseUrl !== undefined && databaseUrl !== "")("PostgreSQL: the same", () =>
    replays.pipe(Effect.provide(onTestDatabase(databaseUrl ?? "", (url) =>
      Db.layerPg({ url: Redacted.make(url), migrate: false }) as Layer.Layer<SqlClient.SqlClient>))), slow)
})
