/**
 * The tracking API (spec §7 "Tracking API: GET /track (query _event), POST /track (JSON body), GET
 * /log (query message)"; §4 GET normally, POST in debug mode; §8 errors logged), its own `HttpApi`
 * without session or CSRF: a sink storing what the storefront's tracking client sends. The
 * reference server mounts it under {@link trackingApiPrefix} with {@link trackingApiRoutes}.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { shopIdHeader } from "../../../core/api/headers.ts"
import { TrackingApi } from "../../../core/api/trackingApi.ts"
import { parseTrackingLog, shopOfHeader, storeTrackingEvent, storeTrackingLog } from "../domain/trackingSink.ts"
import { CallPolicyLive } from "../http/middleware.ts"
import { prefixedRouter } from "../http/prefixed.ts"

/** The path the reference server serves the tracking API under. */
export const trackingApiPrefix = "/tracking-api"

/**
 * The handlers of the `tracking` group, each answering 204: `trackGet` and `trackPost` store the
 * event (decoded by the contract: a type and a cookie id are required) with its transport and the
 * shop named by `x-shop-id`, if any; a `view_item` event with `properties.variant_id` also records
 * a recently viewed product. `log` stores the client's error report (§8).
 */
export const TrackingApiHandlers = HttpApiBuilder.group(
  TrackingApi,
  "tracking",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("trackGet", ({ query, request }) =>
        run(storeTrackingEvent(query._event, "GET", shopOfHeader(request.headers[shopIdHeader]))))
      .handle("trackPost", ({ payload, request }) =>
        run(storeTrackingEvent(payload, "POST", shopOfHeader(request.headers[shopIdHeader]))))
      .handle("log", ({ query, request }) =>
        run(storeTrackingLog(parseTrackingLog(query.message, request.headers["user-agent"]), shopOfHeader(request.headers[shopIdHeader]))))
  })
)

/**
 * The tracking API's routes under `prefix` (default {@link trackingApiPrefix}), with its OpenAPI
 * document at `{prefix}/openapi.json`; as the product API's routes.
 */
export const trackingApiRoutes = (prefix: string = trackingApiPrefix) =>
  HttpApiBuilder.layer(TrackingApi, { openapiPath: "/openapi.json" }).pipe(
    Layer.provide(TrackingApiHandlers),
    Layer.provide([CallPolicyLive, HttpApiMiddleware.layerProblemDetails({ includeDetails: true })]),
    Layer.provide(prefixedRouter(prefix))
  )
