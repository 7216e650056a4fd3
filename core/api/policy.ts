/**
 * Call policies declared in the contract and applied by the derived client (§9): the timeout of
 * each class of call, and whether a call may be retried by the retry ladder.
 *
 * @module
 */
import { Context } from "effect"

/** Widgets data timeout, ms (§9). */
export const widgetsTimeoutMs = 8000

/** Legal calls timeout, ms (§9). */
export const legalTimeoutMs = 5000

/** Legacy HTTP and new cart calls timeout, ms (§9); the default of every shop call. */
export const cartTimeoutMs = 5000

/** Tracking API timeout, ms (§9). */
export const trackingTimeoutMs = 2000

/** The timeout of one attempt of a call, in ms. Annotate an endpoint or group to change it. */
export const CallTimeout = Context.Reference<number>("storefront/api/CallTimeout", {
  defaultValue: () => cartTimeoutMs
})

/**
 * How a call may be retried by the retry ladder (§9):
 * - `auto`: retried when the method is GET, never otherwise;
 * - `idempotencyKey`: a mutation that carries an idempotency key, so the server applies a retry once;
 * - `never`: sent once.
 */
export type RetryMode = "auto" | "idempotencyKey" | "never"

/** The retry mode of a call. Annotate an endpoint or group to change it. */
export const Retry = Context.Reference<RetryMode>("storefront/api/Retry", { defaultValue: () => "auto" })

/**
 * Whether a successful call replaces the session (a new session id and CSRF token: login, registration, logout, a
 * password reset, an account deactivation). The client sends it alone: state-changing calls already on their way
 * finish first, and those that start meanwhile wait and then take the new session's token, so none reaches the server
 * with a token of a session that no longer exists. Annotate an endpoint to declare it.
 */
export const SwitchesSession = Context.Reference<boolean>("storefront/api/SwitchesSession", { defaultValue: () => false })
