/**
 * The Account service against the reference backend through msw: login (validation, success with a new session and
 * the SessionChanged signal, every §8 failure path), registration, logout with the csrf token, addresses, and
 * faults (5xx, 429, reset, malformed JSON, timeout) that never lose the state.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Ref, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { HttpResponse } from "msw"
import { AccountGroup } from "../../core/api/account.ts"
import { ShopCallState } from "../../core/api/client.ts"
import { loginFailureTitleMs } from "../../core/domain/auth.ts"
import { unknownErrorKey } from "../../core/domain/flash.ts"
import { shopById } from "../../core/domain/shop.ts"
import { Account } from "../../core/services/Account.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { demoAccount, groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { failureOf, faults, http, recordSignals, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(backendFor(groupsOf(AccountGroup), AccountHandlers, probe.layer))
const cz = shopById("CZ10MA")
const layer = Account.layer.pipe(Layer.provideMerge(shopLayer()))
const gold = { email: demoAccount("gold"), password: demoPassword }
const loginPath = "/api/auth/login/"

const state = Account.use((account) => SubscriptionRef.get(account.state))

describe("Account", () => {
  it.effect("validates the login form first (§5): nothing is sent without email and password", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const error = yield* Effect.flip(account.login({ email: "  ", password: "" }))
      assert.strictEqual(error._tag, "LoginFormInvalid")
      assert.deepStrictEqual((yield* state).missingFields, ["email", "password"])
      assert.lengthOf(harness.sent("POST", loginPath), 0)
    }).pipe(Effect.provide(layer)))

  it.effect("logs in: customer, role and display name; a new session (csrf, cart) and SessionChanged", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const account = yield* Account
      const calls = yield* ShopCallState
      const before = yield* Ref.get(calls)
      const after = yield* account.login(gold)
      assert.strictEqual(after.role, "logged-in")
      assert.match(after.displayName, /^\S+ \S\.$/)
      assert.isTrue(after.customer?.isLogged)
      assert.isFalse(after.busy)
      const context = yield* Ref.get(calls)
      assert.isDefined(context.csrfToken)
      assert.notStrictEqual(context.csrfToken, before.csrfToken)
      assert.strictEqual(after.csrfToken, context.csrfToken, "the state carries the new session's token with the customer")
      const changed = (yield* signals).filter((s) => s._tag === "SessionChanged")
      assert.lengthOf(changed, 1)
      const signal = changed[0]!
      assert.strictEqual(signal._tag === "SessionChanged" && signal.reason, "login")
      assert.strictEqual(signal._tag === "SessionChanged" && signal.cartId, context.cartId)
      assert.isTrue(signal._tag === "SessionChanged" && typeof signal.customerId === "number")
      assert.isFalse((yield* signals).some((s) => s._tag === "Redirect"), "no redirect without a return target")
      // the login call carried the csrf token of the first session
      const sent = harness.sent("POST", loginPath)
      assert.lengthOf(sent, 1)
      assert.isDefined(sent[0]!.headers["x-csrf-token"])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("after login follows a same-origin `return` parameter (§2), never another site", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const account = yield* Account
      yield* account.login(gold, { search: "?return=%2F%2Fevil.example" })
      assert.isFalse((yield* signals).some((s) => s._tag === "Redirect"))
      yield* account.logout
      yield* account.login(gold, { search: "?return=/kosik" })
      const redirects = (yield* signals).filter((s) => s._tag === "Redirect")
      assert.deepStrictEqual(redirects.at(-1), { _tag: "Redirect", url: "/kosik" })
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a refused login shows the server's title for exactly 5 s (§8) and the form flashes (§5)", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const error = yield* Effect.flip(account.login({ email: gold.email, password: "wrong-password" }))
      assert.strictEqual(error._tag, "LoginFailed")
      if (error._tag !== "LoginFailed") return
      assert.strictEqual(error.action._tag, "ShowTitle")
      assert.strictEqual(error.failure.status, 401)
      const shown = yield* state
      assert.isString(shown.loginTitle)
      assert.notStrictEqual(shown.loginTitle, unknownErrorKey)
      assert.lengthOf(shown.loginError, 1)
      assert.strictEqual(shown.loginError[0]!.type, "danger")
      assert.strictEqual(shown.loginError[0]!.cat, "form")
      assert.strictEqual(shown.role, "guest")
      yield* TestClock.adjust(loginFailureTitleMs - 1)
      assert.strictEqual((yield* state).loginTitle, shown.loginTitle)
      yield* TestClock.adjust(1)
      assert.isUndefined((yield* state).loginTitle)
      assert.strictEqual(loginFailureTitleMs, 5000)
    }).pipe(Effect.provide(layer)))

  it.effect("a second failure restarts the 5 s of the title", () =>
    Effect.gen(function*() {
      const account = yield* Account
      yield* Effect.flip(account.login({ email: gold.email, password: "wrong-1" }))
      yield* TestClock.adjust(3000)
      harness.server.use(http.post(url(loginPath), () => HttpResponse.json({ _tag: "LoginRejected", title: "second", errors: [] }, { status: 401 })))
      yield* Effect.flip(account.login({ email: gold.email, password: "wrong-2" }))
      yield* TestClock.adjust(3000)
      assert.strictEqual((yield* state).loginTitle, "second")
      yield* TestClock.adjust(2000)
      assert.isUndefined((yield* state).loginTitle)
    }).pipe(Effect.provide(layer)))

  it.effect("a locked account (423) redirects to its same-origin redirectUrl (§8)", () =>
    Effect.gen(function*() {
      yield* probe.use((sql) => Effect.orDie(sql`UPDATE customers SET locked_until = now() + interval '1 hour' WHERE lower(email) = ${gold.email}`))
      const signals = yield* recordSignals
      const account = yield* Account
      const error = yield* Effect.flip(account.login(gold))
      yield* probe.use((sql) => Effect.orDie(sql`UPDATE customers SET locked_until = NULL, failed_login_count = 0 WHERE lower(email) = ${gold.email}`))
      assert.strictEqual(error._tag === "LoginFailed" && error.action._tag, "Redirect")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.passwordRecovery }])
      assert.isUndefined((yield* state).loginTitle)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a 423 whose redirectUrl is another site goes to the login url instead", () =>
    Effect.gen(function*() {
      harness.server.use(
        http.post(url(loginPath), () =>
          HttpResponse.json({ _tag: "AccountLocked", title: "locked", redirectUrl: "https://evil.example/" }, { status: 423 }))
      )
      const signals = yield* recordSignals
      const account = yield* Account
      yield* Effect.flip(account.login(gold))
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.login }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("no response (connection reset) redirects to the login url (§8)", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(loginPath), faults.reset))
      const signals = yield* recordSignals
      const account = yield* Account
      const error = yield* Effect.flip(account.login(gold))
      assert.strictEqual(error._tag === "LoginFailed" && error.failure.kind, "transport")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.login }])
      assert.isFalse((yield* state).busy)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a login that times out (5 s, not retried: POST) redirects to the login url (§8)", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(loginPath), harness.hang))
      const signals = yield* recordSignals
      const account = yield* Account
      const exit = yield* harness.drive(account.login(gold), { stepMs: 1000 })
      const error = failureOf(exit)
      assert.strictEqual(error?._tag === "LoginFailed" && error.failure.kind, "timeout")
      assert.lengthOf(harness.sent("POST", loginPath), 1)
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.login }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  for (const [name, fault, status] of [
    ["5xx", faults.unavailable, 503],
    ["429", faults.tooMany, 429],
    ["malformed JSON", faults.malformed, 200]
  ] as const) {
    it.effect(`a ${name} answer shows the generic title for 5 s (a response came), sent once, the guest state kept`, () =>
      Effect.gen(function*() {
        harness.server.use(http.post(url(loginPath), fault))
        const account = yield* Account
        const error = yield* Effect.flip(account.login(gold))
        assert.strictEqual(error._tag === "LoginFailed" && (error.failure.status ?? (error.failure.kind === "decode" ? 200 : undefined)), status)
        assert.lengthOf(harness.sent("POST", loginPath), 1)
        const shown = yield* state
        assert.strictEqual(shown.loginTitle, unknownErrorKey)
        assert.strictEqual(shown.role, "guest")
        yield* TestClock.adjust(loginFailureTitleMs)
        assert.isUndefined((yield* state).loginTitle)
      }).pipe(Effect.provide(layer)))
  }

  it.effect("Facebook login without a provider is refused like a wrong password (title for 5 s)", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const error = yield* Effect.flip(account.fbLogin("token"))
      assert.strictEqual(error.action._tag, "ShowTitle")
      assert.isString((yield* state).loginTitle)
    }).pipe(Effect.provide(layer)))

  it.effect("logs out with the csrf token in the link (§6): guest again, new session, SessionChanged, redirect", () =>
    Effect.gen(function*() {
      const account = yield* Account
      yield* account.login(gold)
      const calls = yield* ShopCallState
      const token = (yield* Ref.get(calls)).csrfToken!
      const signals = yield* recordSignals
      const after = yield* account.logout
      assert.strictEqual(after.role, "guest")
      assert.isUndefined(after.customer)
      const logout = harness.sent("GET", "/api/auth/logout/")
      assert.lengthOf(logout, 1)
      assert.include(logout[0]!.path, `csrf_token=${encodeURIComponent(token)}`)
      assert.notStrictEqual((yield* Ref.get(calls)).csrfToken, token)
      assert.strictEqual(after.csrfToken, (yield* Ref.get(calls)).csrfToken)
      const seen = yield* signals
      const changed = seen.find((s) => s._tag === "SessionChanged")
      assert.strictEqual(changed?._tag === "SessionChanged" && changed.reason, "logout")
      assert.strictEqual(changed?._tag === "SessionChanged" && changed.customerId, null)
      assert.deepStrictEqual(seen.filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: "/" }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a failed logout (5xx) keeps the customer logged in and publishes nothing", () =>
    Effect.gen(function*() {
      const account = yield* Account
      yield* account.login(gold)
      harness.server.use(http.get(url("/api/auth/logout/"), faults.serverError))
      const signals = yield* recordSignals
      const exit = yield* harness.drive(account.logout, { stepMs: 500 })
      const error = failureOf(exit)
      assert.strictEqual(error?._tag, "CallFailed")
      assert.strictEqual(error?.failure.status, 500)
      assert.lengthOf(harness.sent("GET", "/api/auth/logout/"), 10, "a GET is retried by the §9 ladder: 10 attempts")
      assert.strictEqual((yield* state).role, "logged-in")
      assert.lengthOf(yield* signals, 0)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("registers: logged in or waiting, a new session and SessionChanged (registration)", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const account = yield* Account
      const after = yield* account.register({ email: "new.customer@example.cz", password: "secret-123", firstname: "Nová", lastname: "Zákaznice" })
      assert.notStrictEqual(after.role, "guest")
      const changed = (yield* signals).find((s) => s._tag === "SessionChanged")
      assert.strictEqual(changed?._tag === "SessionChanged" && changed.reason, "registration")
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a refused registration shows the server's messages as form flashes (§5); a malformed one is not sent", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const error = yield* Effect.flip(account.register({ email: gold.email, password: "secret-123", firstname: "A", lastname: "B" }))
      assert.strictEqual(error._tag, "RegistrationFailed")
      const flashes = (yield* state).registrationError
      assert.isAtLeast(flashes.length, 1)
      assert.isTrue(flashes.every((f) => f.type === "danger" && f.cat === "form"))
      const invalid = yield* Effect.flip(account.register({ email: "not an email", password: "", firstname: "A", lastname: "B" }))
      assert.strictEqual(invalid._tag, "RegistrationInvalid")
      assert.lengthOf(harness.sent("POST", "/api/reg/submit"), 1)
    }).pipe(Effect.provide(layer)))

  it.effect("saves a shipping address and loads the checkout addresses into the customer", () =>
    Effect.gen(function*() {
      const account = yield* Account
      yield* account.login(gold)
      const saved = yield* account.setShippingAddress({ firstname: "Jana", lastname: "Nováková", street: "Dlouhá 5", city: "Praha", zip: "11000", country: "CZ" })
      assert.isTrue(saved.customer?.isLogged, "the login state survives the merge")
      assert.isTrue((saved.customer?.addresses?.shipping ?? []).some((a) => a.street === "Dlouhá 5"))
      const loaded = yield* account.loadAddresses
      assert.isTrue(loaded.customer?.hasFilledAddress)
      assert.lengthOf(harness.sent("GET", "/kosik/1/load-addresses/"), 1)
    }).pipe(Effect.provide(layer)))

  it.effect("addresses need a logged-in customer (§6): a guest is sent to the login url", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const account = yield* Account
      const error = yield* Effect.flip(account.loadAddresses)
      assert.strictEqual(error._tag, "AccountLoginRequired")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.login }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a failing address call (reset) keeps the customer as it was", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const before = yield* account.login(gold)
      harness.server.use(http.post(url("/api/address/setShippingAddress"), faults.reset))
      const error = yield* Effect.flip(account.setShippingAddress({ firstname: "J", lastname: "N", street: "S 1", city: "Praha", zip: "11000", country: "CZ" }))
      assert.strictEqual(error._tag === "CallFailed" && error.failure.kind, "transport")
      assert.deepStrictEqual((yield* state).customer, before.customer)
    }).pipe(Effect.provide(layer)))

  it.effect("the order history (ours): gold's seeded orders, newest first, paged; a guest is sent to the login url", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const guest = yield* Effect.flip(account.orderHistory())
      assert.strictEqual(guest._tag, "AccountLoginRequired")
      yield* account.login(gold)
      const history = yield* account.orderHistory()
      assert.isAtLeast(history.total, 2)
      assert.strictEqual(history.orders.length, Math.min(history.total, 10))
      const times = history.orders.map((order) => Date.parse(order.createdAt))
      assert.deepStrictEqual(times, [...times].sort((a, b) => b - a), "newest first")
      for (const order of history.orders) {
        assert.match(order.orderId, /^\d+$/)
        assert.match(order.stateDate, /^\d{4}-\d{2}-\d{2}$/)
        assert.strictEqual(order.currency, "CZK")
        assert.isAbove(order.items.length, 0)
        for (const item of order.items) assert.strictEqual(item.linePrice, Math.round(item.unitPrice * item.count * 100) / 100)
      }
      assert.include(["delivered", "shipped"], history.orders.at(-1)?.state)
      const second = yield* account.orderHistory({ limit: 1, offset: 1 })
      assert.deepStrictEqual(second.orders.map((o) => o.orderId), [history.orders[1]!.orderId])
      assert.lengthOf(harness.sent("GET", "/api/account/orders"), 3)
    }).pipe(Effect.provide(layer)))
})
