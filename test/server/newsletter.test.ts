/**
 * The newsletter group against the real server in-process: guests subscribe an e-mail (required), customers their
 * account's (allowedNl follows), and CSRF.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { NewsletterGroup } from "../../core/api/newsletter.ts"
import { NewsletterHandlers } from "../../demo/server/handlers/newsletter.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([NewsletterGroup], [NewsletterHandlers])
afterAll(() => backend.dispose())

const subscription = (email: string) =>
  probe.use((sql) =>
    sql<{ subscribed: boolean; customer_id: number | null }>`
      SELECT subscribed, customer_id FROM newsletter_subscriptions WHERE shop_id = 'CZ10MA' AND email = ${email}`
  )

describe("newsletter (server)", () => {
  it.effect("a guest must give an e-mail (422 field email); it is stored lower-case and can be unsubscribed", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const missing = yield* Effect.flip(client.newsletter.updateSubscription({ payload: { subscribed: true } }))
      assert.strictEqual(missing._tag, "Unprocessable")
      if (missing._tag === "Unprocessable") assert.strictEqual(missing.field, "email")
      const on = yield* client.newsletter.updateSubscription({ payload: { subscribed: true, email: "Reader@Example.cz" } })
      assert.deepStrictEqual(on, { status: "ok", subscribed: true })
      assert.deepStrictEqual((yield* subscription("reader@example.cz")).map((row) => ({ ...row })), [{ subscribed: true, customer_id: null }])
      const off = yield* client.newsletter.updateSubscription({ payload: { subscribed: false, email: "reader@example.cz" } })
      assert.isFalse(off.subscribed)
      assert.isFalse((yield* subscription("reader@example.cz"))[0]!.subscribed)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer subscribes the account's e-mail without sending it; allowedNl follows", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { result } = yield* logInAs(client, "silver")
      assert.isFalse(result.customer.allowedNl)
      const on = yield* client.newsletter.updateSubscription({ payload: { subscribed: true } })
      assert.isTrue(on.subscribed)
      const rows = yield* subscription(demoAccount("silver"))
      assert.deepStrictEqual(rows.map((row) => ({ ...row })), [{ subscribed: true, customer_id: result.customer.id! }])
      const session = yield* client.session.get()
      yield* client.account.logout({ query: { csrf_token: session.csrfToken } })
      const again = yield* logInAs(client, "silver")
      assert.isTrue(again.result.customer.allowedNl)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a malformed e-mail is refused by the schema (400); a missing csrf token with 403", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const bad = yield* Effect.promise(() =>
        raw.send("POST", "/api/newsletter/updateSubscription", { body: { subscribed: true, email: "nope" } })
      )
      const csrf = yield* Effect.promise(() =>
        raw.send("POST", "/api/newsletter/updateSubscription", { body: { subscribed: true, email: "a@example.cz" }, csrf: null })
      )
      assert.deepStrictEqual([bad.status, csrf.status], [400, 403])
      assert.lengthOf(yield* subscription("a@example.cz"), 0)
    }))
})
