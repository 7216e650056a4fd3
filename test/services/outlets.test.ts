/**
 * The Outlets service against the reference backend through msw: the 500 ms debounce on the TestClock (latest
 * query wins), the 2-character minimum, at most 15 shown, the keyboard picker, and §8 "post-outlet search failures
 * are silently ignored" for every fault (the shown outlets survive).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { OutletsGroup } from "../../core/api/outlets.ts"
import { maxVisibleOutlets, outletPurchasePrice, outletSearchDebounceMs } from "../../core/domain/outlet.ts"
import { Outlets } from "../../core/services/Outlets.ts"
import { OutletsHandlers } from "../../demo/server/handlers/outlets.ts"
import { groupsOf } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { faults, http, shopLayer, url, useBackend } from "./harness.ts"

const harness = useBackend(backendFor(groupsOf(OutletsGroup), OutletsHandlers))
const layer = Outlets.layer.pipe(Layer.provideMerge(shopLayer()))
const state = Outlets.use((outlets) => SubscriptionRef.get(outlets.state))
const findPath = "/api/post-outlet/find"
const finds = () => harness.sent("POST", findPath)

/** Types `query` and lets its debounce and search run. */
const typeAndSearch = (query: string) =>
  Effect.gen(function*() {
    const outlets = yield* Outlets
    yield* outlets.type(query)
    yield* TestClock.adjust(outletSearchDebounceMs)
    yield* harness.settle
    return yield* state
  })

describe("Outlets", () => {
  it.effect("searches 500 ms after the last keystroke, with the trimmed query and purchase price 2500 (§7, §9)", () =>
    Effect.gen(function*() {
      const outlets = yield* Outlets
      yield* TestClock.adjust(1000)
      const typed = yield* outlets.type(" Pr ")
      assert.isTrue(typed.searching)
      yield* TestClock.adjust(outletSearchDebounceMs - 1)
      yield* harness.settle
      assert.lengthOf(finds(), 0)
      yield* TestClock.adjust(1)
      yield* harness.settle
      assert.lengthOf(finds(), 1)
      assert.deepStrictEqual(JSON.parse(finds()[0]!.body ?? "{}"), { find: "Pr", purchasePrice: outletPurchasePrice, timestamp: 1000 + outletSearchDebounceMs })
      const s = yield* state
      assert.isFalse(s.searching)
      assert.isTrue(s.open)
      assert.isAbove(s.outlets.length, 0)
      assert.isAtMost(s.outlets.length, maxVisibleOutlets)
      assert.strictEqual(outletSearchDebounceMs, 500)
    }).pipe(Effect.provide(layer)))

  it.effect("the latest query wins: typing again restarts the debounce, one request for the last query", () =>
    Effect.gen(function*() {
      const outlets = yield* Outlets
      yield* outlets.type("Pr")
      yield* TestClock.adjust(300)
      yield* outlets.type("Pra")
      yield* TestClock.adjust(300)
      yield* harness.settle
      assert.lengthOf(finds(), 0)
      yield* TestClock.adjust(200)
      yield* harness.settle
      assert.lengthOf(finds(), 1)
      assert.strictEqual(JSON.parse(finds()[0]!.body ?? "{}").find, "Pra")
      assert.strictEqual((yield* state).query, "Pra")
    }).pipe(Effect.provide(layer)))

  it.effect("a newer query cancels an older search in flight: its late answer never shows", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(findPath), harness.hang, { once: true }))
      const outlets = yield* Outlets
      yield* outlets.type("Brno")
      yield* TestClock.adjust(outletSearchDebounceMs)
      yield* harness.settle
      yield* outlets.type("Pr")
      const s = yield* typeAndSearch("Pr")
      assert.lengthOf(finds(), 2)
      assert.strictEqual(s.query, "Pr")
      assert.isFalse(s.searching)
      assert.isAbove(s.outlets.length, 0)
    }).pipe(Effect.provide(layer)))

  it.effect("below 2 characters nothing is searched and the list closes (§5)", () =>
    Effect.gen(function*() {
      yield* typeAndSearch("Pr")
      const s = yield* typeAndSearch("P")
      assert.lengthOf(finds(), 1)
      assert.isFalse(s.open)
      assert.lengthOf(s.outlets, 0)
      assert.isFalse(s.searching)
    }).pipe(Effect.provide(layer)))

  it.effect("keys drive the picker: down opens at the first, enter selects and closes (§9)", () =>
    Effect.gen(function*() {
      const found = yield* typeAndSearch("Pr")
      const outlets = yield* Outlets
      yield* outlets.key("down")
      const active = yield* outlets.key("down")
      assert.strictEqual(active.active, 1)
      const chosen = yield* outlets.key("enter")
      assert.isFalse(chosen.open)
      assert.deepStrictEqual(chosen.selected, found.outlets[1])
      const escaped = yield* outlets.key("escape")
      assert.isFalse(escaped.open)
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.serverError], ["429", faults.tooMany], ["reset", faults.reset], ["malformed JSON", faults.malformed]] as const) {
    it.effect(`a search answered by ${name} is ignored: the outlets shown stay (§8)`, () =>
      Effect.gen(function*() {
        const before = yield* typeAndSearch("Pr")
        harness.server.use(http.post(url(findPath), fault))
        const after = yield* typeAndSearch("Pra")
        assert.lengthOf(finds(), 2, "a POST is not retried")
        assert.isFalse(after.searching)
        assert.deepStrictEqual(after.outlets, before.outlets)
        assert.strictEqual(after.query, "Pra")
      }).pipe(Effect.provide(layer)))
  }

  it.effect("a search that times out (5 s) is ignored and stops searching", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(findPath), harness.hang))
      const outlets = yield* Outlets
      yield* outlets.type("Pr")
      yield* TestClock.adjust(outletSearchDebounceMs)
      yield* harness.settle
      assert.isTrue((yield* state).searching)
      yield* TestClock.adjust(5000)
      yield* harness.settle
      const s = yield* state
      assert.isFalse(s.searching)
      assert.lengthOf(s.outlets, 0)
    }).pipe(Effect.provide(layer)))
})
