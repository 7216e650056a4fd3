/**
 * The write fast path (demo/server/http/fastWrites.ts) for a shopper whose session or cart the read cache no longer
 * holds (the cold start: a first add after more than the cache's time to live of browsing): the write is served fast,
 * byte for byte what the pipeline answers, from the session and cart loaded with the read cache's own loads; a session
 * row changed behind the cache (logged out, token rotated, moved to another shop by another server) is never served
 * from the old row; concurrent first writes of one shopper load the session once and apply in turn.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { afterEach, describe, expect, test, vi } from "vitest"
import { cacheInvalidationChannel, cacheTtlMs } from "../../demo/server/db/ReadCache.ts"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites } from "../../demo/server/http/fastWrites.ts"
import { addToCartPath, changeAmountPath, countsOf, shopperWithCart as shopperOf } from "../support/cartShopper.ts"
import { answersAt, comparable, sentAtOnce } from "../support/httpAnswers.ts"
import { afterTimeToLive, throughPipeline, whileLocked } from "../support/fastWritePaths.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const fastReads = new FastReads()
const fastWrites = new FastWrites()
const { baseUrl, runtime } = useRealPortBackend({ fastReads, fastWrites })

const call = answersAt(baseUrl)
const atOnce = sentAtOnce(baseUrl)

const add = (headers: Record<string, string>, variantId: number) =>
  call("PUT", addToCartPath, { ...headers, "idempotency-key": randomUUID() }, { variantId, amount: 1, extended: true })

const change = (headers: Record<string, string>, id: number, amount: number) => call("POST", changeAmountPath, headers, { id, amount, extended: true })

const loadCart = (headers: Record<string, string>) => call("GET", "/api/v2/cart.cart-api/load-cart", headers, undefined)

const sql = <A>(run: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
  runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, run) as Effect.Effect<A, never, never>)

/** Sends a cache notice as another server's change would (every server's cache drops what it names). */
const notice = async (payload: string) => {
  await sql((q) => q`SELECT pg_notify(${cacheInvalidationChannel}, ${payload})`)
}

/** A shopper whose cart holds one piece of each of 3 variants in stock (the bench's shopper), with its cart's id. */
const shopperWithCart = async () => {
  const { headers, lines, sessionId } = await shopperOf(baseUrl)
  const [stored] = await sql((q) => q<{ readonly cart_id: number }>`SELECT cart_id FROM sessions WHERE session_id = ${sessionId}`)
  return { headers, lines, sessionId, cartId: Number(stored!.cart_id) }
}

