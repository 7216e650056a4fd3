/**
 * The harness of the Cart / Checkout service tests: ONE in-process reference backend per test file
 * (the session, cart, cartApi, deliveries, cartStep, paymentProvider and account groups, plus the
 * live-data SSE route on the same database), msw in front of it (every request recorded, real I/O
 * in flight counted), the services' layers over real fetch with a cookie jar (one fresh session, so
 * one fresh cart, per test), and helpers that let real I/O finish while time runs on the TestClock.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Deferred, Duration, Effect, Layer, Option, Ref, Stream, SubscriptionRef } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, type HttpApiGroup, HttpApiMiddleware } from "effect/http-api"
import { TestClock } from "effect/testing"
import { http, HttpResponse } from "msw"
import { setupServer } from "msw/node"
import { bootstrapSession, ShopApiClient } from "../../../core/api/client.ts"
import { CallPolicy, CurrentSession } from "../../../core/api/security.ts"
import { SessionGroup } from "../../../core/api/session.ts"
import type { ShopId } from "../../../core/domain/shop.ts"
import { Cart } from "../../../core/services/Cart.ts"
import { LiveData } from "../../../core/services/LiveData.ts"
import { Signals } from "../../../core/services/Signals.ts"
import { layerMemoryWith } from "../../../demo/server/db/Database.ts"
import { SessionHandlers } from "../../../demo/server/handlers/session.ts"
import { LiveHub, LiveRoutes } from "../../../demo/server/http/live.ts"
import { CallPolicyLive, CsrfProtectionLive, CurrentSessionLive } from "../../../demo/server/http/middleware.ts"
import { fetchClientLayerFor } from "../../support/msw.ts"
import { seededPool } from "../../support/pglitePool.ts"
import type { Backend } from "../../support/server.ts"
import { testBaseUrl } from "../../support/server.ts"

/**
 * The reference backend for the cart and checkout: what `backendFor(groups, handlers)` serves (the
 * session group plus `groups`), plus the live-data route GET /api/live (server-sent events) on the
 * same database, so a change made through the API arrives on the live stream as in the demo server.
 */
