/**
 * The account group (spec §2 login redirects and addresses, §5 login validation and responses, §6 logout, §7
 * "Account", §8 login failure): password login with a failed-attempt lock, Facebook login (refused: no provider in
 * the demo), registration, logout, billing and shipping addresses, and the checkout's load-addresses.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { AccountLocked, LoginRejected, RegistrationRejected } from "../../../core/api/account.ts"
import { NotFound, TooManyRequests, Unprocessable } from "../../../core/api/errors.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orderHistory } from "../domain/orderHistory.ts"
import { failedLoginsPerClient, recordForClient, throttleWait } from "../http/throttle.ts"
import { accountTexts, orDieOnSql, safeReturnOf, shopOf } from "../domain/account/common.ts"
import { type AddressInput, addressRows, type AddressRow, addressValues, billingAddressView, checkoutAddresses, shippingAddressView } from "../domain/account/addresses.ts"
import { authenticate } from "../domain/account/login.ts"
import { createCustomer, registrationProblems } from "../domain/account/registration.ts"
import { customerView, requireCustomer } from "../domain/account/customer.ts"
import { homePath, logIn, logOut } from "../domain/account/sessions.ts"

/** The cart url key of a shop as one path segment (`/kosik` gives `kosik`), as load-addresses is addressed (§2). */
export const cartUrlSegment = (cartUrl: string): string => cartUrl.replace(/^\/+|\/+$/g, "")

/** The client budget the failed logins count against. */
const failedLoginsOperation = "account.login.failures"

const loginRejected = (title: string) => new LoginRejected({ title, error: title, errors: [] })

/**
 * Saves an address of the session's customer in one transaction: updates the customer's row `addressId` (404 when
 * it is not theirs of that type, 422 when not editable) or creates one (the first of its type becomes the default),
 * and selects it in the session's cart. Answers the stored row.
 */
const saveAddress = (session: SessionData, type: "billing" | "shipping", addressId: number | undefined, input: AddressInput) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const shop = shopOf(session)
    const customer = yield* requireCustomer(session)
    const rows = yield* addressRows(customer.customerId)
    let stored: AddressRow | undefined
    if (addressId !== undefined) {
      stored = rows.find((row) => row.type === type && row.address_id === addressId)
      if (stored === undefined) return yield* new NotFound({ message: `The ${type} address ${addressId} does not exist.` })
      if (!stored.editable) {
        return yield* new Unprocessable({ message: "This billing profile is not editable.", field: "billingProfileId" })
      }
    }
    const checked = addressValues(shop, type, input, stored)
    if (checked._tag === "Invalid") return yield* new Unprocessable(checked.problem)
    const values = checked.values
    const isFirst = !rows.some((row) => row.type === type)
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const saved = stored === undefined
          ? yield* sql<AddressRow>`
              INSERT INTO addresses (customer_id, type, firstname, lastname, street, city, zip, country, phone, email,
                company_name, company_registration_number, company_tax_number, business_area, is_default)
              VALUES (${customer.customerId}, ${type}, ${values.firstname}, ${values.lastname}, ${values.street},
                ${values.city}, ${values.zip}, ${values.country}, ${values.phone}, ${values.email}, ${values.companyName},
                ${values.companyRegistrationNumber}, ${values.companyTaxNumber}, ${values.businessArea}, ${isFirst})
              RETURNING *`
          : yield* sql<AddressRow>`
              UPDATE addresses SET firstname = ${values.firstname}, lastname = ${values.lastname},
                street = ${values.street}, city = ${values.city}, zip = ${values.zip}, country = ${values.country},
                phone = ${values.phone}, email = ${values.email}, company_name = ${values.companyName},
                company_registration_number = ${values.companyRegistrationNumber},
                company_tax_number = ${values.companyTaxNumber}, business_area = ${values.businessArea},
                updated_at = now()
              WHERE address_id = ${stored.address_id} AND customer_id = ${customer.customerId}
              RETURNING *`
        const row = saved[0]!
        if (type === "billing") {
          yield* sql`UPDATE carts SET billing_address_id = ${row.address_id}, version = version + 1, updated_at = now()
                     WHERE cart_id = ${session.cartId} AND customer_id = ${customer.customerId}`
        } else {
          yield* sql`UPDATE carts SET shipping_address_id = ${row.address_id}, version = version + 1, updated_at = now()
                     WHERE cart_id = ${session.cartId} AND customer_id = ${customer.customerId}`
        }
        return row
      })
    )
  })

