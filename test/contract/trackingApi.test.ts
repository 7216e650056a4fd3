import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { TrackingEvent } from "../../core/api/entities/tracking.ts"
import { CallTimeout, Retry, trackingTimeoutMs } from "../../core/api/policy.ts"
import { CallPolicy, CsrfProtection, CurrentSession } from "../../core/api/security.ts"
import { TrackingApi, TrackingGroup } from "../../core/api/trackingApi.ts"
import {
  buildTrackingEvent,
  logUrl,
  trackingLogMessage,
  trackingRequest,
  trackingTimeoutMs as domainTrackingTimeoutMs
} from "../../core/domain/tracking.ts"
import {
  describeRequest,
  endpointOf,
  inProcess,
  PolicyClient,
  requestCodec,
  responseStatuses,
  retryOf,
  rowsOf,
  serverMiddleware,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

/** The contract (§7 Tracking API, relative to the configured API url). */
const expected: ReadonlyArray<Row> = [
  ["tracking.trackGet", "GET", "/track"],
  ["tracking.trackPost", "POST", "/track"],
  ["tracking.log", "GET", "/log"]
]

const group = TrackingApi.groups.tracking
const ep = (name: string) => endpointOf([group], name)

/** The domain builds the event; its properties may hold `undefined`, so the wire entity is its JSON form. */
const domainEvent = buildTrackingEvent({
  type: "checkout",
  cookieId: "0b5c6a4e-1c1d-4a8e-9f3a-2b7c0d1e2f30",
  customerId: 42,
  personalization: "accept",
  page: { location: "https://shop.test/cart?utm_source=news letter", path: "/cart", referrer: "", os: "Linux", device: "desktop", browser: "Firefox" },
  properties: { step_title: "shipping & payment", step_number: 3 },
  nowMs: 1_700_000_000_123
})
const event: TrackingEvent = Schema.decodeUnknownSync(TrackingEvent)(JSON.parse(JSON.stringify(domainEvent)))

describe("TrackingApi: shape", () => {
  it("is its own API with exactly the tracking group", () => {
    expect(Object.keys(TrackingApi.groups)).toEqual(["tracking"])
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(group))).toEqual(sort(expected))
    expect(sort(rowsOf(TrackingGroup))).toEqual(sort(expected))
  })

  it("every call times out after 2000 ms (§9) and is never retried, on the API, the group and each endpoint", () => {
    expect(trackingTimeoutMs).toBe(2000)
    expect(domainTrackingTimeoutMs).toBe(trackingTimeoutMs)
    expect(Context.get(TrackingApi.annotations, CallTimeout)).toBe(2000)
    expect(Context.get(TrackingApi.annotations, Retry)).toBe("never")
    expect(Context.get(TrackingGroup.annotations, CallTimeout)).toBe(2000)
    for (const [name] of expected) {
      expect(Context.get(ep(name).annotations, CallTimeout), name).toBe(2000)
      expect(Context.get(ep(name).annotations, Retry), name).toBe("never")
      expect(timeoutOf(group, ep(name)), name).toBe(2000)
      expect(retryOf(group, ep(name)), name).toBe("never")
    }
  })

  it("every call carries CallPolicy and ProblemDetails, and neither the session nor CSRF protection", () => {
    for (const [name] of expected) {
      const middlewares = [...ep(name).middlewares] as Array<unknown>
      expect(middlewares).toEqual(expect.arrayContaining([CallPolicy, HttpApiMiddleware.ProblemDetails]))
      expect(middlewares).not.toContain(CurrentSession)
      expect(middlewares).not.toContain(CsrfProtection)
    }
  })

  it("every endpoint has an OpenAPI description and answers 204", () => {
    const doc = OpenApi.fromApi(TrackingApi)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(responseStatuses(doc, path, method.toLowerCase() as "get")).toContain("204")
    }
  })
})

describe("TrackingApi: request Schemas", () => {
  describeRequest({
    name: "GET /track query (_event: the JSON-encoded event)",
    codec: requestCodec(ep("tracking.trackGet"), "query"),
    required: ["_event"],
    valid: [{ _event: JSON.stringify(event) }],
    invalid: [
      [{ _event: "{" }, "_event"],
      [{ _event: JSON.stringify({ ...event, event_type: "" }) }, "_event.event_type"],
      [{ _event: JSON.stringify({ ...event, customer_ids: {} }) }, "_event.customer_ids.cookie"],
      [{}, "_event"]
    ],
    runs: 30
  })

  describeRequest({
    name: "POST /track payload (the event)",
    codec: requestCodec(ep("tracking.trackPost"), "payload"),
    required: ["event_type", "customer_ids", "timestamp"],
    valid: [event],
    invalid: [
      [{ ...event, timestamp: "now" }, "timestamp"],
      [{ ...event, event_type: 1 }, "event_type"]
    ],
    runs: 30
  })

  describeRequest({
    name: "GET /log query",
    codec: requestCodec(ep("tracking.log"), "query"),
    required: ["message"],
    valid: [{ message: "boom" }, { message: "" }],
    invalid: [[{}, "message"]]
  })
})

const received: Array<unknown> = []
const record = (value: unknown) => Effect.sync(() => void received.push(value))
const Handlers = HttpApiBuilder.group(TrackingApi, "tracking", (h) =>
  h
    .handle("trackGet", ({ query }) => record(query._event))
    .handle("trackPost", ({ payload }) => record(payload))
    .handle("log", ({ query }) => record(query.message)))
const server = inProcess(HttpApiBuilder.layer(TrackingApi).pipe(Layer.provide(Handlers), Layer.provide(serverMiddleware)))

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "")

describe("TrackingApi: over the wire", () => {
  it.effect("the derived client sends the event in _event (GET) and as the body (POST); both decode to the event", () =>
    Effect.gen(function*() {
      received.length = 0
      const client = yield* HttpApiClient.make(TrackingApi, { baseUrl: "http://track.test" })
      yield* client.tracking.trackGet({ query: { _event: event } })
      yield* client.tracking.trackPost({ payload: event })
      yield* client.tracking.log({ query: { message: "x & y" } })
      expect(received).toEqual([event, event, "x & y"])
    }).pipe(Effect.provide([server.client, PolicyClient()])))

  it("the domain's request URLs (trackingRequest, logUrl) are what the server reads (§4, §7, §8)", async () => {
    received.length = 0
    const get = trackingRequest("http://track.test/", domainEvent, false)
    expect((await server.raw(pathOf(get.url))).status).toBe(204)
    const post = trackingRequest("http://track.test", domainEvent, true)
    if (post.method !== "POST") throw new Error("debug mode posts")
    const posted = await server.raw(pathOf(post.url), { method: "POST", body: post.body, headers: { "content-type": "application/json" } })
    expect(posted.status).toBe(204)
    const message = trackingLogMessage({ error: new Error("boom"), version: "1", userAgent: "UA", location: "https://shop.test/" })
    expect((await server.raw(pathOf(logUrl("http://track.test", message)))).status).toBe(204)
    expect(received).toEqual([event, event, message])
  })
})
