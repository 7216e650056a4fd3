/**
 * The password-recovery calls (spec §2 named URL `passwordRecovery`, §8 the locked login sends the shopper there;
 * the calls are not shown in §7, these are ours): ask for a recovery link by e-mail, and set a new password with the
 * single-use token of a link.
 *
 * The answer to {@link RecoveryRequestPayload} is the same whether or not the e-mail belongs to an account, so the
 * call does not tell who is registered.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { maxNewPasswordLength, minNewPasswordLength } from "../domain/passwordRecovery.ts"
import { AuthSuccess } from "./account.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { SafeString } from "./entities/text.ts"
import { TooManyRequests, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs, SwitchesSession } from "./policy.ts"
import { Email, RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"

/** The path of the recovery request (ours). */
export const recoveryRequestPath = "/api/auth/password-recovery/"

/** The path of the password reset (ours). */
export const recoveryResetPath = "/api/auth/password-recovery/reset"

/** A new password: {@link minNewPasswordLength} to {@link maxNewPasswordLength} characters, kept as typed. */
export const NewPassword = SafeString.check(
  Schema.makeFilter((value: string) => {
    const length = [...value].length
    return length >= minNewPasswordLength && length <= maxNewPasswordLength
  }, { expected: `a password of ${minNewPasswordLength} to ${maxNewPasswordLength} characters` })
)

/** Decoded type of {@link NewPassword}. */
export type NewPassword = typeof NewPassword.Type

const RecoveryRequestPayloadFields = {
  email: Email,
  returnPath: Schema.optionalKey(SafeString)
}

/** The schema type of {@link RecoveryRequestPayload}, named so that declarations refer to it instead of spelling it out. */
export interface RecoveryRequestPayloadStruct extends Schema.Struct<typeof RecoveryRequestPayloadFields> {}

/**
 * The body of the recovery request: the account's `email`, and optionally `returnPath`, the same-origin path the
 * shopper goes to after setting the new password (the server drops any other target).
 */
export const RecoveryRequestPayload: RecoveryRequestPayloadStruct = Schema.Struct(RecoveryRequestPayloadFields)

/** Decoded type of {@link RecoveryRequestPayload}. */
export type RecoveryRequestPayload = typeof RecoveryRequestPayload.Type

const RecoveryResetPayloadFields = {
  token: RequiredText,
  password: NewPassword
}

/** The schema type of {@link RecoveryResetPayload}, named so that declarations refer to it instead of spelling it out. */
export interface RecoveryResetPayloadStruct extends Schema.Struct<typeof RecoveryResetPayloadFields> {}

/** The body of the reset: the `token` of the link and the `password` to set. */
export const RecoveryResetPayload: RecoveryResetPayloadStruct = Schema.Struct(RecoveryResetPayloadFields)

/** Decoded type of {@link RecoveryResetPayload}. */
export type RecoveryResetPayload = typeof RecoveryResetPayload.Type

/** The token is unknown, used or expired (410): the shopper asks for a new link. */
export class RecoveryTokenInvalid extends Schema.TaggedError<RecoveryTokenInvalid>()(
  "RecoveryTokenInvalid",
  { message: Schema.String },
  { httpApiStatus: 410 }
) {}

/**
 * The recovery group. `request` always answers `status: "ok"` (429 when asked too often); `reset` sets the password,
 * uses the token up, unlocks the account and logs the customer in (a new session), answering as a login does with
 * the link's same-origin `redirectUrl`; 410 {@link RecoveryTokenInvalid} for an unknown, used or expired token.
 */
export class PasswordRecoveryGroup extends HttpApiGroup.make("passwordRecovery")
  .add(
    HttpApiEndpoint.post("request", recoveryRequestPath, {
      payload: RecoveryRequestPayload,
      success: StatusResponse,
      error: TooManyRequests
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Sends a recovery link to the e-mail when it belongs to an account of the shop; the answer is the same " +
          "either way. returnPath (same-origin only) is carried in the link."
      ),
    HttpApiEndpoint.post("reset", recoveryResetPath, {
      payload: RecoveryResetPayload,
      success: AuthSuccess,
      error: [RecoveryTokenInvalid, Unprocessable, TooManyRequests]
    })
      .middleware(CsrfProtection)
      .annotate(SwitchesSession, true)
      .annotate(
        OpenApi.Description,
        "Sets a new password with the single-use token of a recovery link and logs the customer in. 410 for an " +
          "unknown, used or expired token."
      )
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Password recovery (ours): the recovery link by e-mail and the new password.")
{}
