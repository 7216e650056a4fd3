/**
 * The Widgets service against the reference backend through msw: the cart drawer's articles, the wishlist part
 * handed to the Wishlist service (and counted as a fresh wishlist fetch), the reload on SessionChanged and
 * CartChanged, the 8 s timeout of the contract on the TestClock, and §8 "widgets-data failures are silently
 * ignored" for every fault.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { AccountGroup } from "../../core/api/account.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { ShopApiClient, ShopCallState } from "../../core/api/client.ts"
import { widgetsTimeoutMs } from "../../core/api/policy.ts"
import { widgetsDataPath } from "../../core/api/widgets.ts"
import { LegacyWishlistGroup, WishlistGroup, wishlistApiPrefix } from "../../core/api/wishlist.ts"
import { WidgetsGroup } from "../../core/api/widgets.ts"
import { Account } from "../../core/services/Account.ts"
import { ensureSession } from "../../core/services/session.ts"
import { Signals } from "../../core/services/Signals.ts"
import { Widgets } from "../../core/services/Widgets.ts"
import { Wishlist } from "../../core/services/Wishlist.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { WidgetsHandlers } from "../../demo/server/handlers/widgets.ts"
import { LegacyWishlistHandlers, WishlistHandlers } from "../../demo/server/handlers/wishlist.ts"
import { LiveHub } from "../../demo/server/http/live.ts"
import { demoAccount, groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { faults, http, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(
  backendFor(
    groupsOf(AccountGroup, WidgetsGroup, LegacyWishlistGroup, WishlistGroup, CartGroup),
    Layer.mergeAll(AccountHandlers, WidgetsHandlers, LegacyWishlistHandlers, WishlistHandlers, CartHandlers),
    Layer.mergeAll(probe.layer, LiveHub.layer)
  )
)
const layer = Widgets.layer.pipe(Layer.provideMerge(Wishlist.layer), Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer()))
const state = Widgets.use((widgets) => SubscriptionRef.get(widgets.state))
const wishlistState = Wishlist.use((wishlist) => SubscriptionRef.get(wishlist.state))
const widgetCalls = () => harness.sent("GET", widgetsDataPath)

/** A CZ variant in stock. */
const variantInStock = probe.use((sql) =>
  Effect.orDie(sql<{ variant_id: number }>`
    SELECT v.variant_id FROM variants v JOIN stock st USING (variant_id)
    WHERE v.shop_id = 'CZ10MA' AND st.in_stock > 5 ORDER BY v.variant_id LIMIT 1`)
).pipe(Effect.map((rows) => rows[0]!.variant_id))

/** Puts a variant into the session's cart through the API (as the Cart service would) and says so. */
const putIntoCart = Effect.gen(function*() {
  const api = yield* ShopApiClient
  yield* ensureSession(api, yield* ShopCallState)
  yield* api.cart.addToCart({ payload: { variantId: yield* variantInStock, amount: 1 } })
  const signals = yield* Signals
  yield* signals.publish({ _tag: "CartChanged", source: "test" })
  yield* harness.settle
})

const logIn = (key: string) =>
  Effect.gen(function*() {
    const account = yield* Account
    yield* account.login({ email: demoAccount(key), password: demoPassword })
    yield* harness.settle
  })

describe("Widgets", () => {
  it.effect("loads the cart drawer's articles; a guest's data has no wishlist part", () =>
    Effect.gen(function*() {
      const widgets = yield* Widgets
      const loaded = yield* widgets.load()
      assert.lengthOf(loaded.cartArticles, 0)
      assert.isFalse(loaded.loading)
      assert.strictEqual(loaded.loadedAt, 0)
      assert.strictEqual((yield* wishlistState).itemsCount, 0)
      assert.include(widgetCalls()[0]!.path, widgetsDataPath)
    }).pipe(Effect.provide(layer)))

  it.effect("reloads when the cart changed elsewhere (CartChanged) and when the session changed (login)", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      assert.lengthOf(widgetCalls(), 1, "SessionChanged reloads the widgets")
      const wishlist = yield* wishlistState
      assert.isAbove(wishlist.itemsCount, 0, "the wishlist part reached the Wishlist service")
      assert.isDefined(wishlist.counter)
      yield* putIntoCart
      assert.lengthOf(widgetCalls(), 2)
      assert.isAtLeast((yield* state).cartArticles.length, 1)
    }).pipe(Effect.provide(layer)))

  it.effect("the widgets data counts as a wishlist fetch: the wishlist cache is fresh for 60 s after it", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      yield* TestClock.adjust(61_000)
      const widgets = yield* Widgets
      yield* widgets.load()
      const before = harness.sent("GET", `${wishlistApiPrefix}/get-items`).length
      const wishlist = yield* Wishlist
      yield* wishlist.load()
      assert.lengthOf(harness.sent("GET", `${wishlistApiPrefix}/get-items`), before)
    }).pipe(Effect.provide(layer)))

  it.effect("the extended flag is sent as 1", () =>
    Effect.gen(function*() {
      const widgets = yield* Widgets
      yield* widgets.load({ extended: true })
      assert.include(widgetCalls()[0]!.path, "extended=1")
    }).pipe(Effect.provide(layer)))

  for (const [name, fault, attempts] of [
    ["5xx", faults.unavailable, 10],
    ["429", faults.tooMany, 10],
    ["reset", faults.reset, 10],
    ["malformed JSON", faults.malformed, 1]
  ] as const) {
    it.effect(`a load answered by ${name} is ignored: the articles stay, no error (§8)`, () =>
      Effect.gen(function*() {
        yield* putIntoCart
        const before = yield* state
        assert.isAtLeast(before.cartArticles.length, 1)
        harness.server.use(http.get(url(widgetsDataPath), fault))
        const widgets = yield* Widgets
        const exit = yield* harness.drive(widgets.load(), { stepMs: 500 })
        assert.strictEqual(exit._tag, "Success")
        const after = yield* state
        assert.deepStrictEqual(after.cartArticles, before.cartArticles)
        assert.isFalse(after.loading)
        assert.lengthOf(widgetCalls(), 1 + attempts, `${attempts} attempt(s) by the §9 ladder`)
      }).pipe(Effect.provide(layer)))
  }

  it.effect("each attempt times out after 8 s (§9), then the ladder retries; in the end the data is kept", () =>
    Effect.gen(function*() {
      yield* putIntoCart
      const before = yield* state
      harness.server.use(http.get(url(widgetsDataPath), harness.hang))
      const widgets = yield* Widgets
      const calls = widgetCalls().length
      const fiber = yield* Effect.forkChild(widgets.load())
      yield* harness.settle
      assert.lengthOf(widgetCalls(), calls + 1)
      assert.isTrue((yield* state).loading)
      yield* TestClock.adjust(widgetsTimeoutMs - 1)
      yield* harness.settle
      assert.lengthOf(widgetCalls(), calls + 1, "still waiting for the first answer")
      yield* TestClock.adjust(1 + 556)
      yield* harness.settle
      assert.lengthOf(widgetCalls(), calls + 2, "timed out at 8000 ms, retried 556 ms later")
      const exit = yield* harness.drive(Fiber.join(fiber), { stepMs: 1000, maxMs: 200_000 })
      assert.strictEqual(exit._tag, "Success")
      assert.lengthOf(widgetCalls(), calls + 10)
      assert.isFalse((yield* state).loading)
      assert.deepStrictEqual((yield* state).cartArticles, before.cartArticles)
      assert.strictEqual(widgetsTimeoutMs, 8000)
    }).pipe(Effect.provide(layer)))
})
