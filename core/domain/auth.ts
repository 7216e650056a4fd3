/**
 * Login and registration rules (spec §5 login validation and responses, §8 login failure).
 *
 * @module
 */

import { flashMessage, genericErrorFlash, unknownErrorKey } from "./flash.ts"
import type { FlashMessage } from "./flash.ts"
import { safeRedirectTarget } from "./redirect.ts"
import type { Shop } from "./shop.ts"

/** How long the title of a failed login response shows, in ms (§8). */
export const loginFailureTitleMs = 5000

/** The login failure status that carries a redirectUrl to follow (§8). */
export const loginLockedStatus = 423

/** The fields of the login form (§5). */
export const loginFields = ["email", "password"] as const

/** A field of the login form. */
export type LoginField = (typeof loginFields)[number]

/** What the shopper typed into the login form. */
export interface LoginForm {
  /** The e-mail address, sent as `username`. */
  readonly email: string
  /** The password. */
  readonly password: string
}

/**
 * The required login fields that are missing (§5: email and password are required); empty when
 * the form may be sent. An e-mail of only whitespace counts as missing; a password is taken as typed.
 */
export const validateLoginForm = (form: LoginForm): ReadonlyArray<LoginField> =>
  loginFields.filter((field) => (field === "email" ? form.email.trim() === "" : form.password === ""))

/** The body of POST /api/auth/login/ (§7). */
export interface LoginPayload {
  /** The e-mail address, trimmed. */
  readonly username: string
  /** The password as typed. */
  readonly password: string
}

/** The login call's payload for a form (§7: username, password). */
export const loginPayload = (form: LoginForm): LoginPayload => ({ username: form.email.trim(), password: form.password })

/** The parts of a login or registration response the failure rule reads (§5). */
export interface AuthResponse {
  /** Truthy on failure; a non-blank string is also shown as a message. */
  readonly error?: unknown
  /** A non-empty array means failure; its strings, or the `message` strings of its objects, are shown. */
  readonly errors?: unknown
}

/** How a login or registration response turned out. */
export type AuthOutcome =
  | {
      /** The shopper is logged in or registered. */
      readonly _tag: "Success"
    }
  | {
      /** The call failed. */
      readonly _tag: "Failure"
      /** Danger flashes of category form; never empty (a generic error when the server gave no message). */
      readonly flashes: ReadonlyArray<FlashMessage>
    }

const nonBlank = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

const messageOf = (entry: unknown): string | undefined => {
  if (nonBlank(entry)) return entry
  if (typeof entry === "object" && entry !== null && "message" in entry && nonBlank(entry.message)) return entry.message
  return undefined
}

/**
 * Interprets a login or registration response (§5): a truthy `error` or a non-empty `errors` array
 * is a failure, whose messages become form flashes; without messages, one generic error flash.
 */
export const interpretAuthResponse = (response: AuthResponse): AuthOutcome => {
  const errors: ReadonlyArray<unknown> = Array.isArray(response.errors) ? response.errors : []
  if (!response.error && errors.length === 0) return { _tag: "Success" }
  const messages = [response.error, ...errors].map(messageOf).filter((message) => message !== undefined)
  const flashes =
    messages.length === 0 ? [genericErrorFlash("form")] : messages.map((message) => flashMessage(message, "danger", "form"))
  return { _tag: "Failure", flashes }
}

/** The parts of a failed login call the failure rule reads (§8). */
export interface LoginFailure {
  /** The HTTP status; absent, 0 or not a positive number means the call got no response. */
  readonly status?: number | null | undefined
  /** Where a locked (423) login should go. */
  readonly redirectUrl?: string | null | undefined
  /** The server's text for the failure. */
  readonly title?: string | null | undefined
}

/** What the storefront does after a failed login (§8). */
export type LoginFailureAction =
  | {
      /** Navigate away. */
      readonly _tag: "Redirect"
      /** A same-origin path. */
      readonly url: string
    }
  | {
      /** Show the server's text above the login form. */
      readonly _tag: "ShowTitle"
      /** The text; the `unknown_error` key when the server sent none. */
      readonly title: string
      /** How long it shows: {@link loginFailureTitleMs}. */
      readonly durationMs: number
    }

const hasStatus = (status: number | null | undefined): status is number =>
  typeof status === "number" && Number.isFinite(status) && status > 0

/**
 * The reaction to a failed login (§8): status 423 with a redirectUrl goes there (same-origin paths
 * only, otherwise to the login url); no status goes to the shop's login url; any other failure shows
 * the response title for 5 seconds.
 */
export const loginFailureAction = (failure: LoginFailure, shop: Pick<Shop, "urlKeys">): LoginFailureAction => {
  const loginUrl = shop.urlKeys.login
  if (!hasStatus(failure.status)) return { _tag: "Redirect", url: loginUrl }
  if (failure.status === loginLockedStatus && typeof failure.redirectUrl === "string" && failure.redirectUrl !== "") {
    return { _tag: "Redirect", url: safeRedirectTarget(failure.redirectUrl, loginUrl) }
  }
  const title = nonBlank(failure.title) ? failure.title : unknownErrorKey
  return { _tag: "ShowTitle", title, durationMs: loginFailureTitleMs }
}

/**
 * The form flashes a login form shows beside the failure's title (§5, §8): the title already carries its text above
 * the form for its 5 seconds, so a flash repeating it is not shown again under the fields (it would outlive the
 * title); flashes with other messages are kept, in order. `title` is the title of the same failure, kept by the form
 * after the title itself has ended.
 */
export const loginFormFlashes = (flashes: ReadonlyArray<FlashMessage>, title: string | undefined): ReadonlyArray<FlashMessage> =>
  title === undefined ? flashes : flashes.filter((flash) => flash.message !== title)
