/**
 * The account contract (core/api/account.ts; spec §2 login redirects and addresses, §5, §6 logout, §7 "Account",
 * §8 login failure, §9).
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import {
  AccountGroup,
  AccountLocked,
  BillingAddressInput,
  FacebookLoginPayload,
  LoadAddressesParams,
  LoginPayload,
  LoginRejected,
  LogoutQuery,
  RegistrationPayload,
  RegistrationRejected,
  SetBillingAddressPayload,
  SetShippingAddressPayload
} from "../../core/api/account.ts"
import { LoginRequired } from "../../core/api/errors.ts"
import { interpretAuthResponse, loginFailureAction, loginLockedStatus, loginPayload } from "../../core/domain/auth.ts"
import { addressesUrl } from "../../core/domain/checkout.ts"
import { shops } from "../../core/domain/shop.ts"
import {
  CsrfPassThrough,
  decodeFailure,
  endpointRows,
  jsonRoundTrip,
  openApiOperation,
  routeTable,
  webHandlerClient
} from "./support/groupContract.ts"

const expectedRoutes = [
  ["fbLogin", "POST", "/api/auth/fbLogin/"],
  ["loadAddresses", "GET", "/:cartUrl/1/load-addresses/"],
  ["login", "POST", "/api/auth/login/"],
  ["logout", "GET", "/api/auth/logout/"],
  ["orderHistory", "GET", "/api/account/orders"],
  ["register", "POST", "/api/reg/submit"],
  ["setBillingAddress", "POST", "/api/address/setBillingAddress"],
  ["setShippingAddress", "POST", "/api/address/setShippingAddress"]
] as const

const rows = endpointRows(AccountGroup)
const row = (name: string) => rows.find((r) => r.name === name)

describe("account routes (§7)", () => {
  it("has exactly the spec's methods and paths", () => {
    expect(routeTable(AccountGroup)).toEqual(expectedRoutes)
  })

  it("the addresses path is the spec's '{cart-url}/1/load-addresses/' for every shop's cart url", () => {
    for (const shop of Object.values(shops)) {
      const cartUrl = shop.urlKeys.cart.replace(/^\/+|\/+$/g, "")
      expect(expectedRoutes[1][2].replace(":cartUrl", cartUrl)).toBe(addressesUrl(shop.urlKeys.cart))
      expect(decodeFailure(LoadAddressesParams, { cartUrl })).toBeUndefined()
    }
    expect(decodeFailure(LoadAddressesParams, { cartUrl: "a/b" })).toMatch(/^cartUrl: /)
  })

  it("every state-changing endpoint carries CsrfProtection (logout too, a GET), the reads (addresses, order history) do not", () => {
    for (const r of rows) expect([r.name, r.csrf]).toEqual([r.name, r.name !== "loadAddresses" && r.name !== "orderHistory"])
  })

  it("every endpoint has the legacy HTTP timeout of 5000 ms (§9) and the auto retry rule", () => {
    for (const r of rows) expect([r.name, r.timeoutMs, r.retry]).toEqual([r.name, 5000, "auto"])
  })

  it("login failures: 401 LoginRejected and 423 AccountLocked; registration: 422", () => {
    expect(row("login")?.errorStatuses).toEqual(expect.arrayContaining([401, loginLockedStatus, 429]))
    expect(row("fbLogin")?.errorStatuses).toEqual(expect.arrayContaining([401, loginLockedStatus]))
    expect(row("register")?.errorStatuses).toEqual(expect.arrayContaining([422]))
    expect(loginLockedStatus).toBe(423)
  })

  it("addresses need a logged-in customer (§6): they declare LoginRequired (401)", () => {
    for (const name of ["setBillingAddress", "setShippingAddress", "loadAddresses"]) {
      expect(row(name)?.errorStatuses, name).toContain(401)
    }
  })

  it("every endpoint is described in the OpenAPI document; the logout query names csrf_token", () => {
    for (const [, method, path] of expectedRoutes) {
      const operation = openApiOperation(AccountGroup, method, path.replace(":cartUrl", "{cartUrl}"))
      expect(operation?.description, `${method} ${path}`).toMatch(/\w{3,}/)
    }
    const logout = openApiOperation(AccountGroup, "GET", "/api/auth/logout/")
    expect(logout?.parameters?.map((p) => p.name)).toEqual(["csrf_token"])
  })
})

const nonBlank = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== "")
const password = fc.string({ minLength: 1, maxLength: 30 })
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9._+-]{1,16}$/), fc.domain())
  .map(([local, domain]) => `${local}@${domain}`)

describe("login payload (§5: email and password required)", () => {
  test.prop([fc.record({ username: nonBlank, password })])("valid input round-trips", (payload) => {
    expect(jsonRoundTrip(LoginPayload, payload)).toEqual(payload)
  })

  test.prop([fc.string(), fc.string()])(
    "the domain's loginPayload(form) is accepted exactly when the form has no missing field",
    (typedEmail, typedPassword) => {
      const failure = decodeFailure(LoginPayload, loginPayload({ email: typedEmail, password: typedPassword }))
      expect(failure === undefined).toBe(typedEmail.trim() !== "" && typedPassword !== "")
    }
  )

  it("names the missing or blank field", () => {
    expect(decodeFailure(LoginPayload, { username: "a@b.cz" })).toMatch(/^password: Missing key/)
    expect(decodeFailure(LoginPayload, { username: "", password: "x" })).toMatch(/^username: /)
    expect(decodeFailure(LoginPayload, { username: " a@b.cz", password: "x" })).toMatch(/^username: .*whitespace/)
    expect(decodeFailure(FacebookLoginPayload, { accessToken: "" })).toMatch(/^accessToken: /)
  })
})

describe("registration payload", () => {
  const consents = fc.dictionary(fc.constantFrom("marketing_1p", "marketing_3p", "product_reviews"), fc.boolean(), {
    minKeys: 1
  })
  const valid = fc.record(
    { email, password, firstname: nonBlank, lastname: nonBlank, consents },
    { requiredKeys: ["email", "password", "firstname", "lastname"] }
  )

  test.prop([valid])("valid input round-trips", (payload) => {
    expect(jsonRoundTrip(RegistrationPayload, payload)).toEqual(payload)
  })

  test.prop([valid, fc.constantFrom("", "no-at-sign", "a@", "@b.cz", " a@b.cz", "a b@c.cz")])(
    "an address without e-mail syntax is refused, naming email",
    (payload, wrong) => {
      expect(decodeFailure(RegistrationPayload, { ...payload, email: wrong })).toMatch(/^email: .*e-mail address/)
    }
  )

  test.prop([valid, fc.constantFrom("firstname", "lastname", "password")])(
    "a missing name or password is named",
    (payload, field) => {
      const { [field]: _dropped, ...rest } = payload
      expect(decodeFailure(RegistrationPayload, rest)).toMatch(new RegExp(`^${field}: Missing key`))
    }
  )

  it("consents must be consent keys with boolean values, at least one", () => {
    expect(decodeFailure(RegistrationPayload, { email: "a@b.cz", password: "p", firstname: "A", lastname: "B", consents: {} })).toMatch(/^consents: /)
    expect(
      decodeFailure(RegistrationPayload, {
        email: "a@b.cz",
        password: "p",
        firstname: "A",
        lastname: "B",
        consents: { marketing_1p: "yes" }
      })
    ).toMatch(/^consents\.marketing_1p: /)
  })
})

describe("address payloads (§3 Address)", () => {
  const fields = {
    firstname: nonBlank,
    lastname: nonBlank,
    street: fc.string(),
    city: fc.string(),
    zip: fc.stringMatching(/^\d{3} ?\d{2}$/),
    country: fc.constantFrom("CZ", "SK", "HR", "HU", "PL", "SI")
  }
  const billing = fc.record(
    {
      billingProfileId: fc.integer({ min: 1, max: 1_000_000 }),
      ...fields,
      businessArea: fc.boolean(),
      companyName: fc.string(),
      companyRegistrationNumber: fc.stringMatching(/^\d{8}$/),
      companyTaxNumber: fc.stringMatching(/^CZ\d{8}$/)
    },
    { requiredKeys: [] }
  )
  const shipping = fc.record(
    { addressId: fc.integer({ min: 1, max: 1_000_000 }), ...fields, companyName: fc.string() },
    { requiredKeys: [] }
  )

  test.prop([billing])("a billing profile (new without id, or existing) round-trips", (data) => {
    expect(jsonRoundTrip(SetBillingAddressPayload, { data })).toEqual({ data })
  })

  test.prop([shipping])("a shipping address (new without id, or existing) round-trips", (data) => {
    expect(jsonRoundTrip(SetShippingAddressPayload, { data })).toEqual({ data })
  })

  test.prop([billing])("the not-editable billing profile -1 is refused, naming billingProfileId (§3)", (data) => {
    expect(decodeFailure(BillingAddressInput, { ...data, billingProfileId: -1 })).toMatch(
      /^billingProfileId: the billing profile -1 is not editable/
    )
    expect(decodeFailure(SetBillingAddressPayload, { data: { ...data, billingProfileId: -1 } })).toMatch(
      /^data\.billingProfileId: /
    )
  })

  it("a field of the wrong type is named with its path", () => {
    expect(decodeFailure(SetShippingAddressPayload, { data: { addressId: 1, city: 5 } })).toMatch(/^data\.city: /)
    expect(decodeFailure(SetShippingAddressPayload, {})).toMatch(/^data: Missing key/)
  })
})

describe("logout query (§6: the link carries a csrf token)", () => {
  test.prop([nonBlank])("a token round-trips; an empty one is refused naming csrf_token", (token) => {
    expect(jsonRoundTrip(LogoutQuery, { csrf_token: token })).toEqual({ csrf_token: token })
    expect(decodeFailure(LogoutQuery, { csrf_token: "" })).toMatch(/^csrf_token: /)
    expect(decodeFailure(LogoutQuery, {})).toMatch(/^csrf_token: Missing key/)
  })
})

describe("over HTTP (in process): login failures come back as typed values the domain rules read", () => {
  class Api extends HttpApi.make("accountTest").add(AccountGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const customer = { id: 7, firstname: "Jana", lastname: "Nováková", isLogged: true }
  const handlers = HttpApiBuilder.group(Api, "account", (h) =>
    h
      .handle("login", ({ payload }) => {
        if (payload.username === "locked@shop.cz") {
          return Effect.fail(new AccountLocked({ title: "Account locked", redirectUrl: "/zapomenute-heslo" }))
        }
        if (payload.password !== "secret") {
          return Effect.fail(new LoginRejected({ title: "Wrong e-mail or password", errors: ["err_login"] }))
        }
        return Effect.succeed({ customer, redirectUrl: "/muj-ucet" })
      })
      .handle("fbLogin", () => Effect.succeed({ customer }))
      .handle("register", () =>
        Effect.fail(new RegistrationRejected({ title: "Registration failed", error: "email_taken", errors: [] }))
      )
      .handle("logout", ({ query }) => Effect.succeed({ redirectUrl: `/?bye=${query.csrf_token}` }))
      .handle("setBillingAddress", () => Effect.fail(new LoginRequired({ message: "log in", redirectUrl: "/prihlaseni" })))
      .handle("setShippingAddress", ({ payload }) =>
        Effect.succeed({ address: { ...payload.data, addressId: payload.data.addressId ?? 99 }, customer })
      )
      .handle("loadAddresses", ({ params }) =>
        Effect.succeed({ addresses: { billing: [{ billingProfileId: -1, city: params.cartUrl }] }, hasFilledAddress: true })
      )
      .handle("orderHistory", () => Effect.fail(new LoginRequired({ message: "log in", redirectUrl: "/prihlaseni" })))
  )
  const routes = HttpApiBuilder.layer(Api).pipe(
    Layer.provide(handlers),
    Layer.provide([CsrfPassThrough, HttpApiMiddleware.layerProblemDetails()])
  )
  const { handler, dispose } = HttpRouter.toWebHandler(routes.pipe(Layer.provide(NodeHttpServer.layerHttpServices)), {
    disableLogger: true
  })
  afterAll(dispose)
  const czech = shops.CZ10MA

  it.effect("423 arrives as AccountLocked and leads to its redirectUrl; 401 as LoginRejected with a title", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      const ok = yield* client.account.login({ payload: { username: "jana@shop.cz", password: "secret" } })
      expect(ok.customer.id).toBe(7)
      expect(ok.redirectUrl).toBe("/muj-ucet")

      const locked = yield* Effect.flip(client.account.login({ payload: { username: "locked@shop.cz", password: "x" } }))
      expect(locked).toBeInstanceOf(AccountLocked)
      if (locked._tag !== "AccountLocked") throw new Error("expected AccountLocked")
      expect(loginFailureAction({ status: loginLockedStatus, ...locked }, czech)).toEqual({
        _tag: "Redirect",
        url: "/zapomenute-heslo"
      })

      const rejected = yield* Effect.flip(client.account.login({ payload: { username: "jana@shop.cz", password: "no" } }))
      if (rejected._tag !== "LoginRejected") throw new Error(`expected LoginRejected, got ${rejected._tag}`)
      expect(loginFailureAction({ status: 401, title: rejected.title }, czech)).toEqual({
        _tag: "ShowTitle",
        title: "Wrong e-mail or password",
        durationMs: 5000
      })
      expect(interpretAuthResponse(rejected)._tag).toBe("Failure")

      const refused = yield* Effect.flip(
        client.account.register({ payload: { email: "a@b.cz", password: "p", firstname: "A", lastname: "B" } })
      )
      if (refused._tag !== "RegistrationRejected") throw new Error(`expected RegistrationRejected, got ${refused._tag}`)
      expect(interpretAuthResponse(refused)).toMatchObject({ _tag: "Failure", flashes: [{ message: "email_taken" }] })
    }).pipe(Effect.provide(webHandlerClient(handler))))

  it.effect("logout sends csrf_token as a query parameter; addresses load at /kosik/1/load-addresses/", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.account.logout({ query: { csrf_token: "tok" } })).toEqual({ redirectUrl: "/?bye=tok" })
      const loaded = yield* client.account.loadAddresses({ params: { cartUrl: "kosik" } })
      expect(loaded.addresses.billing?.[0]?.city).toBe("kosik")
      const saved = yield* client.account.setShippingAddress({ payload: { data: { city: "Brno" } } })
      expect(saved.address.addressId).toBe(99)
      const needLogin = yield* Effect.flip(client.account.setBillingAddress({ payload: { data: { city: "Brno" } } }))
      expect(needLogin).toBeInstanceOf(LoginRequired)
      const raw = yield* Effect.promise(() => handler(new Request("http://shop.test/kosik/1/load-addresses/")))
      expect(raw.status).toBe(200)
    }).pipe(Effect.provide(webHandlerClient(handler))))
})
