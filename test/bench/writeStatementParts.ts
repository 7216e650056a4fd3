/**
 * `node test/bench/writeStatementParts.ts`: what the parts of the write fast path's one statement
 * (`lineCountStatement`, demo/server/domain/cart/mutation.ts) cost the database, replayed on a seeded database without
 * HTTP: the bench's write pair (a raise by one with the stock check and an idempotency key storing a ~9 KB answer, then
 * the count back to 1), each with the session check, run as shipped and as variants that leave one part out or store
 * the answer another way: compressed by this process (raw deflate, zstd) into a `bytea` column with `STORAGE EXTERNAL`
 * that the variants add to their scratch database, so the database neither checks nor compresses it (round answer15,
 * docs/BENCH-LOG.md). Variants run in blocks interleaved A B A B …, so each compares with the shipped statement under
 * the same load; it prints the median CPU per write of each and its difference to the shipped one.
 *
 * PGlite (in memory, in this process: the CPU is the process's, the Effect client's share and any compression of the
 * answer included) and, where DATABASE_URL names a PostgreSQL server, a new database there on one connection (the CPU
 * is that backend's, read from /proc/<pid>/schedstat, and this process's, which compresses the answer and sends the
 * statement).
 * BENCH_BLOCKS (default 12) blocks of BENCH_BLOCK_WRITES (default 100) writes.
 * A measuring tool: the variants are not the shop's statements.
 *
 * @module
 */
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { readFileSync } from "node:fs"
import { constants as zlib, deflateRawSync, zstdCompressSync } from "node:zlib"
import * as Db from "../../demo/server/db/Database.ts"
import { lineCountStatement, type StatementText } from "../../demo/server/domain/cart/mutation.ts"
import { statementKeyClaim } from "../../demo/server/domain/idempotency.ts"
import { withScratchDatabase } from "./scratchDatabase.ts"

const blocks = Number(process.env["BENCH_BLOCKS"] ?? 12)
const blockWrites = Number(process.env["BENCH_BLOCK_WRITES"] ?? 100)

// an answer the size of the bench's add-to-cart answers for a cart of 3 lines (about 9 KB), about as compressible
// (raw deflate level 1: 1,504 bytes for a real one of 8,832, 1,168 for this one)
const answer = JSON.stringify({
  cartItems: Array.from({ length: 3 }, (_, i) => ({
    articleId: 1000 + i,
    variantId: 2 + i,
    name: `Article ${i} ${"with a long descriptive name ".repeat(3)}`,
    count: 1,
    price: { amount: 1299 + i, currency: "CZK", formatted: `1 ${299 + i},00 Kč` },
    images: Array.from({ length: 6 }, (_, j) => `https://cdn.example.test/media/${2 + i}/${j}/800x800.webp`),
    services: Array.from({ length: 4 }, (_, j) => ({ id: j, name: `Service ${j}`, price: 99 * j, selected: false })),
    availability: { status: "in_stock", text: "Skladem > 5 ks", deliveryDate: "2026-12-02" }
  })),
  summary: { totalPrice: 3900, currency: "CZK", lines: 3, pieces: 3 },
  flashes: [],
  padding: Array.from({ length: 118 }, (_, i) => ({ key: `k${i}`, text: `Text number ${i} of the answer` }))
})

interface Setup {
  readonly cartId: number
  readonly itemId: number
  readonly variantId: number
  readonly stock: number
  readonly sessionId: string
  readonly csrfToken: string
  version: number
  serial: number
}

