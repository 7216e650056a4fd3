/**
 * The customer-behaviour tracking API (spec §7 "Tracking API": GET /track with `_event`, POST /track with a JSON body,
 * GET /log with `message`; §4 GET in normal mode, POST in debug mode; §8 errors logged to /log; §9 2000 ms). It is
 * served on its own configured base URL (§5 "a configured API url"), so it is its own `HttpApi` ({@link TrackingApi}):
 * no session, no CSRF token.
 *
 * Tracking is fire-and-forget: every call times out after `trackingTimeoutMs` (2000 ms) and is never retried
 * (`Retry` "never"); the server answers 204.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSchema, OpenApi } from "effect/http-api"
import { logMessageParameter, logPath, trackEventParameter, trackPath } from "../domain/tracking.ts"
import { TrackingEvent } from "./entities/tracking.ts"
import { CallTimeout, Retry, trackingTimeoutMs } from "./policy.ts"
import { CallPolicy } from "./security.ts"
import { SafeString } from "./entities/text.ts"

const TrackQueryFields = {
  [trackEventParameter]: Schema.fromJsonString(TrackingEvent)
}

/** The schema type of {@link TrackQuery}, named so that declarations refer to it instead of spelling it out. */
export interface TrackQueryStruct extends Schema.Struct<typeof TrackQueryFields> {}

/** The query of GET /track (§7): the event as JSON text in `_event`. The client passes the event; it is JSON-encoded. */
export const TrackQuery: TrackQueryStruct = Schema.Struct(TrackQueryFields)

/** Decoded type of {@link TrackQuery}. */
export type TrackQuery = typeof TrackQuery.Type

const LogQueryFields = {
  [logMessageParameter]: SafeString
}

/** The schema type of {@link LogQuery}, named so that declarations refer to it instead of spelling it out. */
export interface LogQueryStruct extends Schema.Struct<typeof LogQueryFields> {}

/**
 * The query of GET /log (§7, §8): the `message`, the domain's `trackingLogMessage` (JSON with message, stack,
 * version, user agent and location).
 */
export const LogQuery: LogQueryStruct = Schema.Struct(LogQueryFields)

/** Decoded type of {@link LogQuery}. */
export type LogQuery = typeof LogQuery.Type

/**
 * The tracking calls (group `tracking`): `CallTimeout` 2000 ms and `Retry` "never" on the group and on every
 * endpoint. GET /track and GET /log send data although they are GETs: hence "never", so the ladder does not repeat
 * them.
 */
export class TrackingGroup extends HttpApiGroup.make("tracking")
  .add(
    HttpApiEndpoint.get("trackGet", trackPath, {
      query: TrackQuery,
      success: HttpApiSchema.NoContent
    }).annotate(OpenApi.Description, "Records a tracking event sent as JSON in `_event` (normal mode, §4)."),
    HttpApiEndpoint.post("trackPost", trackPath, {
      payload: TrackingEvent,
      success: HttpApiSchema.NoContent
    }).annotate(OpenApi.Description, "Records a tracking event sent as the JSON body (debug mode, §4)."),
    HttpApiEndpoint.get("log", logPath, {
      query: LogQuery,
      success: HttpApiSchema.NoContent
    }).annotate(OpenApi.Description, "Logs a tracking client error (§8): message, stack, version, user agent, location.")
  )
  .annotate(CallTimeout, trackingTimeoutMs)
  .annotate(Retry, "never")
  .annotateEndpoints(CallTimeout, trackingTimeoutMs)
  .annotateEndpoints(Retry, "never")
{}

/**
 * The tracking API: its own configured base URL (derive the client with `HttpApiClient.make(TrackingApi, { baseUrl })`).
 * {@link CallPolicy} applies the 2000 ms timeout and no retry; no session and no CSRF token.
 */
export class TrackingApi extends HttpApi.make("trackingApi")
  .add(TrackingGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
  .annotate(CallTimeout, trackingTimeoutMs)
  .annotate(Retry, "never")
  .annotateMerge(OpenApi.annotations({ title: "Storefront tracking API", version: "1.0.0" }))
{}