/**
 * The handlers of the account group.
 *
 * - `login`: e-mail (case-insensitive) and password; 401 `LoginRejected` (one title for an unknown e-mail and a
 *   wrong password), 423 `AccountLocked` with the shop's password-recovery path after `maxFailedLogins` (5)
 *   failures within 15 minutes, for a registered and an unknown e-mail alike; 429 `TooManyRequests` with
 *   `Retry-After` once the client made `failedLoginsPerClient` (4) failed logins within 15 minutes, so one client
 *   cannot lock an account; on success the anonymous cart is merged into the customer's, the session is rotated (new id and csrf
 *   token) and the customer is answered, with `redirectUrl` only when the request's `return` parameter is a
 *   same-origin path.
 * - `fbLogin`: 401 `LoginRejected` (no Facebook provider in the demo).
 * - `register`: the server's rules, duplicate e-mail, password hashed; logged in as after login.
 * - `logout`: the csrf token as `csrf_token` or header; a new session without customer and with a new anonymous cart.
 * - `setBillingAddress`, `setShippingAddress`: create or update, selected in the cart; answers the address and
 *   the customer.
 * - `loadAddresses`: at `/{cart url key}/1/load-addresses/` only (404 otherwise).
 */
export const AccountHandlers = HttpApiBuilder.group(
  ShopApi,
  "account",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))

    const signIn = (session: SessionData, customerId: number, request: Parameters<typeof safeReturnOf>[0]) =>
      Effect.gen(function*() {
        const next = yield* logIn(session, customerId)
        const customer = yield* customerView(next)
        const redirectUrl = safeReturnOf(request)
        return { customer, ...(redirectUrl === undefined ? {} : { redirectUrl }) }
      })

    return handlers
      .handle("login", ({ payload, request }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const shop = shopOf(session)
          const wait = yield* throttleWait(failedLoginsOperation, failedLoginsPerClient, { count: false })
          if (wait > 0) {
            yield* HttpEffect.appendPreResponseHandler((_request, response) =>
              Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(wait))))
            return yield* new TooManyRequests({ message: accountTexts.tooManyFailedLogins })
          }
          const outcome = yield* authenticate(session.shopId, payload.username, payload.password)
          if (outcome._tag === "Locked" || outcome._tag === "Rejected") yield* recordForClient(failedLoginsOperation, failedLoginsPerClient)
          switch (outcome._tag) {
            case "Locked":
              return yield* new AccountLocked({ title: accountTexts.accountLocked, redirectUrl: shop.urlKeys.passwordRecovery })
            case "Rejected":
              return yield* loginRejected(accountTexts.loginRejected)
            case "Deactivated":
              return yield* loginRejected(accountTexts.accountDeactivated)
            case "Authenticated":
              return yield* signIn(session, outcome.customerId, request)
          }
        })))
      .handle("fbLogin", () => Effect.fail(loginRejected(accountTexts.facebookUnavailable)))
      .handle("register", ({ payload, request }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const problems = registrationProblems(payload)
          if (problems.length > 0) {
            return yield* new RegistrationRejected({ title: accountTexts.registrationRejected, errors: problems })
          }
          const customerId = yield* createCustomer(session.shopId, payload)
          if (customerId === undefined) {
            return yield* new RegistrationRejected({ title: accountTexts.registrationRejected, errors: [accountTexts.emailTaken] })
          }
          return yield* signIn(session, customerId, request)
        })))
      .handle("logout", ({ request }) =>
        run(Effect.gen(function*() {
          yield* logOut(yield* Session)
          return { redirectUrl: safeReturnOf(request) ?? homePath }
        })))
      .handle("setBillingAddress", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const { billingProfileId, ...input } = payload.data
          const row = yield* saveAddress(session, "billing", billingProfileId, input)
          return { address: billingAddressView(row), customer: yield* customerView(session) }
        })))
      .handle("setShippingAddress", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const { addressId, lat: _lat, lng: _lng, ...input } = payload.data
          const row = yield* saveAddress(session, "shipping", addressId, input)
          return { address: shippingAddressView(row), customer: yield* customerView(session) }
        })))
      .handle("loadAddresses", ({ params }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const shop = shopOf(session)
          if (params.cartUrl !== cartUrlSegment(shop.urlKeys.cart)) {
            return yield* new NotFound({ message: "No such page." })
          }
          const customer = yield* requireCustomer(session)
          return yield* checkoutAddresses(customer.customerId, session.cartId)
        })))
      .handle("orderHistory", ({ query }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          return yield* orderHistory(customer.customerId, session.shopId, query)
        })))
  })
)
