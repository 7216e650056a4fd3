/**
 * The client side of the contract: the call policy every derived client applies (§7, §9), and
 * constructors for the shop API client over any `HttpClient` (fetch in browsers and Node, or an
 * in-process handler in tests).
 *
 * @module
 */
import { Context, Duration, Effect, Layer, Option, Ref, Semaphore } from "effect"
import { Cookies, FetchHttpClient, HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import type { HttpClientError } from "effect/http"
import { HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import type { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import type { Cause } from "effect"
import { nextRetry } from "../domain/retry.ts"
import type { ShopId } from "../domain/shop.ts"
import {
  cartIdHeader,
  csrfHeader,
  idempotencyKeyHeader,
  requestedWithHeader,
  requestedWithValue,
  shopIdHeader,
  walletSupportedHeader,
  walletSupportHeaderValue
} from "./headers.ts"
import { CallTimeout, cartTimeoutMs, Retry, type RetryMode, SwitchesSession } from "./policy.ts"
import { CallPolicy, CsrfProtection } from "./security.ts"
import { ShopApi, type ShopApiGroups } from "./ShopApi.ts"

/** What the shop API calls carry besides their own parameters (§7). */
export interface ShopCallContext {
  /** The shop the calls are for. */
  readonly shopId: ShopId
  /** The session's CSRF token, once known. */
  readonly csrfToken: string | undefined
  /** The cart id from the config, once known. */
  readonly cartId: number | undefined
  /**
   * Whether the browser can make wallet payments (§5), once known: sent as `x-wallet-supported` on every call,
   * so the server offers wallet methods (`SIU_cw`, `CZAw`...) exactly when it can. Unknown: not sent, and the
   * server assumes no wallet support.
   */
  readonly walletSupported?: boolean | undefined
}

/** The mutable call context of a client: the session bootstrap and a login update it. */
export class ShopCallState extends Context.Service<ShopCallState, Ref.Ref<ShopCallContext>>()("storefront/api/ShopCallState") {
  /** A call state starting with the shop and, optionally, known credentials. */
  static readonly layer = (initial: ShopCallContext) => Layer.effect(ShopCallState, Ref.make(initial))
}

/** Makes a unique idempotency key for one logical call; its retries reuse it. */
export class IdempotencyKeys extends Context.Service<IdempotencyKeys, { readonly next: Effect.Effect<string> }>()(
  "storefront/api/IdempotencyKeys"
) {
  /** Random UUIDs from the platform's crypto (browsers and Node). */
  static readonly layer = Layer.succeed(IdempotencyKeys, { next: Effect.sync(() => globalThis.crypto.randomUUID()) })
}

/** The effective annotation of a call: the endpoint's, else the group's, else the default. */
const annotation = <A>(endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top, key: Context.Reference<A>): A =>
  Context.getOrUndefined(endpoint.annotations, key) ?? Context.getOrUndefined(group.annotations, key) ?? key.defaultValue()

/** The timeout of one attempt of the endpoint's call, in ms (§9). */
export const callTimeoutOf = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): number =>
  annotation(endpoint, group, CallTimeout) ?? cartTimeoutMs

/** Whether the endpoint's call may be retried, and how (§9). */
export const retryModeOf = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): RetryMode => annotation(endpoint, group, Retry)

/**
 * Whether a call may be retried by the retry ladder (§9), by its retry mode and HTTP method: a mutation
 * that carries an idempotency key always, an `auto` call only when it is a GET, a `never` call never.
 * Every derived client (the shop API's and the tracking API's) decides with this one rule.
 */
export const mayRetry = (mode: RetryMode, method: string): boolean =>
  mode === "idempotencyKey" || (mode === "auto" && method === "GET")

/** What one attempt of a call can fail with: a transport or status-decoding error, or its timeout. */
export type AttemptError = HttpClientError.HttpClientError | Cause.TimeoutError

/**
 * Sends a request under the retry ladder (§9): every attempt bounded by `timeoutMs`; transport
 * errors, timeouts, 5xx and 429 retried after 5000 / remaining attempts ms, at most 10 attempts;
 * a 2xx or another 4xx is final. The last response (or error) is returned as it came.
 */
export const sendWithRetry = (
  send: Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>,
  options: { readonly timeoutMs: number; readonly retry: boolean }
): Effect.Effect<HttpClientResponse.HttpClientResponse, AttemptError> =>
  retryLadder(Effect.timeout(send, Duration.millis(options.timeoutMs)), options.retry)

/** Runs `attempt` again while the retry ladder (§9) says so, when `retry`; the last response or error is returned. */
const retryLadder = (
  attempt: Effect.Effect<HttpClientResponse.HttpClientResponse, AttemptError>,
  retry: boolean
): Effect.Effect<HttpClientResponse.HttpClientResponse, AttemptError> => {
  const loop = (failed: number): Effect.Effect<HttpClientResponse.HttpClientResponse, AttemptError> =>
    Effect.matchEffect(attempt, {
      onFailure: (error) => {
        const decision = nextRetry(failed + 1, undefined)
        return retry && decision._tag === "RetryAfter"
          ? Effect.andThen(Effect.sleep(Duration.millis(decision.delayMs)), loop(failed + 1))
          : Effect.fail(error)
      },
      onSuccess: (response) => {
        const decision = nextRetry(failed + 1, response.status)
        return retry && decision._tag === "RetryAfter"
          ? Effect.andThen(Effect.sleep(Duration.millis(decision.delayMs)), loop(failed + 1))
          : Effect.succeed(response)
      }
    })
  return loop(0)
}

/** Whether a successful call of the endpoint replaces the session ({@link SwitchesSession}). */
export const switchesSessionOf = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): boolean =>
  annotation(endpoint, group, SwitchesSession)

