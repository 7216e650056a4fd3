/**
 * Errors shared by the endpoints of the contract, each with its HTTP status.
 *
 * @module
 */
import { Schema } from "effect"
import { SafeString } from "./entities/text.ts"

/** A state-changing call without a valid `X-CSRF-Token` (403). */
export class CsrfTokenInvalid extends Schema.TaggedError<CsrfTokenInvalid>()(
  "CsrfTokenInvalid",
  { message: SafeString },
  { httpApiStatus: 403 }
) {}

/** The call needs a logged-in customer (401); `redirectUrl` is where to log in. */
export class LoginRequired extends Schema.TaggedError<LoginRequired>()(
  "LoginRequired",
  { message: SafeString, redirectUrl: SafeString },
  { httpApiStatus: 401 }
) {}

/** The addressed thing does not exist (404). */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: SafeString },
  { httpApiStatus: 404 }
) {}

/** The request is well-formed but breaks a business rule (422); `field` names the culprit when one does. */
export class Unprocessable extends Schema.TaggedError<Unprocessable>()(
  "Unprocessable",
  { message: SafeString, field: Schema.optionalKey(SafeString) },
  { httpApiStatus: 422 }
) {}

/** An upload above the configured limits (413); nothing was stored. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  { message: SafeString, maxFileSize: Schema.Number, maxPostSize: Schema.Number },
  { httpApiStatus: 413 }
) {}

/** Too many requests (429): the client's retry ladder retries these. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  { message: SafeString },
  { httpApiStatus: 429 }
) {}
