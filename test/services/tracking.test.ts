/**
 * The Tracking service against the tracking API over real fetch, intercepted by msw. The tracking API is a third-party
 * origin (its own base URL): the demo server's tracking sink is not written yet, so the tests assert on the requests
 * msw captures at that origin.
 */
import { afterAll, afterEach, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer, Logger, Random, Ref, SubscriptionRef } from "effect"
import { FetchHttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { http, HttpResponse } from "msw"
import { setupServer } from "msw/node"
import type { Consents } from "../../core/domain/consent.ts"
import { defaultTrackingCookieName, isUuid, trackingTimeoutMs } from "../../core/domain/tracking.ts"
import { makeMemoryStorage, Storage } from "../../core/services/Storage.ts"
import {
  Tracking,
  trackingDedupeWindowMs,
  TrackingOptions,
  type TrackingEnvironment,
  type TrackingOptionsShape
} from "../../core/services/Tracking.ts"
import { faults } from "../support/msw.ts"

const trackOrigin = "http://track.test"

interface Captured {
  readonly method: string
  readonly url: URL
  readonly body: string
}

const captured: Array<Captured> = []
let waiters: Array<() => void> = []
const record = async (request: Request) => {
  captured.push({ method: request.method, url: new URL(request.url), body: await request.text() })
  const woken = waiters
  waiters = []
  for (const wake of woken) wake()
}
const ok = async ({ request }: { request: Request }) => {
  await record(request)
  return new HttpResponse(null, { status: 204 })
}

/** Resolves once `count` requests have reached the tracking origin (real I/O, not a delay). */
const requestsReached = (count: number) =>
  Effect.promise(
    () =>
      new Promise<void>((resolve) => {
        const check = () => (captured.length >= count ? resolve() : waiters.push(check))
        check()
      })
  )

const server = setupServer(
  http.get(`${trackOrigin}/track`, ok),
  http.post(`${trackOrigin}/track`, ok),
  http.get(`${trackOrigin}/log`, ok)
)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  captured.length = 0
  waiters = []
})
afterAll(() => server.close())

const tracks = () => captured.filter((request) => request.url.pathname === "/track")
const logs = () => captured.filter((request) => request.url.pathname === "/log")

const environment: TrackingEnvironment = {
  page: {
    location: "https://shop.test/cart?utm_source=newsletter",
    path: "/cart",
    referrer: "https://search.test/",
    os: "Linux",
    device: "desktop",
    browser: "Firefox"
  },
  userAgent: "Mozilla/5.0 (test)"
}

const granted: Consents = { gdpr_personalization: true }

/** Log lines written by the service (warnings), captured instead of printed. */
const logged: Array<string> = []
const captureLogs = Logger.layer([
  Logger.make((options) => void logged.push(`${options.logLevel}: ${JSON.stringify(options.message)}`))
])

const trackingLayer = (
  options: Partial<TrackingOptionsShape> = {},
  storage: Layer.Layer<Storage> = Storage.layerMemory
) =>
  Tracking.layer.pipe(
    Layer.provide(
      TrackingOptions.layer({
        apiUrl: `${trackOrigin}/`,
        version: "1.2.3",
        consents: Effect.succeed(granted),
        environment: Effect.succeed(environment),
        ...options
      })
    ),
    Layer.provideMerge(storage),
    Layer.provide(FetchHttpClient.layer),
    Layer.provideMerge(captureLogs)
  )

/** A storage port whose reads yield (as an asynchronous browser store may), so concurrent updates could interleave. */
const yieldingStorage = Layer.effect(
  Storage,
  Effect.map(makeMemoryStorage(), (memory) =>
    Storage.of({ ...memory, get: (store, key) => Effect.flatMap(memory.get(store, key), (value) => Effect.as(Effect.yieldNow, value)) }))
)

const eventOf = (request: Captured): unknown =>
  request.method === "GET" ? JSON.parse(request.url.searchParams.get("_event") ?? "null") : JSON.parse(request.body)

