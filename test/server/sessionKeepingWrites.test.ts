/**
 * Cart writes that leave the session as it is (`sessionKeepingWrites`, demo/server/http/middleware.ts) on a real port
 * as main.ts serves them: a shopper whose cached session has expired (as after the bench's 20 s of reads) and who
 * sends two writes at once through the pipeline (the write fast path turned off for them: it serves such writes itself,
 * see coldFastWrites.test.ts) leaves the session cached again once they are answered, so the shopper's next write is
 * served by the write fast path, and the session every later call sees is the stored one:
 * a write that changes the session (another shop) or a change made by another server is seen by the next call.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { describe, expect, test, vi } from "vitest"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites } from "../../demo/server/http/fastWrites.ts"
import { countsOf, shopperWithCart, variantsInStock } from "../support/cartShopper.ts"
import { answersAt, sentAtOnce } from "../support/httpAnswers.ts"
import { afterTimeToLive, throughPipeline, whileLocked } from "../support/fastWritePaths.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const fastReads = new FastReads()
const fastWrites = new FastWrites()
const { baseUrl, runtime } = useRealPortBackend({ fastReads, fastWrites })

const call = answersAt(baseUrl)
const atOnce = sentAtOnce(baseUrl)

const add = (headers: Record<string, string>, variantId: number) =>
  call("PUT", "/api/v2/cart.cart-api/add-to-cart", { ...headers, "idempotency-key": randomUUID() }, { variantId, amount: 1, extended: true })

const change = (headers: Record<string, string>, id: number, amount: number) =>
  call("POST", "/api/v2/cart.cart-api/change-amount", headers, { id, amount, extended: true })

const sessionOf = async (headers: Record<string, string>) => {
  const answer = await call("GET", "/api/session", headers, undefined)
  expect(answer.status).toBe(200)
  return JSON.parse(answer.body) as { readonly csrfToken: string; readonly cartId: number; readonly shopId: string }
}

/** The session as stored. */
const sessionOfStored = (sessionId: string) =>
  runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ readonly cart_id: number }>`SELECT cart_id FROM sessions WHERE session_id = ${sessionId}`, (rows) => ({ cartId: rows[0]!.cart_id }))))

const addRequest = (headers: Record<string, string>, variantId: number) => ({
  method: "PUT",
  path: "/api/v2/cart.cart-api/add-to-cart",
  headers: { ...headers, "idempotency-key": randomUUID() },
  body: { variantId, amount: 1, extended: true }
})

const changeRequest = (headers: Record<string, string>, id: number, amount: number) => ({
  method: "POST",
  path: "/api/v2/cart.cart-api/change-amount",
  headers,
  body: { id, amount, extended: true }
})

/**
 * Runs `run` while another transaction holds the lock of cart `cartId`: the shopper's writes that come meanwhile are
 * all in flight together (on PostgreSQL waiting for the lock, on the embedded database, one connection, for the
 * connection). The hold ends once `held` answers true.
 */
const whileCartLocked = <A>(cartId: number, held: () => boolean, run: () => Promise<A>): Promise<A> =>
  whileLocked(runtime, (sql) => sql`SELECT cart_id FROM carts WHERE cart_id = ${cartId} FOR UPDATE`, held, run)

/** What the write fast path did during `run`: writes served, and writes left to the pipeline before their body. */
const counted = async <A>(run: () => Promise<A>) => {
  const served = fastWrites.hits
  const declined = fastWrites.handOvers.beforeBody
  const answer = await run()
  return { answer, served: fastWrites.hits - served, declined: fastWrites.handOvers.beforeBody - declined }
}

describe("cart writes that keep the session", () => {
  test("two writes at once of a shopper whose cached session expired leave it cached: the next write is fast", async () => {
    const who = await shopperWithCart(baseUrl)
    const [first, second, third] = who.lines
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    try {
      afterTimeToLive()
      const { cartId } = await sessionOfStored(who.sessionId)
      const declined = fastWrites.handOvers.beforeBody
      const both = await counted(() =>
        whileCartLocked(cartId, () => fastWrites.handOvers.beforeBody === declined + 2, () =>
          throughPipeline(fastWrites, () => atOnce([addRequest(who.headers, first!.variantId), addRequest(who.headers, second!.variantId)]))))
      // both went through the pipeline, overlapping
      expect(both.declined).toBe(2)
      expect(both.answer.map((answer) => answer.status)).toEqual([200, 200])
      const next = await counted(() => change(who.headers, third!.itemId, 1))
      expect(next.answer.status).toBe(200)
      expect([next.served, next.declined]).toEqual([1, 0])
      expect(countsOf(next.answer)).toEqual({ [first!.variantId]: 2, [second!.variantId]: 2, [third!.variantId]: 1 })
      expect((await sessionOf(who.headers)).csrfToken).toBe(who.csrfToken)
    } finally {
      vi.useRealTimers()
    }
  })

  test("after writes at once, a write in another shop moves the session: every later call sees the session it left", async () => {
    const who = await shopperWithCart(baseUrl)
    const [first, second] = who.lines
    const before = await sessionOf(who.headers)
    const inOtherShop = { ...who.headers, "x-shop-id": "SK10MA" }
    const [otherVariant] = await variantsInStock(baseUrl, inOtherShop)
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    try {
      afterTimeToLive()
      const declined = fastWrites.handOvers.beforeBody
      const answers = await whileCartLocked(before.cartId, () => fastWrites.handOvers.beforeBody === declined + 2, () =>
        throughPipeline(fastWrites, () => atOnce([addRequest(who.headers, first!.variantId), changeRequest(who.headers, second!.itemId, 1)])))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect((await add(inOtherShop, otherVariant!)).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    // the session moved to the other shop with a cart of its own: no call is answered with the one it left
    const after = await sessionOf(who.headers)
    expect(after.shopId).toBe("SK10MA")
    expect(after.cartId).not.toBe(before.cartId)
    expect(after.cartId).toBe((await sessionOfStored(who.sessionId)).cartId)
    expect(after.csrfToken).toBe(who.csrfToken)
    // a write of a line of the cart it left finds no such line in the session's cart now
    expect((await change(who.headers, second!.itemId, 3)).status).toBe(404)
  })

  test("a session changed by another server after fast writes kept it cached is seen by the shopper's next call", async () => {
    const who = await shopperWithCart(baseUrl)
    const [first] = who.lines
    for (let i = 0; i < 3; i++) expect((await change(who.headers, first!.itemId, 1)).status).toBe(200)
    // another server rotates the token (its notice reaches this server's cache)
    const rotated = randomUUID()
    await runtime.runPromise(
      Effect.flatMap(SqlClient.SqlClient, (sql) => sql`UPDATE sessions SET csrf_token = ${rotated} WHERE session_id = ${who.sessionId}`)
    )
    await expect.poll(async () => (await sessionOf(who.headers)).csrfToken).toBe(rotated)
    const stale = await counted(() => change(who.headers, first!.itemId, 2))
    expect(stale.answer.status).toBe(403)
    expect(stale.served).toBe(0)
    const current = await change({ ...who.headers, "x-csrf-token": rotated }, first!.itemId, 2)
    expect(current.status).toBe(200)
  })
})
