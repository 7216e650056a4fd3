/**
 * GET /api/tracking-events: the latest tracking events and error logs the storefront sent to the
 * tracking API, as JSON, so a person can see what was tracked. Read-only; a plain route outside the
 * contract (a demo aid: a real deployment would put it behind staff authentication).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { latestTracking } from "../domain/trackingSink.ts"

/** The path of the listing. */
export const trackingEventsPath = "/api/tracking-events"

/**
 * The listing route: `{ events, logs }`, each the latest 100, newest first, `cache-control:
 * no-store`. Needs the app's router and SQL.
 */
export const TrackingEventsRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const sql = yield* SqlClient.SqlClient
  yield* router.add(
    "GET",
    trackingEventsPath,
    Effect.orDie(Effect.provideService(latestTracking, SqlClient.SqlClient, sql)).pipe(
      Effect.flatMap((listing) => HttpServerResponse.json(listing, { headers: { "cache-control": "no-store" } })),
      Effect.orDie
    )
  )
}))
