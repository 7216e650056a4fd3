import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Ref, Schema } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { HttpApi, HttpApiClient, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { TestClock } from "effect/testing"
import { callPolicyLayer, ShopCallState } from "../../../core/api/client.ts"
import { CallTimeout, Retry } from "../../../core/api/policy.ts"
import { CallPolicy } from "../../../core/api/security.ts"
import { retrySchedule } from "../../../core/domain/retry.ts"

class Probe extends HttpApiGroup.make("probe").add(
  HttpApiEndpoint.get("read", "/api/read", { success: Schema.Struct({ ok: Schema.Boolean }) }),
  HttpApiEndpoint.post("write", "/api/write", { success: Schema.Struct({ ok: Schema.Boolean }) }),
  HttpApiEndpoint.put("add", "/api/add/", { success: Schema.Struct({ ok: Schema.Boolean }) }).annotate(Retry, "idempotencyKey"),
  HttpApiEndpoint.get("slow", "/api/slow", { success: Schema.Struct({ ok: Schema.Boolean }) }).annotate(CallTimeout, 8000)
) {}
class ProbeApi extends HttpApi.make("probe").add(Probe).middleware(CallPolicy) {}

interface Seen {
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
}

/** A transport answering each call with the next scripted status ("hang" never answers). */
const scripted = (script: ReadonlyArray<number | "hang">) =>
  Effect.gen(function*() {
    const seen = yield* Ref.make<ReadonlyArray<Seen>>([])
    const client = HttpClient.make((request) =>
      Effect.gen(function*() {
        const index = (yield* Ref.get(seen)).length
        yield* Ref.update(seen, (all) => [...all, { method: request.method, headers: request.headers }])
        const step = script[Math.min(index, script.length - 1)] ?? 200
        if (step === "hang") return yield* Effect.never
        return HttpClientResponse.fromWeb(
          request,
          new Response(step === 200 ? JSON.stringify({ ok: true }) : JSON.stringify({ message: "no" }), {
            status: step,
            headers: { "content-type": "application/json" }
          })
        )
      })
    )
    return { seen, layer: Layer.succeed(HttpClient.HttpClient, client) }
  })

const withClient = <A, E>(
  script: ReadonlyArray<number | "hang">,
  use: (client: HttpApiClient.Client<typeof ProbeApi extends HttpApi.HttpApi<any, infer G> ? G : never>, seen: Ref.Ref<ReadonlyArray<Seen>>) => Effect.Effect<A, E, ShopCallState>
) =>
  Effect.gen(function*() {
    const { seen, layer } = yield* scripted(script)
    return yield* Effect.gen(function*() {
      const client = yield* HttpApiClient.make(ProbeApi, { baseUrl: "http://shop.test" })
      return yield* use(client, seen)
    }).pipe(
      Effect.provide(callPolicyLayer({ shopId: "SK10MA", csrfToken: "token-1", cartId: 42 }).pipe(Layer.provideMerge(layer)))
    )
  })

const count = (seen: Ref.Ref<ReadonlyArray<Seen>>) => Effect.map(Ref.get(seen), (all) => all.length)

describe("call policy (§7, §9)", () => {
  it.effect("adds the XMLHttpRequest, shop, cart id and csrf headers to every call", () =>
    withClient([200], (client, seen) =>
      Effect.gen(function*() {
        yield* client.probe.write()
        const [first] = yield* Ref.get(seen)
        assert.strictEqual(first?.headers["x-requested-with"], "XMLHttpRequest")
        assert.strictEqual(first?.headers["x-csrf-token"], "token-1")
        assert.strictEqual(first?.headers["x-cart-id"], "42")
        assert.strictEqual(first?.headers["x-shop-id"], "SK10MA")
        assert.isUndefined(first?.headers["idempotency-key"])
      })))

  it.effect("a credentials update reaches the next call", () =>
    withClient([200], (client, seen) =>
      Effect.gen(function*() {
        const state = yield* ShopCallState
        yield* Ref.update(state, (c) => ({ ...c, csrfToken: "token-2" }))
        yield* client.probe.read()
        const [first] = yield* Ref.get(seen)
        assert.strictEqual(first?.headers["x-csrf-token"], "token-2")
      })))

  it.effect("a GET is retried on 503 and 429 after the ladder's delays, then succeeds", () =>
    withClient([503, 429, 500, 200], (client, seen) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(client.probe.read())
        yield* Effect.yieldNow
        assert.strictEqual(yield* count(seen), 1)
        yield* TestClock.adjust(555)
        assert.strictEqual(yield* count(seen), 1)
        yield* TestClock.adjust(1)
        assert.strictEqual(yield* count(seen), 2)
        yield* TestClock.adjust(625)
        assert.strictEqual(yield* count(seen), 3)
        yield* TestClock.adjust(714)
        assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
        assert.strictEqual(yield* count(seen), 4)
      })))

  it.effect("constant 503s stop after 10 attempts, the sum of the ladder", () =>
    withClient([503], (client, seen) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(Effect.exit(client.probe.read()))
        const total = retrySchedule().reduce((a, b) => a + b, 0)
        yield* TestClock.adjust(total - 1)
        assert.strictEqual(yield* count(seen), 9)
        yield* TestClock.adjust(1)
        const exit = yield* Fiber.join(fiber)
        assert.isTrue(exit._tag === "Failure")
        assert.strictEqual(yield* count(seen), 10)
      })))

  it.effect("a 404 and a POST without idempotency key are sent once", () =>
    withClient([404, 503], (client, seen) =>
      Effect.gen(function*() {
        yield* Effect.exit(client.probe.read())
        yield* Effect.exit(client.probe.write())
        yield* TestClock.adjust(60_000)
        assert.strictEqual(yield* count(seen), 2)
      })))

  it.effect("an add-to-cart style mutation is retried with the same idempotency key", () =>
    withClient([503, 200], (client, seen) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(client.probe.add())
        yield* TestClock.adjust(556)
        yield* Fiber.join(fiber)
        const [first, second] = yield* Ref.get(seen)
        assert.match(first?.headers["idempotency-key"] ?? "", /^[0-9a-f-]{36}$/)
        assert.strictEqual(second?.headers["idempotency-key"], first?.headers["idempotency-key"])
        const third = yield* Effect.forkChild(client.probe.add())
        yield* Fiber.join(third)
        const all = yield* Ref.get(seen)
        assert.notStrictEqual(all[2]?.headers["idempotency-key"], first?.headers["idempotency-key"])
      })))

  it.effect("each attempt is bounded by the endpoint's timeout: a hanging call is retried after 5000 + 556 ms", () =>
    withClient(["hang", 200], (client, seen) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(client.probe.read())
        yield* TestClock.adjust(4999)
        assert.strictEqual(yield* count(seen), 1)
        yield* TestClock.adjust(1 + 556)
        assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      })))

  it.effect("a widgets-class endpoint waits 8000 ms before its attempt times out", () =>
    withClient(["hang", 200], (client, seen) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(client.probe.slow())
        yield* TestClock.adjust(7999 + 556)
        assert.strictEqual(yield* count(seen), 1)
        yield* TestClock.adjust(1)
        assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      })))
})
