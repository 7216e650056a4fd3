/**
 * The consents group against the real server in-process: the privacy settings of guests and customers, the panel
 * consent, the data-protection modal's link keys, the new cart API's consents (envelope), unknown keys and CSRF.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { ConsentsGroup } from "../../core/api/consents.ts"
import { shopById } from "../../core/domain/shop.ts"
import { ConsentsHandlers } from "../../demo/server/handlers/consents.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, logInAs, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([ConsentsGroup], [ConsentsHandlers])
afterAll(() => backend.dispose())

describe("consents (server)", () => {
  it.effect("a guest's panel consent and settings are the session's; after a login the consents are exactly the customer's", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const panel = yield* client.consents.setPanelConsent({ payload: { consentValue: true } })
      assert.deepStrictEqual(panel.consents, { gdpr_panel: true })
      yield* client.consents.setConsent({ payload: { consentCode: "gdpr_personal_collection", consentValue: true } })
      const saved = yield* client.consents.setConsent({ payload: { consentCode: "marketing_3p", consentValue: false } })
      assert.deepStrictEqual(saved.consents, { gdpr_panel: true, gdpr_personal_collection: true, marketing_3p: false })
      // silver has no gdpr_personal_collection: it does not take the guest's (someone else's choice on this device)
      const { result, session } = yield* logInAs(client, "silver")
      const recorded = yield* probe.use((sql) =>
        sql<{ code: string; value: boolean }>`SELECT code, value FROM customer_consents WHERE customer_id = ${session.customerId!} ORDER BY code`)
      assert.deepStrictEqual(result.customer.consents, Object.fromEntries(recorded.map((row) => [row.code, row.value])))
      assert.isUndefined(result.customer.consents?.["gdpr_personal_collection"])
      assert.strictEqual(result.customer.consents?.["marketing_3p"], true)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("after gold logs out the session has no consents, and silver logging in next gets only silver's", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const gold = yield* logInAs(client, "gold")
      assert.strictEqual(gold.result.customer.consents?.["gdpr_personal_collection"], true)
      yield* client.consents.setConsent({ payload: { consentCode: "gdpr_personalization", consentValue: true } })
      yield* client.account.logout({ query: { csrf_token: gold.session.csrfToken } })
      yield* bootstrapSession(client)
      const guest = yield* client.consents.setPanelConsent({ payload: { consentValue: true } })
      assert.deepStrictEqual(guest.consents, { gdpr_panel: true }, "nothing of gold's is left in the session")
      const silver = yield* logInAs(client, "silver")
      assert.isUndefined(silver.result.customer.consents?.["gdpr_personal_collection"], "gold's consent does not reach silver")
      const recorded = yield* probe.use((sql) =>
        sql<{ code: string; value: boolean }>`SELECT code, value FROM customer_consents WHERE customer_id = ${silver.session.customerId!} ORDER BY code`)
      assert.deepStrictEqual(silver.result.customer.consents, Object.fromEntries(recorded.map((row) => [row.code, row.value])))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a logged-in customer's consents are recorded for the customer and survive logout and login", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "vip")
      const updated = yield* client.consents.updateConsents({
        payload: { consents: { marketing_1p: false, edit_personalization: true } }
      })
      assert.strictEqual(updated.consents["marketing_1p"], false)
      assert.strictEqual(updated.consents["edit_personalization"], true)
      const stored = yield* probe.use((sql) =>
        sql<{ code: string; value: boolean; link_key: string | null }>`
          SELECT code, value, link_key FROM customer_consents
          WHERE customer_id = ${session.customerId!} AND code IN ('marketing_1p', 'edit_personalization') ORDER BY code`
      )
      assert.deepStrictEqual(stored.map((row) => ({ ...row })), [
        { code: "edit_personalization", value: true, link_key: "edit_personalization" },
        { code: "marketing_1p", value: false, link_key: null }
      ])
      yield* client.account.logout({ query: { csrf_token: session.csrfToken } })
      const { result } = yield* logInAs(client, "vip")
      assert.strictEqual(result.customer.consents?.["marketing_1p"], false)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("update-consents needs a logged-in customer; unknown keys answer 422 naming the key", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const guest = yield* Effect.flip(client.consents.updateConsents({ payload: { consents: { marketing_1p: true } } }))
      assert.strictEqual(guest._tag, "LoginRequired")
      if (guest._tag === "LoginRequired") assert.strictEqual(guest.redirectUrl, shopById("CZ10MA").urlKeys.login)
      const unknown = yield* Effect.flip(client.consents.setConsent({ payload: { consentCode: "made_up", consentValue: true } }))
      assert.strictEqual(unknown._tag, "Unprocessable")
      if (unknown._tag === "Unprocessable") assert.strictEqual(unknown.field, "made_up")
      yield* logInAs(client, "gold")
      const many = yield* Effect.flip(
        client.consents.updateConsents({ payload: { consents: { marketing_1p: true, made_up: false } } })
      )
      assert.strictEqual(many._tag, "Unprocessable")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("cart-api consents answer the envelope with the customer; unknown keys are a status error flash", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "loyalty")
      const first = yield* client.consents.cartConsents({ payload: { consents: { marketing_3p: false } } })
      assert.strictEqual(first.status?.status, "ok")
      assert.strictEqual(first.customer?.consents?.["marketing_3p"], false)
      assert.isTrue(first.customer?.consentChanged)
      const again = yield* client.consents.cartConsents({ payload: { consents: { marketing_3p: false } } })
      assert.isFalse(again.customer?.consentChanged)
      const cart = yield* probe.use((sql) => sql<{ consents: unknown }>`SELECT consents FROM carts WHERE cart_id = ${session.cartId}`)
      assert.deepStrictEqual(cart[0]!.consents, { marketing_3p: false })
      const unknown = yield* client.consents.cartConsents({ payload: { consents: { made_up: true } } })
      assert.strictEqual(unknown.status?.status, "error")
      assert.strictEqual(unknown.status?.flashMessages?.[0]?.type, "danger")
      assert.notProperty(unknown.customer?.consents ?? {}, "made_up")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("submit-consents (GET) records given and refused keys", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const answer = yield* client.consents.submitConsents({
        query: { given: ["marketing_1p", "personal_data_3p"], refused: ["marketing_3p"] }
      })
      assert.strictEqual(answer.status?.status, "ok")
      assert.deepStrictEqual(answer.customer?.consents, { marketing_1p: true, personal_data_3p: true, marketing_3p: false })
      assert.isFalse(answer.customer?.isLogged)
      assert.isNull(answer.customer?.id)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("every consent call needs the csrf token (403), the GET submit included", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const calls = [
        raw.send("POST", "/api/privacy-setting/setConsent", { body: { consentCode: "marketing_1p", consentValue: true }, csrf: null }),
        raw.send("POST", "/api/privacy-setting/setPanelConsent", { body: { consentValue: true }, csrf: "wrong" }),
        raw.send("POST", "/api/privacy-setting/update-consents", { body: { consents: { marketing_1p: true } }, csrf: null }),
        raw.send("POST", "/api/v2/cart.cart-api/consents", { body: { consents: { marketing_1p: true } }, csrf: null }),
        raw.send("GET", "/api/v2/cart.cart-api/submit-consents?given=marketing_1p", { csrf: null })
      ]
      const answers = yield* Effect.promise(() => Promise.all(calls))
      assert.deepStrictEqual(answers.map((answer) => answer.status), [403, 403, 403, 403, 403])
      const stored = yield* probe.use((sql) => sql`SELECT 1 FROM session_consents WHERE session_id = ${raw.cookie()}`)
      assert.lengthOf(stored, 0)
    }))
})

