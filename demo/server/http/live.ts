/**
 * The live-data notification after cart changes (§7, format "not shown"): server-sent events at
 * GET /api/live. Each cart change is a PostgreSQL NOTIFY on `cart_changed` (so it crosses server
 * instances); one LISTEN per process fans out to every open stream, and each stream forwards the
 * changes of its own session's cart as `data: {"type":"cart_changed","cartId":N}` events.
 *
 * @module
 */
import { Context, Effect, Layer, PubSub, Schedule, Stream } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { cartChangedChannel, Database } from "../db/Database.ts"
import { resolveSession } from "./middleware.ts"

/** The path of the live-data stream. */
export const livePath = "/api/live"

/** How often an idle stream sends a comment so proxies keep it open, ms. */
export const heartbeatMs = 25_000

/**
 * When every open live-data stream ends: never by default. A server that is told to stop ends them at once (main.ts,
 * `stopSignal`), so its drain of requests in flight does not wait for streams that never finish by themselves; each
 * shopper's browser reconnects to the server that answers next.
 */
export const LiveStreamsEnd = Context.Reference<Effect.Effect<void>>("demo/server/http/live/LiveStreamsEnd", {
  defaultValue: () => Effect.never
})

/** The cart ids changed anywhere, from one LISTEN per process. */
export class LiveHub extends Context.Service<LiveHub, PubSub.PubSub<number>>()("demo/server/LiveHub") {
  /** Listens on `cart_changed` for the life of the layer and publishes each cart id. */
  static readonly layer = Layer.effect(
    LiveHub,
    Effect.gen(function*() {
      const database = yield* Database
      const hub = yield* PubSub.unbounded<number>()
      const changes = yield* database.subscribe(cartChangedChannel)
      yield* changes.pipe(
        Stream.map((payload) => {
          try {
            const parsed = JSON.parse(payload) as { cartId?: unknown }
            return typeof parsed.cartId === "number" ? parsed.cartId : undefined
          } catch {
            return undefined
          }
        }),
        Stream.filter((cartId): cartId is number => cartId !== undefined),
        Stream.runForEach((cartId) => PubSub.publish(hub, cartId)),
        Effect.forkScoped
      )
      return hub
    })
  )
}

const encoder = new TextEncoder()

/** The SSE frame of one cart change. */
export const cartChangedFrame = (cartId: number): string => `data: ${JSON.stringify({ type: "cart_changed", cartId })}\n\n`

/** GET /api/live: the session's cart changes as server-sent events. */
export const LiveRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const hub = yield* LiveHub
  const sql = yield* SqlClient.SqlClient
  const streamsEnd = yield* LiveStreamsEnd
  yield* router.add(
    "GET",
    livePath,
    Effect.gen(function*() {
      const session = yield* Effect.orDie(Effect.provideService(resolveSession({ store: false }), SqlClient.SqlClient, sql))
      const heartbeat = Stream.fromSchedule(Schedule.spaced(heartbeatMs)).pipe(Stream.map(() => ": keep-alive\n\n"))
      // The subscription is taken before the first frame is written and lives as long as the body: a change
      // made once the shopper has seen the stream open is never missed.
      const body = Stream.unwrap(Effect.map(PubSub.subscribe(hub), (subscription) => {
        const changes = Stream.fromSubscription(subscription).pipe(
          Stream.filter((cartId) => cartId === session.cartId),
          Stream.map(cartChangedFrame)
        )
        return Stream.concat(Stream.make(": connected\n\n"), Stream.merge(changes, heartbeat))
      })).pipe(Stream.interruptWhen(streamsEnd), Stream.map((frame) => encoder.encode(frame)))
      return HttpServerResponse.stream(body, {
        contentType: "text/event-stream",
        headers: { "cache-control": "no-store", connection: "keep-alive" }
      })
    })
  )
}))

/** What the live routes need: the hub (one LISTEN per process) and SQL for the session. */
export type LiveRequirements = LiveHub | SqlClient.SqlClient
