/**
 * How a failed call of a derived client is read by the services: whether a response came (and its
 * HTTP status), or the call timed out or never reached the server; and the error the services fail
 * with when a call fails for a reason the spec gives no special rule for.
 *
 * @module
 */
import { Cause, Data, Predicate, Schema } from "effect"
import { HttpClientError } from "effect/http"
import { requestTimeoutKey, unknownErrorKey } from "../domain/flash.ts"

/**
 * What went wrong with a call:
 * - `timeout`: no answer within the call's timeout (after the retries the contract allows);
 * - `transport`: no response at all (connection reset, offline);
 * - `status`: a response with a status the endpoint does not declare (5xx...);
 * - `rejected`: a declared error of the endpoint (401, 404, 422, 429...);
 * - `decode`: a response whose body does not fit the contract (malformed JSON, wrong shape).
 */
export type FailureKind = "timeout" | "transport" | "status" | "rejected" | "decode"

/** A failed call as the services read it. */
export interface CallFailure {
  /** What went wrong. */
  readonly kind: FailureKind
  /** The HTTP status of the response, when one came. */
  readonly status: number | undefined
  /** A readable description (for logs and the error channel, not for shoppers). */
  readonly message: string
}

/** The HTTP status of each declared error of the contract, by tag (core/api/errors.ts and the groups' own errors). */
export const declaredErrorStatus: { readonly [tag: string]: number } = {
  CsrfTokenInvalid: 403,
  LoginRequired: 401,
  NotFound: 404,
  Unprocessable: 422,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  LoginRejected: 401,
  AccountLocked: 423,
  RegistrationRejected: 422,
  WishlistRejected: 422,
  RecoveryTokenInvalid: 410
}

const messageOf = (error: unknown): string =>
  Predicate.hasProperty(error, "message") && typeof error.message === "string" ? error.message : String(error)

/** Reads a failure of a derived client call (see {@link CallFailure}). */
export const readFailure = (error: unknown): CallFailure => {
  if (Cause.isTimeoutError(error)) return { kind: "timeout", status: undefined, message: "the call timed out" }
  if (HttpClientError.isHttpClientError(error)) {
    const response = error.response
    if (response === undefined) return { kind: "transport", status: undefined, message: error.message }
    const kind: FailureKind = response.status >= 200 && response.status < 300 ? "decode" : "status"
    return { kind, status: response.status, message: error.message }
  }
  if (Schema.isSchemaError(error)) return { kind: "decode", status: undefined, message: error.message }
  if (Predicate.isObject(error) && Predicate.hasProperty(error, "_tag")) {
    return { kind: "rejected", status: typeof error._tag === "string" ? declaredErrorStatus[error._tag] : undefined, message: messageOf(error) }
  }
  return { kind: "transport", status: undefined, message: messageOf(error) }
}

/** The message key a failure shows when the spec gives no text: the request-timeout key or unknown_error (§8). */
export const failureMessageKey = (failure: CallFailure): string =>
  failure.kind === "timeout" ? requestTimeoutKey : unknownErrorKey

/** A call failed for a reason without a special rule of its own; the state was left as it was. */
export class CallFailed extends Data.TaggedError("CallFailed")<{
  /** The operation, e.g. `Wishlist.load`. */
  readonly operation: string
  /** What went wrong. */
  readonly failure: CallFailure
}> {}

/** A {@link CallFailed} for `operation` from a client error. */
export const callFailed = (operation: string, error: unknown): CallFailed =>
  new CallFailed({ operation, failure: readFailure(error) })

/** The standard reason phrases of the HTTP statuses a shop API answers (the "status text" of §8). */
export const statusTexts: { readonly [status: number]: string } = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout"
}

/** The status text of a status (§8 wishlist errors), or the generic key when unknown or absent. */
export const statusText = (status: number | undefined): string =>
  (status === undefined ? undefined : statusTexts[status]) ?? unknownErrorKey
