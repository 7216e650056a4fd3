/**
 * Test harness of the core services: msw in front of an in-process reference backend (real fetch
 * through the call policy), a record of the requests sent, fault handlers (including a hang that
 * the harness knows never answers), a `settle` that waits (on the live clock) until every request
 * that will answer has answered, and `drive`, which alternates settling with TestClock steps so that
 * retries, timeouts and delays run without real waiting.
 */
import { afterAll, afterEach, beforeAll } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Ref, Stream } from "effect"
import type { Scope } from "effect"
import { TestClock } from "effect/testing"
import { http, type HttpResponseResolver } from "msw"
import type { SetupServer } from "msw/node"
import { ShopApiClient } from "../../core/api/client.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { Signals, type Signal } from "../../core/services/Signals.ts"
import { faults, fetchClientLayerFor, mswFor } from "../support/msw.ts"
import { type Backend, testBaseUrl } from "../support/server.ts"

/** One request the storefront sent. */
export interface SentRequest {
  /** HTTP method. */
  readonly method: string
  /** Path with query. */
  readonly path: string
  /** Request headers (lower-case names). */
  readonly headers: Readonly<Record<string, string>>
  /** The request body as text, once read (after `settle`). */
  body: string | undefined
}

/** A running msw server in front of a backend, with the requests of the current test. */
export interface Harness {
  /** The msw server (use `server.use(...)` to inject a fault into one test). */
  readonly server: SetupServer
  /** The requests sent in the current test, in order. */
  readonly requests: Array<SentRequest>
  /** The requests to `path` (without query) in the current test. */
  readonly sent: (method: string, path: string) => ReadonlyArray<SentRequest>
  /** A response that never arrives, known to the harness (so `settle` does not wait for it). */
  readonly hang: HttpResponseResolver
  /** Waits on the live clock until every request that will answer has answered and been processed. */
  readonly settle: Effect.Effect<void>
  /**
   * Runs `effect` in a fiber, settling and stepping the TestClock by `stepMs` until it ends (at most
   * `maxMs` of test time), and returns its exit.
   */
  readonly drive: <A, E>(
    effect: Effect.Effect<A, E>,
    options?: { readonly stepMs?: number; readonly maxMs?: number }
  ) => Effect.Effect<Exit.Exit<A, E>>
}

/** The absolute URL of a path of the test backend. */
export const url = (path: string): string => `${testBaseUrl}${path}`

/** msw handlers for one route answering a fault (the faults of test/support/msw.ts). */
export { faults, http }

/**
 * Starts msw in front of `backend` for the test file (listen before all, reset after each, close and
 * dispose after all); the first request warms the backend up (its database migrates and seeds).
 */
export const useBackend = (backend: Backend, warmUpPath = "/api/session"): Harness => {
  const server = mswFor(backend)
  const requests: Array<SentRequest> = []
  const inflight = new Set<string>()
  const hanging = new Set<string>()
  server.events.on("request:start", (event) => {
    const { request, requestId } = event
    inflight.add(requestId)
    const parsed = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    const sent: SentRequest = { method: request.method, path: `${parsed.pathname}${parsed.search}`, headers, body: undefined }
    requests.push(sent)
    if (request.body !== null) {
      void request.clone().text().then((text) => {
        sent.body = text
      }, () => undefined)
    }
  })
  const done = (event: { readonly requestId: string }) => {
    inflight.delete(event.requestId)
  }
  server.events.on("request:end", done)
  server.events.on("unhandledException", done)

  beforeAll(async () => {
    server.listen({ onUnhandledFrame: "error" })
    await backend.handler(new Request(url(warmUpPath)))
  }, 240_000)
  afterEach(() => {
    server.resetHandlers()
    requests.length = 0
  })
  afterAll(async () => {
    server.close()
    await backend.dispose()
  })

  const idle = () => [...inflight].every((id) => hanging.has(id))

  const settle = Effect.gen(function*() {
    let quiet = 0
    for (let round = 0; round < 3000 && quiet < 4; round++) {
      yield* TestClock.withLive(Effect.sleep(2))
      quiet = idle() ? quiet + 1 : 0
    }
  })

  const drive = <A, E>(effect: Effect.Effect<A, E>, options?: { readonly stepMs?: number; readonly maxMs?: number }) =>
    Effect.gen(function*() {
      const stepMs = options?.stepMs ?? 100
      const maxMs = options?.maxMs ?? 120_000
      const fiber = yield* Effect.forkChild(effect)
      for (let elapsed = 0; ; elapsed += stepMs) {
        yield* settle
        if (fiber.pollUnsafe() !== undefined || elapsed >= maxMs) break
        yield* TestClock.adjust(stepMs)
      }
      if (fiber.pollUnsafe() === undefined) yield* Fiber.interrupt(fiber)
      return yield* Effect.exit(Fiber.join(fiber))
    })

  return {
    server,
    requests,
    sent: (method, path) => requests.filter((r) => r.method === method && r.path.split("?")[0] === path),
    hang: ({ requestId }) => {
      hanging.add(requestId)
      return new Promise<never>(() => {})
    },
    settle,
    drive
  }
}

/** The shop API client (over real fetch, intercepted by msw) and the signals hub, for a shop. */
export const shopLayer = (shopId: ShopId = "CZ10MA") =>
  Layer.mergeAll(ShopApiClient.layer(testBaseUrl), Signals.layer).pipe(Layer.provideMerge(fetchClientLayerFor(shopId)))

/** Records every signal published from now on; read them with the returned effect. */
export const recordSignals: Effect.Effect<Effect.Effect<ReadonlyArray<Signal>>, never, Signals | Scope.Scope> = Effect.gen(
  function*() {
    const signals = yield* Signals
    const seen = yield* Ref.make<ReadonlyArray<Signal>>([])
    const stream = yield* signals.subscribe
    yield* Effect.forkScoped(Stream.runForEach(stream, (signal) => Ref.update(seen, (all) => [...all, signal])))
    return Effect.andThen(Effect.yieldNow, Ref.get(seen))
  }
)

/** Whether an exit failed with an error of tag `tag`; returns the error. */
export const failureOf = <A, E>(exit: Exit.Exit<A, E>): E | undefined =>
  Exit.isFailure(exit) ? (exit.cause.reasons.find((r) => r._tag === "Fail") as { error: E } | undefined)?.error : undefined
