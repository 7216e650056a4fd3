/**
 * GET /api/tracking-events: the latest tracking events and error logs the storefront sent to the
 * tracking API, as JSON, for the shop's operator only: the request must carry the configured
 * operator token (`OPERATOR_TOKEN`) as `Authorization: Bearer <token>`. Without a configured token
 * the route answers 404, with a missing or wrong one 401, so no shopper ever reads another's events.
 *
 * @module
 */
import { timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { latestTracking } from "../domain/trackingSink.ts"
import { SecuritySettings } from "./securitySettings.ts"

/** The path of the listing. */
export const trackingEventsPath = "/api/tracking-events"

/** Whether an `Authorization` header carries `token` as a bearer token (constant-time comparison). */
export const isOperator = (authorization: string | undefined, token: string): boolean => {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1]
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The listing route: `{ events, logs }`, each the latest 100, newest first, `cache-control:
 * no-store`, for the operator (see the module comment). Needs the app's router and SQL.
 */
export const TrackingEventsRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const sql = yield* SqlClient.SqlClient
  const settings = yield* SecuritySettings
  yield* router.add(
    "GET",
    trackingEventsPath,
    Effect.gen(function*() {
      const token = settings.operatorToken
      if (token === undefined) return HttpServerResponse.jsonUnsafe({ _tag: "NotFound", message: "Not found" }, { status: 404 })
      const request = yield* HttpServerRequest.HttpServerRequest
      if (!isOperator(request.headers["authorization"], token)) {
        return HttpServerResponse.jsonUnsafe(
          { _tag: "Unauthorized", message: "The operator token is missing or wrong." },
          { status: 401, headers: { "www-authenticate": "Bearer" } }
        )
      }
      const listing = yield* Effect.orDie(Effect.provideService(latestTracking, SqlClient.SqlClient, sql))
      return yield* Effect.orDie(HttpServerResponse.json(listing, { headers: { "cache-control": "no-store" } }))
    })
  )
}))
