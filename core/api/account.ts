/**
 * The account calls (spec §2 login redirects and addresses, §5 login validation and responses, §6 logout, §7
 * "Account", §8 login failure): log in with a password or Facebook, register, log out, save a billing or shipping
 * address, and load the addresses of the checkout.
 *
 * Failures come back as typed errors, so that the derived client reads them as values: a refused login is
 * {@link LoginRejected} (401, `title`, `error`, `errors`: the §5 "error or non-empty errors" failure), a locked
 * account is {@link AccountLocked} (423 with the `redirectUrl` of password recovery, §8), a refused registration is
 * {@link RegistrationRejected} (422).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { loginLockedStatus } from "../domain/auth.ts"
import { ConsentValues } from "./consents.ts"
import {
  BillingAddress,
  CustomerAddresses,
  notEditableBillingProfileId,
  SelectedAddresses,
  ShippingAddress
} from "./entities/address.ts"
import { Customer } from "./entities/customer.ts"
import { LoginRequired, NotFound, TooManyRequests, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs, SwitchesSession } from "./policy.ts"
import { ItemParam } from "./entities/cart.ts"
import { WireInt, WireNumber, WireString } from "./entities/wire.ts"
import { Email, QueryInt, RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { hasSafeTexts, SafeString, safeRecord } from "./entities/text.ts"

/** A password as typed: required (§5), never trimmed. */
export const Password = SafeString.check(Schema.isNonEmpty({ expected: "a non-empty password" }))

/** Decoded type of {@link Password}. */
export type Password = typeof Password.Type

const LoginPayloadFields = {
  username: RequiredText,
  password: Password
}

/** The schema type of {@link LoginPayload}, named so that declarations refer to it instead of spelling it out. */
export interface LoginPayloadStruct extends Schema.Struct<typeof LoginPayloadFields> {}

/**
 * The body of POST /api/auth/login/ (§7): `username` (the e-mail typed in the login form, trimmed) and `password`
 * (§5: both required). Same shape as the domain's `LoginPayload` built by `loginPayload(form)`.
 */
export const LoginPayload: LoginPayloadStruct = Schema.Struct(LoginPayloadFields)

/** Decoded type of {@link LoginPayload}. */
export type LoginPayload = typeof LoginPayload.Type

const FacebookLoginPayloadFields = {
  accessToken: RequiredText
}

/** The schema type of {@link FacebookLoginPayload}, named so that declarations refer to it instead of spelling it out. */
export interface FacebookLoginPayloadStruct extends Schema.Struct<typeof FacebookLoginPayloadFields> {}

/** The body of POST /api/auth/fbLogin/: the Facebook `accessToken` the Facebook SDK gave the page. */
export const FacebookLoginPayload: FacebookLoginPayloadStruct = Schema.Struct(FacebookLoginPayloadFields)

/** Decoded type of {@link FacebookLoginPayload}. */
export type FacebookLoginPayload = typeof FacebookLoginPayload.Type

const RegistrationPayloadFields = {
  email: Email,
  password: Password,
  firstname: RequiredText,
  lastname: RequiredText,
  consents: Schema.optionalKey(ConsentValues)
}

/** The schema type of {@link RegistrationPayload}, named so that declarations refer to it instead of spelling it out. */
export interface RegistrationPayloadStruct extends Schema.Struct<typeof RegistrationPayloadFields> {}

/**
 * The body of POST /api/reg/submit: `email` (e-mail syntax), `password`, `firstname`, `lastname`, and optionally the
 * consents given in the form (consent key to given or refused, e.g. `marketing_1p`).
 */
export const RegistrationPayload: RegistrationPayloadStruct = Schema.Struct(RegistrationPayloadFields)

/** Decoded type of {@link RegistrationPayload}. */
export type RegistrationPayload = typeof RegistrationPayload.Type

const AuthSuccessFields = {
  customer: Customer,
  redirectUrl: Schema.optionalKey(SafeString)
}

/** The schema type of {@link AuthSuccess}, named so that declarations refer to it instead of spelling it out. */
export interface AuthSuccessStruct extends Schema.Struct<typeof AuthSuccessFields> {}

/**
 * A successful login or registration: the `customer` now in session (logged in, or waiting for confirmation after
 * registering) and, optionally, the `redirectUrl` to follow (§2 "Login redirects follow a redirectUrl or a 'return'
 * query parameter"; the client keeps only same-origin paths).
 */
