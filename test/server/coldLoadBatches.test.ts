/**
 * Many shoppers' first calls at once with nothing cached (a restart, a deploy, a spike; the bench's writes start so):
 * their sessions are loaded in a few statements (demo/server/db/loadBatches.ts), not one per shopper, and every answer
 * is byte for byte the pipeline's; a session dropped while its batched load runs is not kept.
 */
import { randomUUID } from "node:crypto"
import { afterEach, describe, expect, test, vi } from "vitest"
import { loadCountsOf } from "../../demo/server/db/loadBatches.ts"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites } from "../../demo/server/http/fastWrites.ts"
import { addToCartPath, changeAmountPath, countsOf, shopperWithCart } from "../support/cartShopper.ts"
import { answersAt, comparable, sentAtOnce } from "../support/httpAnswers.ts"
import { afterTimeToLive, throughPipeline, whileLocked } from "../support/fastWritePaths.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const fastReads = new FastReads()
const fastWrites = new FastWrites()
const { baseUrl, runtime } = useRealPortBackend({ fastReads, fastWrites })

const call = answersAt(baseUrl)
const atOnce = sentAtOnce(baseUrl)

const loadCartPath = "/api/v2/cart.cart-api/load-cart"

type Shopper = Awaited<ReturnType<typeof shopperWithCart>>

const addOf = (who: Shopper) => ({
  method: "PUT",
  path: addToCartPath,
  headers: { ...who.headers, "idempotency-key": randomUUID() },
  body: { variantId: who.lines[0]!.variantId, amount: 1, extended: true }
})

const changeOf = (who: Shopper) => ({ method: "POST", path: changeAmountPath, headers: who.headers, body: { id: who.lines[0]!.itemId, amount: 1, extended: true } })

/** The session load statements sent so far, alone and in batches. */
const statements = () => ({ sessions: loadCountsOf(fastWrites.cache!)["session"] ?? { alone: 0, batches: 0, batchedKeys: 0, waiting: 0 } })

/**
 * Runs `run` while another transaction holds the sessions table (on PostgreSQL no session is read meanwhile; on the
 * embedded database, one connection, no statement runs): the loads that come meanwhile all wait. The hold ends once
 * `held` answers true.
 */
const whileSessionsHeld = <A>(held: () => boolean, run: () => Promise<A>): Promise<A> =>
  whileLocked(runtime, (sql) => sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`, held, run)

afterEach(() => {
  vi.useRealTimers()
})

describe("many shoppers' first calls at once, nothing cached", () => {
  test("first writes load their sessions in a few statements, each answer byte for byte the pipeline's", async () => {
    const shoppers = 12
    const all: Array<Shopper> = []
    for (let i = 0; i < shoppers; i++) all.push(await shopperWithCart(baseUrl))
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    // what the pipeline answers each shopper's add, and the change back, from the same carts
    afterTimeToLive()
    const pipelineAdds = await throughPipeline(fastWrites, () => Promise.all(all.map((who) => call("PUT", addToCartPath, addOf(who).headers, addOf(who).body))))
    const pipelineChanges = await throughPipeline(fastWrites, () => Promise.all(all.map((who) => call("POST", changeAmountPath, who.headers, changeOf(who).body))))
    afterTimeToLive()
    const before = statements()
    const waits = fastWrites.loads.sessionWaits
    const served = fastWrites.hits
    const adds = await whileSessionsHeld(() => fastWrites.loads.sessionWaits === waits + shoppers, () => atOnce(all.map(addOf)))
    const after = statements()
    expect(fastWrites.hits - served).toBe(shoppers)
    adds.forEach((answer, i) => expect(comparable(answer)).toEqual(comparable(pipelineAdds[i]!)))
    // one shopper's load alone per statement slot at most, every other in a batch: a few statements, not one per shopper
    const sessionStatements = after.sessions.alone - before.sessions.alone + after.sessions.batches - before.sessions.batches
    expect(sessionStatements).toBeLessThanOrEqual(3)
    expect(after.sessions.batchedKeys - before.sessions.batchedKeys).toBeGreaterThanOrEqual(shoppers - 2)
    const changes = await atOnce(all.map(changeOf))
    changes.forEach((answer, i) => expect(comparable(answer)).toEqual(comparable(pipelineChanges[i]!)))
    for (const who of all) expect(countsOf(await call("GET", loadCartPath, who.headers, undefined))[who.lines[0]!.variantId]).toBe(1)
  })

  test("first reads load their sessions in a few statements and answer what they answered before the cache expired", async () => {
    const shoppers = 10
    const all: Array<Shopper> = []
    for (let i = 0; i < shoppers; i++) all.push(await shopperWithCart(baseUrl))
    const warm = await Promise.all(all.map((who) => call("GET", loadCartPath, who.headers, undefined)))
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    afterTimeToLive()
    const before = statements()
    const reads = await whileSessionsHeld(
      () => statements().sessions.waiting > 0,
      () => Promise.all(all.map((who) => call("GET", loadCartPath, who.headers, undefined)))
    )
    const after = statements()
    reads.forEach((answer, i) => expect(comparable(answer)).toEqual(comparable(warm[i]!)))
    const sessionStatements = after.sessions.alone - before.sessions.alone + after.sessions.batches - before.sessions.batches
    expect(sessionStatements).toBeLessThanOrEqual(3)
  })

  test("a session dropped while its batched load runs is not kept; the others loaded with it are", async () => {
    const all: Array<Shopper> = []
    for (let i = 0; i < 4; i++) all.push(await shopperWithCart(baseUrl))
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    afterTimeToLive()
    const cache = fastWrites.cache!
    const before = statements()
    const [dropped, ...others] = all
    let noticed = false
    const reads = await whileSessionsHeld(() => noticed, async () => {
      const read = (who: Shopper) => call("GET", "/api/session", who.headers, undefined)
      // the others' loads take the statement slots and wait; then the dropped one's load waits for the next statement
      const first = Promise.all(others.map(read))
      await expect.poll(() => statements().sessions.waiting).toBeGreaterThan(0)
      const waiting = statements().sessions.waiting
      const last = read(dropped!)
      await expect.poll(() => statements().sessions.waiting).toBe(waiting + 1)
      // the notice of another server's change of that session arrives while its load waits
      cache.apply(`session:${dropped!.sessionId}`)
      noticed = true
      return [...(await first), await last]
    })
    expect(reads.map((answer) => answer.status)).toEqual(all.map(() => 200))
    expect(statements().sessions.batches).toBeGreaterThan(before.sessions.batches)
    const now = Date.now()
    expect(cache.sessions.peek(dropped!.sessionId, now)).toBeUndefined()
    for (const who of others) expect(cache.sessions.peek(who.sessionId, now)).toBeDefined()
  })
})
