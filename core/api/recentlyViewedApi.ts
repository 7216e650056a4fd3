/**
 * The recently-viewed API (spec §7 "Recently-viewed API: retrieve, find-products"; §9 "Recently viewed default 10
 * items"). It is served on its own base URL, so it is its own `HttpApi` ({@link RecentlyViewedApi}): no session, no
 * CSRF token. Paths are relative to the configured base and ours. The visitor is known by the API's own cookie
 * (the client sends credentials).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { recentlyViewedDefaultCount } from "../domain/tracking.ts"
import { WireInt } from "./entities/wire.ts"
import { ProductVariants } from "./productApi.ts"
import { IdListFromString, PositiveIdFromString } from "./requestFields.ts"
import { CallPolicy } from "./security.ts"

const RetrieveQueryFields = {
  maxItems: Schema.optionalKey(PositiveIdFromString)
}

/** The schema type of {@link RetrieveQuery}, named so that declarations refer to it instead of spelling it out. */
export interface RetrieveQueryStruct extends Schema.Struct<typeof RetrieveQueryFields> {}

/** The query of retrieve: at most `maxItems` ids (all the API keeps when absent). */
export const RetrieveQuery: RetrieveQueryStruct = Schema.Struct(RetrieveQueryFields)

/** Decoded type of {@link RetrieveQuery}. */
export type RetrieveQuery = typeof RetrieveQuery.Type

const RecentlyViewedIdsFields = {
  ids: Schema.Array(WireInt)
}

/** The schema type of {@link RecentlyViewedIds}, named so that declarations refer to it instead of spelling it out. */
export interface RecentlyViewedIdsStruct extends Schema.Struct<typeof RecentlyViewedIdsFields> {}

/** The answer of retrieve: the variant `ids` the visitor viewed, newest first (shape ours). */
export const RecentlyViewedIds: RecentlyViewedIdsStruct = Schema.Struct(RecentlyViewedIdsFields)

/** Decoded type of {@link RecentlyViewedIds}. */
export type RecentlyViewedIds = typeof RecentlyViewedIds.Type

const FindProductsQueryFields = {
  ids: IdListFromString,
  count: Schema.optionalKey(PositiveIdFromString)
}

/** The schema type of {@link FindProductsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FindProductsQueryStruct extends Schema.Struct<typeof FindProductsQueryFields> {}

/**
 * The query of find-products: the variant `ids` (written joined by commas) and at most `count` products; the API
 * answers the domain's `recentlyViewedDefaultCount` (10, §9) when `count` is absent. The client wrapper sends 10
 * explicitly.
 */
export const FindProductsQuery: FindProductsQueryStruct = Schema.Struct(FindProductsQueryFields)

/** Decoded type of {@link FindProductsQuery}. */
export type FindProductsQuery = typeof FindProductsQuery.Type

/** The recently-viewed calls (group `recentlyViewed`): read-only GETs, default policy (5000 ms, retried by the ladder). */
export class RecentlyViewedGroup extends HttpApiGroup.make("recentlyViewed").add(
  HttpApiEndpoint.get("retrieve", "/retrieve", {
    query: RetrieveQuery,
    success: RecentlyViewedIds
  }).annotate(OpenApi.Description, "The variant ids the visitor viewed recently, newest first, at most `maxItems`."),
  HttpApiEndpoint.get("findProducts", "/find-products", {
    query: FindProductsQuery,
    success: ProductVariants
  }).annotate(
    OpenApi.Description,
    `The products of the given variant ids, at most \`count\` (default ${recentlyViewedDefaultCount}, §9).`
  )
) {}

/**
 * The recently-viewed API: its own base URL from the storefront config (derive the client with
 * `HttpApiClient.make(RecentlyViewedApi, { baseUrl })`). {@link CallPolicy} applies timeouts and retries. No session
 * and no CSRF token.
 */
export class RecentlyViewedApi extends HttpApi.make("recentlyViewedApi")
  .add(RecentlyViewedGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "Storefront recently-viewed API", version: "1.0.0" }))
{}