export const AuthSuccess: AuthSuccessStruct = Schema.Struct(AuthSuccessFields)

/** Decoded type of {@link AuthSuccess}. */
export type AuthSuccess = typeof AuthSuccess.Type

/** The failure fields of §5: `title` (shown for 5 s, §8), an optional `error` message and the `errors` messages. */
const rejectionFields = {
  /** The server's text, shown above the form for 5 seconds (§8). */
  title: SafeString,
  /** A failure message (§5 "error"), shown as a form flash. */
  error: Schema.optionalKey(SafeString),
  /** Failure messages (§5 "errors"), each shown as a form flash; may be empty. */
  errors: Schema.Array(SafeString)
}

/**
 * The login was refused (401), e.g. a wrong password (§5, §8): `title` is shown above the form for 5 seconds;
 * `error` and `errors` are the form flashes (`interpretAuthResponse` of the domain reads them).
 */
export class LoginRejected extends Schema.TaggedError<LoginRejected>()("LoginRejected", rejectionFields, {
  httpApiStatus: 401
}) {}

/**
 * The account is locked (423, §8): the client goes to `redirectUrl` (password recovery), a same-origin path.
 * `title` is the server's text.
 */
export class AccountLocked extends Schema.TaggedError<AccountLocked>()(
  "AccountLocked",
  {
    /** The server's text. */
    title: SafeString,
    /** Where to go: password recovery, a same-origin path (§8). */
    redirectUrl: SafeString
  },
  { httpApiStatus: loginLockedStatus }
) {}

/**
 * The registration was refused (422), e.g. the e-mail is already registered (§5): `title`, `error` and `errors`
 * as for {@link LoginRejected}.
 */
export class RegistrationRejected extends Schema.TaggedError<RegistrationRejected>()(
  "RegistrationRejected",
  rejectionFields,
  { httpApiStatus: 422 }
) {}

/** The query parameter of the logout link that carries the csrf token (§6). */
export const logoutCsrfParameter = "csrf_token"

const LogoutQueryFields = {
  [logoutCsrfParameter]: RequiredText
}

/** The schema type of {@link LogoutQuery}, named so that declarations refer to it instead of spelling it out. */
export interface LogoutQueryStruct extends Schema.Struct<typeof LogoutQueryFields> {}

/** The query of GET /api/auth/logout/: the session's csrf token as {@link logoutCsrfParameter} (§6). */
export const LogoutQuery: LogoutQueryStruct = Schema.Struct(LogoutQueryFields)

/** Decoded type of {@link LogoutQuery}. */
export type LogoutQuery = typeof LogoutQuery.Type

const LogoutResultFields = {
  redirectUrl: SafeString
}

/** The schema type of {@link LogoutResult}, named so that declarations refer to it instead of spelling it out. */
export interface LogoutResultStruct extends Schema.Struct<typeof LogoutResultFields> {}

/** The answer to logout: where to go next (a same-origin path, e.g. the home page). */
export const LogoutResult: LogoutResultStruct = Schema.Struct(LogoutResultFields)

/** Decoded type of {@link LogoutResult}. */
export type LogoutResult = typeof LogoutResult.Type

const notEditableBillingProfile = Schema.makeFilter<{ readonly billingProfileId?: number }>(
  (address) =>
    address.billingProfileId !== notEditableBillingProfileId || {
      path: ["billingProfileId"],
      issue: `the billing profile ${notEditableBillingProfileId} is not editable`
    },
  { expected: "an editable billing profile" }
)

/**
 * A billing profile to save (§3 Address): the entity's fields; without `billingProfileId` a new profile is created.
 * The not-editable profile (`billingProfileId` -1) is refused. The HR rule (no company registration number) is the
 * server's: it answers 422 naming `companyRegistrationNumber`.
 */
export const BillingAddressInput = BillingAddress.mapFields((fields) => ({
  ...fields,
  billingProfileId: Schema.optionalKey(fields.billingProfileId)
})).check(notEditableBillingProfile, hasSafeTexts)

/** Decoded type of {@link BillingAddressInput}. */
export type BillingAddressInput = typeof BillingAddressInput.Type