/**
 * How many state-changing calls may be on their way at once: far more than a page makes. A call that replaces the
 * session takes them all.
 */
const sessionUsers = 1_000_000

/**
 * The client half of {@link CallPolicy}: adds `X-Requested-With`, the shop id, the cart id and the
 * CSRF token (§7), the browser's wallet support once known (§5), an idempotency key where the
 * contract asks for one, and runs the call under its timeout and retry mode.
 *
 * A call that replaces the session ({@link SwitchesSession}) is sent alone: each attempt of a call that carries a
 * CSRF token holds a shared permit from reading the token to the answer, the session switch holds all of them until
 * its answer has voided the old token in the call state. A token is therefore never sent after its session was
 * replaced by this client, which the server would refuse (403 CsrfTokenInvalid) even though the call is then sent
 * again with the new one.
 */
export const CallPolicyClient = HttpApiMiddleware.layerClient(
  CallPolicy,
  Effect.gen(function*() {
    const state = yield* ShopCallState
    const keys = yield* IdempotencyKeys
    // Calls that need the session's token take it one at a time: the first asks the session, the others then
    // find its answer in the call state. Asking together would, without a valid session cookie, make a session
    // per call, and all but the last would be refused.
    const tokenPermit = yield* Semaphore.make(1)
    const sessionLock = yield* Semaphore.make(sessionUsers)
    /** The session's token unless the call state already holds another than `known`; the state records it. */
    const sessionToken = (
      send: (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>,
      known: string | undefined,
      like: HttpClientRequest.HttpClientRequest
    ) =>
      tokenPermit.withPermit(Effect.gen(function*() {
        const latest = (yield* Ref.get(state)).csrfToken
        if (latest !== undefined && latest !== known) return Option.some(latest)
        const asked = yield* Effect.option(currentCsrfToken(send, like))
        if (asked._tag === "Some") yield* Ref.update(state, (current) => ({ ...current, csrfToken: asked.value }))
        return asked
      }))
    return ({ endpoint, group, request, next }) =>
      Effect.gen(function*() {
        const mode = retryModeOf(endpoint, group)
        const carriesToken = needsCsrfToken(endpoint)
        const switches = switchesSessionOf(endpoint, group)
        const idempotencyKey = mode === "idempotencyKey" ? yield* keys.next : undefined
        const timeoutMs = callTimeoutOf(endpoint, group)
        /** The request with what the call state holds now; `token` is the CSRF token it carries. */
        const prepare = (token: string | undefined, context: ShopCallContext) => {
          const prepared = HttpClientRequest.setHeaders(request, {
            [requestedWithHeader]: requestedWithValue,
            [shopIdHeader]: context.shopId,
            ...(token === undefined ? {} : { [csrfHeader]: token }),
            ...(context.cartId === undefined ? {} : { [cartIdHeader]: String(context.cartId) }),
            ...(context.walletSupported === undefined ? {} : { [walletSupportedHeader]: walletSupportHeaderValue(context.walletSupported) }),
            ...(idempotencyKey === undefined ? {} : { [idempotencyKeyHeader]: idempotencyKey })
          })
          return prepared
        }
        /** One attempt: the token is read once the session is not being replaced, and kept until the answer. */
        const attempt = (token: string | undefined) =>
          Effect.gen(function*() {
            const context = yield* Ref.get(state)
            let carried = token ?? context.csrfToken
            if (carried === undefined && carriesToken) {
              // A first visit's first state-changing call: take the session's token before sending, instead of
              // sending without one and being refused (a 403 in the console and a wasted round trip).
              const asked = yield* sessionToken(next, undefined, HttpClientRequest.setHeader(request, shopIdHeader, context.shopId))
              if (asked._tag === "Some") carried = asked.value
            }
            // The attempt's timeout counts from the sending: waiting for a session switch to finish is not the server's delay.
            const response = yield* Effect.timeout(next(prepare(carried, context)), Duration.millis(timeoutMs))
            // The old session is gone once a switch succeeds: forget its token before anything else is sent.
            if (switches && response.status >= 200 && response.status < 300) {
              yield* Ref.update(state, (current) => ({ ...current, csrfToken: undefined }))
            }
            return { response, carried }
          })
        const guarded = (token: string | undefined) => {
          if (switches) return sessionLock.withPermits(sessionUsers)(attempt(token))
          // The session bootstrap of a page without a session makes one: it waits for, and holds back, the calls
          // that ask the session for its token, so the page ends with one session rather than one per call.
          if (!carriesToken) {
            return Effect.flatMap(Ref.get(state), (context) =>
              context.csrfToken === undefined && endpoint.path === sessionPath
                ? tokenPermit.withPermit(attempt(token))
                : attempt(token))
          }
          return sessionLock.withPermit(attempt(token))
        }
        let carried: string | undefined
        const send = (token: string | undefined) =>
          retryLadder(
            Effect.map(guarded(token), (sent) => {
              carried = sent.carried
              return sent.response
            }),
            mayRetry(mode, request.method)
          )
        const response = yield* send(undefined)
        if (!(yield* isStaleCsrfToken(response))) return response
        // No token yet (a first visit's first add to cart) or the session moved on (a login in another tab, a
        // session rotated while the page slept): take the session's current token once and send the call again;
        // the shopper loses nothing.
        // Asked under a shared permit: a session switch cannot answer in between and leave its old token recorded.
        const fresh = yield* sessionLock.withPermit(sessionToken(next, carried, prepare(carried, yield* Ref.get(state))))
        if (fresh._tag === "None" || fresh.value === carried) return response
        return yield* send(fresh.value)
      })
  })
)

/** Whether the endpoint's call carries the CSRF check (§7), so the client must send the session's token. */
export const needsCsrfToken = (endpoint: HttpApiEndpoint.Top): boolean => endpoint.middlewares.has(CsrfProtection)

/** The path of the session call (GET /api/session) that tells the session's CSRF token. */
export const sessionPath = "/api/session"

/** Whether an answer is the server's 403 for a CSRF token that is not the session's (CsrfTokenInvalid). */
export const isStaleCsrfToken = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<boolean> =>
  response.status !== 403
    ? Effect.succeed(false)
    : response.json.pipe(
      Effect.map((body) => typeof body === "object" && body !== null && (body as { _tag?: unknown })._tag === "CsrfTokenInvalid"),
      Effect.orElseSucceed(() => false)
    )

/** The session's current CSRF token, asked over the same transport as `like` (same origin, same cookies). */
const currentCsrfToken = (
  send: (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>,
  like: HttpClientRequest.HttpClientRequest
): Effect.Effect<string, unknown> =>
  Effect.gen(function*() {
    const origin = /^https?:\/\//.test(like.url) ? new URL(like.url).origin : ""
    const request = HttpClientRequest.get(`${origin}${sessionPath}`).pipe(
      HttpClientRequest.setHeaders({
        [requestedWithHeader]: requestedWithValue,
        ...(like.headers[shopIdHeader] === undefined ? {} : { [shopIdHeader]: like.headers[shopIdHeader] })
      })
    )
    const response = yield* send(request)
    const body = yield* response.json
    const token = (body as { csrfToken?: unknown }).csrfToken
    if (response.status !== 200 || typeof token !== "string" || token === "") return yield* Effect.fail("no token")
    return token
  })

/** An `HttpClient` that hands every request to a web handler in-process (tests, workers). */
export const webHandlerHttpClient = (handler: (request: Request) => Promise<Response>) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request, _url, signal) =>
      HttpClientRequest.toWeb(request, { signal }).pipe(
        Effect.flatMap((web) => Effect.promise(() => handler(web))),
        Effect.map((response) => HttpClientResponse.fromWeb(request, response)),
        Effect.orDie
      )
    )
  )

