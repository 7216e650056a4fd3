/**
 * The tracking API sink (spec §7 Tracking API: GET /track with `_event`, POST /track, GET /log; §4 GET
 * normally, POST in debug mode; §8 errors logged) and the GET /api/tracking-events listing, through
 * the derived TrackingApi client against the in-process server (mounted under /tracking-api).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { TrackingEvent } from "../../core/api/entities/tracking.ts"
import { buildTrackingEvent, trackingLogMessage } from "../../core/domain/tracking.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { countRows, makeTrackingClient, sideApisBackend, testOperatorToken } from "../support/sideApis.ts"

const backend = sideApisBackend()
afterAll(() => backend.dispose())

const cookie = "0b5c6a4e-1c1d-4a8e-9f3a-2b7c0d1e2f30"
const event = (type: string, properties: Record<string, string | number> = {}): TrackingEvent =>
  JSON.parse(JSON.stringify(buildTrackingEvent({
    type,
    cookieId: cookie,
    customerId: 42,
    personalization: "accept",
    page: { location: "https://shop.test/cart?utm_source=mail", path: "/cart", referrer: "", os: "Linux", device: "desktop", browser: "Firefox" },
    properties,
    nowMs: 1_700_000_000_123
  }))) as TrackingEvent

interface Listing {
  readonly events: ReadonlyArray<{ eventType: string; transport: string; cookieId: string; customerId: number | null; properties: Record<string, unknown>; timestamp: number; shopId: string | null }>
  readonly logs: ReadonlyArray<{ message: string; stack: string | null; version: string | null; userAgent: string | null; location: string | null }>
}

const listing = Effect.promise(async () => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/tracking-events`, { headers: { authorization: `Bearer ${testOperatorToken}` } }))
  return { status: response.status, body: (await response.json()) as Listing }
})

describe("tracking API (server)", () => {
  it.effect("GET /track and POST /track store the event with its transport; the listing shows it, newest first", () =>
    Effect.gen(function*() {
      const client = yield* makeTrackingClient()
      yield* client.tracking.trackGet({ query: { _event: event("checkout", { step_title: "shipping", step_number: 3 }) } })
      yield* client.tracking.trackPost({ payload: event("page_visit") })
      const { status, body } = yield* listing
      assert.strictEqual(status, 200)
      const [latest, previous] = body.events
      assert.strictEqual(latest?.eventType, "page_visit")
      assert.strictEqual(latest?.transport, "POST")
      assert.strictEqual(previous?.eventType, "checkout")
      assert.strictEqual(previous?.transport, "GET")
      assert.strictEqual(previous?.cookieId, cookie)
      assert.strictEqual(previous?.customerId, 42)
      assert.strictEqual(previous?.shopId, "CZ10MA")
      assert.strictEqual(previous?.timestamp, 1_700_000_000.123)
      assert.strictEqual(previous?.properties["step_number"], 3)
      assert.strictEqual(previous?.properties["utm_source"], "mail")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("GET /log stores the client's error report (§8)", () =>
    Effect.gen(function*() {
      const client = yield* makeTrackingClient()
      const message = trackingLogMessage({
        error: new Error("boom"),
        version: "1.2.3",
        userAgent: "Mozilla/5.0 test",
        location: "https://shop.test/"
      })
      yield* client.tracking.log({ query: { message } })
      yield* client.tracking.log({ query: { message: "plain text" } })
      const { body } = yield* listing
      assert.strictEqual(body.logs[0]?.message, "plain text")
      const report = body.logs[1]
      assert.strictEqual(report?.message, "boom")
      assert.match(report?.stack ?? "", /boom/)
      assert.strictEqual(report?.version, "1.2.3")
      assert.strictEqual(report?.userAgent, "Mozilla/5.0 test")
      assert.strictEqual(report?.location, "https://shop.test/")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("an event without a type or cookie is refused (400, naming the field) and nothing is stored", () =>
    Effect.gen(function*() {
      const before = yield* countRows(backend.probe, "tracking_events")
      const bad = { ...event("page_visit"), event_type: "" }
      const response = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/tracking-api/track?_event=${encodeURIComponent(JSON.stringify(bad))}`)))
      assert.strictEqual(response.status, 400)
      assert.include(yield* Effect.promise(() => response.text()), "event_type")
      const noCookie = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/tracking-api/track`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ event_type: "page_visit", customer_ids: {}, timestamp: 1 })
        })))
      assert.strictEqual(noCookie.status, 400)
      assert.include(yield* Effect.promise(() => noCookie.text()), "cookie")
      assert.strictEqual(yield* countRows(backend.probe, "tracking_events"), before)
    }))

  it.effect("serves the OpenAPI document under the mount point", () =>
    Effect.gen(function*() {
      const response = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/tracking-api/openapi.json`)))
      assert.strictEqual(response.status, 200)
      const doc = (yield* Effect.promise(() => response.json())) as { paths: Record<string, unknown> }
      assert.includeMembers(Object.keys(doc.paths), ["/track", "/log"])
    }))
})