/** A cart of one line of an article in stock, with its session, on the seeded database. */
const setUp = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [article] = yield* sql<{ readonly variant_id: number; readonly stock: number }>`
    SELECT v.variant_id, st.in_stock AS stock FROM variants v
    JOIN products p ON p.product_id = v.product_id JOIN prices pr ON pr.variant_id = v.variant_id
    JOIN stock st ON st.variant_id = v.variant_id
    WHERE v.shop_id = 'CZ10MA' AND p.active AND st.in_stock > 5 ORDER BY v.variant_id LIMIT 1`
  const [cart] = yield* sql<{ readonly cart_id: number }>`INSERT INTO carts (shop_id) VALUES ('CZ10MA') RETURNING cart_id`
  const [item] = yield* sql<{ readonly cart_item_id: number }>`
    INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES (${cart!.cart_id}, 'variant', ${article!.variant_id}, 1)
    RETURNING cart_item_id`
  yield* sql`INSERT INTO sessions (session_id, shop_id, cart_id, csrf_token, expires_at)
    VALUES ('parts-session', 'CZ10MA', ${cart!.cart_id}, 'parts-csrf', now() + interval '1 day')`
  const [version] = yield* sql<{ readonly version: number }>`SELECT version FROM carts WHERE cart_id = ${cart!.cart_id}`
  yield* sql.unsafe(`ALTER TABLE idempotency_keys ADD COLUMN response_deflated bytea`)
  yield* sql.unsafe(`ALTER TABLE idempotency_keys ALTER COLUMN response_deflated SET STORAGE EXTERNAL`)
  return {
    cartId: cart!.cart_id,
    itemId: item!.cart_item_id,
    variantId: article!.variant_id,
    stock: article!.stock,
    sessionId: "parts-session",
    csrfToken: "parts-csrf",
    version: version!.version,
    serial: 0
  } satisfies Setup
})

interface Parts {
  readonly stockCheck: boolean
  readonly sessionCheck: boolean
  readonly claim: boolean
  readonly answer: string
  /**
   * How the answer is stored: as shipped (json), or compressed by this process into `response_deflated` (bytea,
   * EXTERNAL) with raw deflate level 1, with deflate and a smaller window and hash (16 KB, memLevel 7: half the
   * compressor's memory), or with zstd level 1.
   */
  readonly storage: "shipped" | "deflate" | "smallDeflate" | "zstd"
}

const shipped: Parts = { stockCheck: true, sessionCheck: true, claim: true, answer, storage: "shipped" }

/** The variants measured against {@link shipped}. */
const variants: ReadonlyArray<readonly [name: string, parts: Parts]> = [
  ["as shipped", shipped],
  ["answer deflated by the client into bytea", { ...shipped, storage: "deflate" }],
  ["the same, 16 KB window, memLevel 7", { ...shipped, storage: "smallDeflate" }],
  ["answer zstd-compressed by the client into bytea", { ...shipped, storage: "zstd" }],
  ["without the stock check", { ...shipped, stockCheck: false }],
  ["without the session check", { ...shipped, sessionCheck: false }],
  ["without the idempotency key", { ...shipped, claim: false }],
  ["with a 100-byte answer stored", { ...shipped, answer: JSON.stringify({ cartItems: [], padding: "x".repeat(70) }) }]
]

// the statement's text storing the answer, compressed, in `response_deflated` (bytea) instead of `response` (json)
const asBytea = (text: string, answerAt: string): string =>
  text.replace("status_code, response)", "status_code, response_deflated)")
    .replace(`${answerAt}::json`, `${answerAt}::bytea`)
    .replace("response = EXCLUDED.response,", "response = NULL, response_deflated = EXCLUDED.response_deflated,")

const compressed = (storage: Parts["storage"], answer: string): Uint8Array =>
  new Uint8Array(
    storage === "zstd" ? zstdCompressSync(answer, { params: { [zlib.ZSTD_c_compressionLevel]: 1 } })
      : storage === "smallDeflate" ? deflateRawSync(answer, { level: 1, windowBits: 14, memLevel: 7 })
      : deflateRawSync(answer, { level: 1 })
  )

