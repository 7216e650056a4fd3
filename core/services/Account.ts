/**
 * The account service (spec §2 login drawer and login redirects, §5 login validation and responses,
 * §6 roles, §7 "Account", §8 login failure): the customer in session, login (password or
 * Facebook), registration, logout with the csrf token, the billing and shipping addresses, and the
 * order history.
 *
 * After every login, registration and logout the session is bootstrapped again (new csrf token and
 * cart id in the call state) and a `SessionChanged` signal is published, so that the cart and the
 * wishlist reload (the stale-cart-after-login trap).
 *
 * @module
 */
import { Context, Data, Effect, FiberHandle, Layer, Ref, Schema, SubscriptionRef } from "effect"
import {
  type OrderHistory,
  type OrderHistoryQuery,
  RegistrationPayload,
  type AuthSuccess,
  type BillingAddressInput,
  type ShippingAddressInput
} from "../api/account.ts"
import { bootstrapSession, ShopApiClient, ShopCallState } from "../api/client.ts"
import { RecoveryRequestPayload, RecoveryResetPayload, RecoveryTokenInvalid } from "../api/passwordRecovery.ts"
import { decodeProblems, type DecodeProblem } from "../api/decode.ts"
import type { Customer } from "../api/entities/customer.ts"
import { LoginRequired } from "../api/errors.ts"
import {
  interpretAuthResponse,
  loginFailureAction,
  loginPayload,
  validateLoginForm,
  type LoginFailureAction,
  type LoginField,
  type LoginForm
} from "../domain/auth.ts"
import { customerRole, displayName, type CustomerRole } from "../domain/customer.ts"
import type { FlashMessage } from "../domain/flash.ts"
import { loginRedirectTarget, safeRedirectTarget } from "../domain/redirect.ts"
import { shopById, type Shop } from "../domain/shop.ts"
import { loginRefusalOf, registrationResponseOf } from "./authRefusals.ts"
import { type CallFailure, CallFailed, callFailed, readFailure } from "./failures.ts"
import { ensureSession } from "./session.ts"
import { redirectSignal, Signals, type SessionChangeReason } from "./Signals.ts"

export { type AccountState, accountStateFor } from "./accountState.ts"
import { type AccountState, accountStateFor } from "./accountState.ts"

/** The login form lacks a required field (§5); nothing was sent. */
export class LoginFormInvalid extends Data.TaggedError("LoginFormInvalid")<{
  /** The fields left empty. */
  readonly fields: ReadonlyArray<LoginField>
}> {}

/** A login failed (§8); the state shows the title or the page was sent elsewhere. */
export class LoginFailed extends Data.TaggedError("LoginFailed")<{
  /** What the storefront did about it: show the title for 5 s, or redirect. */
  readonly action: LoginFailureAction
  /** The form flashes shown (§5). */
  readonly flashes: ReadonlyArray<FlashMessage>
  /** The call's failure. */
  readonly failure: CallFailure
}> {}

/** The registration form does not fit the contract (§5); nothing was sent. */
export class RegistrationInvalid extends Data.TaggedError("RegistrationInvalid")<{
  /** The failing fields. */
  readonly problems: ReadonlyArray<DecodeProblem>
}> {}

/** A registration was refused or failed; the state shows the flashes. */
export class RegistrationFailed extends Data.TaggedError("RegistrationFailed")<{
  /** The form flashes shown (§5). */
  readonly flashes: ReadonlyArray<FlashMessage>
  /** The call's failure. */
  readonly failure: CallFailure
}> {}

/** An address call needs a logged-in customer (§6); a redirect to the login page was signalled. */
export class AccountLoginRequired extends Data.TaggedError("AccountLoginRequired")<{
  /** Where the shopper was sent. */
  readonly redirectUrl: string
}> {}

/** A recovery request or a new password does not fit the contract; nothing was sent. */
export class RecoveryFormInvalid extends Data.TaggedError("RecoveryFormInvalid")<{
  /** The failing fields. */
  readonly problems: ReadonlyArray<DecodeProblem>
}> {}

/** The recovery link's token is unknown, used or expired: the shopper asks for a new link. */
export class RecoveryLinkInvalid extends Data.TaggedError("RecoveryLinkInvalid")<{
  /** The server's text. */
  readonly message: string
}> {}

/** Options of a login. */
export interface LoginOptions {
  /** The query string of the page the login happens on (its `return` parameter is followed, §2). */
  readonly search?: string
}

