/**
 * The account group against the real server in-process: login (wrong credentials, the 423 lock with the
 * password-recovery redirect, session rotation, the anonymous cart merged), Facebook login, registration (rules,
 * duplicates, hashed passwords), logout (csrf required), addresses (HR rule, -1 profile, ownership) and
 * load-addresses; no open redirect is ever echoed.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { AccountGroup } from "../../core/api/account.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { shopById } from "../../core/domain/shop.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { accountLockSeconds, maxFailedLogins } from "../../demo/server/domain/account/login.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { demoAccount, groupsOf, logInAs, openRedirectPayloads, rawLogIn, rawSession, sqlProbe } from "./accountSupport.ts"

const probe = sqlProbe()
// The account rules from one in-process client: the per-client throttle (tested in test/security/login.test.ts)
// would answer 429 before the 5th failure.
const unthrottled = Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), throttling: false })
const backend = backendFor(groupsOf(AccountGroup), AccountHandlers, Layer.mergeAll(probe.layer, unthrottled))
afterAll(() => backend.dispose())

const cz = shopById("CZ10MA")

describe("account.login (server)", () => {
  it.effect("a wrong password and an unknown e-mail both answer 401 LoginRejected with the same title", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const wrong = yield* Effect.flip(
        client.account.login({ payload: { username: demoAccount("vip"), password: "not-the-password" } })
      )
      const unknown = yield* Effect.flip(
        client.account.login({ payload: { username: "nobody@example.cz", password: demoPassword } })
      )
      assert.strictEqual(wrong._tag, "LoginRejected")
      assert.strictEqual(unknown._tag, "LoginRejected")
      if (wrong._tag !== "LoginRejected" || unknown._tag !== "LoginRejected") return
      assert.isNotEmpty(wrong.title)
      assert.strictEqual(wrong.title, unknown.title)
      const session = yield* client.session.get()
      assert.isNull(session.customerId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the e-mail is matched case-insensitively; the answer carries the logged-in customer", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const result = yield* client.account.login({
        payload: { username: demoAccount("gold").toUpperCase(), password: demoPassword }
      })
      assert.isTrue(result.customer.isLogged)
      assert.strictEqual(result.customer.status, "2")
      assert.isNumber(result.customer.id)
      assert.isTrue(result.customer.hasFilledAddress)
      assert.isUndefined(result.redirectUrl)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect(`${maxFailedLogins} failures lock the account: 423 AccountLocked to password recovery, even with the right password`, () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const username = demoAccount("loyalty")
      const failures = []
      for (let n = 0; n < maxFailedLogins; n++) {
        failures.push(yield* Effect.flip(client.account.login({ payload: { username, password: `wrong-${n}` } })))
      }
      assert.deepStrictEqual(
        failures.map((failure) => failure._tag),
        [...Array.from({ length: maxFailedLogins - 1 }, () => "LoginRejected"), "AccountLocked"]
      )
      const locked = yield* Effect.flip(client.account.login({ payload: { username, password: demoPassword } }))
      assert.strictEqual(locked._tag, "AccountLocked")
      if (locked._tag !== "AccountLocked") return
      assert.strictEqual(locked.redirectUrl, cz.urlKeys.passwordRecovery)
      assert.isNotEmpty(locked.title)
      // the lock is brief: once it has expired the right password logs in and the count starts afresh
      const until = yield* probe.use((sql) =>
        sql<{ seconds: number }>`SELECT extract(epoch FROM locked_until - now())::float8 AS seconds
                                 FROM customers WHERE lower(email) = ${username} AND shop_id = 'CZ10MA'`
      )
      assert.closeTo(until[0]!.seconds, accountLockSeconds, 30)
      yield* probe.use((sql) =>
        sql`UPDATE customers SET locked_until = now() - interval '1 second'
            WHERE lower(email) = ${username} AND shop_id = 'CZ10MA'`
      )
      const result = yield* client.account.login({ payload: { username, password: demoPassword } })
      assert.isTrue(result.customer.isLogged)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("failures older than the window do not add up to a lock", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const username = demoAccount("loyalty-trial")
      for (let n = 0; n < maxFailedLogins - 1; n++) {
        yield* Effect.flip(client.account.login({ payload: { username, password: "wrong" } }))
      }
      yield* probe.use((sql) =>
        sql`UPDATE customers SET failed_login_window_start = now() - interval '1 hour' WHERE lower(email) = ${username}`
      )
      const next = yield* Effect.flip(client.account.login({ payload: { username, password: "wrong" } }))
      assert.strictEqual(next._tag, "LoginRejected")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("login rotates the session: new cookie id and csrf token, the old token and cookie are dead", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const before = { cookie: raw.cookie(), csrf: raw.csrf() }
      const answer = yield* Effect.promise(() => raw.send("POST", "/api/auth/login/", {
        body: { username: demoAccount("silver"), password: demoPassword }
      }))
      assert.strictEqual(answer.status, 200)
      assert.match(answer.setCookie ?? "", /HttpOnly/i)
      assert.notStrictEqual(raw.cookie(), before.cookie)
      const after = yield* Effect.promise(() => raw.refresh())
      assert.notStrictEqual(after.csrfToken, before.csrf)
      assert.isNumber(after.customerId)
      const stale = yield* Effect.promise(() => raw.send("POST", "/api/auth/login/", {
        body: { username: demoAccount("silver"), password: demoPassword },
        csrf: before.csrf
      }))
      assert.strictEqual(stale.status, 403)
      const rows = yield* probe.use((sql) => sql`SELECT 1 FROM sessions WHERE session_id = ${before.cookie}`)
      assert.lengthOf(rows, 0)
    }))

  it.effect("login refreshes cart and customer: the anonymous cart is merged (counts added up to 30, services kept)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const guest = yield* bootstrapSession(client)
      const customerId = yield* probe.use((sql) =>
        sql<{ customer_id: number }>`SELECT customer_id FROM customers WHERE email = ${demoAccount("vip")} AND shop_id = 'CZ10MA'`
      ).pipe(Effect.map((rows) => rows[0]!.customer_id))
      // two variants with service offers, the customer's own open cart with 25 pieces and a warranty of the first
      const offers = yield* probe.use((sql) =>
        sql<{ variant_id: number; bundle_id: number; type: string; price: string }>`
          SELECT DISTINCT ON (v.variant_id) v.variant_id, b.bundle_id, b.type, b.price
          FROM variants v JOIN bundle_offers b ON b.product_id = v.product_id
          WHERE v.shop_id = 'CZ10MA' AND b.type IN ('warranty', 'insurance') ORDER BY v.variant_id, b.type LIMIT 2`
      )
      const [first, second] = offers as [typeof offers[number], typeof offers[number]]
      const customerCart = yield* probe.use((sql) =>
        Effect.gen(function*() {
          const cart = yield* sql<{ cart_id: number }>`
            INSERT INTO carts (shop_id, customer_id) VALUES ('CZ10MA', ${customerId}) RETURNING cart_id`
          const cartId = cart[0]!.cart_id
          const item = yield* sql<{ cart_item_id: number }>`
            INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES (${cartId}, 'variant', ${first.variant_id}, 25)
            RETURNING cart_item_id`
          yield* sql`INSERT INTO cart_item_bundles (cart_item_id, bundle_id, type, price)
                     VALUES (${item[0]!.cart_item_id}, ${first.bundle_id}, ${first.type}, ${first.price})`
          // the guest's cart: 10 more of the first variant, 2 of the second with a service
          yield* sql`INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES (${guest.cartId}, 'variant', ${first.variant_id}, 10)`
          const moved = yield* sql<{ cart_item_id: number }>`
            INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES (${guest.cartId}, 'variant', ${second.variant_id}, 2)
            RETURNING cart_item_id`
          yield* sql`INSERT INTO cart_item_bundles (cart_item_id, bundle_id, type, price)
                     VALUES (${moved[0]!.cart_item_id}, ${second.bundle_id}, ${second.type}, ${second.price})`
          return cartId
        })
      )
      const { result, session } = yield* logInAs(client, "vip")
      assert.isTrue(result.customer.isLogged)
      assert.strictEqual(result.customer.vipType, "vip_program")
      assert.strictEqual(session.customerId, customerId)
      assert.strictEqual(session.cartId, customerCart)
      assert.notStrictEqual(session.csrfToken, guest.csrfToken)
      const lines = yield* probe.use((sql) =>
        sql<{ variant_id: number; count: number; bundles: number }>`
          SELECT i.variant_id, i.count, (SELECT count(*)::int FROM cart_item_bundles b WHERE b.cart_item_id = i.cart_item_id) AS bundles
          FROM cart_items i WHERE i.cart_id = ${customerCart} ORDER BY i.position, i.cart_item_id`
      )
      assert.deepStrictEqual(lines.map((line) => ({ ...line })), [
        { variant_id: first.variant_id, count: 30, bundles: 1 },
        { variant_id: second.variant_id, count: 2, bundles: 1 }
      ])
      const old = yield* probe.use((sql) => sql<{ status: string }>`SELECT status FROM carts WHERE cart_id = ${guest.cartId}`)
      assert.strictEqual(old[0]!.status, "merged")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("without an open cart of its own the customer takes over the guest's cart", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const guest = yield* bootstrapSession(client)
      yield* probe.use((sql) =>
        sql`UPDATE carts SET status = 'abandoned' WHERE customer_id =
              (SELECT customer_id FROM customers WHERE email = ${demoAccount("adult")} AND shop_id = 'CZ10MA')`
      )
      const { session } = yield* logInAs(client, "adult")
      assert.strictEqual(session.cartId, guest.cartId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a safe `return` path is echoed as redirectUrl; open-redirect payloads never are", () =>
    Effect.gen(function*() {
      for (const payload of openRedirectPayloads) {
        const raw = yield* Effect.promise(() => rawSession(backend))
        const answer = yield* Effect.promise(() => rawLogIn(raw, "gold", "CZ10MA", `?return=${encodeURIComponent(payload)}`))
        assert.strictEqual(answer.status, 200)
        assert.notProperty(answer.json, "redirectUrl", payload)
        assert.notInclude(JSON.stringify(answer.json), "evil")
      }
      const raw = yield* Effect.promise(() => rawSession(backend))
      const answer = yield* Effect.promise(() => rawLogIn(raw, "gold", "CZ10MA", `?return=${encodeURIComponent("/muj-ucet#detail")}`))
      assert.strictEqual(answer.json.redirectUrl, "/muj-ucet#detail")
    }))
})

describe("account.fbLogin (server)", () => {
  it.effect("answers LoginRejected: no Facebook provider in the demo", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const error = yield* Effect.flip(client.account.fbLogin({ payload: { accessToken: "token" } }))
      assert.strictEqual(error._tag, "LoginRejected")
      if (error._tag === "LoginRejected") assert.match(error.title, /Facebook/)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("account.register (server)", () => {
  it.effect("registers, logs in, and stores only a scrypt hash of the password", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const password = "correct horse battery"
      const result = yield* client.account.register({
        payload: { email: "New.Shopper@example.cz", password, firstname: "Nova", lastname: "Zákaznice", consents: { marketing_1p: true } }
      })
      assert.isTrue(result.customer.isLogged)
      assert.strictEqual(result.customer.firstname, "Nova")
      assert.strictEqual(result.customer.consents?.["marketing_1p"], true)
      const session = yield* bootstrapSession(client)
      assert.strictEqual(session.customerId, result.customer.id)
      const stored = yield* probe.use((sql) =>
        sql<{ password_hash: string }>`SELECT password_hash FROM customers WHERE customer_id = ${result.customer.id!}`
      )
      const hash = stored[0]!.password_hash
      assert.match(hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
      assert.notInclude(hash, password)
      // the new account logs in with its password, the e-mail in any case
      yield* client.account.logout({ query: { csrf_token: session.csrfToken } })
      yield* bootstrapSession(client)
      const again = yield* client.account.login({ payload: { username: "new.shopper@example.cz", password } })
      assert.strictEqual(again.customer.id, result.customer.id)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a registered e-mail (any case), a short password and an unknown consent are RegistrationRejected", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const base = { password: "long enough 123", firstname: "A", lastname: "B" }
      const taken = yield* Effect.flip(client.account.register({ payload: { ...base, email: demoAccount("gold").toUpperCase() } }))
      const short = yield* Effect.flip(client.account.register({ payload: { ...base, email: "short@example.cz", password: "1234" } }))
      const consent = yield* Effect.flip(
        client.account.register({ payload: { ...base, email: "consent@example.cz", consents: { made_up: true } } })
      )
      for (const error of [taken, short, consent]) {
        assert.strictEqual(error._tag, "RegistrationRejected")
        if (error._tag === "RegistrationRejected") {
          assert.isNotEmpty(error.title)
          assert.lengthOf(error.errors, 1)
        }
      }
      const session = yield* client.session.get()
      assert.isNull(session.customerId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a malformed registration is refused by the contract schema (400) before the handler", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const answer = yield* Effect.promise(() => raw.send("POST", "/api/reg/submit", {
        body: { email: "not-an-email", password: "long enough 123", firstname: "A", lastname: "B" }
      }))
      assert.strictEqual(answer.status, 400)
      assert.notInclude(JSON.stringify(answer.json), "    at ")
    }))
})

describe("account.logout (server)", () => {
  it.effect("without a csrf token or with a wrong one: 403, still logged in", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "gold"))
      const none = yield* Effect.promise(() => raw.send("GET", "/api/auth/logout/", { csrf: null }))
      const wrong = yield* Effect.promise(() => raw.send("GET", "/api/auth/logout/?csrf_token=wrong", { csrf: null }))
      const wrongHeader = yield* Effect.promise(() =>
        raw.send("GET", `/api/auth/logout/?csrf_token=${raw.csrf()}x`, { csrf: "wrong" })
      )
      assert.deepStrictEqual([none.status, wrong.status, wrongHeader.status], [403, 403, 403])
      const session = yield* Effect.promise(() => raw.refresh())
      assert.isNumber(session.customerId)
    }))

  it.effect("with the csrf token (query parameter): the session loses the customer and gets a new anonymous cart", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "gold"))
      const before = yield* Effect.promise(() => raw.refresh())
      const answer = yield* Effect.promise(() =>
        raw.send("GET", `/api/auth/logout/?csrf_token=${encodeURIComponent(raw.csrf())}`, { csrf: null })
      )
      assert.strictEqual(answer.status, 200)
      assert.strictEqual(answer.json.redirectUrl, "/")
      const after = yield* Effect.promise(() => raw.refresh())
      assert.isNull(after.customerId)
      assert.notStrictEqual(after.cartId, before.cartId)
      assert.notStrictEqual(after.csrfToken, before.csrfToken)
      const carts = yield* probe.use((sql) =>
        sql<{ customer_id: number | null; status: string }>`SELECT customer_id, status FROM carts WHERE cart_id IN (${before.cartId}, ${after.cartId}) ORDER BY cart_id`
      )
      assert.deepStrictEqual(carts.map((cart) => [cart.customer_id === null, cart.status]), [[false, "open"], [true, "open"]])
    }))

  it.effect("through the derived client; open-redirect `return` payloads fall back to the home page", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "gold")
      const result = yield* client.account.logout({ query: { csrf_token: session.csrfToken } })
      assert.strictEqual(result.redirectUrl, "/")
      for (const payload of openRedirectPayloads) {
        const raw = yield* Effect.promise(() => rawSession(backend))
        const answer = yield* Effect.promise(() =>
          raw.send("GET", `/api/auth/logout/?csrf_token=${encodeURIComponent(raw.csrf())}&return=${encodeURIComponent(payload)}`)
        )
        assert.strictEqual(answer.json.redirectUrl, "/", payload)
      }
      const raw = yield* Effect.promise(() => rawSession(backend))
      const safe = yield* Effect.promise(() =>
        raw.send("GET", `/api/auth/logout/?csrf_token=${encodeURIComponent(raw.csrf())}&return=%2Fkosik`)
      )
      assert.strictEqual(safe.json.redirectUrl, "/kosik")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("account addresses (server)", () => {
  const address = { firstname: "Jana", lastname: "Nováková", street: "Dlouhá 5", city: "Praha", zip: "11000", country: "CZ" }

  it.effect("a guest gets LoginRequired with the login url", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const billing = yield* Effect.flip(client.account.setBillingAddress({ payload: { data: address } }))
      const shipping = yield* Effect.flip(client.account.setShippingAddress({ payload: { data: address } }))
      const load = yield* Effect.flip(client.account.loadAddresses({ params: { cartUrl: "kosik" } }))
      for (const error of [billing, shipping, load]) {
        assert.strictEqual(error._tag, "LoginRequired")
        if (error._tag === "LoginRequired") assert.strictEqual(error.redirectUrl, cz.urlKeys.login)
      }
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("creates and updates shipping and billing addresses; they are selected and loaded for the checkout", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "waiting")
      const initial = yield* client.account.loadAddresses({ params: { cartUrl: "kosik" } })
      assert.isFalse(initial.hasFilledAddress)
      const shipping = yield* client.account.setShippingAddress({ payload: { data: address } })
      assert.strictEqual(shipping.address.zip, "110 00")
      const billing = yield* client.account.setBillingAddress({
        payload: { data: { ...address, businessArea: true, companyName: "Nováková s.r.o.", companyRegistrationNumber: "12345678" } }
      })
      assert.strictEqual(billing.address.companyRegistrationNumber, "12345678")
      assert.isTrue(billing.customer.hasFilledAddress)
      assert.isTrue(billing.customer.isWaitingForConfirmation)
      const renamed = yield* client.account.setBillingAddress({
        payload: { data: { billingProfileId: billing.address.billingProfileId, city: "Brno", zip: "602 00" } }
      })
      assert.strictEqual(renamed.address.billingProfileId, billing.address.billingProfileId)
      assert.strictEqual(renamed.address.city, "Brno")
      assert.strictEqual(renamed.address.street, "Dlouhá 5")
      const loaded = yield* client.account.loadAddresses({ params: { cartUrl: "kosik" } })
      assert.isTrue(loaded.hasFilledAddress)
      assert.deepStrictEqual(loaded.selectedAddresses, {
        billing: billing.address.billingProfileId,
        shipping: shipping.address.addressId
      })
      assert.lengthOf(loaded.addresses.billing ?? [], 1)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("business rules answer 422 naming the field; another customer's address is 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const zip = yield* Effect.flip(client.account.setShippingAddress({ payload: { data: { ...address, zip: "1100" } } }))
      const missing = yield* Effect.flip(client.account.setShippingAddress({ payload: { data: { ...address, street: " " } } }))
      const company = yield* Effect.flip(client.account.setBillingAddress({ payload: { data: { ...address, businessArea: true } } }))
      assert.deepStrictEqual(
        [zip, missing, company].map((error) => (error._tag === "Unprocessable" ? error.field : error._tag)),
        ["zip", "street", "companyName"]
      )
      const foreign = yield* probe.use((sql) =>
        sql<{ address_id: number }>`SELECT address_id FROM addresses a JOIN customers c USING (customer_id)
                                    WHERE c.email = ${demoAccount("vip")} AND a.type = 'shipping' LIMIT 1`
      )
      const notMine = yield* Effect.flip(
        client.account.setShippingAddress({ payload: { data: { addressId: foreign[0]!.address_id, city: "Brno" } } })
      )
      assert.strictEqual(notMine._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the not-editable billing profile shows as -1; -1 is refused (400) and so is its real id (422)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { result } = yield* logInAs(client, "silver")
      assert.strictEqual(result.customer.addresses?.billing?.[0]?.billingProfileId, -1)
      assert.strictEqual(result.customer.selectedAddresses?.billing, -1)
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "silver"))
      const minusOne = yield* Effect.promise(() =>
        raw.send("POST", "/api/address/setBillingAddress", { body: { data: { billingProfileId: -1, city: "Brno" } } })
      )
      assert.strictEqual(minusOne.status, 400)
      const real = yield* probe.use((sql) =>
        sql<{ address_id: number }>`SELECT address_id FROM addresses a JOIN customers c USING (customer_id)
                                    WHERE c.email = ${demoAccount("silver")} AND c.shop_id = 'CZ10MA' AND NOT a.editable`
      )
      const error = yield* Effect.flip(
        client.account.setBillingAddress({ payload: { data: { billingProfileId: real[0]!.address_id, city: "Brno" } } })
      )
      assert.strictEqual(error._tag, "Unprocessable")
      if (error._tag === "Unprocessable") assert.strictEqual(error.field, "billingProfileId")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("HR (no company registration number in the shop table): 422 field companyRegistrationNumber", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold", "HR10MA")
      const hr = { firstname: "Ana", lastname: "Horvat", street: "Ilica 1", city: "Zagreb", zip: "10000", country: "HR" }
      const error = yield* Effect.flip(client.account.setBillingAddress({
        payload: { data: { ...hr, businessArea: true, companyName: "Horvat d.o.o.", companyRegistrationNumber: "123" } }
      }))
      assert.strictEqual(error._tag, "Unprocessable")
      if (error._tag === "Unprocessable") assert.strictEqual(error.field, "companyRegistrationNumber")
      const saved = yield* client.account.setBillingAddress({
        payload: { data: { ...hr, businessArea: true, companyName: "Horvat d.o.o.", companyTaxNumber: "HR123" } }
      })
      assert.notProperty(saved.address, "companyRegistrationNumber")
      const loaded = yield* client.account.loadAddresses({ params: { cartUrl: "kosarica" } })
      assert.isTrue(loaded.hasFilledAddress)
    }).pipe(Effect.provide(clientLayerFor(backend, "HR10MA"))))

  it.effect("load-addresses answers only at the shop's cart url key (404 otherwise)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const other = yield* Effect.flip(client.account.loadAddresses({ params: { cartUrl: "kosarica" } }))
      assert.strictEqual(other._tag, "NotFound")
      const loaded = yield* client.account.loadAddresses({ params: { cartUrl: "kosik" } })
      assert.lengthOf(loaded.addresses.billing ?? [], 2)
      assert.lengthOf(loaded.addresses.shipping ?? [], 2)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
