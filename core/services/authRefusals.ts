/**
 * How a refused login or registration reads (spec §5, §8), from the error the account call failed with: the same
 * reading for the account service and for a page's form posted without JavaScript.
 *
 * @module
 */
import { AccountLocked, LoginRejected, RegistrationRejected } from "../api/account.ts"
import type { AuthResponse, LoginFailure } from "../domain/auth.ts"
import { readFailure } from "./failures.ts"

/** A refused login: what §8's failure rule reads (status, title, redirect) and what §5's flashes read. */
export interface LoginRefusal {
  readonly failure: LoginFailure
  readonly response: AuthResponse
}

/**
 * Reads a failed login call: a 401 refusal or a 423 lock with their texts; any other failure with its status (an
 * unreadable answer still came with one, so it is not "no response").
 */
export const loginRefusalOf = (error: unknown): LoginRefusal => {
  const failure = readFailure(error)
  if (error instanceof LoginRejected) {
    return {
      failure: { status: failure.status ?? 401, title: error.title },
      response: { ...(error.error === undefined ? {} : { error: error.error }), errors: error.errors }
    }
  }
  if (error instanceof AccountLocked) {
    return { failure: { status: failure.status ?? 423, title: error.title, redirectUrl: error.redirectUrl }, response: {} }
  }
  return { failure: { status: failure.status ?? (failure.kind === "decode" ? 200 : undefined) }, response: {} }
}

/** Reads a failed registration call: a 422 refusal's texts, otherwise a failure without a message of its own. */
export const registrationResponseOf = (error: unknown): AuthResponse =>
  error instanceof RegistrationRejected ? { error: error.error ?? error.title, errors: error.errors } : { error: true }
