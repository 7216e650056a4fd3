/**
 * The account area's texts and shared helpers (database faults, the session's shop, login-required answers, safe return paths).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import type { SqlError } from "effect/sql/SqlError"
import { LoginRequired } from "../../../../core/api/errors.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { isSafeRedirectTarget, returnParameter } from "../../../../core/domain/redirect.ts"
import { isShopId, shopById } from "../../../../core/domain/shop.ts"
import type { Shop } from "../../../../core/domain/shop.ts"

/** The shortest password registration accepts. */
export const minPasswordLength = 8

/** The longest password registration accepts (bounds the hashing work of one request). */
export const maxPasswordLength = 256

/** The texts the server answers with (the demo's locale is en-US, §9). */
export const accountTexts = {
  /** Wrong e-mail or password (§8: shown as the title for 5 s). */
  loginRejected: "The e-mail or password is not correct.",
  /** Too many failed logins (§8 423). */
  accountLocked: "Too many failed logins: the account is locked for a while. You can reset your password.",
  /** Too many failed logins from this client (429, before any account locks). */
  tooManyFailedLogins: "Too many failed logins from this device; wait a few minutes before trying again.",
  /** The account was deactivated (legal conditions declined). */
  accountDeactivated: "This account has been deactivated.",
  /** Facebook login has no provider in the demo. */
  facebookUnavailable: "Facebook login is not available in the demo.",
  /** The registration failed (title of the rejection). */
  registrationRejected: "The registration could not be completed.",
  /** The e-mail is already registered in the shop. */
  emailTaken: "This e-mail address is already registered.",
  /** The password is too short. */
  passwordTooShort: `The password must have at least ${minPasswordLength} characters.`,
  /** The password is too long. */
  passwordTooLong: `The password must have at most ${maxPasswordLength} characters.`,
  /** A consent key the shop does not know. */
  unknownConsent: "Unknown consent",
  /** The call needs a logged-in customer. */
  loginRequired: "Please log in first."
} as const

// -----------------------------------------------------------------------------------------------
// helpers
// -----------------------------------------------------------------------------------------------

/** Turns database faults into defects, so that a handler fails only with the contract's errors (no stack leaks). */
export const orDieOnSql = <A, E, R>(self: Effect.Effect<A, E | SqlError, R>): Effect.Effect<A, Exclude<E, SqlError>, R> =>
  Effect.catchTag(self as Effect.Effect<A, SqlError, R>, "SqlError", (error) => Effect.die(error)) as Effect.Effect<
    A,
    Exclude<E, SqlError>,
    R
  >

/** The shop of a session or of a stored shop id (an id of no shop reads as the default shop, CZ10MA). */
export const shopOf = (of: string | Pick<SessionData, "shopId">): Shop => {
  const shopId = typeof of === "string" ? of : of.shopId
  return shopById(isShopId(shopId) ? shopId : "CZ10MA")
}

/** The {@link LoginRequired} answer of a shop: 401 with the shop's login url as `redirectUrl` (§5, §6). */
export const loginRequired = (shop: Shop): LoginRequired =>
  new LoginRequired({ message: accountTexts.loginRequired, redirectUrl: shop.urlKeys.login })

/**
 * The `return` query parameter of a request (§2) if it is a same-origin path (core/domain/redirect.ts), otherwise
 * undefined: an open-redirect payload is never echoed as a redirect target.
 */
export const safeReturnOf = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const target = new URL(request.url, "http://localhost").searchParams.get(returnParameter)
  return isSafeRedirectTarget(target) ? target : undefined
}