/** The derived shop API client's type (an interface, so declaration files name it instead of spelling it out). */
export interface ShopClient extends HttpApiClient.Client<ShopApiGroups> {}

/** What building the shop API client needs: an `HttpClient` and the client side of the call policy. */
export type ShopClientRequirements = HttpClient.HttpClient | HttpApiGroup.MiddlewareClient<ShopApiGroups>

/**
 * Builds the derived shop API client at a base URL (needs an `HttpClient` and the call policy).
 * The base URL is applied before the transport's own request processing, so a cookie jar sees the
 * absolute URL it files cookies under.
 */
export const makeShopClient = (
  baseUrl: string
): Effect.Effect<ShopClient, never, ShopClientRequirements> =>
  HttpApiClient.make(ShopApi, { transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(baseUrl)) })

/** Records whether the browser can make wallet payments (§5); every later call tells the server. */
export const setWalletSupported = (supported: boolean): Effect.Effect<void, never, ShopCallState> =>
  Effect.gen(function*() {
    const state = yield* ShopCallState
    yield* Ref.update(state, (context) => ({ ...context, walletSupported: supported }))
  })

/** The call policy with its state (exposed, so a login can update it) and idempotency keys. */
export const callPolicyLayer = (initial: ShopCallContext) =>
  CallPolicyClient.pipe(Layer.provideMerge(Layer.mergeAll(ShopCallState.layer(initial), IdempotencyKeys.layer)))

