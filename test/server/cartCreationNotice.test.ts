/**
 * A new cart's notice reaching a server late (migration 25): on PostgreSQL a notice arrives a moment after its commit,
 * and the one the creation of a shopper's cart sends may come after the shopper's first add settled the cart and a
 * read served it. It must not drop that cart: the shopper's next write is then served by the write fast path, not
 * left to the pipeline (where it raced the fast path's writes of the same cart, test/server/cartFastWriteBatches.test.ts).
 */
import { Effect, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { expect, test } from "vitest"
import { Database } from "../../demo/server/db/Database.ts"
import { cacheInvalidationChannel } from "../../demo/server/db/ReadCache.ts"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites } from "../../demo/server/http/fastWrites.ts"
import { answersAt } from "../support/httpAnswers.ts"
import { useRealPortBackend } from "../support/realPort.ts"
import { freshDatabase } from "../support/server.ts"

const notices: Array<string> = []
const probe = Layer.effectDiscard(
  Effect.gen(function*() {
    const database = yield* Database
    const invalidations = yield* database.subscribe(cacheInvalidationChannel)
    yield* Effect.forkScoped(Stream.runForEach(invalidations, (payload) => Effect.sync(() => notices.push(payload))))
  })
) as unknown as Layer.Layer<any, any, any>

const fastWrites = new FastWrites()
const { baseUrl, runtime } = useRealPortBackend({
  fastReads: new FastReads(),
  fastWrites,
  database: Layer.provideMerge(probe, freshDatabase()) as ReturnType<typeof freshDatabase>
})

const call = answersAt(baseUrl)

const add = (headers: Record<string, string>, variantId: number) =>
  call("PUT", "/api/v2/cart.cart-api/add-to-cart", { ...headers, "idempotency-key": randomUUID() }, { variantId, amount: 1, extended: true })

test("a new cart's notice arriving after the shopper's first add and read keeps the cart cached: the next write is fast", async () => {
  const session = await fetch(`${baseUrl()}/api/session`)
  const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await session.json()) as { csrfToken: string }
  const headers = { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  const cartId = await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ cart_id: number }>`SELECT cart_id FROM sessions WHERE session_id = ${cookie.split("=")[1]!}`, (rows) => rows[0]!.cart_id)) as Effect.Effect<number>)
  // the notice the cart's creation sent (the first naming it)
  const names = (payload: string) => payload === `cart:${cartId}` || payload.startsWith(`cart:${cartId}@`)
  await expect.poll(() => notices.some(names)).toBe(true)
  const created = notices.find(names)!

  const variants = (await (await fetch(`${baseUrl()}/product-api/find-variants-by-id?ids=1,2,3,4,5,6,7,8,9,10`, { headers })).json()) as ReadonlyArray<{
    variantId: number
    availability?: string
  }>
  const variantId = variants.find((variant) => variant.availability === "in_stock")!.variantId
  expect((await add(headers, variantId)).status).toBe(200)
  expect((await call("GET", "/api/v2/cart.cart-api/load-cart", headers, undefined)).status).toBe(200)
  const cache = fastWrites.cache!
  const cached = cache.carts.peek(cartId, Date.now())
  expect(cached).toBeDefined()

  // the creation's notice delivered now, after the first add and the read
  cache.apply(created)
  expect(cache.carts.peek(cartId, Date.now()) === cached).toBe(true)
  const served = fastWrites.hits
  const handOvers = fastWrites.handOvers
  expect((await add(headers, variantId)).status).toBe(200)
  expect(fastWrites.hits - served).toBe(1)
  expect(fastWrites.handOvers).toEqual(handOvers)
})
