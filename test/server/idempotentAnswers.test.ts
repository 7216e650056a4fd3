/**
 * The answers stored with idempotency keys (migration 24): a retried add-to-cart with the same key gets, byte for byte,
 * what the shopper was answered the first time, from the stored row, whether the row keeps the answer deflated (as
 * every write stores it since migration 24) or as json (a key stored before it); an expired key of either kind is taken
 * over by the next write with it; and the database keeps the deflated answer as it was sent, uncompressed and in line.
 * On a real port as main.ts serves it, with the write fast path on (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { inflateRawSync } from "node:zlib"
import { describe, expect, test } from "vitest"
import { answerOfStored, storedAnswer } from "../../demo/server/domain/idempotency.ts"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites } from "../../demo/server/http/fastWrites.ts"
import { useRealPortBackend } from "../support/realPort.ts"
import { freshDatabase } from "../support/server.ts"
import { answersAt } from "../support/httpAnswers.ts"

const fastWrites = new FastWrites()
const { baseUrl, runtime } = useRealPortBackend({
  fastReads: new FastReads(),
  fastWrites,
  database: freshDatabase()
})

const call = answersAt(baseUrl)

const sql = <A>(run: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>): Promise<A> =>
  runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, run) as Effect.Effect<A>)

/** A shopper with a session and a cart holding one piece of each of 3 variants in stock (a keyed add is then fast). */
const shopper = async () => {
  const response = await fetch(`${baseUrl()}/api/session`)
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  const headers = { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(",")
  const variants = ((await (await fetch(`${baseUrl()}/product-api/find-variants-by-id?ids=${ids}`, { headers })).json()) as ReadonlyArray<{
    variantId: number
    availability?: string
  }>).filter((variant) => variant.availability === "in_stock").map((variant) => variant.variantId).slice(0, 3)
  for (const variantId of variants) expect((await add(headers, variantId, randomUUID())).status).toBe(200)
  return { headers, variants }
}

const add = (headers: Record<string, string>, variantId: number, key: string) =>
  call("PUT", "/api/v2/cart.cart-api/add-to-cart", { ...headers, "idempotency-key": key }, { variantId, amount: 1, extended: true })

interface KeyRow {
  readonly json: string | null
  readonly deflated: Uint8Array | null
}

const keyRow = async (key: string): Promise<KeyRow> =>
  (await sql((sql) => sql<KeyRow>`SELECT response::text AS json, response_deflated AS deflated FROM idempotency_keys WHERE key = ${key}`))[0]!

/** Rewrites the key's row as a key stored before migration 24 keeps it: the answer's text as json, nothing deflated. */
const asStoredBeforeMigration24 = (key: string, text: string) =>
  sql((sql) => sql`UPDATE idempotency_keys SET response = ${text}::json, response_deflated = NULL WHERE key = ${key}`)

const countOf = (body: string, variantId: number): number | undefined =>
  (JSON.parse(body) as { cartItems?: ReadonlyArray<{ variantId?: number; count?: number }> }).cartItems
    ?.find((item) => item.variantId === variantId)?.count

describe("stored idempotent answers (migration 24)", () => {
  test("a deflated answer is the JSON text's bytes, and reads back as its value", () => {
    const text = JSON.stringify({ cartItems: [{ name: "Kč žluťoučký kůň 🛒 \"quoted\" \\" }], n: 1.5, none: null })
    const stored = storedAnswer(text)
    expect(inflateRawSync(stored).toString("utf8")).toBe(text)
    expect(answerOfStored(stored)).toEqual(JSON.parse(text))
    // bytes of their own: a driver that copies a parameter's whole buffer copies only them
    expect(stored.byteLength).toBe(stored.buffer.byteLength)
  })

  test("a retried add-to-cart with the same key gets the first answer byte for byte from the stored row", async () => {
    const who = await shopper()
    const variantId = who.variants[0]!
    const key = randomUUID()
    const served = fastWrites.hits
    const first = await add(who.headers, variantId, key)
    expect(first.status).toBe(200)
    expect(fastWrites.hits - served).toBe(1)
    const row = await keyRow(key)
    expect(row.json).toBeNull()
    expect(inflateRawSync(row.deflated!).toString("utf8")).toBe(first.body)
    const retried = await add(who.headers, variantId, key)
    expect(retried.status).toBe(200)
    expect(retried.body).toBe(first.body)
    // applied once: a new key adds the next piece
    expect(countOf((await add(who.headers, variantId, randomUUID())).body, variantId)).toBe(countOf(first.body, variantId)! + 1)
    // the replay is the answer as it was then, not the cart as it is now
    expect((await add(who.headers, variantId, key)).body).toBe(first.body)
  })

  test("a key stored before migration 24 (its answer as json) replays that answer byte for byte", async () => {
    const who = await shopper()
    const variantId = who.variants[1]!
    const key = randomUUID()
    const first = await add(who.headers, variantId, key)
    expect(first.status).toBe(200)
    await asStoredBeforeMigration24(key, first.body)
    expect(await keyRow(key)).toEqual({ json: first.body, deflated: null })
    const retried = await add(who.headers, variantId, key)
    expect(retried.body).toBe(first.body)
    expect(countOf((await add(who.headers, variantId, randomUUID())).body, variantId)).toBe(countOf(first.body, variantId)! + 1)
  })

  test("an expired key is taken over by the next write with it, which stores its own answer deflated", async () => {
    const who = await shopper()
    const variantId = who.variants[2]!
    const [oldKey, newKey] = [randomUUID(), randomUUID()]
    const first = await add(who.headers, variantId, oldKey)
    await add(who.headers, variantId, newKey)
    await asStoredBeforeMigration24(oldKey, first.body)
    await sql((sql) => sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key IN (${oldKey}, ${newKey})`)
    for (const key of [oldKey, newKey]) {
      const again = await add(who.headers, variantId, key)
      expect(again.status).toBe(200)
      expect(again.body).not.toBe(first.body)
      const row = await keyRow(key)
      expect(row.json).toBeNull()
      expect(inflateRawSync(row.deflated!).toString("utf8")).toBe(again.body)
    }
    expect(countOf((await add(who.headers, variantId, randomUUID())).body, variantId)).toBe(countOf(first.body, variantId)! + 4)
  })

  test("the database keeps the deflated answer as sent: not compressed again, in the row", async () => {
    const who = await shopper()
    const key = randomUUID()
    const first = await add(who.headers, who.variants[0]!, key)
    const [kept] = await sql((sql) => sql<{ readonly storage: string; readonly compressed: string | null; readonly size: number; readonly sent: number }>`
      SELECT a.attstorage AS storage, pg_column_compression(k.response_deflated) AS compressed,
        pg_column_size(k.response_deflated) AS size, length(k.response_deflated) AS sent
      FROM idempotency_keys k, pg_attribute a
      WHERE k.key = ${key} AND a.attrelid = 'idempotency_keys'::regclass AND a.attname = 'response_deflated'`)
    expect(kept!.storage).toBe("e")
    expect(kept!.compressed).toBeNull()
    expect(kept!.size).toBeLessThan(Buffer.byteLength(first.body) / 3)
    expect(kept!.size - kept!.sent).toBeLessThanOrEqual(4)
  })
})