const statementOf = (setup: Setup, parts: Parts, raise: boolean): StatementText => {
  const count = raise ? 2 : 1
  const after = { cartId: setup.cartId, version: setup.version + 1 } as Parameters<typeof lineCountStatement>[0]
  const key = `parts-${process.pid}-${setup.serial++}`
  const shippedClaim = raise && parts.claim ? statementKeyClaim(`cart.addToCart:cart-${setup.cartId}`, key, { n: 1 }, undefined, parts.answer) : undefined
  const bytes = shippedClaim === undefined || parts.storage === "shipped" ? undefined : compressed(parts.storage, parts.answer)
  const claim = shippedClaim === undefined || bytes === undefined ? shippedClaim : { ...shippedClaim, response: bytes as unknown as string }
  const check = raise && parts.stockCheck ? { variantId: setup.variantId, stock: setup.stock } : undefined
  const proof = parts.sessionCheck ? { sessionId: setup.sessionId, csrfToken: setup.csrfToken } : undefined
  const statement = lineCountStatement(after, setup.itemId, count, check, claim, proof)
  if (bytes === undefined) return statement
  return { params: statement.params, text: asBytea(statement.text, `$${statement.params.indexOf(bytes) + 1}`) }
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Runs the blocks on `layer`'s database; `cpuMs` reads the CPU that counts (ms) given the backend's pid, and
 * `clientCpuMs`, when given, this process's, printed beside it.
 */
const measure = async (
  label: string,
  layer: Layer.Layer<SqlClient.SqlClient, unknown>,
  cpuMs: (backendPid: number) => number,
  clientCpuMs?: () => number
) => {
  const runtime = ManagedRuntime.make(layer)
  try {
    const setup = await runtime.runPromise(setUp)
    const [backend] = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ readonly pid: number }>`SELECT pg_backend_pid() AS pid`))
    const pid = backend!.pid
    const write = async (parts: Parts, raise: boolean) => {
      const statement = statementOf(setup, parts, raise)
      const rows = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql.unsafe<{ readonly version: number | null }>(statement.text, statement.params)))
      if (rows[0]?.version !== setup.version + 1) throw new Error(`${label}: a write did not apply (${JSON.stringify(rows)})`)
      setup.version++
    }
    const block = async (parts: Parts) => {
      const before = cpuMs(pid)
      const clientBefore = clientCpuMs?.() ?? 0
      for (let i = 0; i < blockWrites; i += 2) {
        await write(parts, true)
        await write(parts, false)
      }
      return [(cpuMs(pid) - before) / blockWrites, ((clientCpuMs?.() ?? 0) - clientBefore) / blockWrites] as const
    }
    for (const [, parts] of variants) await block(parts) // warm-up: plans, caches
    const perWrite = new Map<string, Array<number>>(variants.map(([name]) => [name, []]))
    const clientPerWrite = new Map<string, Array<number>>(variants.map(([name]) => [name, []]))
    for (let b = 0; b < blocks; b++) {
      for (const [name, parts] of b % 2 === 0 ? variants : [...variants].reverse()) {
        const [ms, clientMs] = await block(parts)
        perWrite.get(name)!.push(ms)
        clientPerWrite.get(name)!.push(clientMs)
      }
    }
    const [stored] = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{
      readonly json: number
      readonly deflated: number
      readonly bytes: number
    }>`SELECT count(response)::int AS json, count(response_deflated)::int AS deflated,
        coalesce(max(pg_column_size(response_deflated)), 0)::int AS bytes FROM idempotency_keys`))
    console.log(`\n${label}: keys stored as json ${stored!.json}, deflated ${stored!.deflated} (the largest ${stored!.bytes} bytes)`)
    const base = median(perWrite.get("as shipped")!)
    const clientBase = median(clientPerWrite.get("as shipped")!)
    const difference = (ms: number, from: number) => `${ms >= from ? "+" : ""}${(ms - from).toFixed(4)} ms`
    console.log(`\n${label}: CPU per write (median of ${blocks} blocks of ${blockWrites} writes, half of them with a key)` +
      (clientCpuMs === undefined ? "" : "; this process's beside it"))
    for (const [name] of variants) {
      const ms = median(perWrite.get(name)!)
      const clientMs = median(clientPerWrite.get(name)!)
      console.log(`  ${name.padEnd(48)} ${ms.toFixed(4)} ms  ${name === "as shipped" ? " ".repeat(11) : difference(ms, base)}` +
        (clientCpuMs === undefined ? "" : `   client ${clientMs.toFixed(4)} ms  ${name === "as shipped" ? "" : difference(clientMs, clientBase)}`))
    }
  } finally {
    await runtime.dispose()
  }
}

const processCpuMs = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

// the backend's time on a CPU in ns (Linux's schedstat: finer than /proc/<pid>/stat's clock ticks)
const backendCpuMs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6

await measure("PGlite", Db.layerPglite({ dataDir: "memory://" }) as Layer.Layer<SqlClient.SqlClient, unknown>, () => processCpuMs())
const adminUrl = process.env["DATABASE_URL"]?.trim()
if (adminUrl) {
  await withScratchDatabase(adminUrl, "sf_parts", (url) =>
    measure(
      "PostgreSQL backend",
      Db.layerPg({ url: Redacted.make(url.toString()), maxConnections: 1, multiplex: 1 }) as Layer.Layer<SqlClient.SqlClient, unknown>,
      backendCpuMs,
      processCpuMs
    ))
}