export const cartBackend = (
  groups: ReadonlyArray<HttpApiGroup.Top>,
  handlers: ReadonlyArray<Layer.Layer<any, any, any>>
): Backend => {
  let api: any = HttpApi.make("shop").add(SessionGroup)
  for (const group of groups) api = api.add(group)
  api = api.middleware(HttpApiMiddleware.ProblemDetails).middleware(CurrentSession).middleware(CallPolicy)
  const apiRoutes = HttpApiBuilder.layer(api, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide(Layer.mergeAll(SessionHandlers as Layer.Layer<any, any, any>, ...handlers)),
    Layer.provide([CurrentSessionLive, CsrfProtectionLive, CallPolicyLive, HttpApiMiddleware.layerProblemDetails({ includeDetails: true })])
  )
  const routes = Layer.mergeAll(apiRoutes, LiveRoutes).pipe(
    Layer.provide(LiveHub.layer),
    Layer.provide(layerMemoryWith({ reuse: seededPool })),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>
  const web = HttpRouter.toWebHandler(routes, { disableLogger: true })
  return { handler: (request) => web.handler(request), dispose: () => web.dispose() }
}

/** A request that reached msw. */
export interface Recorded {
  /** The method. */
  readonly method: string
  /** The path (no origin, no query). */
  readonly path: string
  /** The query parameters. */
  readonly query: URLSearchParams
  /** The body text ("" when none). */
  readonly body: string
  /** The request headers. */
  readonly headers: Headers
}

/** The path of a cart-api call. */
export const cartApi = (name: string) => `/api/v2/cart.cart-api/${name}`

/** The absolute URL of a path, for msw overrides. */
export const url = (path: string) => `${testBaseUrl}${path}`

/** msw in front of one backend, recording every request and counting the real I/O in flight. */
export const makeHarness = (backend: Backend) => {
  const recorded: Array<Recorded> = []
  let inflight = 0
  let waiters: Array<() => void> = []
  const wake = () => {
    const woken = waiters
    waiters = []
    for (const w of woken) w()
  }
  const record = async (request: Request) => {
    const parsed = new URL(request.url)
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text()
    recorded.push({ method: request.method, path: parsed.pathname, query: parsed.searchParams, body, headers: request.headers })
    wake()
  }
  /** Hands a request to the backend, counted as in flight until the answer's head is ready. */
  const forward = async (request: Request): Promise<Response> => {
    inflight++
    try {
      return await backend.handler(request)
    } finally {
      inflight--
      wake()
    }
  }
  const server = setupServer(
    http.all(`${testBaseUrl}/*`, async ({ request }) => {
      await record(request)
      if (new URL(request.url).pathname === "/api/live") return backend.handler(request) // endless: not counted
      return forward(request)
    })
  )

  /** Wraps an msw resolver so that the request is recorded like the others. */
  const recordedFault = (resolver: (request: Request) => Response | Promise<Response>) =>
    async ({ request }: { request: Request }) => {
      await record(request)
      return resolver(request)
    }

  /** A fault after the fact: the backend applies the request, the answer is lost (connection reset). */
  const lostAnswer = recordedFault(async (request) => {
    await forward(request)
    return HttpResponse.error()
  })

  /** Resolves when no request is in flight (the answers may still be processed by fibers). */
  const ioIdle = Effect.promise(
    () =>
      new Promise<void>((resolve) => {
        const check = () => (inflight === 0 ? resolve() : waiters.push(check))
        check()
      })
  )

  /** Lets fibers woken by real I/O run (one real macrotask turn, off the TestClock). */
  const tick = TestClock.withLive(Effect.sleep(Duration.millis(2)))

  /**
   * No request in flight and the fibers woken by the last answers settled into their next wait (a
   * few real macrotask turns): use before advancing the TestClock past a sleep that such a fiber
   * starts after an answer (the next poll, the retry delay, the redirect).
   */
  const quiet = Effect.andThen(ioIdle, TestClock.withLive(Effect.sleep(Duration.millis(25))))

  /** The requests to `path` so far. */
  const requestsTo = (path: string, method?: string) =>
    recorded.filter((r) => r.path === path && (method === undefined || r.method === method))

  /** Waits (real time, at most 10 s) until `count` requests to `path` were recorded. */
  const reached = (path: string, count: number) =>
    Effect.promise(
      () =>
        new Promise<void>((resolve) => {
          const check = () => (requestsTo(path).length >= count ? resolve() : waiters.push(check))
          check()
        })
    ).pipe(TestClock.withLive, Effect.timeout("10 seconds"), Effect.orDie)

  /** Waits (real time, at most 10 s) until the ref's value satisfies `predicate`; returns it. */
  const until = <A>(ref: SubscriptionRef.SubscriptionRef<A>, predicate: (a: A) => boolean) =>
    SubscriptionRef.changes(ref).pipe(
      Stream.filter(predicate),
      Stream.runHead,
      Effect.map(Option.getOrThrow),
      Effect.timeout("10 seconds"),
      TestClock.withLive,
      Effect.orDie
    )

  /**
   * Records `f` of every value of the ref from now on: answers once the recording fiber has the ref's current value,
   * so no later change is missed (a fork followed by a short real sleep missed the first changes under load).
   */
  const recordChanges = <A, B>(ref: SubscriptionRef.SubscriptionRef<A>, f: (a: A) => B) =>
    Effect.gen(function*() {
      const seen = yield* Ref.make<ReadonlyArray<B>>([])
      const subscribed = yield* Deferred.make<void>()
      yield* Effect.forkChild(
        Stream.runForEach(SubscriptionRef.changes(ref), (a) =>
          Ref.update(seen, (all) => [...all, f(a)]).pipe(Effect.andThen(Deferred.succeed(subscribed, undefined)))),
        { startImmediately: true }
      )
      yield* Deferred.await(subscribed).pipe(Effect.timeout("10 seconds"), TestClock.withLive, Effect.orDie)
      return seen
    })

  /**
   * Waits (real time, at most 10 s) until `check` holds of the ref's value and answers it: for what a fiber
   * recording with {@link recordChanges} sees some time after the change that produced it.
   */
  const eventually = <A>(ref: Ref.Ref<A>, check: (a: A) => boolean, what: string) =>
    Effect.gen(function*() {
      for (;;) {
        const value = yield* Ref.get(ref)
        if (check(value)) return value
        yield* Effect.sleep(Duration.millis(2))
      }
    }).pipe(
      Effect.timeoutOrElse({
        duration: "10 seconds",
        orElse: () => Effect.flatMap(Ref.get(ref), (value) => Effect.die(new Error(`not within 10 s: ${what} (last ${JSON.stringify(value)})`)))
      }),
      TestClock.withLive
    )

  /**
   * Runs everything to rest: lets real I/O finish, then, while `done` is false, advances the TestClock
   * by `stepMs` (debounces, retry delays, polls), never while a request is in flight (so no timeout
   * fires that real time would not have fired).
   */
  const settle = <R>(done: Effect.Effect<boolean, never, R>, options?: { readonly stepMs?: number; readonly maxSteps?: number }) =>
    Effect.gen(function*() {
      const maxSteps = options?.maxSteps ?? 2000
      for (let step = 0; step < maxSteps; step++) {
        yield* ioIdle
        yield* tick
        if (inflight > 0) continue
        if (yield* done) return
        yield* TestClock.adjust(options?.stepMs ?? 100)
      }
      return yield* Effect.die(new Error("settle: still busy"))
    })

  return {
    server,
    recorded,
    requestsTo,
    reached,
    until,
    recordChanges,
    eventually,
    ioIdle,
    tick,
    quiet,
    settle,
    recordedFault,
    lostAnswer,
    forward,
    inflight: () => inflight,
    reset: () => {
      server.resetHandlers()
      recorded.length = 0
    }
  }
}

/** The derived client over real fetch (msw) with a cookie jar and a bootstrapped session: a fresh cart. */
export const sessionLayer = (shopId: ShopId = "CZ10MA") =>
  Layer.effectDiscard(Effect.gen(function*() {
    yield* bootstrapSession(yield* ShopApiClient)
  })).pipe(
    Layer.provideMerge(ShopApiClient.layer(testBaseUrl)),
    Layer.provideMerge(fetchClientLayerFor(shopId))
  )

/** The Cart over a fresh session, with the in-memory live data (and its publisher) and the signals hub. */
export const cartLayer = (shopId: ShopId = "CZ10MA") =>
  Cart.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(LiveData.layerMemory, Signals.layer)),
    Layer.provideMerge(sessionLayer(shopId))
  )

/** The Cart over a fresh session, with the live data read from the backend's SSE route over the same client. */
export const cartLayerSse = (shopId: ShopId = "CZ10MA") =>
  Cart.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(LiveData.layerSse(url("/api/live")), Signals.layer)),
    Layer.provideMerge(sessionLayer(shopId))
  )
