/**
 * The Consent service against the reference backend through msw: the panel (shown while gdpr_panel is absent,
 * posts at once, hides on success, failure or login), the logged-in data-protection modal (link keys, close sets
 * gdpr_personal_collection), the gates of §6, and §8 "consent failure saves status false" for every fault.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, SubscriptionRef } from "effect"
import { AccountGroup } from "../../core/api/account.ts"
import { ConsentsGroup } from "../../core/api/consents.ts"
import { Account } from "../../core/services/Account.ts"
import { Consent } from "../../core/services/Consent.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { ConsentsHandlers } from "../../demo/server/handlers/consents.ts"
import { demoAccount, groupsOf } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { faults, http, shopLayer, url, useBackend } from "./harness.ts"

const harness = useBackend(backendFor(groupsOf(AccountGroup, ConsentsGroup), Layer.mergeAll(AccountHandlers, ConsentsHandlers)))
const layer = Consent.layer.pipe(Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer()))
const state = Consent.use((consent) => SubscriptionRef.get(consent.state))
const panelPath = "/api/privacy-setting/setPanelConsent"
const updatePath = "/api/privacy-setting/update-consents"

const logIn = (key: string) =>
  Effect.gen(function*() {
    const account = yield* Account
    yield* account.login({ email: demoAccount(key), password: demoPassword })
    yield* harness.settle
  })

describe("Consent", () => {
  it.effect("with no consent recorded the panel shows and every gate is closed (§4, §6)", () =>
    Effect.gen(function*() {
      const s = yield* state
      assert.isTrue(s.panel.shown)
      assert.isFalse(s.modal.shown)
      assert.deepStrictEqual(s.gates, { tracking: false, personalisation: false, suppressSmartBox: true, freeDeliveryOffer: false })
    }).pipe(Effect.provide(layer)))

  it.effect("agree posts the panel consent at once, once; success records gdpr_panel true and hides the panel", () =>
    Effect.gen(function*() {
      const consent = yield* Consent
      const after = yield* consent.agreePanel
      assert.isFalse(after.panel.shown)
      assert.isFalse(after.panel.posting)
      assert.isTrue(after.consents["gdpr_panel"])
      yield* consent.agreePanel
      assert.lengthOf(harness.sent("POST", panelPath), 1)
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.unavailable], ["429", faults.tooMany], ["reset", faults.reset], ["malformed JSON", faults.malformed]] as const) {
    it.effect(`a panel post answered by ${name} records gdpr_panel false and hides the panel, silently (§8)`, () =>
      Effect.gen(function*() {
        harness.server.use(http.post(url(panelPath), fault))
        const consent = yield* Consent
        const after = yield* consent.agreePanel
        assert.isFalse(after.panel.shown)
        assert.strictEqual(after.consents["gdpr_panel"], false)
        assert.lengthOf(harness.sent("POST", panelPath), 1, "a POST is not retried")
      }).pipe(Effect.provide(layer)))
  }

  it.effect("a panel post that times out (5 s) records false", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(panelPath), harness.hang))
      const consent = yield* Consent
      yield* harness.drive(consent.agreePanel, { stepMs: 1000 })
      const s = yield* state
      assert.isFalse(s.panel.shown)
      assert.strictEqual(s.consents["gdpr_panel"], false)
    }).pipe(Effect.provide(layer)))

  it.effect("logging in hides the panel without posting; a customer with every consent gets no modal", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      const s = yield* state
      assert.isFalse(s.panel.shown)
      assert.isFalse(s.modal.shown)
      assert.lengthOf(harness.sent("POST", panelPath), 0)
    }).pipe(Effect.provide(layer)))

  it.effect("a logged-in customer without gdpr_personal_collection gets the modal; links record their keys; close sets it true", () =>
    Effect.gen(function*() {
      yield* logIn("silver")
      const consent = yield* Consent
      assert.isTrue((yield* state).modal.shown)
      const linked = yield* consent.followModalLink("personal_information")
      assert.isTrue(linked.consents["personal_information"])
      assert.isTrue(linked.modal.shown, "a link does not close the modal")
      const closed = yield* consent.closeModal
      assert.isFalse(closed.modal.shown)
      assert.isTrue(closed.consents["gdpr_personal_collection"])
      assert.lengthOf(harness.sent("POST", updatePath), 2)
    }).pipe(Effect.provide(layer)))

  it.effect("a failed modal close records gdpr_personal_collection false and the modal stays closed (§8)", () =>
    Effect.gen(function*() {
      yield* logIn("silver")
      harness.server.use(http.post(url(updatePath), faults.serverError))
      const consent = yield* Consent
      const closed = yield* consent.closeModal
      assert.isFalse(closed.modal.shown)
      assert.strictEqual(closed.consents["gdpr_personal_collection"], false)
      assert.isFalse(closed.modal.busy)
    }).pipe(Effect.provide(layer)))

  it.effect("the gates follow the consents: gdpr_personalization opens tracking and personalisation (§6)", () =>
    Effect.gen(function*() {
      const consent = yield* Consent
      const given = yield* consent.setConsent("gdpr_personalization", true)
      assert.isTrue(given.gates.tracking)
      assert.isTrue(given.gates.personalisation)
      const marketing = yield* consent.setConsent("marketing_1p", true)
      assert.isFalse(marketing.gates.suppressSmartBox)
      assert.isTrue(marketing.gates.freeDeliveryOffer)
      harness.server.use(http.post(url("/api/privacy-setting/setConsent"), faults.reset))
      const failed = yield* consent.setConsent("marketing_1p", true)
      assert.strictEqual(failed.consents["marketing_1p"], false, "§8: a failure saves false")
      assert.isTrue(failed.gates.suppressSmartBox)
    }).pipe(Effect.provide(layer)))

  it.effect("consents known from the page hide the panel when gdpr_panel is recorded", () =>
    Effect.gen(function*() {
      const consent = yield* Consent
      const s = yield* consent.hydrate({ gdpr_panel: true, gdpr_personalization: true })
      assert.isFalse(s.panel.shown)
      assert.isTrue(s.gates.tracking)
    }).pipe(Effect.provide(layer)))

  it.effect("the version 2 free-delivery offer needs personal_data_3p (§6)", () =>
    Effect.gen(function*() {
      const consent = yield* Consent
      const s = yield* consent.hydrate({ marketing_1p: true })
      assert.isFalse(s.gates.freeDeliveryOffer)
      assert.isTrue((yield* consent.hydrate({ personal_data_3p: true })).gates.freeDeliveryOffer)
    }).pipe(Effect.provide(Consent.layerWith({ freeDeliveryVersion: 2 }).pipe(Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer())))))
})
