/**
 * The storage port's in-memory layer (Node, tests) and the signals hub: two named stores, expiry on the Clock
 * (TestClock), and signals reaching every subscriber with unsafe redirects dropped.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { cookieExpiry, floatingBannerCookieLifetime } from "../../core/domain/layout.ts"
import { redirectSignal, reloadSignal, Signals } from "../../core/services/Signals.ts"
import { Storage } from "../../core/services/Storage.ts"
import { recordSignals } from "./harness.ts"

describe("Storage (in memory)", () => {
  it.effect("get, set and remove per named store; cookies and localStorage are separate", () =>
    Effect.gen(function*() {
      const storage = yield* Storage
      assert.isUndefined(yield* storage.get("cookies", "a"))
      yield* storage.set("cookies", "a", "1")
      yield* storage.set("localStorage", "a", "2")
      assert.strictEqual(yield* storage.get("cookies", "a"), "1")
      assert.strictEqual(yield* storage.get("localStorage", "a"), "2")
      yield* storage.set("cookies", "a", "3")
      assert.strictEqual(yield* storage.get("cookies", "a"), "3")
      yield* storage.remove("cookies", "a")
      assert.isUndefined(yield* storage.get("cookies", "a"))
      assert.strictEqual(yield* storage.get("localStorage", "a"), "2")
    }).pipe(Effect.provide(Storage.layerMemory)))

  it.effect("a value with an expiry is gone once the Clock reaches it (e.g. the floating banner cookie, 3 months)", () =>
    Effect.gen(function*() {
      const storage = yield* Storage
      const expiresAt = cookieExpiry(0, floatingBannerCookieLifetime)
      yield* storage.set("cookies", "floatingBannerClosed", "1", { expiresAt })
      yield* storage.set("localStorage", "menu", "{}", { expiresAt: 3_600_000 })
      yield* TestClock.adjust(3_600_000 - 1)
      assert.strictEqual(yield* storage.get("localStorage", "menu"), "{}")
      yield* TestClock.adjust(1)
      assert.isUndefined(yield* storage.get("localStorage", "menu"))
      assert.strictEqual(yield* storage.get("cookies", "floatingBannerClosed"), "1")
      yield* TestClock.setTime(expiresAt)
      assert.isUndefined(yield* storage.get("cookies", "floatingBannerClosed"))
    }).pipe(Effect.provide(Storage.layerMemory)))

  it.effect("starts from a seed", () =>
    Effect.gen(function*() {
      const storage = yield* Storage
      assert.strictEqual(yield* storage.get("cookies", "vipNoticeClosed"), "1")
      assert.isUndefined(yield* storage.get("localStorage", "vipNoticeClosed"))
    }).pipe(Effect.provide(Storage.layerMemoryWith({ cookies: { vipNoticeClosed: { value: "1" } } }))))
})

describe("Signals", () => {
  it.effect("every subscriber gets every signal published after it subscribed; redirects only to same-origin paths", () =>
    Effect.gen(function*() {
      const first = yield* recordSignals
      const signals = yield* Signals
      yield* signals.publish(redirectSignal("/kosik"))
      const second = yield* recordSignals
      yield* signals.publish(redirectSignal("//evil.example/"))
      yield* signals.publish(redirectSignal("https://evil.example/"))
      yield* signals.publish(reloadSignal)
      yield* signals.publish({ _tag: "SessionChanged", reason: "login", customerId: 7, cartId: 9 })
      assert.deepStrictEqual(yield* first, [
        { _tag: "Redirect", url: "/kosik" },
        { _tag: "Reload" },
        { _tag: "SessionChanged", reason: "login", customerId: 7, cartId: 9 }
      ])
      assert.lengthOf(yield* second, 2)
    }).pipe(Effect.scoped, Effect.provide(Signals.layer)))
})
