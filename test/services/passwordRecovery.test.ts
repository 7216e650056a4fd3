/**
 * Account.requestPasswordRecovery and Account.resetPassword against the reference backend through msw: invalid
 * input sends nothing, a link read from the mail outbox logs the customer in (new session, SessionChanged, the
 * link's same-origin return followed), a spent link reads as RecoveryLinkInvalid, and a 5xx leaves the state.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, SubscriptionRef } from "effect"
import { AccountGroup } from "../../core/api/account.ts"
import { PasswordRecoveryGroup } from "../../core/api/passwordRecovery.ts"
import { Account } from "../../core/services/Account.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { PasswordRecoveryHandlers } from "../../demo/server/handlers/passwordRecovery.ts"
import { demoAccount, groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { failureOf, faults, http, recordSignals, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(
  backendFor(groupsOf(AccountGroup, PasswordRecoveryGroup), Layer.mergeAll(AccountHandlers, PasswordRecoveryHandlers), probe.layer)
)
const layer = Account.layer.pipe(Layer.provideMerge(shopLayer()))
const requestPath = "/api/auth/password-recovery/"
const resetPath = "/api/auth/password-recovery/reset"

const latestLink = (email: string) =>
  probe.use((sql) =>
    Effect.map(
      sql<{ body: string }>`SELECT body FROM mail_outbox WHERE lower(recipient) = lower(${email}) ORDER BY mail_id DESC LIMIT 1`,
      (rows) => new URL(rows[0]!.body.split("\n").find((line) => line.startsWith("/"))!, "http://shop.test")
    )
  ).pipe(Effect.orDie)

describe("Account password recovery", () => {
  it.effect("a malformed e-mail or a short password sends nothing", () =>
    Effect.gen(function*() {
      const account = yield* Account
      const bad = yield* Effect.flip(account.requestPasswordRecovery("not an e-mail"))
      assert.strictEqual(bad._tag, "RecoveryFormInvalid")
      const short = yield* Effect.flip(account.resetPassword("token", "short"))
      assert.strictEqual(short._tag, "RecoveryFormInvalid")
      assert.lengthOf(harness.sent("POST", requestPath), 0)
      assert.lengthOf(harness.sent("POST", resetPath), 0)
    }).pipe(Effect.provide(layer)))

  it.effect("the link logs the customer in, signals the new session and follows the return path", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const account = yield* Account
      const email = demoAccount("silver")
      const text = yield* account.requestPasswordRecovery(` ${email} `, "/kosik")
      assert.isNotEmpty(text)
      const link = yield* latestLink(email)
      const after = yield* account.resetPassword(link.searchParams.get("token")!, "brand-new-password", { search: link.search })
      assert.strictEqual(after.role, "logged-in")
      const seen = yield* signals
      assert.isTrue(seen.some((s) => s._tag === "SessionChanged" && s.reason === "login"))
      assert.isTrue(seen.some((s) => s._tag === "Redirect" && s.url === "/kosik"))
      const again = yield* Effect.flip(account.resetPassword(link.searchParams.get("token")!, "another-password"))
      assert.strictEqual(again._tag, "RecoveryLinkInvalid")
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a 5xx is a CallFailed and leaves the state as it was", () =>
    Effect.gen(function*() {
      harness.server.use(http.post(url(resetPath), faults.unavailable))
      const account = yield* Account
      const before = yield* SubscriptionRef.get(account.state)
      const exit = yield* Effect.exit(account.resetPassword("some-token", "long-enough-password"))
      const error = failureOf(exit)
      assert.strictEqual(error?._tag, "CallFailed")
      assert.deepStrictEqual(yield* SubscriptionRef.get(account.state), before)
    }).pipe(Effect.provide(layer)))
})
