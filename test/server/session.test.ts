import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"

const backend = backendFor([], Layer.empty)
afterAll(() => backend.dispose())

describe("session (server)", () => {
  it.effect("a first call starts a session with a csrf token and an open cart, kept by the cookie", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const first = yield* bootstrapSession(client)
      assert.match(first.csrfToken, /^[A-Za-z0-9_-]{43}$/)
      assert.isAbove(first.cartId, 0)
      assert.strictEqual(first.shopId, "CZ10MA")
      assert.isNull(first.customerId)
      const second = yield* client.session.get()
      assert.strictEqual(second.csrfToken, first.csrfToken)
      assert.strictEqual(second.cartId, first.cartId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("another visitor gets another session and cart; the shop header picks the shop", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const info = yield* bootstrapSession(client)
      assert.strictEqual(info.shopId, "PL10MA")
      const raw = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/api/session`)))
      const other = (yield* Effect.promise(() => raw.json())) as { csrfToken: string; cartId: number }
      assert.notStrictEqual(other.csrfToken, info.csrfToken)
      assert.notStrictEqual(other.cartId, info.cartId)
      const cookie = raw.headers.get("set-cookie") ?? ""
      assert.match(cookie, /sf_session=/)
      assert.match(cookie, /HttpOnly/i)
      assert.match(cookie, /SameSite=Lax/i)
    }).pipe(Effect.provide(clientLayerFor(backend, "PL10MA"))))
})
