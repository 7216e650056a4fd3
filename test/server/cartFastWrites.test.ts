/**
 * The write fast path (demo/server/http/fastWrites.ts) on a real port as main.ts serves it: an add-to-cart of a line of
 * the cached cart and a change-amount answer byte for byte what the pipeline answers (but the request id), an
 * idempotency key stored by one path is replayed by the other, what it cannot decide (a refused payload, a stale CSRF
 * token, a key taken, a session the statement no longer finds) goes to the pipeline, and concurrent adds lose nothing.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest"
import { cacheInvalidationChannel, cacheTtlMs } from "../../demo/server/db/ReadCache.ts"
import { setLineCountAtOnce, StatementSession, withLineCount } from "../../demo/server/domain/cart/mutation.ts"
import { readCart } from "../../demo/server/domain/cart/reading.ts"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { CurrentFastReads, FastReads, withFastReads } from "../../demo/server/http/fastReads.ts"
import { CurrentFastWrites, FastWrites } from "../../demo/server/http/fastWrites.ts"
import { useRealPortBackend } from "../support/realPort.ts"
import { freshDatabase } from "../support/server.ts"
import { roundTrips } from "./cartSupport.ts"
import { shopperWithCart, lineOf } from "../support/cartShopper.ts"
import { type Answer, answersAt, comparable } from "../support/httpAnswers.ts"

const fastReads = new FastReads()
const fastWrites = new FastWrites()
const trips = roundTrips()
const { baseUrl, runtime } = useRealPortBackend({
  fastReads,
  fastWrites,
  database: Layer.provideMerge(trips.layer, freshDatabase()) as ReturnType<typeof freshDatabase>
})

const call = answersAt(baseUrl)

const add = (headers: Record<string, string>, variantId: number, key: string | undefined = randomUUID(), amount = 1) =>
  call("PUT", "/api/v2/cart.cart-api/add-to-cart", key === undefined ? headers : { ...headers, "idempotency-key": key }, {
    variantId,
    amount,
    extended: true
  })

const change = (headers: Record<string, string>, id: number, amount: number) =>
  call("POST", "/api/v2/cart.cart-api/change-amount", headers, { id, amount, extended: true })

/**
 * Runs `run` with the fast path on or off; answers what it answered, how many writes the fast path served and how many
 * of those it decided and answered by plain functions.
 */
const through = async <A>(
  fast: boolean,
  run: () => Promise<A>
): Promise<{ readonly answer: A; readonly served: number; readonly plain: number }> => {
  fastWrites.enabled = fast
  const before = fastWrites.hits
  const plainBefore = fastWrites.plainHits
  try {
    return { answer: await run(), served: fastWrites.hits - before, plain: fastWrites.plainHits - plainBefore }
  } finally {
    fastWrites.enabled = true
  }
}