/** The account service's state and actions. */
export interface AccountShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<AccountState>
  /** Sets the customer known from the page or another response (e.g. the cart's), keeping the rest. */
  readonly setCustomer: (customer: Customer | undefined) => Effect.Effect<AccountState>
  /**
   * Logs in with the login form (§5 validated first; §8 failures: 423 redirects, no response
   * redirects to the login url, otherwise the title shows for 5 s). On success: the customer, a new
   * session, `SessionChanged`, and a redirect when the response or the `return` parameter names a
   * same-origin path.
   */
  readonly login: (form: LoginForm, options?: LoginOptions) => Effect.Effect<AccountState, LoginFormInvalid | LoginFailed>
  /** Logs in with a Facebook access token; failures as for {@link AccountShape.login}. */
  readonly fbLogin: (accessToken: string, options?: LoginOptions) => Effect.Effect<AccountState, LoginFailed>
  /** Registers (§7 POST /api/reg/submit); success as for login; a refusal shows the response's flashes (§5). */
  readonly register: (
    form: RegistrationPayload,
    options?: LoginOptions
  ) => Effect.Effect<AccountState, RegistrationInvalid | RegistrationFailed>
  /** Logs out with the session's csrf token (§6); a new session, `SessionChanged`, and a redirect. */
  readonly logout: Effect.Effect<AccountState, CallFailed>
  /** Saves a billing profile (§3, §7); the customer's addresses follow the answer. */
  readonly setBillingAddress: (data: BillingAddressInput) => Effect.Effect<AccountState, CallFailed | AccountLoginRequired>
  /** Saves a shipping address (§3, §7); the customer's addresses follow the answer. */
  readonly setShippingAddress: (data: ShippingAddressInput) => Effect.Effect<AccountState, CallFailed | AccountLoginRequired>
  /** Loads the checkout addresses from '{cart-url}/1/load-addresses/' (§2) into the customer. */
  readonly loadAddresses: Effect.Effect<AccountState, CallFailed | AccountLoginRequired>
  /**
   * One page of the customer's orders in the shop, newest first (GET /api/account/orders, ours): at most
   * `limit` (1..50, default 10) after `offset`. A guest is sent to the login page (§6).
   */
  readonly orderHistory: (page?: OrderHistoryQuery) => Effect.Effect<OrderHistory, CallFailed | AccountLoginRequired>
  /**
   * Asks for a password-recovery link for `email` (ours: the call is not shown in §7); `returnPath` (same-origin
   * only, else dropped by the server) is where the shopper goes after setting the password. Answers the server's
   * text, which is the same whether or not the e-mail is registered.
   */
  readonly requestPasswordRecovery: (
    email: string,
    returnPath?: string
  ) => Effect.Effect<string, RecoveryFormInvalid | CallFailed>
  /**
   * Sets a new password with the token of a recovery link; on success the customer is logged in as after
   * {@link AccountShape.login} (new session, `SessionChanged`, the link's same-origin return path followed).
   */
  readonly resetPassword: (
    token: string,
    password: string,
    options?: LoginOptions
  ) => Effect.Effect<AccountState, RecoveryFormInvalid | RecoveryLinkInvalid | CallFailed>
}

const cartUrlKey = (shop: Shop): string => shop.urlKeys.cart.replace(/^\/+|\/+$/g, "")

