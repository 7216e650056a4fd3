/**
 * The tracking sink (spec §3 "Tracking event", §4 GET normally and POST in debug mode, §7 tracking
 * API GET/POST /track and GET /log, §8 tracking errors logged with stack, version, user agent and
 * location): stores what the storefront's tracking client sends, and lists it back for people.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { TrackingEvent } from "../../../core/api/entities/tracking.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"
import { isUuid, validateTrackingEvent } from "../../../core/domain/tracking.ts"
import { recordView, viewedVariantOf } from "./recentlyViewed.ts"

/** How a tracking event arrived (§4). */
export type TrackingTransport = "GET" | "POST"

/** The longest log field kept, in characters; longer texts are cut. */
export const logFieldMaxLength = 8000

/** How many events and logs the listing answers. */
export const trackingListLimit = 100

/** The largest tracking event stored, as JSON, in bytes (8 KiB); larger ones are dropped. */
export const trackingEventMaxBytes = 8 * 1024

/** How far an event's timestamp may lie in the future (a client clock running ahead), in seconds (one day). */
export const trackingClockSkewSeconds = 24 * 3600

/** The earliest timestamp an event may carry (2000-01-01, in seconds). */
export const trackingEarliestTimestamp = 946_684_800

/**
 * Why a decoded event is dropped rather than stored, or undefined when it is kept: the core's own rule
 * (`validateTrackingEvent`: a type, a cookie id, checkout step and payment data), a size over
 * {@link trackingEventMaxBytes}, or a timestamp before 2000 or more than a day ahead of `nowSeconds`.
 */
export const trackingEventDropReason = (event: TrackingEvent, nowSeconds: number): string | undefined => {
  const problems = validateTrackingEvent(event, { apiUrl: "server" })
  if (problems.length > 0) return problems.join(", ")
  if (Buffer.byteLength(JSON.stringify(event)) > trackingEventMaxBytes) return "too-large"
  if (event.timestamp < trackingEarliestTimestamp || event.timestamp > nowSeconds + trackingClockSkewSeconds) return "timestamp-out-of-range"
  return undefined
}

/** The shop a tracking call names in its `x-shop-id` header, if it is a known shop. */
export const shopOfHeader = (value: string | undefined): ShopId | undefined =>
  value !== undefined && isShopId(value) ? value : undefined

const int4 = (value: number): number | null =>
  Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 ? value : null

/** The shop customer id an event names (`customer_ids.customer_id` as digits), else null. */
export const customerIdOf = (event: TrackingEvent): number | null => {
  const raw = event.customer_ids.customer_id
  return raw !== undefined && /^\d{1,10}$/.test(raw) ? int4(Number(raw)) : null
}

/**
 * Stores a tracking event (source `track`) unless it is dropped ({@link trackingEventDropReason}), with its transport, shop (when the call named one),
 * cookie id, customer id, customer ids as sent, properties and timestamp; a product view event also
 * records the variant as recently viewed by the cookie's visitor (one transaction).
 */
export const storeTrackingEvent = (
  event: TrackingEvent,
  transport: TrackingTransport,
  shopId: ShopId | undefined
): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (trackingEventDropReason(event, Date.now() / 1000) !== undefined) return
    const sql = yield* SqlClient.SqlClient
    const variantId = viewedVariantOf(event.event_type, event.properties)
    const cookie = event.customer_ids.cookie
    yield* sql.withTransaction(
      Effect.gen(function*() {
        yield* sql`
          INSERT INTO tracking_events
            (shop_id, source, event_type, cookie_id, customer_id, properties, event_ts, event_time, transport, customer_ids)
          VALUES (${shopId ?? null}, 'track', ${event.event_type}, ${cookie}, ${customerIdOf(event)},
                  ${JSON.stringify(event.properties ?? {})}::jsonb, ${int4(Math.floor(event.timestamp))},
                  ${event.timestamp}, ${transport}, ${JSON.stringify(event.customer_ids)}::jsonb)`
        if (variantId !== undefined && isUuid(cookie)) yield* recordView(cookie.toLowerCase(), variantId)
      })
    )
  })

