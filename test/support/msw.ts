/**
 * msw in front of the in-process reference backend: the core's real fetch client talks to
 * `http://shop.test`, msw hands each request to the backend's web handler, and a test injects a
 * fault for one route with `server.use(...)` (timeouts, 5xx, 429, connection resets, malformed JSON).
 */
import { http, HttpResponse } from "msw"
import { setupServer } from "msw/node"
import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { callPolicyLayer, cookieJarLayer, type ShopCallContext } from "../../core/api/client.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import type { Backend } from "./server.ts"
import { testBaseUrl } from "./server.ts"

/** An msw server routing every request under the test base URL to `backend`. */
export const mswFor = (backend: Backend) =>
  setupServer(http.all(`${testBaseUrl}/*`, ({ request }) => backend.handler(request)))

/** The derived client's dependencies over real fetch (intercepted by msw), with a cookie jar. */
export const fetchClientLayerFor = (shopId: ShopId = "CZ10MA") => {
  const initial: ShopCallContext = { shopId, csrfToken: undefined, cartId: undefined }
  return callPolicyLayer(initial).pipe(Layer.provideMerge(cookieJarLayer()), Layer.provide(FetchHttpClient.layer))
}

/** Fault responses for `server.use(http.get(url, faults.x))`. */
export const faults = {
  /** A 503 with a JSON body. */
  unavailable: () => HttpResponse.json({ message: "unavailable" }, { status: 503 }),
  /** A 500 with a JSON body. */
  serverError: () => HttpResponse.json({ message: "boom" }, { status: 500 }),
  /** A 429 Too Many Requests. */
  tooMany: () => HttpResponse.json({ _tag: "TooManyRequests", message: "slow down" }, { status: 429 }),
  /** A connection reset (a network error at the fetch level). */
  reset: () => HttpResponse.error(),
  /** A 200 whose body is not JSON. */
  malformed: () => new HttpResponse("{not json", { status: 200, headers: { "content-type": "application/json" } }),
  /** A response that never arrives (advance the TestClock past the timeout). */
  hang: () => new Promise<never>(() => {})
} as const