/** A shipping address to save (§3 Address): the entity's fields; without `addressId` a new address is created. */
export const ShippingAddressInput = ShippingAddress.mapFields((fields) => ({
  ...fields,
  addressId: Schema.optionalKey(fields.addressId)
})).check(hasSafeTexts)

/** Decoded type of {@link ShippingAddressInput}. */
export type ShippingAddressInput = typeof ShippingAddressInput.Type

/** The body of POST /api/address/setBillingAddress (§7 `data`). */
export const SetBillingAddressPayload = Schema.Struct({ data: BillingAddressInput })

/** Decoded type of {@link SetBillingAddressPayload}. */
export type SetBillingAddressPayload = typeof SetBillingAddressPayload.Type

/** The body of POST /api/address/setShippingAddress (§7 `data`). */
export const SetShippingAddressPayload = Schema.Struct({ data: ShippingAddressInput })

/** Decoded type of {@link SetShippingAddressPayload}. */
export type SetShippingAddressPayload = typeof SetShippingAddressPayload.Type

const BillingAddressSavedFields = {
  address: BillingAddress,
  customer: Customer
}

/** The schema type of {@link BillingAddressSaved}, named so that declarations refer to it instead of spelling it out. */
export interface BillingAddressSavedStruct extends Schema.Struct<typeof BillingAddressSavedFields> {}

/** The answer to setBillingAddress: the saved profile (with its id) and the customer's addresses after the save. */
export const BillingAddressSaved: BillingAddressSavedStruct = Schema.Struct(BillingAddressSavedFields)

/** Decoded type of {@link BillingAddressSaved}. */
export type BillingAddressSaved = typeof BillingAddressSaved.Type

const ShippingAddressSavedFields = {
  address: ShippingAddress,
  customer: Customer
}

/** The schema type of {@link ShippingAddressSaved}, named so that declarations refer to it instead of spelling it out. */
export interface ShippingAddressSavedStruct extends Schema.Struct<typeof ShippingAddressSavedFields> {}

/** The answer to setShippingAddress: the saved address (with its id) and the customer's addresses after the save. */
export const ShippingAddressSaved: ShippingAddressSavedStruct = Schema.Struct(ShippingAddressSavedFields)

/** Decoded type of {@link ShippingAddressSaved}. */
export type ShippingAddressSaved = typeof ShippingAddressSaved.Type