/** A tracking error log as the client writes it (§8, the core's `trackingLogMessage`). */
export interface TrackingLogFields {
  /** The error's message (the whole text when it was not the client's JSON). */
  readonly message: string
  /** The stack trace. */
  readonly stack: string | null
  /** The tracking client's version. */
  readonly version: string | null
  /** The browser's user agent. */
  readonly userAgent: string | null
  /** The page's URL. */
  readonly location: string | null
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value.slice(0, logFieldMaxLength) : null

/**
 * The fields of a log message: the client's JSON (message, stack, version, userAgent, location)
 * when it is one, else the whole message as the message; the request's user agent when the message
 * names none.
 */
export const parseTrackingLog = (message: string, requestUserAgent: string | undefined): TrackingLogFields => {
  let parsed: unknown
  try {
    parsed = JSON.parse(message)
  } catch {
    parsed = undefined
  }
  const fields = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined
  return {
    message: (fields === undefined ? message : text(fields["message"]) ?? message).slice(0, logFieldMaxLength),
    stack: fields === undefined ? null : text(fields["stack"]),
    version: fields === undefined ? null : text(fields["version"]),
    userAgent: (fields === undefined ? null : text(fields["userAgent"])) ?? text(requestUserAgent),
    location: fields === undefined ? null : text(fields["location"])
  }
}

/** Stores a tracking error log (§8). */
export const storeTrackingLog = (
  fields: TrackingLogFields,
  shopId: ShopId | undefined
): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      INSERT INTO tracking_logs (shop_id, message, stack, version, user_agent, location)
      VALUES (${shopId ?? null}, ${fields.message}, ${fields.stack}, ${fields.version}, ${fields.userAgent}, ${fields.location})`
  })

/** One stored tracking event, as the listing shows it. */
export interface ListedTrackingEvent {
  /** The event id. */
  readonly id: number
  /** When the server received it (ISO 8601). */
  readonly receivedAt: string
  /** The shop the call named, if any. */
  readonly shopId: string | null
  /** Where it came from (`track` for the tracking API). */
  readonly source: string
  /** GET or POST (§4). */
  readonly transport: string | null
  /** The event type. */
  readonly eventType: string
  /** The tracking cookie id. */
  readonly cookieId: string | null
  /** The shop customer id, when numeric. */
  readonly customerId: number | null
  /** The customer ids as sent. */
  readonly customerIds: unknown
  /** The properties as sent. */
  readonly properties: unknown
  /** The event time in seconds, as sent. */
  readonly timestamp: number | null
}

/** One stored tracking error log, as the listing shows it. */
export interface ListedTrackingLog {
  /** The log id. */
  readonly id: number
  /** When the server received it (ISO 8601). */
  readonly receivedAt: string
  /** The shop the call named, if any. */
  readonly shopId: string | null
  /** The error message. */
  readonly message: string
  /** The stack trace. */
  readonly stack: string | null
  /** The tracking client version. */
  readonly version: string | null
  /** The browser user agent. */
  readonly userAgent: string | null
  /** The page URL. */
  readonly location: string | null
}

/** The latest {@link trackingListLimit} tracking events and error logs, newest first. */
export const latestTracking: Effect.Effect<
  { readonly events: ReadonlyArray<ListedTrackingEvent>; readonly logs: ReadonlyArray<ListedTrackingLog> },
  SqlError,
  SqlClient.SqlClient
> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const events = yield* sql<{
    event_id: number; received_at: Date; shop_id: string | null; source: string; transport: string | null; event_type: string
    cookie_id: string | null; customer_id: number | null; customer_ids: unknown; properties: unknown; event_time: number | null; event_ts: number | null
  }>`
    SELECT event_id, received_at, shop_id, source, transport, event_type, cookie_id, customer_id, customer_ids,
           properties, event_time, event_ts
    FROM tracking_events ORDER BY received_at DESC, event_id DESC LIMIT ${trackingListLimit}`
  const logs = yield* sql<{
    log_id: number; received_at: Date; shop_id: string | null; message: string; stack: string | null
    version: string | null; user_agent: string | null; location: string | null
  }>`
    SELECT log_id, received_at, shop_id, message, stack, version, user_agent, location
    FROM tracking_logs ORDER BY received_at DESC, log_id DESC LIMIT ${trackingListLimit}`
  return {
    events: events.map((row) => ({
      id: row.event_id,
      receivedAt: new Date(row.received_at).toISOString(),
      shopId: row.shop_id,
      source: row.source,
      transport: row.transport,
      eventType: row.event_type,
      cookieId: row.cookie_id,
      customerId: row.customer_id,
      customerIds: row.customer_ids,
      properties: row.properties,
      timestamp: row.event_time ?? row.event_ts
    })),
    logs: logs.map((row) => ({
      id: row.log_id,
      receivedAt: new Date(row.received_at).toISOString(),
      shopId: row.shop_id,
      message: row.message,
      stack: row.stack,
      version: row.version,
      userAgent: row.user_agent,
      location: row.location
    }))
  }
})
