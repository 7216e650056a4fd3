/**
 * Model-based test of consent privacy (issue 11): any sequence of logins, logouts, consent changes, panel
 * answers and data-protection modal closes by several customers of one device (fast-check `fc.commands` +
 * `fc.asyncModelRun`, against the in-process backend through msw) keeps the consents one shopper's:
 *
 * - after a login the consents the Consent service shows are exactly that customer's record, after a logout
 *   none but what the guest gives from then on;
 * - the server records each change for the shopper who made it, and for nobody else;
 * - the gates follow the shown consents, and tracking (the Tracking service) and personalisation run only when
 *   the shopper in session gave gdpr_personalization: never on another customer's consent;
 * - the panel shows for a guest who has not answered it, the modal for a customer without
 *   gdpr_personal_collection who has not closed it.
 *
 * The model is an independent record per customer (read from the database when a run starts) and the guest's
 * record of the session, changed only by the shopper in session.
 */
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, SubscriptionRef } from "effect"
import fc from "fast-check"
import { ConsentsGroup } from "../../core/api/consents.ts"
import { consentCodes } from "../../core/domain/consent.ts"
import { Account } from "../../core/services/Account.ts"
import { Consent } from "../../core/services/Consent.ts"
import { Storage } from "../../core/services/Storage.ts"
import { Tracking, TrackingOptions } from "../../core/services/Tracking.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { ConsentsHandlers } from "../../demo/server/handlers/consents.ts"
import { accountBackend, demoAccount } from "../server/accountSupport.ts"
import { shopLayer, useBackend } from "./harness.ts"

const { backend, probe } = accountBackend([ConsentsGroup], [ConsentsHandlers])
const harness = useBackend(backend)

const customers = ["gold", "silver", "vip"] as const
type CustomerKey = (typeof customers)[number]
type Record_ = { [code: string]: boolean }

interface Model {
  /** The customer in session, or null for a guest. */
  current: CustomerKey | null
  /** Each customer's recorded consents. */
  readonly records: Map<CustomerKey, Record_>
  /** The guest's consents in this session (none after a logout). */
  guest: Record_
  /** The modal was closed since the shopper in session came. */
  modalClosed: boolean
}

type Services = Consent | Account | Tracking

interface Real {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<A>
}

/** Tracking reads the consents of the one Consent service of the run. */
const trackingOptions = Layer.effect(
  TrackingOptions,
  Effect.map(Consent, (consent) =>
    TrackingOptions.of({
      apiUrl: undefined,
      version: "test",
      consents: Effect.map(SubscriptionRef.get(consent.state), (s) => s.consents),
      environment: Effect.succeed({
        page: { location: "http://shop.test/", path: "/", referrer: "", os: "Linux", device: "desktop", browser: "Firefox" },
        userAgent: "test"
      })
    }))
)

const layer = Tracking.layer.pipe(
  Layer.provide(Layer.mergeAll(trackingOptions, Storage.layerMemory)),
  Layer.provideMerge(Consent.layer),
  Layer.provideMerge(Account.layer),
  Layer.provideMerge(shopLayer())
)

const customerIdOf = (key: CustomerKey) =>
  probe.use((sql) => Effect.orDie(sql<{ customer_id: number }>`SELECT customer_id FROM customers WHERE email = ${demoAccount(key)}`)).pipe(
    Effect.map((rows) => rows[0]!.customer_id)
  )

const recordOf = (key: CustomerKey) =>
  Effect.gen(function*() {
    const id = yield* customerIdOf(key)
    const rows = yield* probe.use((sql) =>
      Effect.orDie(sql<{ code: string; value: boolean }>`SELECT code, value FROM customer_consents WHERE customer_id = ${id}`))
    return Object.fromEntries(rows.map((row) => [row.code, row.value])) as Record_
  })

const shown = (model: Model): Record_ => (model.current === null ? model.guest : model.records.get(model.current)!)