const LoadAddressesParamsFields = {
  cartUrl: SafeString.check(
    Schema.isPattern(/^[^/?#\s]+$/, { expected: "the cart url key as one path segment (e.g. kosik)" })
  )
}

/** The schema type of {@link LoadAddressesParams}, named so that declarations refer to it instead of spelling it out. */
export interface LoadAddressesParamsStruct extends Schema.Struct<typeof LoadAddressesParamsFields> {}

/**
 * The path parameter of `{cart-url}/1/load-addresses/` (§2): the shop's cart url key without slashes (e.g. `kosik`
 * for `/kosik`), one path segment.
 */
export const LoadAddressesParams: LoadAddressesParamsStruct = Schema.Struct(LoadAddressesParamsFields)

/** Decoded type of {@link LoadAddressesParams}. */
export type LoadAddressesParams = typeof LoadAddressesParams.Type

const LoadedAddressesFields = {
  addresses: CustomerAddresses,
  selectedAddresses: Schema.optionalKey(SelectedAddresses),
  hasFilledAddress: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link LoadedAddresses}, named so that declarations refer to it instead of spelling it out. */
export interface LoadedAddressesStruct extends Schema.Struct<typeof LoadedAddressesFields> {}

/**
 * The addresses of the checkout (§2, §3 Customer): the customer's billing and shipping `addresses`, the
 * `selectedAddresses` of the order and `hasFilledAddress` (without one the flow drops back to the customer step).
 */
export const LoadedAddresses: LoadedAddressesStruct = Schema.Struct(LoadedAddressesFields)

/** Decoded type of {@link LoadedAddresses}. */
export type LoadedAddresses = typeof LoadedAddresses.Type

/**
 * The account API (§7 "Account"), group `account`. Every call but `loadAddresses` changes the session or the
 * customer and carries `CsrfProtection`; `logout` is a GET (a link, §6) whose token also comes as the `csrf_token`
 * query parameter. Timeout: 5000 ms (§9 legacy HTTP).
 */
/** The most orders one page of the order history holds, and the page size when none is asked for (ours). */
export const orderHistoryMaxLimit = 50

/** The page size of the order history when none is asked for (ours). */
export const orderHistoryDefaultLimit = 10

/** The states an order goes through (ours; the purchase list's states are not shown in the spec). */
export const orderStates = ["new", "confirmed", "paid", "shipped", "delivered", "cancelled"] as const

const OrderHistoryQueryFields = {
  limit: Schema.optionalKey(QueryInt.check(Schema.isBetween({ minimum: 1, maximum: orderHistoryMaxLimit }))),
  offset: Schema.optionalKey(QueryInt.check(Schema.isGreaterThanOrEqualTo(0)))
}

/** The schema type of {@link OrderHistoryQuery}, named so that declarations refer to it instead of spelling it out. */
export interface OrderHistoryQueryStruct extends Schema.Struct<typeof OrderHistoryQueryFields> {}

/** The query of the order history: at most `limit` orders (1..50, default 10), newest first, after skipping `offset`. */
export const OrderHistoryQuery: OrderHistoryQueryStruct = Schema.Struct(OrderHistoryQueryFields)

/** Decoded type of {@link OrderHistoryQuery}. */
export type OrderHistoryQuery = typeof OrderHistoryQuery.Type

const OrderLineFields = {
  title: SafeString,
  productId: Schema.optionalKey(WireInt),
  count: WireInt,
  unitPrice: WireNumber,
  linePrice: WireNumber,
  variantId: Schema.optionalKey(WireInt),
  bonusSetId: Schema.optionalKey(WireInt),
  url: Schema.optionalKey(SafeString),
  params: Schema.optionalKey(Schema.Array(ItemParam))
}

/** The schema type of {@link OrderLine}, named so that declarations refer to it instead of spelling it out. */
export interface OrderLineStruct extends Schema.Struct<typeof OrderLineFields> {}

/**
 * One line of a placed order: what was bought (the `productId` of a product line, which getProductLicenseKeys asks
 * with), how many, at what price, and the product link when the product is sold still.
 */
export const OrderLine: OrderLineStruct = Schema.Struct(OrderLineFields)

/** Decoded type of {@link OrderLine}. */
export type OrderLine = typeof OrderLine.Type

const OrderDeliveryFields = {
  deliveryId: WireString,
  title: Schema.optionalKey(SafeString),
  methodKind: Schema.optionalKey(SafeString),
  branchName: Schema.optionalKey(SafeString),
  price: Schema.optionalKey(WireNumber)
}

/** The schema type of {@link OrderDelivery}, named so that declarations refer to it instead of spelling it out. */
export interface OrderDeliveryStruct extends Schema.Struct<typeof OrderDeliveryFields> {}

/** A delivery of a placed order: how it went, and the pick-up point when there was one. */
export const OrderDelivery: OrderDeliveryStruct = Schema.Struct(OrderDeliveryFields)

/** Decoded type of {@link OrderDelivery}. */
export type OrderDelivery = typeof OrderDelivery.Type

const OrderSummaryFields = {
  orderId: WireString,
  purchaseId: WireInt,
  createdAt: SafeString,
  state: SafeString,
  stateDate: SafeString,
  total: WireNumber,
  currency: SafeString,
  billingMethod: Schema.NullOr(SafeString),
  deliveries: Schema.Array(OrderDelivery),
  items: Schema.Array(OrderLine),
  consents: Schema.optionalKey(safeRecord(Schema.Boolean))
}

/** The schema type of {@link OrderSummary}, named so that declarations refer to it instead of spelling it out. */
export interface OrderSummaryStruct extends Schema.Struct<typeof OrderSummaryFields> {}

/**
 * A placed order in the customer's history (ours): the order number (`orderId`, as §3 purchase), its id
 * (`purchaseId`), when it was placed, its state (one of {@link orderStates}) and the day the state last changed (the
 * order state date of §4 'lengthy' payments), the total in the shop's currency, the payment, deliveries, lines and
 * the order consents it was placed with.
 */
export const OrderSummary: OrderSummaryStruct = Schema.Struct(OrderSummaryFields)

/** Decoded type of {@link OrderSummary}. */
export type OrderSummary = typeof OrderSummary.Type

const OrderHistoryFields = {
  orders: Schema.Array(OrderSummary),
  total: WireInt
}

/** The schema type of {@link OrderHistory}, named so that declarations refer to it instead of spelling it out. */
export interface OrderHistoryStruct extends Schema.Struct<typeof OrderHistoryFields> {}

/** One page of the order history: the orders, newest first, and how many orders the customer has in the shop. */
export const OrderHistory: OrderHistoryStruct = Schema.Struct(OrderHistoryFields)

/** Decoded type of {@link OrderHistory}. */
export type OrderHistory = typeof OrderHistory.Type

/**
 * The account API (§7 "Account"), group `account`. Every call but `loadAddresses` and `orderHistory` changes the
 * session or the customer and carries `CsrfProtection`; `logout` is a GET (a link, §6) whose token also comes as the
 * `csrf_token` query parameter. Timeout: 5000 ms (§9 legacy HTTP).
 */
export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.post("login", "/api/auth/login/", {
      payload: LoginPayload,
      success: AuthSuccess,
      error: [LoginRejected, AccountLocked, TooManyRequests]
    })
      .middleware(CsrfProtection)
      .annotate(SwitchesSession, true)
      .annotate(
        OpenApi.Description,
        "Logs in with e-mail (username) and password (§5 both required). 401 LoginRejected: title shown 5 s and " +
          "the error/errors flashes; 423 AccountLocked: go to redirectUrl (password recovery) (§8)."
      ),
    HttpApiEndpoint.post("fbLogin", "/api/auth/fbLogin/", {
      payload: FacebookLoginPayload,
      success: AuthSuccess,
      error: [LoginRejected, AccountLocked, TooManyRequests]
    })
      .middleware(CsrfProtection)
      .annotate(SwitchesSession, true)
      .annotate(
        OpenApi.Description,
        "Logs in with a Facebook access token; failures as for login (401 LoginRejected, 423 AccountLocked)."
      ),
    HttpApiEndpoint.post("register", "/api/reg/submit", {
      payload: RegistrationPayload,
      success: AuthSuccess,
      error: [RegistrationRejected, TooManyRequests]
    })
      .middleware(CsrfProtection)
      .annotate(SwitchesSession, true)
      .annotate(
        OpenApi.Description,
        "Registers a customer (e-mail, password, names, consents) and logs them in or leaves them waiting for " +
          "confirmation. 422 RegistrationRejected carries title, error and errors (§5)."
      ),
    HttpApiEndpoint.get("logout", "/api/auth/logout/", {
      query: LogoutQuery,
      success: LogoutResult
    })
      .middleware(CsrfProtection)
      .annotate(SwitchesSession, true)
      .annotate(
        OpenApi.Description,
        "Logs out. The logout link carries the csrf token as the csrf_token query parameter (§6); the server " +
          "accepts it there as well as in X-CSRF-Token."
      ),
    HttpApiEndpoint.post("setBillingAddress", "/api/address/setBillingAddress", {
      payload: SetBillingAddressPayload,
      success: BillingAddressSaved,
      error: [LoginRequired, NotFound, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Creates or updates a billing profile (§3). Profile -1 is not editable; for HR a company registration " +
          "number is refused (422, field companyRegistrationNumber). Needs a logged-in or waiting customer (§6)."
      ),
    HttpApiEndpoint.post("setShippingAddress", "/api/address/setShippingAddress", {
      payload: SetShippingAddressPayload,
      success: ShippingAddressSaved,
      error: [LoginRequired, NotFound, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Creates or updates a shipping address (§3). Needs a logged-in or waiting customer (§6)."
      ),
    HttpApiEndpoint.get("loadAddresses", "/:cartUrl/1/load-addresses/", {
      params: LoadAddressesParams,
      success: LoadedAddresses,
      error: [LoginRequired, NotFound]
    }).annotate(
      OpenApi.Description,
      "The customer's addresses for the checkout, at '{cart-url}/1/load-addresses/' (§2); cartUrl is the shop's " +
        "cart url key (e.g. kosik), any other answers 404."
    ),
    HttpApiEndpoint.get("orderHistory", "/api/account/orders", {
      query: OrderHistoryQuery,
      success: OrderHistory,
      error: LoginRequired
    }).annotate(
      OpenApi.Description,
      "The logged-in customer's orders in the shop, newest first (ours; the purchase list's call is not shown): " +
        "limit 1..50 (default 10) and offset; 401 for a guest."
    )
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Account (§7): login, registration, logout, addresses and the order history.")
{}