describe("Tracking: transport (§4, §7)", () => {
  it.effect("normal mode sends GET /track with the event as JSON in _event", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      const outcome = yield* tracking.track({ type: "page_visit", properties: { section: "cart" } })
      assert.strictEqual(outcome._tag, "Sending")
      if (outcome._tag !== "Sending") return
      assert.strictEqual(outcome.method, "GET")
      yield* tracking.flush
      const sent = tracks()
      assert.strictEqual(sent.length, 1)
      assert.strictEqual(sent[0]!.method, "GET")
      assert.strictEqual(sent[0]!.body, "")
      const event = eventOf(sent[0]!) as typeof outcome.event
      assert.deepStrictEqual(event, outcome.event)
      assert.strictEqual(event.event_type, "page_visit")
      assert.isTrue(isUuid(event.customer_ids.cookie))
      assert.strictEqual(event.properties?.personalization, "accept")
      assert.strictEqual(event.properties?.account_type, "guest")
      assert.strictEqual(event.properties?.utm_source, "newsletter")
      assert.strictEqual(event.properties?.["section"], "cart")
      assert.strictEqual(event.properties?.location, environment.page.location)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("debug mode POSTs the event as the JSON body to /track", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      const outcome = yield* tracking.track({ type: "page_visit" })
      assert.strictEqual(outcome._tag, "Sending")
      if (outcome._tag !== "Sending") return
      assert.strictEqual(outcome.method, "POST")
      yield* tracking.flush
      const sent = tracks()
      assert.strictEqual(sent.length, 1)
      assert.strictEqual(sent[0]!.method, "POST")
      assert.isFalse(sent[0]!.url.searchParams.has("_event"))
      assert.deepStrictEqual(eventOf(sent[0]!), outcome.event)
    }).pipe(Effect.provide(trackingLayer({ debug: true }))))

  it.effect("a logged-in customer is registered and carries the customer id; the timestamp is Clock seconds", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(1_700_000_000_250)
      const tracking = yield* Tracking
      yield* tracking.track({ type: "page_visit" })
      yield* tracking.flush
      const event = eventOf(tracks()[0]!) as { customer_ids: { customer_id?: string }; properties: { account_type: string }; timestamp: number }
      assert.strictEqual(event.customer_ids.customer_id, "42")
      assert.strictEqual(event.properties.account_type, "registered")
      assert.strictEqual(event.timestamp, 1_700_000_000.25)
    }).pipe(Effect.provide(trackingLayer({ customer: Effect.succeed({ customerId: 42 }) }))))

  it.effect("sends return at once: the send is forked, so `track` can run right after a state change", () =>
    Effect.gen(function*() {
      server.use(http.get(`${trackOrigin}/track`, async ({ request }) => {
        await record(request)
        return faults.hang()
      }))
      const tracking = yield* Tracking
      const state = yield* SubscriptionRef.make({ pieces: 0 })
      // The caller commits its state first, then runs `track` (never inside the update).
      const pieces = yield* SubscriptionRef.updateAndGet(state, (s) => ({ pieces: s.pieces + 1 }))
      const outcome = yield* tracking.track({ type: "cart_update", properties: { pieces: pieces.pieces } })
      assert.strictEqual(outcome._tag, "Sending") // returned although the response never comes
      yield* requestsReached(1)
      assert.strictEqual(tracks().length, 1)
    }).pipe(Effect.provide(trackingLayer())))
})