/**
 * Everything a derived client needs over fetch (browsers and Node): the call policy, its state and
 * the fetch `HttpClient`. Provide `FetchHttpClient.RequestInit` to send cookies cross-origin.
 */
export const fetchClientLayer = (initial: ShopCallContext) =>
  callPolicyLayer(initial).pipe(Layer.provideMerge(FetchHttpClient.layer))
/**
 * Keeps the server's cookies (the session) across calls, as a browser does: for Node scripts and
 * tests. Browsers keep cookies themselves.
 *
 * Each call makes a new layer with its own, empty jar: two clients built in one process (two
 * shoppers of a test, two scripts in one runtime) never share a session. Build it once per client.
 */
export const cookieJarLayer = (): Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient> =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      const jar = yield* Ref.make<ReadonlyArray<Cookies.Cookie>>([])
      return HttpClient.withCookiesRef(client, jar)
    })
  )

/**
 * Asks the server for the session's csrf token and cart id (GET /api/session) and stores them in
 * the call state, so every later call carries them. Call it at start and after login or logout.
 */
export const bootstrapSession = (client: ShopClient) =>
  Effect.gen(function*() {
    const info = yield* client.session.get()
    const state = yield* ShopCallState
    yield* Ref.update(state, (context) => ({ ...context, csrfToken: info.csrfToken, cartId: info.cartId }))
    return info
  })

/** The derived shop API client as a service, so core services depend on it and tests can swap it. */
export class ShopApiClient extends Context.Service<ShopApiClient, ShopClient>()("storefront/api/ShopApiClient") {
  /** The client at `baseUrl`, over whatever `HttpClient` and call policy the context provides. */
  static readonly layer = (baseUrl: string): Layer.Layer<ShopApiClient, never, ShopClientRequirements> =>
    Layer.effect(ShopApiClient, makeShopClient(baseUrl))
}
