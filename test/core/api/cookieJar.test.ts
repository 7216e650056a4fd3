/**
 * The cookie jar of Node clients (issue 10): each client owns its jar, so two clients built in one
 * process (two shoppers of a test, two scripts sharing a runtime) never share a session.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Ref } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { cookieJarLayer } from "../../../core/api/client.ts"

/** A server that gives every request without a cookie a new session cookie, and records the cookies it got. */
const sessionServer = Effect.gen(function*() {
  const sessions = yield* Ref.make(0)
  const received = yield* Ref.make<ReadonlyArray<string>>([])
  const client = HttpClient.make((request) =>
    Effect.gen(function*() {
      const cookie = request.headers["cookie"] ?? ""
      yield* Ref.update(received, (all) => [...all, cookie])
      const headers = new Headers({ "content-type": "application/json" })
      if (cookie === "") headers.set("set-cookie", `sf_session=s${yield* Ref.updateAndGet(sessions, (n) => n + 1)}; Path=/; HttpOnly`)
      return HttpClientResponse.fromWeb(request, new Response("{}", { status: 200, headers }))
    })
  )
  return { received, transport: Layer.succeed(HttpClient.HttpClient, client) }
})

/** Two calls through one client built from `jar` over `transport`. */
const twoCalls = (jar: Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient>, transport: Layer.Layer<HttpClient.HttpClient>) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    yield* client.execute(HttpClientRequest.get("http://shop.test/api/session"))
    yield* client.execute(HttpClientRequest.get("http://shop.test/api/session"))
  }).pipe(Effect.provide(jar.pipe(Layer.provide(transport))))

describe("cookieJarLayer", () => {
  it.effect("two clients built in one process keep two sessions", () =>
    Effect.gen(function*() {
      const server = yield* sessionServer
      yield* twoCalls(cookieJarLayer(), server.transport)
      yield* twoCalls(cookieJarLayer(), server.transport)
      assert.deepStrictEqual(yield* Ref.get(server.received), ["", "sf_session=s1", "", "sf_session=s2"])
    }))

  it.effect("a second shopper's client provided inside the first one's keeps its own session", () =>
    Effect.gen(function*() {
      const server = yield* sessionServer
      const call = Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(HttpClientRequest.get("http://shop.test/api/session")))
      yield* Effect.gen(function*() {
        yield* call
        yield* Effect.provide(Effect.andThen(call, call), cookieJarLayer().pipe(Layer.provide(server.transport)))
        yield* call
      }).pipe(Effect.provide(cookieJarLayer().pipe(Layer.provide(server.transport))))
      assert.deepStrictEqual(yield* Ref.get(server.received), ["", "", "sf_session=s2", "sf_session=s1"])
    }))

  it.effect("one client keeps its session across calls", () =>
    Effect.gen(function*() {
      const server = yield* sessionServer
      yield* twoCalls(cookieJarLayer(), server.transport)
      assert.deepStrictEqual(yield* Ref.get(server.received), ["", "sf_session=s1"])
    }))
})
