/**
 * The Legal service against the reference backend through msw: the uncleared legals load when the session changes
 * (login), approve closes the modal on success, deactivate signals a reload on success, each button's busy flag,
 * and §8 "legal approve/deactivate failures are silently ignored" for every fault.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, SubscriptionRef } from "effect"
import { AccountGroup } from "../../core/api/account.ts"
import { LegalGroup } from "../../core/api/legal.ts"
import { Account } from "../../core/services/Account.ts"
import { Legal } from "../../core/services/Legal.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { LegalHandlers } from "../../demo/server/handlers/legal.ts"
import { demoAccount, groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { faults, http, recordSignals, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(backendFor(groupsOf(AccountGroup, LegalGroup), Layer.mergeAll(AccountHandlers, LegalHandlers), probe.layer))
const layer = Layer.mergeAll(Legal.layer, Account.layer).pipe(Layer.provideMerge(shopLayer()))
const state = Legal.use((legal) => SubscriptionRef.get(legal.state))
const approvePath = "/api/legal/approve"
const deactivatePath = "/api/legal/deactivate-account"

/** Logs in as the demo customer with an uncleared legal (the legal modal shows after the session change). */
const logInWithLegal = Effect.gen(function*() {
  const email = demoAccount("legal")
  // a clean slate: earlier tests may have approved or deactivated
  yield* probe.use((sql) =>
    Effect.orDie(Effect.all([
      sql`DELETE FROM legal_approvals WHERE customer_id = (SELECT customer_id FROM customers WHERE lower(email) = ${email})`,
      sql`UPDATE customers SET deactivated_at = NULL WHERE lower(email) = ${email}`
    ]))
  )
  const account = yield* Account
  yield* account.login({ email, password: demoPassword })
  yield* harness.settle
  return yield* state
})

describe("Legal", () => {
  it.effect("a guest has nothing to approve: the modal stays closed", () =>
    Effect.gen(function*() {
      const legal = yield* Legal
      const loaded = yield* legal.load
      assert.isFalse(loaded.open)
      assert.lengthOf(loaded.legals, 0)
    }).pipe(Effect.provide(layer)))

  it.effect("after login (SessionChanged) the uncleared legal opens the modal; approve closes it on success (§4)", () =>
    Effect.gen(function*() {
      const shown = yield* logInWithLegal
      assert.isTrue(shown.open)
      assert.isDefined(shown.current)
      const legal = yield* Legal
      const approved = yield* legal.approve
      assert.isFalse(approved.open)
      assert.isFalse(approved.approving)
      assert.isFalse((yield* legal.load).open, "the approval was recorded")
      assert.lengthOf(harness.sent("POST", approvePath), 1)
    }).pipe(Effect.provide(layer)))

  it.effect("the approve button is busy while its call is in flight (§4)", () =>
    Effect.gen(function*() {
      yield* logInWithLegal
      harness.server.use(http.post(url(approvePath), harness.hang))
      const legal = yield* Legal
      const exit = harness.drive(legal.approve, { stepMs: 1000 })
      const fiber = yield* Effect.forkChild(exit)
      yield* harness.settle
      const during = yield* state
      assert.isTrue(during.approving)
      assert.isFalse(during.deactivating)
      const twice = yield* legal.deactivate
      assert.isFalse(twice.deactivating, "no second call while one is busy")
      yield* Fiber.join(fiber)
      const after = yield* state
      assert.isFalse(after.approving)
      assert.isTrue(after.open, "a timed-out approve keeps the modal open, silently")
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.serverError], ["429", faults.tooMany], ["reset", faults.reset], ["malformed JSON", faults.malformed]] as const) {
    it.effect(`an approve answered by ${name} is ignored: the modal stays, not busy (§8)`, () =>
      Effect.gen(function*() {
        const before = yield* logInWithLegal
        harness.server.use(http.post(url(approvePath), fault))
        const legal = yield* Legal
        const after = yield* legal.approve
        assert.isTrue(after.open)
        assert.isFalse(after.approving)
        assert.deepStrictEqual(after.current, before.current)
      }).pipe(Effect.provide(layer)))
  }

  it.effect("deactivate signals a page reload on success (§4)", () =>
    Effect.gen(function*() {
      yield* logInWithLegal
      const signals = yield* recordSignals
      const legal = yield* Legal
      const after = yield* legal.deactivate
      assert.isTrue(after.deactivating, "busy until the page reloads")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Reload"), [{ _tag: "Reload" }])
      assert.lengthOf(harness.sent("POST", deactivatePath), 1)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a failed deactivate (reset) is ignored: no reload, the modal stays, not busy (§8)", () =>
    Effect.gen(function*() {
      yield* logInWithLegal
      harness.server.use(http.post(url(deactivatePath), faults.reset))
      const signals = yield* recordSignals
      const legal = yield* Legal
      const after = yield* legal.deactivate
      assert.isFalse(after.deactivating)
      assert.isTrue(after.open)
      assert.lengthOf((yield* signals).filter((s) => s._tag === "Reload"), 0)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a failed reload of the legals (5xx after the GET retries) keeps the modal as it was", () =>
    Effect.gen(function*() {
      const before = yield* logInWithLegal
      harness.server.use(http.get(url("/api/legal/uncleared-legals"), faults.unavailable))
      const legal = yield* Legal
      yield* harness.drive(legal.load, { stepMs: 500 })
      assert.deepStrictEqual(yield* state, before)
    }).pipe(Effect.provide(layer)))
})