describe("Tracking: the cookie id (§9)", () => {
  const cookieOf = Effect.gen(function*() {
    const tracking = yield* Tracking
    const outcome = yield* tracking.track({ type: "page_visit" })
    yield* tracking.flush
    const storage = yield* Storage
    return { outcome, stored: yield* storage.get("cookies", defaultTrackingCookieName) }
  })

  it.effect("is a UUID from Effect's Random, stored under the default name, the same for the same seed, and reused", () =>
    Effect.gen(function*() {
      const first = yield* cookieOf.pipe(Effect.provide(trackingLayer()), Random.withSeed("shopper"))
      const again = yield* cookieOf.pipe(Effect.provide(trackingLayer()), Random.withSeed("shopper"))
      const other = yield* cookieOf.pipe(Effect.provide(trackingLayer()), Random.withSeed("someone else"))
      assert.strictEqual(defaultTrackingCookieName, "__exponea_etc__")
      assert.isDefined(first.stored)
      assert.isTrue(isUuid(first.stored!))
      assert.strictEqual(again.stored, first.stored)
      assert.notStrictEqual(other.stored, first.stored)
      const sent = tracks().map((request) => (eventOf(request) as { customer_ids: { cookie: string } }).customer_ids.cookie)
      assert.deepStrictEqual(sent, [first.stored, again.stored, other.stored])

      // Within one client, the stored id is reused by every event.
      const reused = yield* Effect.gen(function*() {
        const tracking = yield* Tracking
        const a = yield* tracking.cookieId
        yield* tracking.track({ type: "page_visit", eventId: "a" })
        yield* tracking.track({ type: "page_visit", eventId: "b" })
        yield* tracking.flush
        return a
      }).pipe(Effect.provide(trackingLayer()))
      const lastTwo = tracks().slice(-2).map((request) => (eventOf(request) as { customer_ids: { cookie: string } }).customer_ids.cookie)
      assert.deepStrictEqual(lastTwo, [reused, reused])
    }))

  it.effect("first events tracked from several fibers at once share one cookie id (even over an async store)", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      yield* Effect.all(
        Array.from({ length: 5 }, (_, index) => tracking.track({ type: "page_visit", eventId: `e${index}` })),
        { concurrency: "unbounded" }
      )
      yield* tracking.flush
      const cookies = new Set(tracks().map((request) => (eventOf(request) as { customer_ids: { cookie: string } }).customer_ids.cookie))
      assert.strictEqual(tracks().length, 5)
      assert.strictEqual(cookies.size, 1)
    }).pipe(Effect.provide(trackingLayer({}, yieldingStorage))))

  it.effect("a stored UUID is kept; a stored non-UUID is replaced; a configured name is used", () =>
    Effect.gen(function*() {
      const existing = "0b5c6a4e-1c1d-4a8e-9f3a-2b7c0d1e2f30"
      const kept = yield* Effect.gen(function*() {
        const tracking = yield* Tracking
        return yield* tracking.cookieId
      }).pipe(Effect.provide(trackingLayer({ cookieName: "my_track" }, Storage.layerMemoryWith({ cookies: { my_track: { value: existing } } }))))
      assert.strictEqual(kept, existing)

      const replaced = yield* Effect.gen(function*() {
        const tracking = yield* Tracking
        const id = yield* tracking.cookieId
        const storage = yield* Storage
        return { id, stored: yield* storage.get("cookies", "my_track") }
      }).pipe(Effect.provide(trackingLayer({ cookieName: "my_track" }, Storage.layerMemoryWith({ cookies: { my_track: { value: "garbage" } } }))))
      assert.isTrue(isUuid(replaced.id!))
      assert.strictEqual(replaced.stored, replaced.id)
    }))
})

describe("Tracking: consent gate (§6)", () => {
  it.effect("nothing is sent and no cookie is set without gdpr_personalization; once given, events are sent", () =>
    Effect.gen(function*() {
      const consents = yield* Ref.make<Consents>({})
      yield* Effect.gen(function*() {
        const tracking = yield* Tracking
        const storage = yield* Storage
        assert.deepStrictEqual(yield* tracking.track({ type: "page_visit", eventId: "1" }), { _tag: "NoConsent" })
        yield* Ref.set(consents, { gdpr_personalization: false, marketing_1p: true })
        assert.deepStrictEqual(yield* tracking.trackCheckout("Shipping", 3), { _tag: "NoConsent" })
        yield* Ref.set(consents, { gdpr_personalization: null })
        assert.deepStrictEqual(yield* tracking.trackPayment({ code: "CZN" }), { _tag: "NoConsent" })
        assert.isUndefined(yield* tracking.cookieId)
        yield* tracking.flush
        assert.strictEqual(captured.length, 0)
        assert.isUndefined(yield* storage.get("cookies", defaultTrackingCookieName))

        yield* Ref.set(consents, granted)
        assert.strictEqual((yield* tracking.track({ type: "page_visit", eventId: "1" }))._tag, "Sending")
        yield* tracking.flush
        assert.strictEqual(tracks().length, 1)
        assert.isTrue(isUuid((yield* storage.get("cookies", defaultTrackingCookieName))!))
      }).pipe(Effect.provide(trackingLayer({ consents: Ref.get(consents) })))
    }))
})