/** What the write fast path did during `run`: served, left to the pipeline before and after the body, loads made. */
const counted = async <A>(run: () => Promise<A>) => {
  const before = { served: fastWrites.hits, handOvers: fastWrites.handOvers, loads: fastWrites.loads }
  const answer = await run()
  return {
    answer,
    served: fastWrites.hits - before.served,
    declined: fastWrites.handOvers.beforeBody - before.handOvers.beforeBody,
    handed: fastWrites.handOvers.afterBody - before.handOvers.afterBody,
    sessionLoads: fastWrites.loads.sessions - before.loads.sessions,
    cartLoads: fastWrites.loads.carts - before.loads.carts
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe("the write fast path when the shopper's session or cart is not cached", () => {
  test("after the time to live, a shopper's next writes are served fast, byte for byte the pipeline's, and the next read is the truth", async () => {
    const who = await shopperWithCart()
    const [line] = who.lines
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    expect((await loadCart(who.headers)).status).toBe(200)
    afterTimeToLive()
    const pipelineAdd = await throughPipeline(fastWrites, () => add(who.headers, line!.variantId))
    const pipelineChange = await throughPipeline(fastWrites, () => change(who.headers, line!.itemId, 1))
    afterTimeToLive()
    const fastAdd = await counted(() => add(who.headers, line!.variantId))
    expect(fastAdd).toMatchObject({ served: 1, declined: 0, handed: 0, sessionLoads: 1, cartLoads: 1 })
    expect(comparable(fastAdd.answer)).toEqual(comparable(pipelineAdd))
    const fastChange = await counted(() => change(who.headers, line!.itemId, 1))
    expect(fastChange).toMatchObject({ served: 1, declined: 0, handed: 0, sessionLoads: 0, cartLoads: 0 })
    expect(comparable(fastChange.answer)).toEqual(comparable(pipelineChange))
    // the cart alone dropped (another server's change of it), then the session alone: each is loaded, the write fast
    const cache = fastWrites.cache!
    await notice(`cart:${who.cartId}`)
    await expect.poll(() => cache.carts.peek(who.cartId, Date.now())).toBeUndefined()
    const cartDropped = await counted(() => add(who.headers, line!.variantId))
    expect(cartDropped).toMatchObject({ served: 1, declined: 0, handed: 0, sessionLoads: 0, cartLoads: 1 })
    expect(comparable(cartDropped.answer)).toEqual(comparable(pipelineAdd))
    await notice(`session:${who.sessionId}`)
    await expect.poll(() => cache.sessions.peek(who.sessionId, Date.now())).toBeUndefined()
    const sessionDropped = await counted(() => change(who.headers, line!.itemId, 1))
    expect(sessionDropped).toMatchObject({ served: 1, declined: 0, handed: 0, sessionLoads: 1, cartLoads: 0 })
    expect(comparable(sessionDropped.answer)).toEqual(comparable(pipelineChange))
    // the next read answers what the writes left, also once nothing is cached any more
    expect(countsOf(await loadCart(who.headers))[line!.variantId]).toBe(1)
    afterTimeToLive()
    expect(countsOf(await loadCart(who.headers))).toEqual(Object.fromEntries(who.lines.map((each) => [each.variantId, 1])))
  })

  test("a session changed behind the cache (logged out, token rotated, moved to another shop) is never served from its old row", async () => {
    /** Changes the session's row, then puts the old row back as an expired entry (another server's notice not seen). */
    const behindTheCache = async (who: Awaited<ReturnType<typeof shopperWithCart>>, change: (q: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>) => {
      const cache = fastWrites.cache!
      const old = cache.sessions.peek(who.sessionId, -Infinity)
      expect(old).toBeDefined()
      await sql(change)
      await expect.poll(() => cache.sessions.peek(who.sessionId, -Infinity)).toBeUndefined()
      cache.sessions.set(who.sessionId, old, Date.now() - cacheTtlMs * 2)
    }
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })

    const loggedOut = await shopperWithCart()
    afterTimeToLive()
    await behindTheCache(loggedOut, (q) => q`DELETE FROM sessions WHERE session_id = ${loggedOut.sessionId}`)
    const fastLoggedOut = await counted(() => add(loggedOut.headers, loggedOut.lines[0]!.variantId))
    const pipelineLoggedOut = await throughPipeline(fastWrites, () => add(loggedOut.headers, loggedOut.lines[0]!.variantId))
    expect(fastLoggedOut).toMatchObject({ served: 0, handed: 1, sessionLoads: 1 })
    expect(fastLoggedOut.answer.status).toBe(403)
    expect([fastLoggedOut.answer.status, fastLoggedOut.answer.body]).toEqual([pipelineLoggedOut.status, pipelineLoggedOut.body])

    const rotated = await shopperWithCart()
    afterTimeToLive()
    await behindTheCache(rotated, (q) => q`UPDATE sessions SET csrf_token = ${randomUUID()} WHERE session_id = ${rotated.sessionId}`)
    const fastRotated = await counted(() => change(rotated.headers, rotated.lines[0]!.itemId, 2))
    const pipelineRotated = await throughPipeline(fastWrites, () => change(rotated.headers, rotated.lines[0]!.itemId, 2))
    expect(fastRotated).toMatchObject({ served: 0, handed: 1, sessionLoads: 1 })
    expect(fastRotated.answer.status).toBe(403)
    expect(comparable(fastRotated.answer)).toEqual(comparable(pipelineRotated))

    const moved = await shopperWithCart()
    afterTimeToLive()
    await behindTheCache(moved, (q) =>
      q`WITH cart AS (INSERT INTO carts (shop_id, customer_id) VALUES ('SK10MA', NULL) RETURNING cart_id)
        UPDATE sessions SET shop_id = 'SK10MA', cart_id = (SELECT cart_id FROM cart) WHERE session_id = ${moved.sessionId}`)
    const fastMoved = await counted(() => change(moved.headers, moved.lines[0]!.itemId, 2))
    const pipelineMoved = await throughPipeline(fastWrites, () => change(moved.headers, moved.lines[0]!.itemId, 2))
    expect(fastMoved).toMatchObject({ served: 0, sessionLoads: 1 })
    // the session's cart now is the other shop's: it holds no such line
    expect(fastMoved.answer.status).toBe(404)
    expect(comparable(fastMoved.answer)).toEqual(comparable(pipelineMoved))
    // the cart the session left kept its lines as they were
    const [left] = await sql((q) =>
      q<{ readonly count: number }>`SELECT count FROM cart_items WHERE cart_item_id = ${moved.lines[0]!.itemId}`)
    expect(Number(left!.count)).toBe(1)
  })

  test("concurrent first writes of one shopper load the session once and apply in turn: no lost update", async () => {
    const who = await shopperWithCart()
    const [first, second] = who.lines
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    afterTimeToLive()
    const writes = 6
    const waits = fastWrites.loads.sessionWaits
    const answers = await counted(() =>
      whileSessionsHeld(() => fastWrites.loads.sessionWaits === waits + writes, () =>
        atOnce(Array.from({ length: writes }, (_, i) =>
          i % 2 === 0
            ? { method: "PUT", path: addToCartPath, headers: { ...who.headers, "idempotency-key": randomUUID() }, body: { variantId: first!.variantId, amount: 1, extended: true } }
            : { method: "PUT", path: addToCartPath, headers: { ...who.headers, "idempotency-key": randomUUID() }, body: { variantId: second!.variantId, amount: 1, extended: true } }))))
    expect(answers.answer.map((answer) => answer.status)).toEqual(answers.answer.map(() => 200))
    expect(answers).toMatchObject({ served: writes, declined: 0, handed: 0, sessionLoads: 1, cartLoads: 1 })
    const refused = (variantId: number) =>
      answers.answer.filter((answer, i) => (i % 2 === 0 ? first : second)!.variantId === variantId && answer.body.includes('"status":"error"')).length
    const counts = countsOf(await loadCart(who.headers))
    expect(counts[first!.variantId]).toBe(1 + writes / 2 - refused(first!.variantId))
    expect(counts[second!.variantId]).toBe(1 + writes / 2 - refused(second!.variantId))
    // each applied write decided from the cart the previous one left: no two answers show the same cart
    const applied = answers.answer.filter((answer) => !answer.body.includes('"status":"error"'))
    const totals = applied.map((answer) => countsOf(answer)).map((each) => each[first!.variantId]! + each[second!.variantId]!)
    expect(new Set(totals).size).toBe(applied.length)
  })
})

/**
 * Runs `run` while another transaction holds the sessions table (on PostgreSQL no session is read meanwhile; on the
 * embedded database, one connection, no statement runs): writes that come meanwhile all wait for their session's load.
 * The hold ends once `held` answers true.
 */
const whileSessionsHeld = <A>(held: () => boolean, run: () => Promise<A>): Promise<A> =>
  whileLocked(runtime, (sql) => sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`, held, run)
