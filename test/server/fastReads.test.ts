/**
 * Cached GET answers replayed before the Effect pipeline (demo/server/http/fastReads.ts), on a real port as main.ts
 * serves them: a replay is what the pipeline answered (status, headers, body), a cookie-less read is never replayed
 * and stores nothing, 404 and 400 answers and adult-content answers are never kept, a cart write is what the next
 * read answers, and writes keep their CSRF check. (Two servers on one PostgreSQL database: test/scale/twoServers.test.ts.)
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { adultContentHeader } from "../../core/api/headers.ts"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { CurrentFastReads, FastReads, fastReadsMaxBytes, sessionCookieOf, withFastReads } from "../../demo/server/http/fastReads.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const fastReads = new FastReads()
const { baseUrl, runtime } = useRealPortBackend({ fastReads })

interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(`${baseUrl()}${path}`, { headers })
  const all: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    all[name] = value
  })
  return { status: response.status, headers: all, body: await response.text() }
}

/** An answer without what differs per request (its id, the date). */
const comparable = (answer: Answer) => {
  const { ["x-request-id"]: _id, date: _date, ...headers } = answer.headers
  return { status: answer.status, headers, body: answer.body }
}

const shopper = async () => {
  const response = await fetch(`${baseUrl()}/api/session`)
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { cookie, csrfToken, headers: { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" } }
}

const inStock = async (headers: Record<string, string>): Promise<ReadonlyArray<number>> => {
  const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(",")
  const variants = (await (await fetch(`${baseUrl()}/product-api/find-variants-by-id?ids=${ids}`, { headers })).json()) as ReadonlyArray<{
    variantId: number
    availability?: string
  }>
  return variants.filter((variant) => variant.availability === "in_stock").map((variant) => variant.variantId)
}

const addToCart = async (headers: Record<string, string>, variantId: number) => {
  const response = await fetch(`${baseUrl()}/api/v2/cart.cart-api/add-to-cart`, {
    method: "PUT",
    headers: { ...headers, "idempotency-key": randomUUID() },
    body: JSON.stringify({ variantId, amount: 1, extended: true })
  })
  expect(response.status).toBe(200)
  return response.json()
}

const articlesOf = (answer: Answer) => (JSON.parse(answer.body) as { cart: { articles: ReadonlyArray<unknown> } }).cart.articles

describe("fast reads (cached GET answers before the pipeline)", () => {
  test("a replayed session, widgets, load-cart, categories and listing answer is what the pipeline answered", async () => {
    const who = await shopper()
    const [variantId] = await inStock(who.headers)
    await addToCart(who.headers, variantId!)
    const categories = JSON.parse((await get("/api/catalogue/categories", { cookie: who.cookie })).body) as {
      categories: ReadonlyArray<{ urlKey: string; productCount: number; parentId: number | null }>
    }
    const category = categories.categories.filter((c) => c.parentId === null).sort((a, b) => b.productCount - a.productCount)[0]!
    const paths = [
      "/api/session",
      "/api/widgets/getWidgetsData",
      "/api/widgets/getWidgetsData?extended=1",
      "/api/v2/cart.cart-api/load-cart",
      "/api/catalogue/categories",
      `/api/catalogue/listing?category=${encodeURIComponent(category.urlKey)}`
    ]
    for (const path of paths) {
      const first = await get(path, { cookie: who.cookie })
      const hits = fastReads.hits
      const second = await get(path, { cookie: who.cookie })
      expect(fastReads.hits, path).toBe(hits + 1)
      expect(second.status, path).toBe(200)
      expect(comparable(second), path).toEqual(comparable(first))
      expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"])
      expect(second.headers["cache-control"]).toBe("no-store")
    }
  })

  test("a cookie-less read is never replayed and stores no session", async () => {
    const hits = fastReads.hits
    for (let i = 0; i < 3; i++) {
      const answer = await get("/api/widgets/getWidgetsData")
      expect(answer.status).toBe(200)
      expect(answer.headers["set-cookie"]).toBeUndefined()
      expect(articlesOf(answer)).toEqual([])
    }
    expect(fastReads.hits).toBe(hits)
  })

  test("404 and 400 answers are never kept; the pipeline answers them each time", async () => {
    const who = await shopper()
    const hits = fastReads.hits
    for (let i = 0; i < 2; i++) {
      expect((await get("/api/catalogue/listing?category=no-such-category", { cookie: who.cookie })).status).toBe(404)
      expect((await get("/api/catalogue/listing", { cookie: who.cookie })).status).toBe(400)
    }
    expect(fastReads.hits).toBe(hits)
  })

  test("an answer showing adult content is not kept: the adult-content header comes from the pipeline each time", async () => {
    const who = await shopper()
    const adult = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ url_key: string }>`SELECT url_key FROM categories WHERE shop_id = 'CZ10MA' AND adult ORDER BY category_id LIMIT 1`))
    expect(adult).toHaveLength(1)
    const path = `/api/catalogue/listing?category=${encodeURIComponent(adult[0]!.url_key)}`
    const hits = fastReads.hits
    for (let i = 0; i < 3; i++) {
      const answer = await get(path, { cookie: who.cookie })
      expect(answer.status).toBe(200)
      expect(answer.headers[adultContentHeader]).toBe("1")
    }
    expect(fastReads.hits).toBe(hits)
  })

  test("a cart write is what the next read answers; writes keep their CSRF check", async () => {
    const who = await shopper()
    const [first, second] = await inStock(who.headers)
    await addToCart(who.headers, first!)
    await get("/api/widgets/getWidgetsData", { cookie: who.cookie })
    const hits = fastReads.hits
    expect(articlesOf(await get("/api/widgets/getWidgetsData", { cookie: who.cookie }))).toHaveLength(1)
    expect(fastReads.hits).toBe(hits + 1)
    await addToCart(who.headers, second!)
    expect(articlesOf(await get("/api/widgets/getWidgetsData", { cookie: who.cookie }))).toHaveLength(2)
    const refused = await fetch(`${baseUrl()}/api/v2/cart.cart-api/add-to-cart`, {
      method: "PUT",
      headers: { ...who.headers, "x-csrf-token": "wrong", "idempotency-key": randomUUID() },
      body: JSON.stringify({ variantId: first, amount: 1, extended: true })
    })
    expect(refused.status).toBe(403)
    expect(articlesOf(await get("/api/widgets/getWidgetsData", { cookie: who.cookie }))).toHaveLength(2)
  })

  test("the session cookie is read only when it occurs once and needs no decoding", () => {
    expect(sessionCookieOf(undefined)).toBeUndefined()
    expect(sessionCookieOf("a=1; sid=abc_-1; b=2".replace("sid", "sf_session"))).toBe(sessionCookieOf("sf_session=abc_-1"))
  })
})

describe("the replays a process keeps", () => {
  test("stay within the byte budget however many large answers are kept, the newest kept", () => {
    const kept = new FastReads()
    const session = { sessionId: "s", shopId: "CZ10MA", customerId: null, cartId: 1, csrfToken: "t" } as const
    const body = new Uint8Array(256 * 1024)
    const answer = HttpServerResponse.uint8Array(body, { contentType: "application/json" })
    for (let i = 0; i < 200; i++) {
      kept.keep(
        { url: `/api/catalogue/listing?page=${i}`, headers: { cookie: "sf_session=abc" } },
        { cached: [], cartVersions: [], untracked: false, session, validUntil: Infinity },
        answer
      )
    }
    expect(kept.heldBytes).toBeLessThanOrEqual(fastReadsMaxBytes)
    expect(kept.size).toBeGreaterThan(0)
    expect(kept.size).toBeLessThan(200)
  })
})