const withCustomer = (state: AccountState, customer: Customer | undefined): AccountState => {
  const role = customerRole(customer)
  return { ...state, customer, role, displayName: role === "guest" ? "" : displayName(customer) }
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const callState = yield* ShopCallState
  const signals = yield* Signals
  const state = yield* SubscriptionRef.make(accountStateFor(undefined))
  const titleTimer = yield* FiberHandle.make<void, never>()

  const shop = Effect.map(Ref.get(callState), (call) => shopById(call.shopId))
  const update = (f: (s: AccountState) => AccountState) => SubscriptionRef.updateAndGet(state, f)
  /** `call` after making sure the session's csrf token is known. */
  const inSession = <A, E>(call: Effect.Effect<A, E>) => Effect.andThen(ensureSession(api, callState), call)

  /** A new session after the customer changed, then the signal the cart and wishlist listen to. */
  const sessionChanged = (reason: SessionChangeReason) =>
    Effect.gen(function*() {
      // The old session's token is void: forgetting it makes the calls that need one wait for the new session's
      // (the call policy holds them back while the bootstrap asks), instead of being sent with it and refused.
      yield* Ref.update(callState, (call) => ({ ...call, csrfToken: undefined }))
      const info = yield* bootstrapSession(api).pipe(
        Effect.provideService(ShopCallState, callState),
        Effect.tapError((error) => Effect.logWarning("session bootstrap after a session change failed", error)),
        Effect.option
      )
      const session = info._tag === "Some" ? info.value : undefined
      if (session !== undefined && session.csrfToken !== "") yield* update((s) => ({ ...s, csrfToken: session.csrfToken }))
      yield* signals.publish({
        _tag: "SessionChanged",
        reason,
        customerId: session?.customerId,
        cartId: session?.cartId
      })
    })

  /**
   * The server has switched the session: the client follows to the end even when the caller goes away
   * (a page that unmounts its login form on success must not leave the old CSRF token behind).
   */
  const authenticated = (success: AuthSuccess, reason: SessionChangeReason, options: LoginOptions | undefined) =>
    Effect.uninterruptible(Effect.gen(function*() {
      // The new session's token is in the state before the customer shows (their logout link carries it).
      yield* sessionChanged(reason)
      const next = yield* update((s) => ({
        ...withCustomer(s, success.customer),
        loginError: [],
        loginTitle: undefined,
        missingFields: [],
        registrationError: [],
        busy: false
      }))
      yield* FiberHandle.clear(titleTimer)
      const target = loginRedirectTarget({ redirectUrl: success.redirectUrl, search: options?.search, fallback: "" })
      if (target !== "") yield* signals.publish(redirectSignal(target))
      return next
    }))

  const showTitle = (title: string, durationMs: number) =>
    Effect.gen(function*() {
      yield* update((s) => ({ ...s, loginTitle: title }))
      yield* FiberHandle.run(
        titleTimer,
        Effect.sleep(durationMs).pipe(Effect.andThen(update((s) => (s.loginTitle === title ? { ...s, loginTitle: undefined } : s))), Effect.asVoid)
      )
    })

  const loginFailed = (error: unknown) =>
    Effect.gen(function*() {
      const failure = readFailure(error)
      const { failure: loginFailure, response } = loginRefusalOf(error)
      const action = loginFailureAction(loginFailure, yield* shop)
      const outcome = interpretAuthResponse(response)
      const flashes = outcome._tag === "Failure" ? outcome.flashes : []
      yield* update((s) => ({ ...s, busy: false, loginError: flashes, missingFields: [] }))
      if (action._tag === "Redirect") yield* signals.publish(redirectSignal(action.url))
      else yield* showTitle(action.title, action.durationMs)
      return yield* new LoginFailed({ action, flashes, failure })
    })

  const login = Effect.fn("Account.login")(function*(form: LoginForm, options?: LoginOptions) {
    const missing = validateLoginForm(form)
    if (missing.length > 0) {
      yield* update((s) => ({ ...s, missingFields: missing }))
      return yield* new LoginFormInvalid({ fields: missing })
    }
    yield* update((s) => ({ ...s, busy: true, missingFields: [] }))
    return yield* inSession(api.account.login({ payload: loginPayload(form) })).pipe(
      Effect.matchEffect({
        onFailure: loginFailed,
        onSuccess: (success) => authenticated(success, "login", options)
      })
    )
  })

  const fbLogin = Effect.fn("Account.fbLogin")(function*(accessToken: string, options?: LoginOptions) {
    yield* update((s) => ({ ...s, busy: true, missingFields: [] }))
    return yield* inSession(api.account.fbLogin({ payload: { accessToken: accessToken.trim() } })).pipe(
      Effect.matchEffect({
        onFailure: loginFailed,
        onSuccess: (success) => authenticated(success, "login", options)
      })
    )
  })

  const decodeRegistration = Schema.decodeUnknownResult(RegistrationPayload, { errors: "all" })

  const register = Effect.fn("Account.register")(function*(form: RegistrationPayload, options?: LoginOptions) {
    const checked = decodeRegistration(form)
    if (checked._tag === "Failure") return yield* new RegistrationInvalid({ problems: decodeProblems(checked.failure) })
    yield* update((s) => ({ ...s, busy: true, registrationError: [] }))
    return yield* inSession(api.account.register({ payload: checked.success })).pipe(
      Effect.matchEffect({
        onFailure: (error) =>
          Effect.gen(function*() {
            const outcome = interpretAuthResponse(registrationResponseOf(error))
            const flashes = outcome._tag === "Failure" ? outcome.flashes : []
            yield* update((s) => ({ ...s, busy: false, registrationError: flashes }))
            return yield* new RegistrationFailed({ flashes, failure: readFailure(error) })
          }),
        onSuccess: (success) => authenticated(success, "registration", options)
      })
    )
  })

  const logout = Effect.gen(function*() {
    let token = (yield* Ref.get(callState)).csrfToken
    if (token === undefined) {
      token = (yield* bootstrapSession(api).pipe(Effect.provideService(ShopCallState, callState), Effect.mapError((e) => callFailed("Account.logout", e)))).csrfToken
    }
    yield* update((s) => ({ ...s, busy: true }))
    const result = yield* api.account.logout({ query: { csrf_token: token } }).pipe(
      Effect.tapError(() => update((s) => ({ ...s, busy: false }))),
      Effect.mapError((error) => callFailed("Account.logout", error))
    )
    yield* sessionChanged("logout")
    const next = yield* update((s) => ({ ...accountStateFor(undefined), csrfToken: s.csrfToken }))
    yield* FiberHandle.clear(titleTimer)
    yield* signals.publish(redirectSignal(safeRedirectTarget(result.redirectUrl, "/")))
    return next
  }).pipe(Effect.withSpan("Account.logout"))

  const loginRequired = (operation: string) => (error: unknown) =>
    Effect.gen(function*() {
      if (error instanceof LoginRequired) {
        const target = safeRedirectTarget(error.redirectUrl, (yield* shop).urlKeys.login)
        yield* signals.publish(redirectSignal(target))
        return yield* new AccountLoginRequired({ redirectUrl: target })
      }
      return yield* callFailed(operation, error)
    })

  const mergeCustomer = (customer: Customer) =>
    update((s) => withCustomer(s, { ...s.customer, ...customer }))

  const setBillingAddress = Effect.fn("Account.setBillingAddress")(function*(data: BillingAddressInput) {
    const saved = yield* inSession(api.account.setBillingAddress({ payload: { data } })).pipe(
      Effect.catch(loginRequired("Account.setBillingAddress"))
    )
    return yield* mergeCustomer(saved.customer)
  })

  const setShippingAddress = Effect.fn("Account.setShippingAddress")(function*(data: ShippingAddressInput) {
    const saved = yield* inSession(api.account.setShippingAddress({ payload: { data } })).pipe(
      Effect.catch(loginRequired("Account.setShippingAddress"))
    )
    return yield* mergeCustomer(saved.customer)
  })

  const loadAddresses = Effect.gen(function*() {
    const cartUrl = cartUrlKey(yield* shop)
    const loaded = yield* api.account.loadAddresses({ params: { cartUrl } }).pipe(
      Effect.catch(loginRequired("Account.loadAddresses"))
    )
    return yield* mergeCustomer({
      addresses: loaded.addresses,
      ...(loaded.selectedAddresses === undefined ? {} : { selectedAddresses: loaded.selectedAddresses }),
      ...(loaded.hasFilledAddress === undefined ? {} : { hasFilledAddress: loaded.hasFilledAddress })
    })
  }).pipe(Effect.withSpan("Account.loadAddresses"))

  const orderHistory = Effect.fn("Account.orderHistory")(function*(page?: OrderHistoryQuery) {
    return yield* api.account.orderHistory({ query: page ?? {} }).pipe(Effect.catch(loginRequired("Account.orderHistory")))
  })

  const decodeRecoveryRequest = Schema.decodeUnknownResult(RecoveryRequestPayload, { errors: "all" })
  const requestPasswordRecovery = Effect.fn("Account.requestPasswordRecovery")(function*(email: string, returnPath?: string) {
    const checked = decodeRecoveryRequest({ email: email.trim(), ...(returnPath === undefined ? {} : { returnPath }) })
    if (checked._tag === "Failure") return yield* new RecoveryFormInvalid({ problems: decodeProblems(checked.failure) })
    const answer = yield* inSession(api.passwordRecovery.request({ payload: checked.success })).pipe(
      Effect.mapError((error) => callFailed("Account.requestPasswordRecovery", error))
    )
    return answer.message ?? ""
  })

  const decodeReset = Schema.decodeUnknownResult(RecoveryResetPayload, { errors: "all" })
  const resetPassword = Effect.fn("Account.resetPassword")(function*(token: string, password: string, options?: LoginOptions) {
    const checked = decodeReset({ token: token.trim(), password })
    if (checked._tag === "Failure") return yield* new RecoveryFormInvalid({ problems: decodeProblems(checked.failure) })
    const success = yield* inSession(api.passwordRecovery.reset({ payload: checked.success })).pipe(
      Effect.mapError((error) =>
        error instanceof RecoveryTokenInvalid
          ? new RecoveryLinkInvalid({ message: error.message })
          : callFailed("Account.resetPassword", error)
      )
    )
    return yield* authenticated(success, "login", options)
  })

  return Account.of({
    state,
    setCustomer: (customer) => update((s) => withCustomer(s, customer)),
    login,
    fbLogin,
    register,
    logout,
    setBillingAddress,
    setShippingAddress,
    loadAddresses,
    orderHistory,
    requestPasswordRecovery,
    resetPassword
  })
})

/** The account service: see {@link AccountShape}. */
export class Account extends Context.Service<Account, AccountShape>()("storefront/Account") {
  /** Over the shop API client, its call state and the signals hub. */
  static readonly layer = Layer.effect(Account, make)
}
