/**
 * The customer-behaviour tracking client (spec §3 Tracking event, Purchase tracking item, Cart update payload; §4 GET
 * in normal mode, POST in debug mode; §5 validity; §6 only with gdpr_personalization; §7 tracking API; §8 errors
 * logged to /log; §9 2000 ms timeout and the tracking cookie).
 *
 * `track` is an Effect the caller runs after its own state change is committed (never inside a
 * `SubscriptionRef.update`): it checks consent, resolves the cookie id, builds and validates the event, claims its
 * event key (so concurrent calls with the same event send it once) and forks the send, returning at once. A failed
 * send is logged to GET /log and never retried.
 *
 * @module
 */
import { Cause, Clock, Context, Effect, FiberSet, Layer, Random, Ref, Schema, Semaphore } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import { callTimeoutOf, mayRetry, retryModeOf, sendWithRetry } from "../api/client.ts"
import { TrackingEvent as TrackingEventWire } from "../api/entities/tracking.ts"
import { CallPolicy } from "../api/security.ts"
import { TrackingApi } from "../api/trackingApi.ts"
import { personalizationChoice, trackingAllowed, type Consents } from "../domain/consent.ts"
import {
  buildTrackingEvent,
  cartUpdatePayload,
  isPlainObject,
  purchaseTrackingItems,
  trackingCookieId,
  trackingCookieName,
  trackingEventTypes,
  trackingLogMessage,
  trackingTransport,
  uuidFromRandomBytes,
  validateTrackingEvent,
  type CartUpdateAction,
  type CartUpdateLine,
  type CartUpdateProduct,
  type JsonValue,
  type PurchaseItemSource,
  type TrackingMethod,
  type TrackingPage,
  type TrackingProblem
} from "../domain/tracking.ts"
import { Storage } from "./Storage.ts"

/** How long an event key stays claimed, in ms: the same event is not sent again within it (ours; not shown). */
export const trackingDedupeWindowMs = 5000

/** The page and browser an event happens in, read when the event is tracked. */
export interface TrackingEnvironment {
  /** The page (location, path, referrer, os, device, browser). */
  readonly page: TrackingPage
  /** The browser's user agent (for the §8 error log). */
  readonly userAgent: string
}

/** Who the shopper is, as far as the shop knows. */
export interface TrackingCustomer {
  /** The shop's customer id when logged in. */
  readonly customerId?: string | number | null | undefined
  /** The tracking service's id of the shopper, when known. */
  readonly exponeaId?: string | null | undefined
}

/** The tracking client's configuration. */
export interface TrackingOptionsShape {
  /** Base URL of the tracking API; without it nothing is sent (§5). */
  readonly apiUrl: string | null | undefined
  /** Debug mode: events are POSTed instead of sent by GET (§4). */
  readonly debug?: boolean | undefined
  /** Name of the tracking cookie (§9); default the domain's `defaultTrackingCookieName`. */
  readonly cookieName?: string | null | undefined
  /** The tracking client's version, reported with errors (§8). */
  readonly version: string
  /** The current consents (e.g. from the Consent service's state); tracking runs only with gdpr_personalization (§6). */
  readonly consents: Effect.Effect<Consents>
  /** The current page and user agent. */
  readonly environment: Effect.Effect<TrackingEnvironment>
  /** The current customer ids; a guest when absent. */
  readonly customer?: Effect.Effect<TrackingCustomer> | undefined
  /** How long an event key stays claimed, in ms (default {@link trackingDedupeWindowMs}). */
  readonly dedupeWindowMs?: number | undefined
}

/** The tracking client's configuration as a service. */
export class TrackingOptions extends Context.Service<TrackingOptions, TrackingOptionsShape>()("storefront/TrackingOptions") {
  /** The given options. */
  static readonly layer = (options: TrackingOptionsShape) => Layer.succeed(TrackingOptions, options)
}

/** Event-specific properties of an event to track. */
export type TrackProperties = { readonly [key: string]: JsonValue | undefined }

/** An event to track. */
export interface TrackInput {
  /** The event type, e.g. `page_visit` (see the domain's `trackingEventTypes`). */
  readonly type: string
  /** Event-specific properties; the page context, account type and personalisation are added. */
  readonly properties?: TrackProperties | undefined
  /**
   * The event's identity: calls with the same id within the dedupe window send it once. Default: the type, the page
   * location and the properties (so the same event tracked twice at once is sent once).
   */
  readonly eventId?: string | undefined
}

/** Why an event was not sent: a §5 problem, or an event that does not fit the wire format. */
export type InvalidReason = TrackingProblem | "not-encodable"

