/**
 * The CrossSell service through msw routed to the in-process backend. The demo server's cross-sell handler is not
 * written yet: the crossSell group is served here by a test handler on the real contract and middleware (session and
 * CSRF protection), recording what it receives.
 */
import { afterAll, afterEach, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer, Logger, Ref } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { TestClock } from "effect/testing"
import { http } from "msw"
import { bootstrapSession, ShopApiClient } from "../../core/api/client.ts"
import { CrossSellGroup, type CrossSellTrackBody } from "../../core/api/crossSell.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import type { Consents } from "../../core/domain/consent.ts"
import { crossSellRetentionMs } from "../../core/domain/crossSell.ts"
import { CrossSell, crossSellStorageKey, CrossSellOptions, type CrossSellClick } from "../../core/services/CrossSell.ts"
import { makeMemoryStorage, Storage } from "../../core/services/Storage.ts"
import { faults, fetchClientLayerFor, mswFor } from "../support/msw.ts"
import { backendFor, testBaseUrl } from "../support/server.ts"

const received: Array<CrossSellTrackBody> = []
const CrossSellTestHandlers = HttpApiBuilder.group(ShopApi, "crossSell", (handlers) =>
  handlers.handle("track", ({ payload }) => Effect.sync(() => void received.push(payload))))

const backend = backendFor([CrossSellGroup], CrossSellTestHandlers)
const server = mswFor(backend)
const attempts: Array<string> = []
server.events.on("request:start", ({ request }) => {
  if (new URL(request.url).pathname === "/api/xsell/track") attempts.push(request.method)
})
beforeAll(async () => {
  server.listen({ onUnhandledFrame: "error" })
  // The backend migrates and seeds its database on first contact: do it here, outside the tests' time.
  await backend.handler(new Request(`${testBaseUrl}/api/session`))
})
afterEach(() => {
  server.resetHandlers()
  received.length = 0
  attempts.length = 0
})
afterAll(async () => {
  server.close()
  await backend.dispose()
})

const visitor = { user: "0b5c6a4e-1c1d-4a8e-9f3a-2b7c0d1e2f30", gaClientId: "GA1.2.345.678" }
const quietLogs = Logger.layer([Logger.make(() => undefined)])

const crossSellLayer = (
  consents: Effect.Effect<Consents> = Effect.succeed({ gdpr_personalization: true }),
  storage: Layer.Layer<Storage> = Storage.layerMemory
) =>
  CrossSell.layer.pipe(
    Layer.provide(CrossSellOptions.layer({ consents, visitor: Effect.succeed(visitor) })),
    Layer.provideMerge(storage),
    Layer.provideMerge(ShopApiClient.layer(testBaseUrl)),
    Layer.provideMerge(fetchClientLayerFor()),
    Layer.provideMerge(quietLogs)
  )

const click = (productId: string | number, placement = "cart-xsell"): CrossSellClick => ({
  productId,
  placement,
  bookmarkId: `bm-${productId}`,
  mId: "model-1",
  sId: "strategy-2"
})

/** A storage port whose reads yield (as an asynchronous browser store may), so concurrent updates could interleave. */
const yieldingStorage = Layer.effect(
  Storage,
  Effect.map(makeMemoryStorage(), (memory) =>
    Storage.of({ ...memory, get: (store, key) => Effect.flatMap(memory.get(store, key), (value) => Effect.as(Effect.yieldNow, value)) }))
)

/** The session's csrf token and cart id, as the app does at start (the track call is CSRF-protected). */
const bootstrap = ShopApiClient.use(bootstrapSession)

describe("CrossSell: clicks are kept 30 days (§9)", () => {
  it.effect("a click is stored with its Clock time; a later click on the same product replaces it", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(1_000_000)
      const crossSell = yield* CrossSell
      const storage = yield* Storage
      yield* crossSell.recordClick(click(1, "home"))
      yield* TestClock.adjust(500)
      yield* crossSell.recordClick(click(2))
      yield* crossSell.recordClick(click(1, "detail"))
      const events = yield* crossSell.events
      assert.deepStrictEqual(events.map((e) => [e.productId, e.placement, e.clickedAtMs]), [[2, "cart-xsell", 1_000_500], [1, "detail", 1_000_500]])
      const stored = JSON.parse((yield* storage.get("localStorage", crossSellStorageKey))!) as Array<unknown>
      assert.strictEqual(stored.length, 2)
    }).pipe(Effect.provide(crossSellLayer())))

  it.effect("an event is kept for exactly 30 days (2592000000 ms) and then dropped", () =>
    Effect.gen(function*() {
      assert.strictEqual(crossSellRetentionMs, 2_592_000_000)
      yield* bootstrap
      const crossSell = yield* CrossSell
      yield* crossSell.recordClick(click(1))
      yield* TestClock.adjust(crossSellRetentionMs)
      assert.strictEqual((yield* crossSell.events).length, 1)
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(yield* crossSell.events, [])
      // An expired click is not reported with a purchase of its product.
      assert.deepStrictEqual(yield* crossSell.purchase({ transactionId: "ORD-1", productIds: [1] }), { sent: 0, failed: 0 })
      assert.strictEqual(attempts.length, 0)
    }).pipe(Effect.provide(crossSellLayer())))

  it.effect("an unreadable store counts as empty", () =>
    Effect.gen(function*() {
      const storage = yield* Storage
      yield* storage.set("localStorage", crossSellStorageKey, "{not json")
      const crossSell = yield* CrossSell
      assert.deepStrictEqual(yield* crossSell.events, [])
      yield* crossSell.recordClick(click(3))
      assert.strictEqual((yield* crossSell.events).length, 1)
    }).pipe(Effect.provide(crossSellLayer())))
})

