/**
 * The database's housekeeping (demo/server/db/Housekeeping.ts): a sweep deletes exactly the rows whose time is over
 * (expired sessions with their consents, the guests' carts no one can reach any more, idempotency keys past the replay
 * window, expired captchas and recovery tokens), however many there are per batch, and keeps every live row and what
 * refers to it.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { Database } from "../../demo/server/db/Database.ts"
import { orphanCartAgeHours, sweep, vacuum } from "../../demo/server/db/Housekeeping.ts"
import { idempotencyKeyTtlHours } from "../../demo/server/domain/idempotency.ts"
import { freshDatabase } from "../support/server.ts"

/** The ids of `table`'s `column` that start with the test's prefix, sorted. */
const idsOf = (table: string, column: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ id: string }>`SELECT ${sql(column)}::text AS id FROM ${sql(table)} WHERE ${sql(column)}::text LIKE 'hk-%' ORDER BY 1`
    return rows.map((row) => row.id)
  })

layer(freshDatabase(), { timeout: 120_000 })("housekeeping", (it) => {
  it.effect("a sweep deletes the expired sessions, keys, captchas and tokens in batches and keeps the live ones", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [customer] = yield* sql<{ customer_id: number }>`SELECT customer_id FROM customers ORDER BY customer_id LIMIT 1`
      const expired = ["hk-s-old-1", "hk-s-old-2", "hk-s-old-3", "hk-s-old-4", "hk-s-old-5"]
      for (const id of expired) {
        yield* sql`INSERT INTO sessions (session_id, shop_id, csrf_token, expires_at) VALUES (${id}, 'CZ10MA', 't', now() - interval '1 second')`
      }
      yield* sql`INSERT INTO sessions (session_id, shop_id, csrf_token, expires_at) VALUES ('hk-s-live', 'CZ10MA', 't', now() + interval '1 hour')`
      yield* sql`INSERT INTO session_consents (session_id, code, value) VALUES ('hk-s-old-1', 'analytics', true), ('hk-s-live', 'analytics', true)`

      const ttl = `${idempotencyKeyTtlHours} hours`
      yield* sql`INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES
        ('hk', 'hk-k-old-1', 'h', now() - ${ttl}::interval - interval '1 minute'),
        ('hk', 'hk-k-old-2', 'h', now() - ${ttl}::interval - interval '2 days'),
        ('hk', 'hk-k-live', 'h', now() - ${ttl}::interval + interval '1 minute')`

      yield* sql`INSERT INTO captchas (captcha_id, answer, expires_at) VALUES
        ('hk-c-old', 'a', now() - interval '1 second'), ('hk-c-live', 'a', now() + interval '10 minutes')`

      yield* sql`INSERT INTO password_recovery_tokens (token_hash, customer_id, expires_at) VALUES
        ('hk-t-old', ${customer!.customer_id}, now() - interval '1 second'),
        ('hk-t-live', ${customer!.customer_id}, now() + interval '30 minutes')`

      const report = yield* sweep(2)
      // Other expired rows of the seed may go too: the test's own are counted by what is left.
      assert.isAtLeast(report.sessions, expired.length)
      assert.isAtLeast(report.idempotencyKeys, 2)
      assert.isAtLeast(report.captchas, 1)
      assert.isAtLeast(report.recoveryTokens, 1)

      assert.deepStrictEqual(yield* idsOf("sessions", "session_id"), ["hk-s-live"])
      assert.deepStrictEqual(yield* idsOf("session_consents", "session_id"), ["hk-s-live"])
      assert.deepStrictEqual(yield* idsOf("idempotency_keys", "key"), ["hk-k-live"])
      assert.deepStrictEqual(yield* idsOf("captchas", "captcha_id"), ["hk-c-live"])
      assert.deepStrictEqual(yield* idsOf("password_recovery_tokens", "token_hash"), ["hk-t-live"])

      const again = yield* sweep(2)
      assert.deepStrictEqual(again, { sessions: 0, orphanCarts: 0, idempotencyKeys: 0, captchas: 0, recoveryTokens: 0 })
    }))

  it.effect("a sweep deletes the guests' carts no one can reach, with their lines, and keeps every cart a session, a customer or an order refers to", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [customer] = yield* sql<{ customer_id: number }>`SELECT customer_id FROM customers ORDER BY customer_id LIMIT 1`
      const [variant] = yield* sql<{ variant_id: number }>`SELECT variant_id FROM variants ORDER BY variant_id LIMIT 1`
      const old = sql`now() - make_interval(hours => ${orphanCartAgeHours}) - interval '1 minute'`
      const cart = (customerId: number | null, createdAt: Statement.Fragment) =>
        sql<{ cart_id: number }>`INSERT INTO carts (shop_id, customer_id, created_at, updated_at)
                                 VALUES ('CZ10MA', ${customerId}, ${createdAt}, ${createdAt}) RETURNING cart_id`.pipe(
          Effect.map(([row]) => row!.cart_id)
        )
      const orphan = yield* cart(null, old)
      const orphanOfExpiredSession = yield* cart(null, old)
      const held = yield* cart(null, old)
      const customers = yield* cart(customer!.customer_id, old)
      const ordered = yield* cart(null, old)
      const young = yield* cart(null, sql`now()`)
      yield* sql`INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES
        (${orphan}, 'variant', ${variant!.variant_id}, 2), (${held}, 'variant', ${variant!.variant_id}, 1)`
      yield* sql`INSERT INTO sessions (session_id, shop_id, cart_id, csrf_token, expires_at) VALUES
        ('hk-cart-live', 'CZ10MA', ${held}, 't', now() + interval '1 hour'),
        ('hk-cart-old', 'CZ10MA', ${orphanOfExpiredSession}, 't', now() - interval '1 second')`
      yield* sql`INSERT INTO orders (order_number, shop_id, cart_id, confirmation_token, currency, total, total_no_vat)
                 VALUES ('hk-order', 'CZ10MA', ${ordered}, 'hk-order-token', 'CZK', 1, 1)`

      const report = yield* sweep(1)
      assert.isAtLeast(report.orphanCarts, 2)
      const mine = [orphan, orphanOfExpiredSession, held, customers, ordered, young]
      const left = yield* sql<{ cart_id: number }>`SELECT cart_id FROM carts WHERE cart_id IN ${sql.in(mine)} ORDER BY cart_id`
      assert.deepStrictEqual(left.map((row) => row.cart_id), [held, customers, ordered, young])
      const lines = yield* sql<{ cart_id: number }>`SELECT cart_id FROM cart_items WHERE cart_id IN ${sql.in([orphan, held])}`
      assert.deepStrictEqual(lines.map((row) => row.cart_id), [held])
      assert.strictEqual((yield* sweep(1)).orphanCarts, 0)
    }))

  it.effect("the vacuum of the embedded database goes over the swept tables and the carts' tables", () =>
    Effect.gen(function*() {
      const database = yield* Database
      if (database.backend !== "pglite") return
      yield* vacuum
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ relname: string }>`
        SELECT relname FROM pg_stat_user_tables
        WHERE last_vacuum IS NOT NULL AND relname IN ('sessions', 'idempotency_keys', 'carts', 'cart_items')
        ORDER BY relname`
      assert.deepStrictEqual(rows.map((row) => row.relname), ["cart_items", "carts", "idempotency_keys", "sessions"])
    }))
})
