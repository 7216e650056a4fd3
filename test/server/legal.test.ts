/**
 * The legal group against the real server in-process: uncleared legals of guests and customers, approving one,
 * deactivating the account (logged out, cannot log in again), unknown legal ids and CSRF.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { LegalGroup } from "../../core/api/legal.ts"
import { shopById } from "../../core/domain/shop.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { accountTexts } from "../../demo/server/domain/account/common.ts"
import { LegalHandlers } from "../../demo/server/handlers/legal.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs, rawLogIn, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([LegalGroup], [LegalHandlers])
afterAll(() => backend.dispose())

describe("legal (server)", () => {
  it.effect("a guest has no uncleared legals and may not approve or deactivate (LoginRequired)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const legals = yield* client.legal.unclearedLegals()
      assert.deepStrictEqual(legals.legals, [])
      const approve = yield* Effect.flip(client.legal.approve({ payload: { legalId: 1 } }))
      const deactivate = yield* Effect.flip(client.legal.deactivateAccount({ payload: { legalId: 1 } }))
      for (const error of [approve, deactivate]) {
        assert.strictEqual(error._tag, "LoginRequired")
        if (error._tag === "LoginRequired") assert.strictEqual(error.redirectUrl, shopById("CZ10MA").urlKeys.login)
      }
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer who has not approved the current text gets it; approving clears it", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "legal")
      const before = yield* client.legal.unclearedLegals()
      assert.lengthOf(before.legals, 1)
      const legal = before.legals[0]!
      assert.isNotEmpty(legal.text)
      const unknown = yield* Effect.flip(client.legal.approve({ payload: { legalId: 999_999 } }))
      assert.strictEqual(unknown._tag, "NotFound")
      const approved = yield* client.legal.approve({ payload: { legalId: legal.legal_id } })
      assert.strictEqual(approved.status, "ok")
      const after = yield* client.legal.unclearedLegals()
      assert.deepStrictEqual(after.legals, [])
      const again = yield* client.legal.approve({ payload: { legalId: legal.legal_id } })
      assert.strictEqual(again.status, "ok")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer who approved everything has none; another shop's legal id is 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      assert.deepStrictEqual((yield* client.legal.unclearedLegals()).legals, [])
      const foreign = yield* probe.use((sql) => sql<{ legal_id: number }>`SELECT legal_id FROM legal_texts WHERE shop_id = 'SK10MA' LIMIT 1`)
      const error = yield* Effect.flip(client.legal.deactivateAccount({ payload: { legalId: foreign[0]!.legal_id } }))
      assert.strictEqual(error._tag, "NotFound")
      assert.isNumber((yield* client.session.get()).customerId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("deactivating logs out every session of the customer; the account can no longer log in", () =>
    Effect.gen(function*() {
      const other = yield* Effect.promise(() => rawSession(backend, "SK10MA"))
      yield* Effect.promise(() => rawLogIn(other, "legal", "SK10MA"))
      assert.isNumber((yield* Effect.promise(() => other.refresh())).customerId)
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "legal", "SK10MA")
      const legal = (yield* client.legal.unclearedLegals()).legals[0]!
      const done = yield* client.legal.deactivateAccount({ payload: { legalId: legal.legal_id } })
      assert.strictEqual(done.status, "ok")
      const after = yield* bootstrapSession(client)
      assert.isNull(after.customerId)
      assert.notStrictEqual(after.cartId, session.cartId)
      assert.isNull((yield* Effect.promise(() => other.refresh())).customerId)
      const login = yield* Effect.flip(client.account.login({ payload: { username: demoAccount("legal", "SK10MA"), password: demoPassword } }))
      assert.strictEqual(login._tag, "LoginRejected")
      if (login._tag === "LoginRejected") assert.strictEqual(login.title, accountTexts.accountDeactivated)
      const stored = yield* probe.use((sql) =>
        sql<{ status: string }>`SELECT status FROM legal_approvals WHERE customer_id = ${session.customerId!} AND legal_id = ${legal.legal_id}`
      )
      assert.strictEqual(stored[0]!.status, "deactivated")
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))

  it.effect("approve and deactivate-account need the csrf token (403)", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "legal"))
      const approve = yield* Effect.promise(() => raw.send("POST", "/api/legal/approve", { body: { legalId: 1 }, csrf: null }))
      const deactivate = yield* Effect.promise(() =>
        raw.send("POST", "/api/legal/deactivate-account", { body: { legalId: 1 }, csrf: "wrong" })
      )
      assert.deepStrictEqual([approve.status, deactivate.status], [403, 403])
    }))
})