/** What `track` did with an event. */
export type TrackOutcome =
  | {
    /** The event is being sent (in the background). */
    readonly _tag: "Sending"
    /** The event as sent. */
    readonly event: TrackingEventWire
    /** GET (normal) or POST (debug). */
    readonly method: TrackingMethod
  }
  | {
    /** Nothing sent: no gdpr_personalization consent (§6). */
    readonly _tag: "NoConsent"
  }
  | {
    /** Nothing sent: the event is invalid (§5); it was logged. */
    readonly _tag: "Invalid"
    /** Why. */
    readonly problems: ReadonlyArray<InvalidReason>
  }
  | {
    /** Nothing sent: the same event was already sent within the dedupe window. */
    readonly _tag: "Duplicate"
    /** The event key. */
    readonly key: string
  }

/** The tracking client's actions. None fails: problems are outcomes, send errors are logged (§8). */
export interface TrackingShape {
  /** Tracks an event: see {@link TrackOutcome}. Run it after the state change it reports, never inside one. */
  readonly track: (input: TrackInput) => Effect.Effect<TrackOutcome>
  /** A checkout step (§5: needs `step_title` and `step_number`). */
  readonly trackCheckout: (stepTitle: string, stepNumber: number, properties?: TrackProperties) => Effect.Effect<TrackOutcome>
  /** A payment; its data must be a plain object (§5), else the event is invalid. */
  readonly trackPayment: (data: unknown) => Effect.Effect<TrackOutcome>
  /** One purchase item event per purchased line (§3 Purchase tracking item), each once per purchase and variant. */
  readonly trackPurchase: (
    purchaseId: string | number,
    items: ReadonlyArray<PurchaseItemSource>
  ) => Effect.Effect<ReadonlyArray<TrackOutcome>>
  /** A cart update (§3 Cart update payload), given the cart's lines after the change. */
  readonly trackCartUpdate: (
    action: CartUpdateAction,
    product: CartUpdateProduct,
    cartLines: ReadonlyArray<CartUpdateLine>
  ) => Effect.Effect<TrackOutcome>
  /** The tracking cookie's id, created (and stored) only with consent; undefined without consent. */
  readonly cookieId: Effect.Effect<string | undefined>
  /** Waits until every send (and its error log) in flight has finished. */
  readonly flush: Effect.Effect<void>
}

/**
 * The tracking API's own call policy: the contract's timeout (2000 ms) and retry mode ("never"), and none of the
 * shop's headers: the session's CSRF token and cart id do not go to a third-party origin.
 */
export const trackingCallPolicyLayer = HttpApiMiddleware.layerClient(CallPolicy, ({ endpoint, group, request, next }) => {
  const mode = retryModeOf(endpoint, group)
  return sendWithRetry(next(request), {
    timeoutMs: callTimeoutOf(endpoint, group),
    retry: mayRetry(mode, request.method)
  })
})

/** The derived tracking API client at `apiUrl` (needs an `HttpClient`; applies {@link trackingCallPolicyLayer}). */
export const makeTrackingClient = (apiUrl: string) =>
  HttpApiClient.make(TrackingApi, {
    transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(apiUrl.trim().replace(/\/+$/, "")))
  }).pipe(Effect.provide(trackingCallPolicyLayer))

const nonBlank = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== ""