describe("Tracking: invalid events are dropped and logged (§5)", () => {
  it.effect("checkout without step_title or step_number, payment data that is not a plain object, a blank type", () =>
    Effect.gen(function*() {
      logged.length = 0
      const tracking = yield* Tracking
      assert.deepStrictEqual(yield* tracking.track({ type: "checkout", properties: { step_number: 3 } }), {
        _tag: "Invalid",
        problems: ["missing-step-title"]
      })
      assert.deepStrictEqual(yield* tracking.track({ type: "checkout", properties: { step_title: "Shipping" } }), {
        _tag: "Invalid",
        problems: ["missing-step-number"]
      })
      assert.deepStrictEqual(yield* tracking.trackPayment(["CZN"]), { _tag: "Invalid", problems: ["payment-data-not-plain-object"] })
      assert.deepStrictEqual(yield* tracking.trackPayment(new Date(0)), {
        _tag: "Invalid",
        problems: ["payment-data-not-plain-object"]
      })
      assert.deepStrictEqual(yield* tracking.track({ type: " " }), { _tag: "Invalid", problems: ["missing-type"] })
      yield* tracking.flush
      assert.strictEqual(captured.length, 0)
      assert.strictEqual(logged.filter((line) => line.includes("invalid event dropped")).length, 5)

      // The valid forms are sent.
      assert.strictEqual((yield* tracking.trackCheckout("Shipping", 3))._tag, "Sending")
      assert.strictEqual((yield* tracking.trackPayment({ code: "CZN" }))._tag, "Sending")
      yield* tracking.flush
      const types = tracks().map((request) => (eventOf(request) as { event_type: string; properties: Record<string, unknown> }))
      assert.deepStrictEqual(types.map((event) => event.event_type), ["checkout", "payment"])
      assert.strictEqual(types[0]!.properties["step_title"], "Shipping")
      assert.strictEqual(types[0]!.properties["step_number"], 3)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("without a configured API url nothing is sent", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      assert.deepStrictEqual(yield* tracking.track({ type: "page_visit" }), { _tag: "Invalid", problems: ["missing-api-url"] })
      yield* tracking.flush
      assert.strictEqual(captured.length, 0)
    }).pipe(Effect.provide(trackingLayer({ apiUrl: "  " }))))
})

describe("Tracking: errors are logged to /log (§8)", () => {
  const logMessage = () => JSON.parse(logs()[0]!.url.searchParams.get("message") ?? "null") as Record<string, string>

  it.effect("a 5xx answer is logged with message, stack, version, user agent and location; not retried", () =>
    Effect.gen(function*() {
      server.use(http.get(`${trackOrigin}/track`, async ({ request }) => {
        await record(request)
        return faults.unavailable()
      }))
      const tracking = yield* Tracking
      yield* tracking.track({ type: "page_visit" })
      yield* tracking.flush
      assert.strictEqual(tracks().length, 1)
      assert.strictEqual(logs().length, 1)
      const message = logMessage()
      assert.deepStrictEqual(Object.keys(message).sort(), ["location", "message", "stack", "userAgent", "version"])
      assert.match(message["message"]!, /503|status/i)
      assert.isAbove(message["stack"]!.length, 0)
      assert.strictEqual(message["version"], "1.2.3")
      assert.strictEqual(message["userAgent"], environment.userAgent)
      assert.strictEqual(message["location"], environment.page.location)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("a connection reset is logged too, in debug mode as well", () =>
    Effect.gen(function*() {
      server.use(http.post(`${trackOrigin}/track`, async ({ request }) => {
        await record(request)
        return faults.reset()
      }))
      const tracking = yield* Tracking
      yield* tracking.track({ type: "page_visit" })
      yield* tracking.flush
      assert.strictEqual(tracks().length, 1)
      assert.strictEqual(logs().length, 1)
      assert.strictEqual(logMessage()["version"], "1.2.3")
    }).pipe(Effect.provide(trackingLayer({ debug: true }))))

  it.effect("a failing /log is swallowed (logged locally), never looped", () =>
    Effect.gen(function*() {
      logged.length = 0
      server.use(
        http.get(`${trackOrigin}/track`, faults.serverError),
        http.get(`${trackOrigin}/log`, async ({ request }) => {
          await record(request)
          return faults.serverError()
        })
      )
      const tracking = yield* Tracking
      yield* tracking.track({ type: "page_visit" })
      yield* tracking.flush
      assert.strictEqual(logs().length, 1)
      assert.isTrue(logged.some((line) => line.includes("error log failed")))
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("a send that hangs times out after 2000 ms (contract), is logged, and is not retried", () =>
    Effect.gen(function*() {
      server.use(http.get(`${trackOrigin}/track`, async ({ request }) => {
        await record(request)
        return faults.hang()
      }))
      assert.strictEqual(trackingTimeoutMs, 2000)
      const tracking = yield* Tracking
      yield* tracking.track({ type: "page_visit" })
      yield* requestsReached(1)
      yield* TestClock.adjust(trackingTimeoutMs - 1)
      assert.strictEqual(logs().length, 0)
      yield* TestClock.adjust(1)
      yield* requestsReached(2)
      yield* tracking.flush
      assert.strictEqual(logs().length, 1)
      assert.match(logMessage()["message"]!, /time/i)
      yield* TestClock.adjust("10 minutes")
      yield* tracking.flush
      assert.strictEqual(tracks().length, 1)
      assert.strictEqual(logs().length, 1)
    }).pipe(Effect.provide(trackingLayer())))
})

describe("Tracking: never double-sends", () => {
  it.effect("the same event id tracked from 20 fibers at once is sent exactly once", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      const outcomes = yield* Effect.all(
        Array.from({ length: 20 }, () => tracking.track({ type: "purchase", eventId: "order-77" })),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(outcomes.filter((o) => o._tag === "Sending").length, 1)
      assert.strictEqual(outcomes.filter((o) => o._tag === "Duplicate").length, 19)
      yield* tracking.flush
      assert.strictEqual(tracks().length, 1)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("without an id, the same event on the same page is one event; other events are not held back", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      const same = yield* Effect.all(
        Array.from({ length: 5 }, () => tracking.track({ type: "page_visit", properties: { a: 1, b: 2 } })),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(same.filter((o) => o._tag === "Sending").length, 1)
      // Key order does not make another event; other properties do.
      assert.strictEqual((yield* tracking.track({ type: "page_visit", properties: { b: 2, a: 1 } }))._tag, "Duplicate")
      assert.strictEqual((yield* tracking.track({ type: "page_visit", properties: { a: 1, b: 3 } }))._tag, "Sending")
      yield* tracking.flush
      assert.strictEqual(tracks().length, 2)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("the same id is sent again only after the dedupe window (5000 ms, on the Clock)", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      assert.strictEqual((yield* tracking.track({ type: "page_visit", eventId: "p" }))._tag, "Sending")
      yield* TestClock.adjust(trackingDedupeWindowMs - 1)
      assert.strictEqual((yield* tracking.track({ type: "page_visit", eventId: "p" }))._tag, "Duplicate")
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* tracking.track({ type: "page_visit", eventId: "p" }))._tag, "Sending")
      yield* tracking.flush
      assert.strictEqual(tracks().length, 2)
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("a purchase reported twice concurrently sends each purchase item once (§3 items)", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      const item = {
        product_id: 1,
        variant_id: 11,
        title: "Kettle",
        brand: "Acme",
        quantity: 2,
        category_id: 5,
        category_name: "Kitchen",
        price: 10.5,
        category_1: "Home",
        category_2: "Kitchen"
      }
      const [first, second] = yield* Effect.all(
        [tracking.trackPurchase("P-1", [item, { ...item, variant_id: 12 }]), tracking.trackPurchase("P-1", [item, { ...item, variant_id: 12 }])],
        { concurrency: "unbounded" }
      )
      assert.strictEqual([...first!, ...second!].filter((o) => o._tag === "Sending").length, 2)
      yield* tracking.flush
      const events = tracks().map((request) => eventOf(request) as { event_type: string; properties: Record<string, unknown> })
      assert.deepStrictEqual(events.map((e) => [e.event_type, e.properties["variant_id"]]).sort(), [["purchase_item", 11], ["purchase_item", 12]])
      assert.strictEqual(events[0]!.properties["purchase_status"], "new")
      assert.strictEqual(events[0]!.properties["total_price"], 21)
      assert.strictEqual(events[0]!.properties["categories_path"], "Home > Kitchen")
    }).pipe(Effect.provide(trackingLayer())))

  it.effect("a cart update carries the §3 payload", () =>
    Effect.gen(function*() {
      const tracking = yield* Tracking
      yield* tracking.trackCartUpdate(
        "add",
        { product_id: 1, variant_id: 11, brand: "Acme", category: "Kitchen", quantity: 1 },
        [{ variant_id: 11, quantity: 2, price: 10 }, { variant_id: 12, quantity: 1, price: 5.5 }]
      )
      yield* tracking.flush
      const event = eventOf(tracks()[0]!) as { event_type: string; properties: Record<string, unknown> }
      assert.strictEqual(event.event_type, "cart_update")
      assert.strictEqual(event.properties["action"], "add")
      assert.strictEqual(event.properties["total_quantity"], 3)
      assert.strictEqual(event.properties["total_price"], 25.5)
      assert.deepStrictEqual(event.properties["variant_list"], ["11", "12"])
    }).pipe(Effect.provide(trackingLayer())))
})
