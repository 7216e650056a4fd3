import { Deferred, Effect, Exit, Fiber, Layer, Scope } from "effect"
import { HttpRouter } from "effect/http"
import { NodeHttpServer } from "@effect/platform-node"
import { SqlClient } from "effect/sql"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { layerMemory } from "../../demo/server/db/Database.ts"
import { KeyedCache, makeReadCache } from "../../demo/server/db/ReadCache.ts"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { CartVersionChecks } from "../../demo/server/domain/cart/reading.ts"
import { testBaseUrl } from "../support/server.ts"

type Op = { readonly kind: "load" } | { readonly kind: "refresh" } | { readonly kind: "write" } | { readonly kind: "finish"; readonly pick: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: "load" }),
  fc.constant<Op>({ kind: "refresh" }),
  fc.constant<Op>({ kind: "write" }),
  fc.nat({ max: 20 }).map((pick): Op => ({ kind: "finish", pick }))
)

describe("KeyedCache", () => {
  test("never keeps a value read before an invalidation of its key, whatever the interleaving (loads and refreshes)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const cache = new KeyedCache<string, number>({ ttlMs: 60_000, maxEntries: 10 })
        let committed = 0
        const pending: Array<{ release: Deferred.Deferred<void>; fiber: Fiber.Fiber<number | undefined>; ran: { value: boolean } }> = []
        // the gets that shared an earlier get's load (their own never ran): they end with it
        const sharing: Array<Fiber.Fiber<number | undefined>> = []
        const finish = (index: number) =>
          Effect.gen(function*() {
            const [load] = pending.splice(index, 1)
            if (load === undefined) return
            yield* Deferred.succeed(load.release, undefined)
            if (load.ran.value) yield* Fiber.join(load.fiber)
            else sharing.push(load.fiber)
          })
        await Effect.runPromise(
          Effect.gen(function*() {
            for (const step of ops) {
              if (step.kind === "write") {
                committed++
                cache.invalidate("k")
              } else if (step.kind === "load" || step.kind === "refresh") {
                const release = yield* Deferred.make<void>()
                const seen = committed
                const ran = { value: false }
                const read = Effect.suspend(() => {
                  ran.value = true
                  return Effect.as(Deferred.await(release), seen)
                })
                const fiber = yield* Effect.forkChild(step.kind === "load" ? cache.get("k", read) : cache.refresh("k", read, (a, b) => a === b))
                yield* Effect.yieldNow
                pending.push({ release, fiber, ran })
              } else if (pending.length > 0) yield* finish(step.pick % pending.length)
            }
            while (pending.length > 0) yield* finish(0)
            for (const fiber of sharing) yield* Fiber.join(fiber)
            const kept = yield* cache.get("k", Effect.succeed(-1))
            if (kept !== -1) expect(kept).toBe(committed)
          })
        )
      }),
      { numRuns: 300 }
    )
  })

  test("concurrent readers of a key not held share one load; a reader after an invalidation loads anew", async () => {
    const cache = new KeyedCache<string, number>({ ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const release = await Effect.runPromise(Deferred.make<void>())
    const load = Effect.andThen(Effect.sync(() => ++loads), (n) => Effect.as(Deferred.await(release), n))
    const readers = Array.from({ length: 20 }, () => Effect.runPromise(cache.get("k", load)))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loads).toBe(1)
    // an invalidation while it loads: a later reader does not take the load that began before it
    cache.invalidate("k")
    const later = Effect.runPromise(cache.get("k", load))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loads).toBe(2)
    await Effect.runPromise(Deferred.succeed(release, undefined))
    expect(await Promise.all(readers)).toEqual(Array.from({ length: 20 }, () => 1))
    expect(await later).toBe(2)
    // the first load overlapped the invalidation and is not kept; the later one is
    expect(cache.peek("k", Date.now())).toBe(2)
    // a failed load fails every reader that shared it; an interrupted one is loaded again by the readers that shared it
    const failing = Effect.andThen(Effect.sleep(5), Effect.fail("down" as const))
    const failed = await Promise.all([1, 2, 3].map(() => Effect.runPromiseExit(cache.get("f", failing))))
    expect(failed.every((exit) => Exit.isFailure(exit))).toBe(true)
    const stuck = await Effect.runPromise(Deferred.make<void>())
    const leader = Effect.runFork(cache.get("i", Effect.as(Deferred.await(stuck), 7)))
    await new Promise((resolve) => setTimeout(resolve, 5))
    const follower = Effect.runPromise(cache.get("i", Effect.succeed(8)))
    await new Promise((resolve) => setTimeout(resolve, 5))
    await Effect.runPromise(Fiber.interrupt(leader))
    expect(await follower).toBe(8)
  })

  test("a refresh reads past what it keeps, keeps the very value held when the read says the same, and drops nothing else", async () => {
    const cache = new KeyedCache<string, { readonly v: number }>({ ttlMs: 60_000, maxEntries: 10 })
    const same = (a: { readonly v: number }, b: { readonly v: number }) => a.v === b.v
    const held = { v: 1 }
    await Effect.runPromise(cache.get("k", Effect.succeed(held)))
    // read past the hit; an equal value read keeps the one held (what was built from it stays valid)
    expect(await Effect.runPromise(cache.refresh("k", Effect.succeed({ v: 1 }), same))).toBe(held)
    expect(cache.peek("k", Date.now())).toBe(held)
    // another value read replaces it
    const changed = { v: 2 }
    expect(await Effect.runPromise(cache.refresh("k", Effect.succeed(changed), same))).toBe(changed)
    expect(cache.peek("k", Date.now())).toBe(changed)
    // a refresh leaves a load in flight to be kept
    const release = await Effect.runPromise(Deferred.make<void>())
    const loading = Effect.runPromise(cache.get("j", Effect.as(Deferred.await(release), { v: 3 })))
    await Effect.runPromise(cache.refresh("j", Effect.succeed({ v: 3 }), same))
    await Effect.runPromise(Deferred.succeed(release, undefined))
    expect((await loading)?.v).toBe(3)
    expect(cache.peek("j", Date.now())?.v).toBe(3)
    // a read that finds nothing drops what is kept
    expect(await Effect.runPromise(cache.refresh("k", Effect.succeed(undefined), same))).toBeUndefined()
    expect(cache.peek("k", Date.now())).toBeUndefined()
  })

  test("serves a hit without loading, reloads after the time to live", async () => {
    let loads = 0
    const cache = new KeyedCache<string, number>({ ttlMs: 0, maxEntries: 10 })
    const load = Effect.sync(() => ++loads)
    await Effect.runPromise(cache.get("a", load))
    await Effect.runPromise(cache.get("a", load))
    expect(loads).toBe(2)
    const lasting = new KeyedCache<string, number>({ ttlMs: 60_000, maxEntries: 1 })
    await Effect.runPromise(lasting.get("a", load))
    expect(await Effect.runPromise(lasting.get("a", load))).toBe(3)
    await Effect.runPromise(lasting.get("b", load))
    expect(lasting.size).toBe(1)
  })

  test("renews only the very value it still holds: expired or not, never one dropped or replaced since", () => {
    const cache = new KeyedCache<string, { readonly v: number }>({ ttlMs: 1_000, maxEntries: 10 })
    const proven = { v: 1 }
    cache.set("k", proven, 0)
    expect(cache.peek("k", 1_500)).toBeUndefined()
    expect(cache.renew("k", proven, 1_500)).toBe(true)
    expect(cache.peek("k", 2_400)).toBe(proven)
    // an equal value is not the one held
    expect(cache.renew("k", { v: 1 }, 2_400)).toBe(false)
    expect(cache.peek("k", 2_600)).toBeUndefined()
    // an invalidation that arrived meanwhile wins: nothing comes back
    cache.set("k", proven, 3_000)
    cache.invalidate("k")
    expect(cache.renew("k", proven, 3_100)).toBe(false)
    expect(cache.peek("k", 3_100)).toBeUndefined()
    // a value read again meanwhile is a new value: the old one is not renewed over it
    const fresh = { v: 2 }
    cache.set("k", fresh, 4_000)
    expect(cache.renew("k", proven, 4_100)).toBe(false)
    expect(cache.peek("k", 4_500)).toBe(fresh)
    expect(cache.peek("k", 5_050)).toBeUndefined()
  })

  test("the invalidation payloads of migration 10 drop what they name", async () => {
    const cache = makeReadCache()
    const fill = () =>
      Effect.runPromise(
        Effect.all([cache.sessions.get("s1", Effect.succeed({ cart: 1 })), cache.carts.get(1, Effect.succeed({})), cache.carts.get(2, Effect.succeed({}))])
      )
    await fill()
    cache.apply("cart:1")
    expect([cache.sessions.size, cache.carts.size]).toEqual([1, 1])
    cache.apply("session:s1")
    expect(cache.sessions.size).toBe(0)
    await fill()
    cache.apply("cart_owner:2")
    expect([cache.sessions.size, cache.carts.size]).toEqual([0, 1])
    cache.apply("stock")
    expect(cache.carts.size).toBe(0)
  })

  test("the invalidation payloads of migration 13 drop catalogue answers, carts and shop settings", async () => {
    const cache = makeReadCache()
    const fill = () =>
      Effect.runPromise(
        Effect.all([
          cache.carts.get(1, Effect.succeed({})),
          cache.catalogue.get("listing:CZ10MA:x", Effect.succeed({})),
          cache.shopSettings.get("CZ10MA", Effect.succeed({}))
        ])
      )
    await fill()
    cache.apply("shop_settings")
    expect([cache.carts.size, cache.catalogue.size, cache.shopSettings.size]).toEqual([1, 1, 0])
    await fill()
    cache.apply("catalogue")
    expect([cache.carts.size, cache.catalogue.size, cache.shopSettings.size]).toEqual([0, 0, 1])
    await fill()
    cache.apply("stock")
    expect([cache.carts.size, cache.catalogue.size, cache.shopSettings.size]).toEqual([0, 0, 1])
  })
})

