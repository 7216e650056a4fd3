/**
 * Mounting a routes layer under a path prefix (the product, recently-viewed and tracking APIs live
 * on their own base URLs, §7; the reference server serves them under `/product-api`,
 * `/recently-viewed-api` and `/tracking-api`).
 *
 * `HttpApi.prefix` would change the API definition (and so the routes of handlers built for it);
 * instead the routes are added to a prefixed view of the router (`HttpRouter.prefixed`), which also
 * hands each handler the request with the prefix sliced off. The handlers and the derived client
 * stay those of the unprefixed API: the client's base URL carries the prefix.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"

/**
 * The router under `prefix`: provide it to a routes layer (e.g. `HttpApiBuilder.layer(Api)`) and
 * every route it adds is mounted under the prefix. Needs the app's router.
 */
export const prefixedRouter = (prefix: string): Layer.Layer<HttpRouter.HttpRouter, never, HttpRouter.HttpRouter> =>
  Layer.effect(HttpRouter.HttpRouter, Effect.map(HttpRouter.HttpRouter, (router) => router.prefixed(prefix)))