/** JSON with object keys sorted, so equal events give equal keys. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    isPlainObject(entry) ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : entry)

const decodeWire = Schema.decodeUnknownEffect(TrackingEventWire)

const make = Effect.gen(function*() {
  const options = yield* TrackingOptions
  const storage = yield* Storage
  const apiUrl = nonBlank(options.apiUrl) ? options.apiUrl.trim() : undefined
  const client = apiUrl === undefined ? undefined : yield* makeTrackingClient(apiUrl)
  const method = trackingTransport(options.debug === true)
  const cookieName = trackingCookieName(options.cookieName)
  const windowMs = options.dedupeWindowMs ?? trackingDedupeWindowMs
  const customer = options.customer ?? Effect.succeed<TrackingCustomer>({})
  const sends = yield* FiberSet.make<void, never>()
  const claims = yield* Ref.make<ReadonlyMap<string, number>>(new Map())
  const cookieLock = yield* Semaphore.make(1)

  /** The stored cookie id if it is a UUID, else a fresh one from Effect's Random, stored (§9). */
  const resolveCookieId = Semaphore.withPermits(cookieLock, 1)(
    Effect.gen(function*() {
      const existing = yield* storage.get("cookies", cookieName)
      const bytes = yield* Effect.forEach(Array.from({ length: 16 }), () => Random.nextIntBetween(0, 255))
      const id = trackingCookieId(existing, uuidFromRandomBytes(bytes))
      if (id !== existing) yield* storage.set("cookies", cookieName, id)
      return id
    })
  )

  const allowed = Effect.map(options.consents, trackingAllowed)

  const cookieId: Effect.Effect<string | undefined> = Effect.flatMap(allowed, (ok) =>
    ok ? resolveCookieId : Effect.succeed(undefined))

  /** Claims an event key for the dedupe window; false when it is already claimed. */
  const claim = (key: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(claims, (held): readonly [boolean, ReadonlyMap<string, number>] => {
        const live = new Map([...held].filter(([, until]) => until > now))
        if (live.has(key)) return [false, live]
        live.set(key, now + windowMs)
        return [true, live]
      }))

  /** Logs a send failure to GET /log (§8); a failing log is only logged locally. */
  const logFailure = (error: unknown, environment: TrackingEnvironment) =>
    Effect.gen(function*() {
      const message = trackingLogMessage({
        error,
        version: options.version,
        userAgent: environment.userAgent,
        location: environment.page.location
      })
      yield* Effect.logWarning("tracking: send failed", message)
      if (client !== undefined) yield* client.tracking.log({ query: { message } })
    }).pipe(Effect.catchCause((cause) => Effect.logWarning("tracking: error log failed", Cause.pretty(cause))))

  const send = (event: TrackingEventWire, environment: TrackingEnvironment): Effect.Effect<void> => {
    if (client === undefined) return Effect.void
    const call = method === "POST"
      ? client.tracking.trackPost({ payload: event })
      : client.tracking.trackGet({ query: { _event: event } })
    return call.pipe(
      Effect.asVoid,
      Effect.catchCause((cause) => Cause.hasInterruptsOnly(cause) ? Effect.void : logFailure(Cause.squash(cause), environment))
    )
  }

  const invalid = (type: string, problems: ReadonlyArray<InvalidReason>) =>
    Effect.as(Effect.logWarning("tracking: invalid event dropped", { type, problems }), {
      _tag: "Invalid",
      problems
    } satisfies TrackOutcome)

  /** Tracks an event whose properties come from outside (validated as §5 says). */
  const trackUnknown = (type: string, properties: unknown, eventId: string | undefined): Effect.Effect<TrackOutcome> =>
    Effect.gen(function*() {
      const consents = yield* options.consents
      if (!trackingAllowed(consents)) return { _tag: "NoConsent" } as const
      const cookie = yield* resolveCookieId
      const problems = validateTrackingEvent({ event_type: type, customer_ids: { cookie }, properties }, { apiUrl })
      if (problems.length > 0) return yield* invalid(type, problems)
      const environment = yield* options.environment
      const who = yield* customer
      const built = buildTrackingEvent({
        type,
        cookieId: cookie,
        customerId: who.customerId,
        exponeaId: who.exponeaId,
        personalization: personalizationChoice(consents),
        page: environment.page,
        properties: isPlainObject(properties) ? (properties as TrackProperties) : undefined,
        nowMs: yield* Clock.currentTimeMillis
      })
      const wire = yield* Effect.try(() => JSON.parse(JSON.stringify(built)) as unknown).pipe(
        Effect.flatMap((json) => decodeWire(json)),
        Effect.option
      )
      if (wire._tag === "None") return yield* invalid(type, ["not-encodable"])
      const key = eventId ?? `${type}|${environment.page.location}|${canonicalJson(properties ?? {})}`
      if (!(yield* claim(key))) return { _tag: "Duplicate", key } as const
      yield* FiberSet.run(sends, send(wire.value, environment))
      return { _tag: "Sending", event: wire.value, method } as const
    })

  const track = (input: TrackInput) => trackUnknown(input.type, input.properties, input.eventId)

  return Tracking.of({
    track,
    trackCheckout: (stepTitle, stepNumber, properties) =>
      track({
        type: trackingEventTypes.checkout,
        properties: { ...properties, step_title: stepTitle, step_number: stepNumber }
      }),
    trackPayment: (data) => trackUnknown(trackingEventTypes.payment, data, undefined),
    trackPurchase: (purchaseId, items) =>
      Effect.forEach(purchaseTrackingItems(purchaseId, items), (item) =>
        track({
          type: trackingEventTypes.purchaseItem,
          properties: item,
          eventId: `${trackingEventTypes.purchaseItem}|${item.purchase_id}|${item.variant_id}`
        })),
    trackCartUpdate: (action, product, cartLines) =>
      track({ type: trackingEventTypes.cartUpdate, properties: cartUpdatePayload(action, product, cartLines) }),
    cookieId,
    flush: FiberSet.awaitEmpty(sends)
  })
})

/** The tracking service (needs {@link TrackingOptions}, {@link Storage} and an `HttpClient`). */
export class Tracking extends Context.Service<Tracking, TrackingShape>()("storefront/Tracking") {
  /** The tracking client over the tracking API at the configured base URL. */
  static readonly layer = Layer.effect(Tracking, make)
}