describe("the server's read cache", () => {
  let handlerA: (request: Request) => Promise<Response>
  let handlerB: (request: Request) => Promise<Response>
  let runSql: <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => Promise<A>
  let dispose: () => Promise<void>

  beforeAll(async () => {
    // One database, two independent route sets with their own caches: two server processes in one.
    const scope = await Effect.runPromise(Scope.make())
    const database = await Effect.runPromise(Layer.buildWithScope(layerMemory, scope))
    const shared = Layer.succeedContext(database)
    const serve = () =>
      HttpRouter.toWebHandler(AppRoutes.pipe(Layer.provide(shared), Layer.provide(NodeHttpServer.layerHttpServices)) as Layer.Layer<any, never, never>, {
        disableLogger: true
      })
    const a = serve()
    const b = serve()
    handlerA = (request) => a.handler(request)
    handlerB = (request) => b.handler(request)
    runSql = (f) =>
      Effect.runPromise(
        Effect.provideContext(
          Effect.gen(function*() {
            return yield* f(yield* SqlClient.SqlClient)
          }),
          database
        ) as Effect.Effect<any>
      )
    dispose = async () => {
      await a.dispose()
      await b.dispose()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  })
  afterAll(() => dispose())

  const shopper = async () => {
    const response = await handlerA(new Request(`${testBaseUrl}/api/session`))
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  }
  const articles = async (handler: (r: Request) => Promise<Response>, headers: Record<string, string>) => {
    const response = await handler(new Request(`${testBaseUrl}/api/widgets/getWidgetsData`, { headers }))
    return ((await response.json()) as { cart: { articles: ReadonlyArray<{ count: number; variantId: number; availability_key?: string }> } }).cart.articles
  }
  const add = (handler: (r: Request) => Promise<Response>, headers: Record<string, string>, variantId: number) =>
    handler(new Request(`${testBaseUrl}/api/v2/cart.cart-api/add-to-cart`, {
      method: "PUT",
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ variantId, amount: 1, extended: true })
    }))
  /** Lets the database notification reach the other cache (delivered in-process with PGlite: one tick). */
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  test("a shopper reads their own write at once, on the server that took it and, once notified, on another", async () => {
    const headers = await shopper()
    expect(await articles(handlerA, headers)).toEqual([])
    expect(await articles(handlerB, headers)).toEqual([])
    expect((await add(handlerA, headers, 1)).status).toBe(200)
    expect((await articles(handlerA, headers)).map((a) => a.count)).toEqual([1])
    await settle()
    expect((await articles(handlerB, headers)).map((a) => a.count)).toEqual([1])
    expect((await add(handlerB, headers, 1)).status).toBe(200)
    expect((await articles(handlerB, headers)).map((a) => a.count)).toEqual([2])
    await settle()
    expect((await articles(handlerA, headers)).map((a) => a.count)).toEqual([2])
  })

  test("cart version checks: the checks that arrive while one runs share the next statement, which sees every write committed before they began", async () => {
    const headers = await shopper()
    expect((await add(handlerA, headers, 3)).status).toBe(200)
    const sessionId = headers.cookie.split("=")[1]!
    const [cart] = await runSql((sql) =>
      sql<{ readonly cart_id: number; readonly version: number }>`
        SELECT c.cart_id, c.version FROM sessions s JOIN carts c ON c.cart_id = s.cart_id WHERE s.session_id = ${sessionId}`)
    const sql = await runSql((sql) => Effect.succeed(sql))
    // the statements the checks send, counted by the client they are given
    let sent = 0
    const counting = new Proxy(sql, {
      apply: (target, self, args) => {
        sent++
        return Reflect.apply(target, self, args)
      }
    })
    const checks = new CartVersionChecks(counting)
    // the first check's statement is sent at once; the bump is queued behind it on the database's one connection
    const first = Effect.runPromise(checks.version(cart!.cart_id))
    const bump = runSql((sql) => sql`UPDATE carts SET version = version + 1 WHERE cart_id = ${cart!.cart_id}`)
    // these arrive while the first statement runs: they wait for the next one, sent after it returns (after the bump)
    const later = Array.from({ length: 20 }, () => Effect.runPromise(checks.version(cart!.cart_id)))
    const unknown = Effect.runPromise(checks.version(-1))
    await bump
    expect(await first).toBe(cart!.version)
    expect(await Promise.all(later)).toEqual(Array.from({ length: 20 }, () => cart!.version + 1))
    expect(await unknown).toBeUndefined()
    expect(sent).toBe(2)
    expect(await Effect.runPromise(checks.version(cart!.cart_id))).toBe(cart!.version + 1)
    expect(sent).toBe(3)
  })

  test("a change made outside the application (stock) reaches cached carts", async () => {
    const headers = await shopper()
    await add(handlerA, headers, 2)
    const before = await articles(handlerA, headers)
    expect(before[0]?.availability_key).not.toBe("out_of_stock")
    await runSql((sql) => sql`UPDATE stock SET in_stock = 0, availability_key = 'out_of_stock' WHERE variant_id = 2`)
    await settle()
    expect((await articles(handlerA, headers))[0]?.availability_key).toBe("out_of_stock")
  })

  test("a catalogue edit made outside the application reaches cached listings on every server", async () => {
    const headers = await shopper()
    const listing = async (handler: (r: Request) => Promise<Response>) => {
      const response = await handler(new Request(`${testBaseUrl}/api/catalogue/listing?category=${categoryUrlKey}`, { headers }))
      expect(response.status).toBe(200)
      return ((await response.json()) as { products: ReadonlyArray<{ productId: number; title: string }> }).products
    }
    const [category] = await runSql((sql) =>
      sql<{ readonly url_key: string }>`
        SELECT c.url_key FROM categories c JOIN products p ON p.main_category_id = c.category_id
        WHERE c.shop_id = 'CZ10MA' AND p.active AND NOT c.adult GROUP BY c.url_key ORDER BY count(*) DESC LIMIT 1`)
    const categoryUrlKey = encodeURIComponent(category!.url_key)
    const first = (await listing(handlerA))[0]!
    expect((await listing(handlerB))[0]).toEqual(first)
    await runSql((sql) => sql`UPDATE variants SET title = title || ' (renamed)' WHERE product_id = ${first.productId}`)
    await settle()
    expect((await listing(handlerA)).find((p) => p.productId === first.productId)?.title).toBe(`${first.title} (renamed)`)
    expect((await listing(handlerB)).find((p) => p.productId === first.productId)?.title).toBe(`${first.title} (renamed)`)
    await runSql((sql) => sql`UPDATE products SET active = false WHERE product_id = ${first.productId}`)
    await settle()
    expect((await listing(handlerA)).map((p) => p.productId)).not.toContain(first.productId)
    await runSql((sql) => sql`UPDATE products SET active = true WHERE product_id = ${first.productId}`)
    await runSql((sql) => sql`UPDATE variants SET title = left(title, length(title) - 10) WHERE product_id = ${first.productId}`)
  })

  test("a payment an operator turns off leaves the billing methods of a cached cart", async () => {
    const headers = await shopper()
    expect((await add(handlerA, headers, 1)).status).toBe(200)
    const billing = async (handler: (r: Request) => Promise<Response>) => {
      const response = await handler(new Request(`${testBaseUrl}/api/v2/cart.cart-api/load-cart`, { headers }))
      return Object.keys(((await response.json()) as { billingMethods: Record<string, unknown> }).billingMethods)
    }
    expect(await billing(handlerA)).toContain("CZU")
    expect(await billing(handlerB)).toContain("CZU")
    await runSql((sql) => sql`UPDATE billing_methods SET active = false WHERE shop_id = 'CZ10MA' AND code = 'CZU'`)
    await settle()
    expect(await billing(handlerA)).not.toContain("CZU")
    expect(await billing(handlerB)).not.toContain("CZU")
    await runSql((sql) => sql`UPDATE billing_methods SET active = true WHERE shop_id = 'CZ10MA' AND code = 'CZU'`)
  })

  test("a guest's consents recorded elsewhere reach every server's cached cart answer, and a served answer is the one built", async () => {
    const headers = await shopper()
    expect((await add(handlerA, headers, 1)).status).toBe(200)
    const loadCart = async (handler: (r: Request) => Promise<Response>) => {
      const response = await handler(new Request(`${testBaseUrl}/api/v2/cart.cart-api/load-cart`, { headers }))
      expect(response.status).toBe(200)
      return await response.text()
    }
    const consentsOf = (body: string) => (JSON.parse(body) as { customer: { consents: Record<string, boolean> } }).customer.consents
    const first = await loadCart(handlerB)
    expect(consentsOf(first)["marketing_1p"]).toBeUndefined()
    expect(await loadCart(handlerB)).toBe(first)
    const sessionId = headers.cookie.split("=")[1]!
    await runSql((sql) => sql`INSERT INTO session_consents (session_id, code, value) VALUES (${sessionId}, 'marketing_1p', true)`)
    await settle()
    expect(consentsOf(await loadCart(handlerA))["marketing_1p"]).toBe(true)
    const after = await loadCart(handlerB)
    expect(consentsOf(after)["marketing_1p"]).toBe(true)
    expect(JSON.parse(after).cart).toEqual(JSON.parse(first).cart)
  })

  test("a session ended on one server is not served from another's cache", async () => {
    const headers = await shopper()
    expect((await handlerB(new Request(`${testBaseUrl}/api/session`, { headers }))).headers.get("set-cookie")).toBeNull()
    const sessionId = headers.cookie.split("=")[1]!
    await runSql((sql) => sql`DELETE FROM sessions WHERE session_id = ${sessionId}`)
    await settle()
    const again = await handlerB(new Request(`${testBaseUrl}/api/session`, { headers }))
    expect(again.headers.get("set-cookie")).toMatch(/^sf_session=/)
  })
})
