/**
 * The recently-viewed API (spec §7 "Recently-viewed API: retrieve, find-products", §9 default 10
 * items), its own `HttpApi` without session or CSRF; the visitor is known by the tracking cookie
 * (see the recentlyViewed domain). The reference server mounts it under
 * {@link recentlyViewedApiPrefix} with {@link recentlyViewedApiRoutes}.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { RecentlyViewedApi } from "../../../core/api/recentlyViewedApi.ts"
import { recentlyViewedDefaultCount } from "../../../core/domain/tracking.ts"
import { markAdultVariants } from "../domain/adult.ts"
import { callerShop, variantsByIds } from "../domain/productVariants.ts"
import { recentlyViewedKeep, viewedIds, visitorIdOf } from "../domain/recentlyViewed.ts"
import { CallPolicyLive } from "../http/middleware.ts"
import { prefixedRouter } from "../http/prefixed.ts"

/** The path the reference server serves the recently-viewed API under. */
export const recentlyViewedApiPrefix = "/recently-viewed-api"

/**
 * The handlers of the `recentlyViewed` group: `retrieve` answers the ids the cookie's visitor
 * viewed, newest first, at most `maxItems` (all kept, up to 50, when absent); none without a
 * tracking cookie. `findProducts` answers the products of the ids in the order given, unknown ids
 * and other shops' left out (the shop as the product API's `callerShop`), at most `count` (default 10, §9); an answer with an adult-only product carries the
 * `adult-content` header until the shopper confirms (§4).
 */
export const RecentlyViewedApiHandlers = HttpApiBuilder.group(
  RecentlyViewedApi,
  "recentlyViewed",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("retrieve", ({ query, request }) =>
        Effect.gen(function*() {
          const visitor = visitorIdOf(request.cookies)
          if (visitor === undefined) return { ids: [] }
          return { ids: yield* run(viewedIds(visitor, Math.min(query.maxItems ?? recentlyViewedKeep, recentlyViewedKeep))) }
        }))
      .handle("findProducts", ({ query }) =>
        run(Effect.gen(function*() {
          const variants = (yield* variantsByIds(query.ids, undefined, yield* callerShop)).slice(0, query.count ?? recentlyViewedDefaultCount)
          yield* markAdultVariants(variants.map((variant) => variant.variantId))
          return variants
        })))
  })
)

/**
 * The recently-viewed API's routes under `prefix` (default {@link recentlyViewedApiPrefix}), with
 * its OpenAPI document at `{prefix}/openapi.json`; as the product API's routes.
 */
export const recentlyViewedApiRoutes = (prefix: string = recentlyViewedApiPrefix) =>
  HttpApiBuilder.layer(RecentlyViewedApi, { openapiPath: "/openapi.json" }).pipe(
    Layer.provide(RecentlyViewedApiHandlers),
    Layer.provide([CallPolicyLive, HttpApiMiddleware.layerProblemDetails({ includeDetails: true })]),
    Layer.provide(prefixedRouter(prefix))
  )