describe("the write fast path (cart writes before the pipeline)", () => {
  test("an add-to-cart and a change-amount answer byte for byte what the pipeline answers", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const pipelineAdd = await through(false, () => add(who.headers, line!.variantId))
    const pipelineChange = await through(false, () => change(who.headers, line!.itemId, 1))
    const fastAdd = await through(true, () => add(who.headers, line!.variantId))
    const fastChange = await through(true, () => change(who.headers, line!.itemId, 1))
    expect([pipelineAdd.served, pipelineChange.served, fastAdd.served, fastChange.served]).toEqual([0, 0, 1, 1])
    expect([fastAdd.plain, fastChange.plain]).toEqual([1, 1])
    expect(pipelineAdd.answer.status).toBe(200)
    expect(lineOf(fastAdd.answer, line!.variantId).articleId).toBe(line!.itemId)
    expect(comparable(fastAdd.answer)).toEqual(comparable(pipelineAdd.answer))
    expect(comparable(fastChange.answer)).toEqual(comparable(pipelineChange.answer))
    expect(fastAdd.answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    // the next read answers what the fast write left
    const loaded = await call("GET", "/api/v2/cart.cart-api/load-cart", who.headers, undefined)
    expect(lineOf(loaded, line!.variantId)).toEqual(lineOf(fastChange.answer, line!.variantId))
  })

  test("with the shop's settings not cached, a fast write takes the Effect way of the same statement: the same bytes", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const pipelineAdd = await through(false, () => add(who.headers, line!.variantId))
    const pipelineChange = await through(false, () => change(who.headers, line!.itemId, 1))
    // an operator's edit of the shop's settings drops them from every server's cache
    await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT pg_notify(${cacheInvalidationChannel}, 'shop_settings')`))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const fastAdd = await through(true, () => add(who.headers, line!.variantId))
    // the Effect way loaded them again: the next write is plain
    const fastChange = await through(true, () => change(who.headers, line!.itemId, 1))
    expect([fastAdd.served, fastAdd.plain, fastChange.served, fastChange.plain]).toEqual([1, 0, 1, 1])
    expect(comparable(fastAdd.answer)).toEqual(comparable(pipelineAdd.answer))
    expect(comparable(fastChange.answer)).toEqual(comparable(pipelineChange.answer))
  })

  test("on the embedded database, a fast add-to-cart and change-amount are ONE round trip each: no session read", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    await add(who.headers, line!.variantId)
    const added = await runtime.runPromise(trips.during(() => through(true, () => add(who.headers, line!.variantId))))
    const changed = await runtime.runPromise(trips.during(() => through(true, () => change(who.headers, line!.itemId, 1))))
    if (process.env["DATABASE_URL"]) return
    expect(added.length).toBe(1)
    expect(added[0]).toMatch(/^WITH locked AS/)
    expect(added[0]).toContain("FROM sessions s")
    expect(changed.length).toBe(1)
    expect(changed[0]).toContain("FROM sessions s")
  })

  test("a key stored by one path is replayed by the other, and a key sent again applies once", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const key = randomUUID()
    const first = await through(true, () => add(who.headers, line!.variantId, key))
    expect(first.served).toBe(1)
    // the key keeps the answer's text as it was sent, byte for byte (json keeps its text as given)
    const [kept] = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ readonly response: string }>`SELECT response::text AS response FROM idempotency_keys WHERE key = ${key}`))
    expect(kept?.response).toBe(first.answer.body)
    // the statement finds the key taken and changes nothing: the pipeline answers the stored answer
    const again = await through(true, () => add(who.headers, line!.variantId, key))
    const viaPipeline = await through(false, () => add(who.headers, line!.variantId, key))
    expect(again.served).toBe(0)
    // a replay is the stored JSON (jsonb orders object keys): the same answer, and byte for byte the pipeline's replay
    expect(JSON.parse(again.answer.body)).toEqual(JSON.parse(first.answer.body))
    expect(comparable(again.answer)).toEqual(comparable(viaPipeline.answer))
    const other = randomUUID()
    const stored = await through(false, () => add(who.headers, line!.variantId, other))
    const replayed = await through(true, () => add(who.headers, line!.variantId, other))
    const replayedAgain = await through(false, () => add(who.headers, line!.variantId, other))
    expect(replayed.served).toBe(0)
    expect(JSON.parse(replayed.answer.body)).toEqual(JSON.parse(stored.answer.body))
    expect(comparable(replayed.answer)).toEqual(comparable(replayedAgain.answer))
    // two adds applied (1 -> 2 -> 3), not five
    const loaded = await call("GET", "/api/v2/cart.cart-api/load-cart", who.headers, undefined)
    expect(lineOf(loaded, line!.variantId).count ?? lineOf(loaded, line!.variantId).amount).toBe(3)
  })

  test("what the fast path cannot decide is the pipeline's: a refused payload, a stale CSRF token, a raise, an unknown item", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const pairs: ReadonlyArray<() => Promise<Answer>> = [
      () => call("PUT", "/api/v2/cart.cart-api/add-to-cart", who.headers, { variantId: line!.variantId, amount: 0, extended: true }),
      () => call("PUT", "/api/v2/cart.cart-api/add-to-cart", who.headers, "{not json"),
      () => call("POST", "/api/v2/cart.cart-api/change-amount", who.headers, { id: line!.itemId, amount: "1" }),
      () => change({ ...who.headers, "x-csrf-token": "stale" }, line!.itemId, 1),
      () => add({ ...who.headers, "x-csrf-token": "stale" }, line!.variantId),
      () => change(who.headers, 999_999_999, 1)
    ]
    for (const send of pairs) {
      const pipeline = await through(false, send)
      const fast = await through(true, send)
      expect(fast.served).toBe(0)
      expect(comparable(fast.answer)).toEqual(comparable(pipeline.answer))
      expect(fast.answer.status).not.toBe(200 + 500)
    }
  })

  test("a statement that fails answers what the pipeline answers (500)", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const cartId = await runtime.runPromise(cartIdOf(who.cookie.split("=")[1]!))
    const trigger = `test_refuse_cart_${cartId}`
    const sql = (run: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>) =>
      runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, run) as Effect.Effect<unknown, never, never>)
    await sql((q) => q.unsafe(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'cart refuses changes'; END $$`))
    await sql((q) => q.unsafe(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON carts FOR EACH ROW WHEN (OLD.cart_id = ${cartId}) EXECUTE FUNCTION ${trigger}()`))
    try {
      for (const send of [() => add(who.headers, line!.variantId), () => change(who.headers, line!.itemId, 1)]) {
        const pipeline = await through(false, send)
        const fast = await through(true, send)
        expect(pipeline.answer.status).toBe(500)
        expect(comparable(fast.answer)).toEqual(comparable(pipeline.answer))
      }
    } finally {
      await sql((q) => q.unsafe(`DROP TRIGGER ${trigger} ON carts`))
      await sql((q) => q.unsafe(`DROP FUNCTION ${trigger}()`))
    }
  })

  test("the statement proves the cached session: a session whose token changed writes nothing", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const sessionId = who.cookie.split("=")[1]!
    const applied = (csrfToken: string) =>
      runtime.runPromise(Effect.gen(function*() {
        const state = yield* readCart(yield* cartIdOf(sessionId))
        if (state === undefined) throw new Error("no cart")
        const item = state.lines.find((candidate) => candidate.itemId === line!.itemId)!
        return yield* Effect.provideService(
          setLineCountAtOnce(withLineCount(state, state.version + 1, item.itemId, item.count), item.itemId, item.count, undefined, undefined),
          StatementSession,
          { sessionId, csrfToken }
        )
      }))
    expect(await applied("not-the-token")).toBe(false)
    expect(await applied(who.csrfToken)).toBe(true)
  })

  test("a fast write renews the cached session its statement proved: past the time to live the next write is still fast", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    try {
      const steps: Array<number> = []
      for (let step = 0; step < 3; step++) {
        if (step > 0) vi.setSystemTime(Date.now() + cacheTtlMs * 0.6)
        const { answer, served } = await through(true, () => change(who.headers, line!.itemId, 1))
        expect(answer.status).toBe(200)
        steps.push(served)
      }
      // the third write comes 1.2 times the time to live after the session was last read: served fast all the same
      expect(steps).toEqual([1, 1, 1])
    } finally {
      vi.useRealTimers()
    }
  })

  test("concurrent adds of one line through the fast path lose no update", async () => {
    const who = await shopperWithCart(baseUrl)
    const [line] = who.lines
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(who.headers, line!.variantId)))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const loaded = await call("GET", "/api/v2/cart.cart-api/load-cart", who.headers, undefined)
    const refused = answers.filter((answer) => answer.body.includes('"status":"error"')).length
    expect(lineOf(loaded, line!.variantId).count ?? lineOf(loaded, line!.variantId).amount).toBe(1 + 12 - refused)
    // one key sent 10 times at once applies once
    const key = randomUUID()
    const retries = await Promise.all(Array.from({ length: 10 }, () => add(who.headers, line!.variantId, key)))
    expect(retries.map((answer) => answer.status)).toEqual(retries.map(() => 200))
    const after = await call("GET", "/api/v2/cart.cart-api/load-cart", who.headers, undefined)
    expect(lineOf(after, line!.variantId).count ?? lineOf(after, line!.variantId).amount).toBe(1 + 12 - refused + 1)
  })

  test("one shopper's concurrent writes take turns: each decides from the cart the previous one left, none is handed over", async () => {
    const who = await shopperWithCart(baseUrl)
    const [first, second] = who.lines
    const { answer: answers, served } = await through(true, () =>
      Promise.all(Array.from({ length: 10 }, (_, i) => i % 2 === 0 ? change(who.headers, first!.itemId, 1) : change(who.headers, second!.itemId, 1))))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(served).toBe(10)
    // the turns are let go once answered: none is held by the keep-alive connections the writes came on
    await expect.poll(() => fastWrites.pendingTurns).toBe(0)
    const loaded = await call("GET", "/api/v2/cart.cart-api/load-cart", who.headers, undefined)
    expect(lineOf(loaded, first!.variantId).count).toBe(1)
    expect(lineOf(loaded, second!.variantId).count).toBe(1)
  })
})

const cartIdOf = (sessionId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly cart_id: number }>`SELECT cart_id FROM sessions WHERE session_id = ${sessionId}`
    return rows[0]!.cart_id
  })
