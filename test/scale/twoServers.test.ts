/**
 * Scale-out (issue 10): two server processes (`node demo/server/main.ts`) on one PostgreSQL database, as behind a
 * load balancer. A session made on one works on the other (also after a logout through one), a cart change through one reaches the shopper's live-data
 * stream opened on the other and is what the other reads next, and 50 concurrent adds to one cart spread over both
 * lose nothing.
 *
 * Needs `DATABASE_URL` (a PostgreSQL server; a new database is created on it). Run with `npm run test:scale`.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { cartChangedFrame, livePath } from "../../demo/server/http/live.ts"
import { logoutCsrfParameter } from "../../core/api/account.ts"
import { sessionCookie, shopIdHeader } from "../../core/api/headers.ts"
import { demoEmail, demoPassword } from "../../demo/server/db/seed/seed.ts"
import { type ChildServer, freshTestDatabase, ownStockVariants, Shopper, startServer } from "../crash/harness.ts"

if ((process.env["DATABASE_URL"] ?? "").trim() === "") {
  throw new Error("npm run test:scale needs DATABASE_URL: the URL of a PostgreSQL server the test may create a database on")
}

const database = freshTestDatabase("scale")
let one: ChildServer
let two: ChildServer

beforeAll(async () => {
  // Both start at once on the empty database, as a deployment does: one migrates and seeds, the other waits on
  // the locks and finds it done.
  ;[one, two] = await Promise.all([startServer(database.env), startServer(database.env)])
})

afterAll(async () => {
  await Promise.all([one?.stop("SIGTERM"), two?.stop("SIGTERM")])
  database.drop()
})

const decoder = new TextDecoder()

describe("two servers on one PostgreSQL database", () => {
  test("a session made on one server works on the other: same cart, same CSRF token, same login", async () => {
    const [variantId] = await ownStockVariants(one.url, 5, 1)
    const shopper = new Shopper()
    await shopper.session(one.url)
    const { cartId, csrf } = shopper
    await shopper.session(two.url)
    expect(shopper.cartId).toBe(cartId)
    expect(shopper.csrf).toBe(csrf)

    const added = await shopper.addToCart(two.url, variantId!, "scale-session-add")
    expect(added.json.status.status).toBe("ok")
    expect(Object.fromEntries(await shopper.cartCounts(one.url))).toEqual({ [variantId!]: 1 })

    await shopper.logIn(one.url, demoEmail("silver", "CZ"), demoPassword)
    const onTwo = await shopper.send(two.url, "GET", "/api/session")
    expect(onTwo.json.customerId).toBeTypeOf("number")
    expect(onTwo.json.cartId).toBe(shopper.cartId)
  })

  test("after a logout through one server the shopper is logged out on the other, though it had the session cached", async () => {
    const shopper = new Shopper()
    await shopper.session(one.url)
    await shopper.logIn(one.url, demoEmail("gold", "CZ"), demoPassword)
    const before = await shopper.send(two.url, "GET", "/api/session")
    expect(before.json.customerId).toBeTypeOf("number")
    const loggedInCookie = shopper.cookie
    const out = await shopper.send(one.url, "GET", `/api/auth/logout/?${logoutCsrfParameter}=${shopper.csrf}`)
    expect(out.status).toBe(200)
    expect(shopper.cookie).not.toBe(loggedInCookie)
    const after = await shopper.send(two.url, "GET", "/api/session")
    expect(after.json.customerId ?? null).toBeNull()
  })

  test("a cart change through one server reaches the shopper's live-data stream on the other", async () => {
    const [variantId] = await ownStockVariants(one.url, 5, 1)
    const shopper = new Shopper()
    await shopper.session(one.url)
    const stream = await fetch(`${two.url}${livePath}`, {
      headers: { cookie: `${sessionCookie}=${shopper.cookie}`, [shopIdHeader]: shopper.shopId },
      signal: AbortSignal.timeout(30_000)
    })
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/)
    const reader = stream.body!.getReader()
    let received = decoder.decode((await reader.read()).value)
    expect(received).toContain(": connected")

    const added = await shopper.addToCart(one.url, variantId!, "scale-live-add")
    expect(added.json.status.status).toBe("ok")
    const expected = cartChangedFrame(shopper.cartId)
    while (!received.includes(expected)) {
      const chunk = await reader.read()
      if (chunk.done) break
      received += decoder.decode(chunk.value)
    }
    expect(received).toContain(expected)
    await reader.cancel()
  })

  test("a cart change through one server is what the other one reads next, though it had the cart in its read cache", async () => {
    const variants = await ownStockVariants(one.url, 40, 10)
    const shopper = new Shopper()
    await shopper.session(one.url)
    const expected = new Map<number, number>()
    const seen: Array<string> = []
    for (let i = 0; i < 50; i++) {
      await shopper.cartCounts(two.url)
      const variantId = variants[i % variants.length]!
      const added = await shopper.addToCart(one.url, variantId, `scale-read-${i}`)
      expect(added.json.status.status).toBe("ok")
      expected.set(variantId, (expected.get(variantId) ?? 0) + 1)
      const counts = await shopper.cartCounts(two.url)
      seen.push(JSON.stringify(Object.fromEntries(counts)) === JSON.stringify(Object.fromEntries(expected)) ? "fresh" : "stale")
    }
    expect(seen.filter((read) => read === "stale")).toEqual([])
  })

  test("a cart change through one server is what the other's next widgets read answers, though it replays cached answers", async () => {
    // two answers a repeated read of an unchanged cart from a kept answer (demo/server/http/fastReads.ts), after a
    // statement proves the cart's version current
    const variants = await ownStockVariants(one.url, 40, 10)
    const shopper = new Shopper()
    await shopper.session(one.url)
    const pieces = async () => {
      const answer = await shopper.send(two.url, "GET", "/api/widgets/getWidgetsData")
      expect(answer.status).toBe(200)
      return (answer.json.cart.articles as ReadonlyArray<{ count?: number }>).reduce((sum, article) => sum + (article.count ?? 0), 0)
    }
    const seen: Array<string> = []
    for (let i = 0; i < 30; i++) {
      await pieces()
      await pieces()
      const added = await shopper.addToCart(one.url, variants[i % variants.length]!, `scale-widgets-${i}`)
      expect(added.json.status.status).toBe("ok")
      seen.push((await pieces()) === i + 1 ? "fresh" : "stale")
    }
    expect(seen.filter((read) => read === "stale")).toEqual([])
  })

  test("50 concurrent adds to one cart, spread over both servers, are all there", async () => {
    const variants = await ownStockVariants(one.url, 10, 10)
    const shopper = new Shopper()
    await shopper.session(one.url)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => shopper.addToCart(i % 2 === 0 ? one.url : two.url, variants[i % variants.length]!, `scale-concurrent-${i}`))
    )
    expect(answers.map((answer) => answer.json.status.status)).toEqual(Array.from({ length: 50 }, () => "ok"))
    const expected = Object.fromEntries(variants.map((variantId) => [variantId, 5]))
    expect(Object.fromEntries(await shopper.cartCounts(one.url))).toEqual(expected)
    expect(Object.fromEntries(await shopper.cartCounts(two.url))).toEqual(expected)
  })
})
