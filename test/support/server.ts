/**
 * The reference backend in-process for tests: an in-memory, migrated and seeded PGlite, the
 * contract served by `HttpRouter.toWebHandler` (no port), and the core's derived client wired to
 * it with a cookie jar and the call policy. Serve the whole ShopApi with `demoBackend`, or only some
 * groups (while others are being built) with `backendFor`.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Layer, Redacted } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiMiddleware, type HttpApiGroup } from "effect/http-api"
import { callPolicyLayer, cookieJarLayer, webHandlerHttpClient, type ShopCallContext } from "../../core/api/client.ts"
import { CallPolicy, CurrentSession } from "../../core/api/security.ts"
import { SessionGroup } from "../../core/api/session.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { layerMemoryWith, layerPg } from "../../demo/server/db/Database.ts"
import { SessionHandlers } from "../../demo/server/handlers/session.ts"
import { CallPolicyLive, CsrfProtectionLive, CurrentSessionLive } from "../../demo/server/http/middleware.ts"
import { seededPool } from "./pglitePool.ts"
import { onTestDatabase } from "./testDatabases.ts"

/**
 * A fresh, migrated and seeded database for one backend: an in-memory PGlite by default (the worker's previous one,
 * reset to the template's state, when it can be: test/support/pglitePool.ts), or, when
 * `DATABASE_URL` names a PostgreSQL server (CI's scale-out run), a new database created on it each time the layer is
 * built and dropped when it is released (test/support/testDatabases.ts). `PGLITE_WORKER=1` runs
 * each PGlite in a worker thread of its own, as the server does by default (restored from the template, never reused).
 */
export const freshDatabase = () => {
  const adminUrl = process.env["DATABASE_URL"]
  if (adminUrl === undefined || adminUrl.trim() === "") {
    return process.env["PGLITE_WORKER"] === "1" ? layerMemoryWith({ worker: true }) : layerMemoryWith({ reuse: seededPool })
  }
  return onTestDatabase(adminUrl, (url) => layerPg({ url: Redacted.make(url), seed: true, maxConnections: 4 }))
}

/** The in-process server: its web handler and a way to release it. */
export interface Backend {
  readonly handler: (request: Request) => Promise<Response>
  readonly dispose: () => Promise<void>
}

/**
 * Serves the session group plus `groups` of the shop API, implemented by `handlers` (layers made
 * with `HttpApiBuilder.group(ShopApi, ...)`), on a fresh seeded in-memory database.
 * `extraLayers` provides what the handlers need besides SqlClient/Database (e.g. a live-data hub).
 */
export const backendFor = <A, E, R, XA = never, XE = never, XR = never>(
  groups: ReadonlyArray<HttpApiGroup.Constraint>,
  handlers: Layer.Layer<A, E, R>,
  extraLayers?: Layer.Layer<XA, XE, XR>
): Backend => {
  let api: any = HttpApi.make("shop").add(SessionGroup)
  for (const group of groups) api = api.add(group)
  api = api.middleware(HttpApiMiddleware.ProblemDetails).middleware(CurrentSession).middleware(CallPolicy)
  const database = freshDatabase()
  const routes = HttpApiBuilder.layer(api, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide(Layer.mergeAll(SessionHandlers as Layer.Layer<any, any, any>, handlers as Layer.Layer<any, any, any>)),
    Layer.provide([CurrentSessionLive, CsrfProtectionLive, CallPolicyLive, HttpApiMiddleware.layerProblemDetails({ includeDetails: true })]),
    Layer.provide((extraLayers ?? Layer.empty) as Layer.Layer<any, any, any>),
    Layer.provide(database),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>
  const web = HttpRouter.toWebHandler(routes, { disableLogger: true })
  return { handler: (request) => web.handler(request), dispose: () => web.dispose() }
}

/** The base URL the in-process client calls. */
export const testBaseUrl = "http://shop.test"

/**
 * What the derived client needs to talk to the in-process backend: the call policy (with its
 * state, starting without credentials: run `bootstrapSession` first), a cookie jar, and the
 * in-process transport.
 */
export const clientLayerFor = (backend: Backend, shopId: ShopId = "CZ10MA") => {
  const initial: ShopCallContext = { shopId, csrfToken: undefined, cartId: undefined }
  return callPolicyLayer(initial).pipe(
    Layer.provideMerge(cookieJarLayer()),
    Layer.provide(webHandlerHttpClient(backend.handler))
  )
}

/** What a test may add to the whole backend: more routes, and services replacing the defaults (settings, logs). */
export interface DemoBackendOptions {
  readonly routes?: unknown
  readonly services?: unknown
}

/**
 * The whole reference backend (every route of demo/server/http/app.ts) in-process on a fresh
 * seeded database.
 */
export const demoBackend = async (options: DemoBackendOptions = {}): Promise<Backend> => {
  const { AppRoutes } = await import("../../demo/server/http/app.ts")
  const extraRoutes = (options.routes ?? Layer.empty) as Layer.Layer<any, any, any>
  const services = (options.services ?? Layer.empty) as Layer.Layer<any, any, any>
  const routes = Layer.mergeAll(AppRoutes, extraRoutes).pipe(
    Layer.provide(services),
    Layer.provide(freshDatabase()),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>
  const web = HttpRouter.toWebHandler(routes, { disableLogger: true })
  return { handler: (request) => web.handler(request), dispose: () => web.dispose() }
}
