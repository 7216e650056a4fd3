/**
 * The TagManager service through msw routed to the in-process backend. The demo server's tag-data handlers are not
 * written yet: the tagData group is served here by a test handler on the real contract and middleware (session, call
 * policy), answering contract-shaped TagData per step.
 */
import { afterAll, afterEach, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { TestClock } from "effect/testing"
import { http } from "msw"
import { ShopApiClient } from "../../core/api/client.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import { TagDataGroup, type TagData } from "../../core/api/tagData.ts"
import {
  purchaseIdPlaceholder,
  tagManagerDebugEventName,
  tagManagerLoadDelayMs,
  virtualPageviewEvent
} from "../../core/domain/tagManager.ts"
import { promoViewDebounceMs } from "../../core/domain/tracking.ts"
import {
  DataLayer,
  DataLayerRecording,
  promoViewEventName,
  TagManager,
  TagManagerOptions
} from "../../core/services/TagManager.ts"
import { faults, fetchClientLayerFor, mswFor } from "../support/msw.ts"
import { backendFor, testBaseUrl } from "../support/server.ts"

/** What the test backend answers per tag-manager step, and the steps it was asked for. */
let tagData: { [step: number]: TagData } = {}
const asked: Array<number> = []

const TagDataTestHandlers = HttpApiBuilder.group(ShopApi, "tagData", (handlers) =>
  handlers
    .handle("checkout", ({ query }) =>
      Effect.sync(() => {
        const step = query.step ?? 1
        asked.push(step)
        return tagData[step] ?? {}
      }))
    .handle("loadGtm", () => Effect.succeed({}))
    .handle("checkGtm", () => Effect.succeed({}))
    .handle("transformDimensionData", () => Effect.succeed({}))
    .handle("removedProduct", () => Effect.succeed({}))
    .handle("dimension17", () => Effect.succeed({})))

const backend = backendFor([TagDataGroup], TagDataTestHandlers)
const server = mswFor(backend)
beforeAll(async () => {
  server.listen({ onUnhandledFrame: "error" })
  // The backend migrates and seeds its database on first contact: do it here, outside the tests' time.
  await backend.handler(new Request(`${testBaseUrl}/api/session`))
})
afterEach(() => {
  server.resetHandlers()
  tagData = {}
  asked.length = 0
})
afterAll(async () => {
  server.close()
  await backend.dispose()
})

const virtualPageviews = { customer: { url: "/kosik/prihlaseni", title: "Přihlášení" } }

const tagManagerOnly = TagManager.layer.pipe(
  Layer.provide(TagManagerOptions.layer({ virtualPageviews })),
  Layer.provide(ShopApiClient.layer(testBaseUrl)),
  Layer.provide(fetchClientLayerFor())
)
const tagManagerLayer = tagManagerOnly.pipe(Layer.provideMerge(DataLayer.layerMemory))

const pushed = DataLayerRecording.use((recording) => recording.pushed)

describe("TagManager: checkout steps (§2, §4, §9)", () => {
  it.effect("waits the 300 ms load delay, then pushes the virtual pageview and the step's tag data", () =>
    Effect.gen(function*() {
      tagData = {
        3: {
          dataLayerDirectData: { pageType: "checkout", ecommerce_step: 3 },
          queue: [{ event: "checkout", ecommerce: { checkout: { actionField: { step: 3 } } } }]
        }
      }
      const tagManager = yield* TagManager
      const fiber = yield* Effect.forkChild(tagManager.checkoutStep("customer"))
      yield* Effect.yieldNow
      assert.strictEqual(tagManagerLoadDelayMs, 300)
      yield* TestClock.adjust(tagManagerLoadDelayMs - 1)
      assert.deepStrictEqual(yield* pushed, [])
      yield* TestClock.adjust(1)
      yield* Fiber.join(fiber)
      const events = yield* pushed
      assert.deepStrictEqual(events[0], {
        event: virtualPageviewEvent,
        virtualPageURL: "/kosik/prihlaseni",
        virtualPageTitle: "Přihlášení",
        checkoutStep: "customer",
        checkoutStepNumber: 3
      })
      assert.deepStrictEqual(events[1], { pageType: "checkout", ecommerce_step: 3 })
      assert.deepStrictEqual(events[2], { event: "checkout", ecommerce: { checkout: { actionField: { step: 3 } } } })
      assert.strictEqual(asked[0], 3)
    }).pipe(Effect.provide(tagManagerLayer)))

  it.effect("a step without localised text gets the default pageview; queued prices are per unit above quantity 1 (§5)", () =>
    Effect.gen(function*() {
      tagData = {
        1: {
          queue: [{
            event: "addToCart",
            ecommerce: { add: { products: [{ id: "a", price: 300, quantity: 3 }, { id: "b", price: 50, quantity: 1 }] } }
          }]
        }
      }
      const tagManager = yield* TagManager
      const fiber = yield* Effect.forkChild(tagManager.checkoutStep("preview"))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(fiber)
      const events = yield* pushed
      assert.deepStrictEqual(events[0], {
        event: virtualPageviewEvent,
        virtualPageURL: "/checkout/1/preview",
        virtualPageTitle: "preview",
        checkoutStep: "preview",
        checkoutStepNumber: 1
      })
      assert.deepStrictEqual(events[1], {
        event: "addToCart",
        ecommerce: { add: { products: [{ id: "a", price: 100, quantity: 3 }, { id: "b", price: 50, quantity: 1 }] } }
      })
    }).pipe(Effect.provide(tagManagerLayer)))

  it.effect("steps 3 and 4 prefetch the later steps; step 5 pushes the cached queue with the purchase id filled in", () =>
    Effect.gen(function*() {
      tagData = {
        3: { queue: [{ event: "checkout", step: 3 }] },
        4: { queue: [{ event: "checkout", step: 4 }] },
        5: {
          dataLayerDirectData: { transactionId: purchaseIdPlaceholder },
          queue: [{
            event: "purchase",
            ecommerce: { purchase: { actionField: { id: purchaseIdPlaceholder }, products: [{ id: "a", price: 20, quantity: 2 }] } }
          }]
        }
      }
      const tagManager = yield* TagManager
      const step3 = yield* Effect.forkChild(tagManager.tagStep(3))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(step3)
      assert.deepStrictEqual(asked, [3, 4, 5])

      const step4 = yield* Effect.forkChild(tagManager.tagStep(4))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(step4)
      assert.deepStrictEqual(asked, [3, 4, 5, 5]) // 4 came from the cache; 5 prefetched again (fresher)

      // The server would now answer step 5 differently: the cached (prefetched) data is what is pushed.
      tagData = { 5: { queue: [{ event: "not-from-cache" }] } }
      const confirmation = yield* Effect.forkChild(tagManager.checkoutStep("confirmation", "ORD-9"))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(confirmation)
      assert.deepStrictEqual(asked, [3, 4, 5, 5])
      const events = yield* pushed
      assert.deepStrictEqual(events.slice(-3), [
        {
          event: virtualPageviewEvent,
          virtualPageURL: "/checkout/5/confirmation",
          virtualPageTitle: "confirmation",
          checkoutStep: "confirmation",
          checkoutStepNumber: 5
        },
        { transactionId: purchaseIdPlaceholder }, // direct data is pushed as is; only queue items are filled in (§4)
        { event: "purchase", ecommerce: { purchase: { actionField: { id: "ORD-9" }, products: [{ id: "a", price: 10, quantity: 2 }] } } }
      ])
      assert.deepStrictEqual(events.slice(0, 2), [{ event: "checkout", step: 3 }, { event: "checkout", step: 4 }])
    }).pipe(Effect.provide(tagManagerLayer)))
})

describe("TagManager: failures are debug events, never thrown (§8)", () => {
  it.effect("a malformed answer pushes a debug event; the step still completes", () =>
    Effect.gen(function*() {
      server.use(http.get(`${testBaseUrl}/api/gtm/checkout`, faults.malformed))
      const tagManager = yield* TagManager
      const fiber = yield* Effect.forkChild(tagManager.checkoutStep("preview"))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      const exit = yield* Fiber.await(fiber)
      assert.strictEqual(exit._tag, "Success")
      const events = yield* pushed
      assert.strictEqual(events[0]?.["event"], virtualPageviewEvent)
      assert.strictEqual(events[1]?.["event"], tagManagerDebugEventName)
      assert.isString(events[1]?.["debugMessage"])
      assert.isString(events[1]?.["debugStack"])
      assert.strictEqual(events.length, 2)
    }).pipe(Effect.provide(tagManagerLayer)))

  it.effect("tag data answered with status error is reported as a debug event; a failed prefetch too", () =>
    Effect.gen(function*() {
      tagData = {
        3: { status: { status: "error", flashMessages: [{ message: "no gtm", type: "danger", cat: "cart" }] } },
        4: { queue: [{ event: "fine" }] }
      }
      server.use(
        http.get(`${testBaseUrl}/api/gtm/checkout`, ({ request }) =>
          new URL(request.url).searchParams.get("step") === "5" ? faults.malformed() : backend.handler(request))
      )
      const tagManager = yield* TagManager
      const fiber = yield* Effect.forkChild(tagManager.tagStep(3))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(fiber)
      const events = yield* pushed
      assert.deepStrictEqual(events.map((event) => event["event"]), [tagManagerDebugEventName, tagManagerDebugEventName])
      assert.strictEqual(events[0]?.["debugMessage"], "no gtm")
      // Step 4 was still prefetched: it comes from the cache.
      const step4 = yield* Effect.forkChild(tagManager.tagStep(4))
      yield* TestClock.adjust(tagManagerLoadDelayMs)
      yield* Fiber.join(step4)
      assert.deepStrictEqual((yield* pushed)[2], { event: "fine" })
    }).pipe(Effect.provide(tagManagerLayer)))

  it.effect("a data layer whose push throws: the failure is reported, the action does not fail", () =>
    Effect.gen(function*() {
      const reported: Array<unknown> = []
      const throwingDataLayer = Layer.succeed(DataLayer, {
        push: (event) =>
          event["event"] === tagManagerDebugEventName
            ? Effect.sync(() => void reported.push(event))
            : Effect.die(new Error("dataLayer.push threw"))
      })
      const exit = yield* Effect.gen(function*() {
        const tagManager = yield* TagManager
        return yield* Effect.exit(tagManager.push({ event: "x" }))
      }).pipe(Effect.provide(tagManagerOnly.pipe(Layer.provide(throwingDataLayer))))
      assert.strictEqual(exit._tag, "Success")
      assert.deepStrictEqual(reported, [{ event: tagManagerDebugEventName, debugMessage: "dataLayer.push threw", debugStack: (reported[0] as { debugStack: string }).debugStack }])
      assert.match((reported[0] as { debugStack: string }).debugStack, /dataLayer\.push threw/)
    }))
})

describe("TagManager: promo views (§9 debounce 1500 ms)", () => {
  it.effect("promo ids seen within the window are batched into one push, 1500 ms after the last one", () =>
    Effect.gen(function*() {
      assert.strictEqual(promoViewDebounceMs, 1500)
      const tagManager = yield* TagManager
      yield* tagManager.promoView({ id: "spring", name: "Spring sale", position: "slot1" })
      yield* TestClock.adjust(1000)
      yield* tagManager.promoView({ id: "tv" })
      yield* TestClock.adjust(200)
      yield* tagManager.promoView({ id: "spring", name: "seen again" })
      yield* TestClock.adjust(promoViewDebounceMs - 1)
      assert.deepStrictEqual(yield* pushed, [])
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(yield* pushed, [{
        event: promoViewEventName,
        ecommerce: { promoView: { promotions: [{ id: "spring", name: "Spring sale", position: "slot1" }, { id: "tv" }] } }
      }])
      // A later view starts a new batch.
      yield* tagManager.promoView({ id: "laptops" })
      yield* TestClock.adjust(promoViewDebounceMs)
      const events = yield* pushed
      assert.strictEqual(events.length, 2)
      assert.deepStrictEqual(events[1], { event: promoViewEventName, ecommerce: { promoView: { promotions: [{ id: "laptops" }] } } })
    }).pipe(Effect.provide(tagManagerLayer)))

  it.effect("views still pending when the tag manager shuts down (page unload) are pushed", () =>
    Effect.gen(function*() {
      yield* Effect.gen(function*() {
        const tagManager = yield* TagManager
        yield* tagManager.promoView({ id: "last" })
      }).pipe(Effect.provide(tagManagerOnly))
      assert.deepStrictEqual(yield* pushed, [{ event: promoViewEventName, ecommerce: { promoView: { promotions: [{ id: "last" }] } } }])
    }).pipe(Effect.provide(DataLayer.layerMemory)))
})
