/**
 * The live-data stream GET /api/live (§7 live-data notification, issue 10): the stream listens before it writes
 * its first frame, so a cart change made right after the shopper saw the stream open reaches it.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, PubSub } from "effect"
import { HttpRouter } from "effect/http"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { sessionCookie, shopIdHeader } from "../../core/api/headers.ts"
import { ReadCache } from "../../demo/server/db/ReadCache.ts"
import { ShopApiRoutes } from "../../demo/server/http/app.ts"
import { cartChangedFrame, LiveHub, livePath, LiveRoutes } from "../../demo/server/http/live.ts"
import { type Backend, freshDatabase, testBaseUrl } from "../support/server.ts"
import { rawSession } from "./accountSupport.ts"

// The shop API and the live routes on a fresh database, with a handle on the process's hub of cart changes.
let hub: PubSub.PubSub<number> | undefined
const hubProbe = Layer.effectDiscard(Effect.gen(function*() {
  hub = yield* LiveHub
}))
let backend: Backend
beforeAll(() => {
  const routes = Layer.mergeAll(ShopApiRoutes, LiveRoutes, hubProbe).pipe(
    Layer.provide([LiveHub.layer, ReadCache.layer]),
    Layer.provide(freshDatabase()),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>
  const web = HttpRouter.toWebHandler(routes, { disableLogger: true })
  backend = { handler: (request) => web.handler(request), dispose: () => web.dispose() }
}, 120_000)
afterAll(() => backend.dispose())

/** An own-stock variant of CZ10MA with stock, from the first listing page of its first category. */
const someVariant = async (): Promise<number> => {
  const headers = { [shopIdHeader]: "CZ10MA" }
  const categories = await (await backend.handler(new Request(`${testBaseUrl}/api/catalogue/categories`, { headers }))).json()
  const category = categories.categories[0].urlKey as string
  const listing = await (await backend.handler(new Request(`${testBaseUrl}/api/catalogue/listing?category=${category}`, { headers }))).json()
  const product = (listing.products as ReadonlyArray<{ variantId: number; inStock: number; marketplacePartner: string | null }>)
    .find((p) => p.marketplacePartner === null && p.inStock >= 5)
  if (product === undefined) throw new Error("no own-stock variant in stock")
  return product.variantId
}

const decoder = new TextDecoder()

/** Opens the shopper's live stream and reads its first frame. */
const openLive = async (cookie: string) => {
  const response = await backend.handler(
    new Request(`${testBaseUrl}${livePath}`, { headers: { cookie: `${sessionCookie}=${cookie}`, [shopIdHeader]: "CZ10MA" } })
  )
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
  const reader = response.body!.getReader()
  const first = decoder.decode((await reader.read()).value)
  expect(first).toContain(": connected")
  return { reader, first }
}

/** Reads the stream until `expected` arrives; fails after 20 s or when the stream ends. */
const readUntil = async (reader: ReadableStreamDefaultReader<Uint8Array>, received: string, expected: string) => {
  const deadline = AbortSignal.timeout(20_000)
  const expired = new Promise<never>((_, reject) =>
    deadline.addEventListener("abort", () => reject(new Error(`no ${expected.trim()} in: ${JSON.stringify(received)}`)))
  )
  while (!received.includes(expected)) {
    const chunk = await Promise.race([reader.read(), expired])
    if (chunk.done) throw new Error(`the stream ended without ${expected.trim()}: ${received}`)
    received += decoder.decode(chunk.value)
  }
  await reader.cancel()
}

describe("GET /api/live", () => {
  test("a change published the moment the first frame arrives is not missed (the stream listens before it writes)", async () => {
    const shopper = await rawSession(backend)
    const { cartId } = await shopper.refresh()
    const { reader, first } = await openLive(shopper.cookie())
    await Effect.runPromise(PubSub.publish(hub!, cartId))
    await readUntil(reader, first, cartChangedFrame(cartId))
  })

  test("a cart change made right after the stream opened arrives as a cart_changed event", async () => {
    const variantId = await someVariant()
    const shopper = await rawSession(backend)
    const { cartId } = await shopper.refresh()
    const { reader, first } = await openLive(shopper.cookie())
    const added = await shopper.send("PUT", "/api/v2/cart.cart-api/add-to-cart", { body: { variantId, amount: 1 } })
    expect(added.status).toBe(200)
    expect(added.json.status.status).toBe("ok")
    await readUntil(reader, first, cartChangedFrame(cartId))
  })
})