describe("CrossSell: purchases (§7 POST /api/xsell/track)", () => {
  it.effect("only the purchased products' events are sent, once each, then removed; the others stay", () =>
    Effect.gen(function*() {
      yield* bootstrap
      const crossSell = yield* CrossSell
      yield* crossSell.recordClick(click(1, "home"))
      yield* crossSell.recordClick(click(2, "detail"))
      yield* crossSell.recordClick(click("3", "cart"))
      yield* TestClock.adjust("2 days")
      const report = yield* crossSell.purchase({ transactionId: 9001, productIds: ["1", 3, 99] })
      assert.deepStrictEqual(report, { sent: 2, failed: 0 })
      assert.deepStrictEqual(received, [
        { user: visitor.user, ga_client_id: visitor.gaClientId, hit_type: "P", placement: "home", transaction_id: 9001, bookmark_id: "bm-1", m_id: "model-1", s_id: "strategy-2" },
        { user: visitor.user, ga_client_id: visitor.gaClientId, hit_type: "P", placement: "cart", transaction_id: 9001, bookmark_id: "bm-3", m_id: "model-1", s_id: "strategy-2" }
      ])
      assert.deepStrictEqual((yield* crossSell.events).map((e) => e.productId), [2])
      // Reporting the same order again sends nothing more.
      assert.deepStrictEqual(yield* crossSell.purchase({ transactionId: 9001, productIds: ["1", 3] }), { sent: 0, failed: 0 })
      assert.strictEqual(received.length, 2)
    }).pipe(Effect.provide(crossSellLayer())))

  it.effect("the same purchase reported from two fibers at once sends each event once (even over an async store)", () =>
    Effect.gen(function*() {
      yield* bootstrap
      const crossSell = yield* CrossSell
      yield* crossSell.recordClick(click(1))
      yield* crossSell.recordClick(click(2))
      const reports = yield* Effect.all(
        [crossSell.purchase({ transactionId: "T", productIds: [1, 2] }), crossSell.purchase({ transactionId: "T", productIds: [1, 2] })],
        { concurrency: "unbounded" }
      )
      assert.strictEqual(reports.reduce((sum, r) => sum + r.sent, 0), 2)
      assert.strictEqual(received.length, 2)
    }).pipe(Effect.provide(crossSellLayer(undefined, yieldingStorage))))

  it.effect("a failing report (5xx) is counted, logged and not retried; the purchase does not fail", () =>
    Effect.gen(function*() {
      server.use(http.post(`${testBaseUrl}/api/xsell/track`, faults.unavailable))
      yield* bootstrap
      const crossSell = yield* CrossSell
      yield* crossSell.recordClick(click(1))
      const report = yield* crossSell.purchase({ transactionId: "T", productIds: [1] })
      assert.deepStrictEqual(report, { sent: 0, failed: 1 })
      yield* TestClock.adjust("1 minute")
      assert.deepStrictEqual(attempts, ["POST"])
      assert.deepStrictEqual(yield* crossSell.events, [])
    }).pipe(Effect.provide(crossSellLayer())))
})

describe("CrossSell: consent (§6)", () => {
  it.effect("without gdpr_personalization no click is kept and nothing is reported", () =>
    Effect.gen(function*() {
      const consents = yield* Ref.make<Consents>({ gdpr_personalization: false })
      yield* Effect.gen(function*() {
        yield* bootstrap
        const crossSell = yield* CrossSell
        const storage = yield* Storage
        yield* crossSell.recordClick(click(1))
        assert.isUndefined(yield* storage.get("localStorage", crossSellStorageKey))
        yield* Ref.set(consents, { gdpr_personalization: true })
        yield* crossSell.recordClick(click(1))
        yield* Ref.set(consents, {})
        assert.deepStrictEqual(yield* crossSell.purchase({ transactionId: "T", productIds: [1] }), { sent: 0, failed: 0 })
        assert.strictEqual(attempts.length, 0)
      }).pipe(Effect.provide(crossSellLayer(Ref.get(consents))))
    }))
})
