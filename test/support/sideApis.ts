/**
 * Test helpers for the content/contact/catalogue/tracking server tests: a handle on the test
 * database of an in-process backend (to count rows before and after a call, or read a captcha's
 * answer), and the separately mounted APIs (product, recently viewed, tracking) plus the plain
 * routes (media, tracking events) served in-process on their own fresh seeded database (`freshDatabase`).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientRequest, HttpRouter } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { ProductApi } from "../../core/api/productApi.ts"
import { RecentlyViewedApi } from "../../core/api/recentlyViewedApi.ts"
import { TrackingApi } from "../../core/api/trackingApi.ts"
import { productApiPrefix, productApiRoutes } from "../../demo/server/handlers/productApi.ts"
import { recentlyViewedApiPrefix, recentlyViewedApiRoutes } from "../../demo/server/handlers/recentlyViewedApi.ts"
import { trackingApiPrefix, trackingApiRoutes } from "../../demo/server/handlers/trackingApi.ts"
import { MediaRoutes } from "../../demo/server/http/media.ts"
import { TrackingEventsRoutes } from "../../demo/server/http/trackingEvents.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { type Backend, freshDatabase, testBaseUrl } from "./server.ts"

/** A handle on the SqlClient of a backend, captured when the backend builds (after its first request). */
export interface DbProbe {
  /** Add to the backend's layers (e.g. `backendFor`'s `extraLayers`). */
  readonly layer: Layer.Layer<never, never, SqlClient.SqlClient>
  /** The backend's SqlClient; dies when the backend has not been built yet. */
  readonly sql: Effect.Effect<SqlClient.SqlClient>
}

/** A new {@link DbProbe}. */
export const dbProbe = (): DbProbe => {
  let captured: SqlClient.SqlClient | undefined
  return {
    layer: Layer.effectDiscard(Effect.map(SqlClient.SqlClient, (sql) => {
      captured = sql
    })),
    sql: Effect.suspend(() => (captured === undefined ? Effect.die("the backend was not built yet") : Effect.succeed(captured)))
  }
}

/** Counts the rows of a table through a probe. */
export const countRows = (probe: DbProbe, table: string) =>
  Effect.flatMap(probe.sql, (sql) =>
    Effect.map(Effect.orDie(sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)}`), (rows) => rows[0]!.n))

/** The operator token the side-APIs backend is configured with (it opens /api/tracking-events). */
export const testOperatorToken = "test-operator-token"

/** The product, recently-viewed and tracking APIs and the media and tracking-events routes, in-process. */
export const sideApisBackend = (): Backend & { readonly probe: DbProbe } => {
  const probe = dbProbe()
  const routes = Layer.mergeAll(
    productApiRoutes(),
    recentlyViewedApiRoutes(),
    trackingApiRoutes(),
    TrackingEventsRoutes,
    MediaRoutes,
    probe.layer
  ).pipe(
    Layer.provide(Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), operatorToken: testOperatorToken })),
    Layer.provide(freshDatabase()),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>
  const web = HttpRouter.toWebHandler(routes, { disableLogger: true })
  return { handler: (request) => web.handler(request), dispose: () => web.dispose(), probe }
}

const at = (prefix: string, cookie?: string) => (client: HttpClient.HttpClient) => {
  const based = HttpClient.mapRequestInput(client, HttpClientRequest.prependUrl(`${testBaseUrl}${prefix}`))
  return cookie === undefined ? based : HttpClient.mapRequest(based, HttpClientRequest.setHeader("cookie", cookie))
}

/** The derived product API client at the server's mount point. */
export const makeProductClient = () => HttpApiClient.make(ProductApi, { transformClient: at(productApiPrefix) })

/** The derived recently-viewed API client at the server's mount point, sending `cookie` when given. */
export const makeRecentlyViewedClient = (cookie?: string) =>
  HttpApiClient.make(RecentlyViewedApi, { transformClient: at(recentlyViewedApiPrefix, cookie) })

/** The derived tracking API client at the server's mount point. */
export const makeTrackingClient = () => HttpApiClient.make(TrackingApi, { transformClient: at(trackingApiPrefix) })