/** The service, the server and the gated features against the model. */
const checkAgainst = async (model: Model, real: Real) => {
  const expected = shown(model)
  const state = await real.run(Effect.flatMap(Consent, (consent) => SubscriptionRef.get(consent.state)))
  const who = model.current ?? "the guest"
  assert.deepStrictEqual({ ...state.consents }, expected, `the consents shown are exactly ${who}'s`)
  for (const key of customers) {
    assert.deepStrictEqual(await real.run(recordOf(key)), model.records.get(key), `the server keeps ${key}'s record as ${key} left it`)
  }
  const personalisation = expected["gdpr_personalization"] === true
  assert.strictEqual(state.gates.tracking, personalisation, `tracking gate on ${who}'s consent`)
  assert.strictEqual(state.gates.personalisation, personalisation, `personalisation gate on ${who}'s consent`)
  const outcome = await real.run(Effect.flatMap(Tracking, (tracking) => tracking.track({ type: "page_visit" })))
  assert.strictEqual(outcome._tag === "NoConsent", !personalisation, `tracking runs only on ${who}'s gdpr_personalization`)
  assert.strictEqual(state.panel.shown, model.current === null && expected["gdpr_panel"] === undefined, "the panel")
  assert.strictEqual(
    state.modal.shown,
    model.current !== null && expected["gdpr_personal_collection"] !== true && !model.modalClosed,
    "the data-protection modal"
  )
}

class Login implements fc.AsyncCommand<Model, Real> {
  readonly key: CustomerKey
  constructor(key: CustomerKey) {
    this.key = key
  }
  check = (model: Readonly<Model>) => model.current === null
  async run(model: Model, real: Real) {
    await real.run(Effect.flatMap(Account, (account) => account.login({ email: demoAccount(this.key), password: demoPassword })))
    await real.run(harness.settle)
    model.current = this.key
    model.modalClosed = false
    await checkAgainst(model, real)
  }
  toString = () => `Login(${this.key})`
}

class Logout implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.current !== null
  async run(model: Model, real: Real) {
    await real.run(Effect.flatMap(Account, (account) => account.logout))
    await real.run(harness.settle)
    model.current = null
    model.guest = {}
    model.modalClosed = false
    await checkAgainst(model, real)
  }
  toString = () => "Logout"
}

class SetConsent implements fc.AsyncCommand<Model, Real> {
  readonly code: string
  readonly value: boolean
  constructor(code: string, value: boolean) {
    this.code = code
    this.value = value
  }
  check = () => true
  async run(model: Model, real: Real) {
    await real.run(Effect.flatMap(Consent, (consent) => consent.setConsent(this.code, this.value)))
    shown(model)[this.code] = this.value
    await checkAgainst(model, real)
  }
  toString = () => `SetConsent(${this.code}, ${this.value})`
}

class AgreePanel implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    await real.run(Effect.flatMap(Consent, (consent) => consent.agreePanel))
    if (model.current === null && model.guest["gdpr_panel"] === undefined) model.guest["gdpr_panel"] = true
    await checkAgainst(model, real)
  }
  toString = () => "AgreePanel"
}

class CloseModal implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.current !== null
  async run(model: Model, real: Real) {
    await real.run(Effect.flatMap(Consent, (consent) => consent.closeModal))
    model.records.get(model.current!)!["gdpr_personal_collection"] = true
    model.modalClosed = true
    await checkAgainst(model, real)
  }
  toString = () => "CloseModal"
}

const commands = [
  fc.constantFrom(...customers).map((key) => new Login(key)),
  fc.constantFrom(...customers).map((key) => new Login(key)),
  fc.constant(new Logout()),
  fc.tuple(fc.constantFrom(...consentCodes.filter((code) => code !== "gdpr_panel")), fc.boolean()).map(([code, value]) => new SetConsent(code, value)),
  fc.tuple(fc.constantFrom(...consentCodes.filter((code) => code !== "gdpr_panel")), fc.boolean()).map(([code, value]) => new SetConsent(code, value)),
  fc.constant(new AgreePanel()),
  fc.constant(new CloseModal())
]

describe("Consent: model-based privacy (fast-check commands)", () => {
  it.effect("over any sequence of logins, logouts and consent changes by several customers, the consents are the shopper's own", () =>
    Effect.gen(function*() {
      const outer = yield* Effect.context<never>()
      const oneRun = (cmds: Iterable<fc.AsyncCommand<Model, Real>>) =>
        Effect.runPromiseWith(outer)(
          Effect.scoped(
            Effect.gen(function*() {
              const services = Context.merge(outer, yield* Layer.build(layer))
              const real: Real = { run: (effect) => Effect.runPromiseWith(services)(effect) }
              const records = new Map<CustomerKey, Record_>()
              for (const key of customers) records.set(key, yield* recordOf(key))
              const model: Model = { current: null, records, guest: {}, modalClosed: false }
              yield* Effect.promise(() => fc.asyncModelRun(() => ({ model, real }), cmds))
            })
          )
        )
      yield* Effect.promise(() =>
        fc.assert(fc.asyncProperty(fc.commands(commands, { maxCommands: 10, size: "max" }), oneRun), { numRuns: 20, endOnFailure: true })
      )
    }))
})
