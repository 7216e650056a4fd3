/**
 * Recently viewed products (spec §7 "Recently-viewed API: retrieve, find-products"; §9 "Recently
 * viewed default 10 items", "Tracking cookie ... holds a generated UUID").
 *
 * The API runs without a session: a visitor is known by the tracking cookie (§9: the configured
 * name, default `__exponea_etc__`, holding a UUID), which the storefront sets on the shop's origin
 * and which therefore reaches the API served on that origin. A view is recorded when the tracking
 * API receives a {@link viewItemEventType} event carrying `properties.variant_id` for that cookie,
 * or by a server page calling {@link recordView}. Each visitor keeps the latest
 * {@link recentlyViewedKeep} variants.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { isUuid, trackingCookieName } from "../../../core/domain/tracking.ts"

/** The tracking event type that records a product view (ours, the Exponea convention). */
export const viewItemEventType = "view_item"

/** How many viewed variants a visitor keeps. */
export const recentlyViewedKeep = 50

/** The cookie the visitor is known by: the tracking cookie with its default name (§9). */
export const visitorCookieName: string = trackingCookieName(undefined)

/** The visitor id in a request's cookies: the tracking cookie's value when it is a UUID, else undefined. */
export const visitorIdOf = (cookies: Readonly<Record<string, string>>): string | undefined => {
  const value = cookies[visitorCookieName]
  return value !== undefined && isUuid(value) ? value.toLowerCase() : undefined
}

/**
 * The variant id a view event names (`properties.variant_id`, a positive whole number or its
 * digits), or undefined when the event is not a {@link viewItemEventType} event or names none.
 */
export const viewedVariantOf = (eventType: string, properties: Readonly<Record<string, unknown>> | undefined): number | undefined => {
  if (eventType !== viewItemEventType || properties === undefined) return undefined
  const raw = properties["variant_id"]
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : undefined
}

/**
 * Records that a visitor viewed a variant now (moving it to the front when viewed before) and keeps
 * only the visitor's latest {@link recentlyViewedKeep}; an unknown variant is ignored.
 */
export const recordView = (visitorId: string, variantId: number): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql.withTransaction(
      Effect.gen(function*() {
        yield* sql`
          INSERT INTO recently_viewed (visitor_id, variant_id, viewed_at)
          SELECT ${visitorId}, variant_id, clock_timestamp() FROM variants WHERE variant_id = ${variantId}
          ON CONFLICT (visitor_id, variant_id) DO UPDATE SET viewed_at = EXCLUDED.viewed_at`
        yield* sql`
          DELETE FROM recently_viewed WHERE visitor_id = ${visitorId} AND variant_id NOT IN (
            SELECT variant_id FROM recently_viewed WHERE visitor_id = ${visitorId}
            ORDER BY viewed_at DESC, variant_id DESC LIMIT ${recentlyViewedKeep})`
      })
    )
  })

/** The variant ids a visitor viewed, newest first, at most `max`. */
export const viewedIds = (visitorId: string, max: number): Effect.Effect<ReadonlyArray<number>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ variant_id: number }>`
      SELECT variant_id FROM recently_viewed WHERE visitor_id = ${visitorId}
      ORDER BY viewed_at DESC, variant_id DESC LIMIT ${max}`
    return rows.map((row) => row.variant_id)
  })
