/**
 * The live-data notification port (spec §7: "a live-data notification is sent after cart changes",
 * format not shown). The reference backend sends it as server-sent events at GET /api/live, one
 * `data: {"type":"cart_changed","cartId":N}` event per change of the session's cart (from any tab or
 * server instance). The Cart service refreshes when its own cart changed.
 *
 * Two layers: {@link LiveData.layerMemory} (an in-memory hub, with {@link LiveDataPublisher} to send
 * notifications: tests, Node scripts) and {@link LiveData.layerSse} (an SSE reader over any
 * `HttpClient`; {@link LiveData.layerFetch} uses fetch, so it runs in browsers and in Node).
 *
 * @module
 */
import { Context, Data, Duration, Effect, Layer, PubSub, Ref, Schema, Stream } from "effect"
import { Sse } from "effect/encoding"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"

/** The path of the live-data stream of the reference backend. */
export const livePath = "/api/live"

/** The `type` of the notification sent after a cart change. */
export const cartChangedType = "cart_changed"

/** How long the SSE reader waits before reconnecting when the server sends no `retry:` (ms; as EventSource). */
export const defaultReconnectDelayMs = 3000

/** A cart changed on the server (§7): the id of the cart. */
export interface CartChanged {
  /** The id of the changed cart. */
  readonly cartId: number
}

/** The live-data port. */
export interface LiveDataShape {
  /**
   * The cart changes notified from now on, for as long as the stream is consumed. It never fails:
   * a lost connection is reopened.
   */
  readonly cartChanged: Stream.Stream<CartChanged>
}

/** Sends notifications into the in-memory layer (what the server does for the SSE layer). */
export interface LiveDataPublisherShape {
  /** Notifies every current subscriber that the cart `cartId` changed. */
  readonly cartChanged: (cartId: number) => Effect.Effect<void>
}

/** The sending side of {@link LiveData.layerMemory}. */
export class LiveDataPublisher extends Context.Service<LiveDataPublisher, LiveDataPublisherShape>()(
  "storefront/LiveDataPublisher"
) {}

const LiveMessageFields = {
  type: Schema.String,
  cartId: Schema.optionalKey(Schema.Number)
}

/** The schema type of {@link LiveMessage}, named so that declarations refer to it instead of spelling it out. */
export interface LiveMessageStruct extends Schema.Struct<typeof LiveMessageFields> {}

/** One notification as the server writes it in an event's `data` (the type is kept open: others are skipped). */
export const LiveMessage: LiveMessageStruct = Schema.Struct(LiveMessageFields)

/** Decoded type of {@link LiveMessage}. */
export type LiveMessage = typeof LiveMessage.Type

const decodeMessage = Schema.decodeUnknownOption(Schema.fromJsonString(LiveMessage))

/**
 * The cart change carried by the `data` of one server-sent event, if it is one; malformed data and
 * other notification types give undefined (skipped, not fatal).
 */
export const cartChangedOf = (data: string): CartChanged | undefined => {
  const message = decodeMessage(data)
  if (message._tag === "None") return undefined
  const { type, cartId } = message.value
  return type === cartChangedType && cartId !== undefined && Number.isInteger(cartId) ? { cartId } : undefined
}

/** The live stream answered something else than 200 (the reader waits and reconnects). */
class LiveStreamRefused extends Data.TaggedError("LiveStreamRefused")<{ readonly status: number }> {}

/**
 * The cart changes read from one connection to the SSE endpoint at `url`; ends when the server closes
 * the stream. A `retry:` line of the server sets `reconnectDelay`.
 */
const readOnce = (client: HttpClient.HttpClient, url: string, reconnectDelay: Ref.Ref<Duration.Duration>) =>
  Stream.unwrap(
    Effect.gen(function*() {
      const response = yield* client.execute(
        HttpClientRequest.get(url, { headers: { accept: "text/event-stream", "cache-control": "no-store" } })
      )
      if (response.status !== 200) return yield* new LiveStreamRefused({ status: response.status })
      const found: Array<CartChanged> = []
      let delay: Duration.Duration | undefined
      const parser = Sse.makeParser((event) => {
        if (event._tag === "Retry") {
          delay = event.duration
          return
        }
        const change = cartChangedOf(event.data)
        if (change !== undefined) found.push(change)
      })
      return response.stream.pipe(
        Stream.decodeText(),
        Stream.mapEffect((chunk) =>
          Effect.gen(function*() {
            const error = parser.feed(chunk)
            if (error !== undefined) return yield* Effect.fail(error)
            if (delay !== undefined) {
              yield* Ref.set(reconnectDelay, delay)
              delay = undefined
            }
            return found.splice(0)
          })
        ),
        Stream.flattenIterable
      )
    })
  )

/**
 * The cart changes read from the SSE endpoint at `url` for as long as the stream is consumed: after
 * an error or the end of a connection it waits (the server's `retry:`, else
 * {@link defaultReconnectDelayMs}, on the Effect Clock) and reconnects.
 */
export const sseCartChanges = (
  client: HttpClient.HttpClient,
  url: string,
  options?: { readonly reconnectDelayMs?: number }
): Stream.Stream<CartChanged> =>
  Stream.unwrap(
    Effect.gen(function*() {
      const reconnectDelay = yield* Ref.make(Duration.millis(options?.reconnectDelayMs ?? defaultReconnectDelayMs))
      const wait = Stream.fromEffect(Effect.flatMap(Ref.get(reconnectDelay), Effect.sleep)).pipe(Stream.drain)
      return readOnce(client, url, reconnectDelay).pipe(
        Stream.catchCause((cause) => Stream.fromEffect(Effect.logDebug("live data: connection lost", cause)).pipe(Stream.drain)),
        Stream.concat(wait),
        Stream.forever
      )
    })
  )

/** The live-data notifications (§7). */
export class LiveData extends Context.Service<LiveData, LiveDataShape>()("storefront/LiveData") {
  /**
   * An in-memory hub: {@link LiveDataPublisher} sends, {@link LiveData} receives. For tests, Node
   * scripts, and UIs without a live server.
   */
  static readonly layerMemory: Layer.Layer<LiveData | LiveDataPublisher> = Layer.effectContext(
    Effect.gen(function*() {
      const hub = yield* PubSub.unbounded<CartChanged>()
      return Context.make(LiveData, LiveData.of({ cartChanged: Stream.fromPubSub(hub) })).pipe(
        Context.add(
          LiveDataPublisher,
          LiveDataPublisher.of({ cartChanged: (cartId) => Effect.asVoid(PubSub.publish(hub, { cartId })) })
        )
      )
    })
  )

  /**
   * Reads the server-sent events at `url` (e.g. `https://shop.example/api/live`) over the context's
   * `HttpClient` (it must send the session cookie: a browser's fetch with credentials, or a cookie
   * jar). One connection is shared by every consumer; it opens with the first and closes after the
   * last one, and reconnects after errors.
   */
  static readonly layerSse = (url: string, options?: { readonly reconnectDelayMs?: number }) =>
    Layer.effect(
      LiveData,
      Effect.gen(function*() {
        const client = yield* HttpClient.HttpClient
        const shared = yield* Stream.share(sseCartChanges(client, url, options), { capacity: "unbounded" })
        return LiveData.of({ cartChanged: shared })
      })
    )

  /** {@link LiveData.layerSse} over fetch (browsers and Node). */
  static readonly layerFetch = (url: string, options?: { readonly reconnectDelayMs?: number }) =>
    LiveData.layerSse(url, options).pipe(Layer.provide(FetchHttpClient.layer))
}
