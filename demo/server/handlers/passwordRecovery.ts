/**
 * The password-recovery group (ours; spec §2 named URL `passwordRecovery`, §8): `request` puts a link into the mail
 * outbox when the e-mail is an account's and answers the same either way; `reset` spends the link's token, sets the
 * password and logs the customer in.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { RecoveryTokenInvalid } from "../../../core/api/passwordRecovery.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { customerView } from "../domain/account/customer.ts"
import { logIn } from "../domain/account/sessions.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { dropMail, MailDropDir } from "../domain/outbox.ts"
import { issueRecoveryLink, recoveryTexts, spendRecoveryToken } from "../domain/passwordRecovery.ts"

/**
 * The handlers of the recovery group. `request` answers `status: "ok"` with {@link recoveryTexts.requested} for any
 * e-mail (nothing tells whether it is registered); `reset` answers the logged-in customer and the link's
 * same-origin `redirectUrl`, or 410 {@link RecoveryTokenInvalid}.
 */
export const PasswordRecoveryHandlers = HttpApiBuilder.group(
  ShopApi,
  "passwordRecovery",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const dropDir = yield* MailDropDir
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("request", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const issued = yield* issueRecoveryLink(session.shopId, payload.email, payload.returnPath)
          if (issued !== undefined && dropDir !== undefined) yield* dropMail(dropDir, issued.mailId, issued.mail)
          return { status: okStatus, message: recoveryTexts.requested }
        })))
      .handle("reset", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const spent = yield* spendRecoveryToken(session.shopId, payload.token, payload.password)
          if (spent === undefined) return yield* new RecoveryTokenInvalid({ message: recoveryTexts.tokenInvalid })
          const next = yield* logIn(session, spent.customerId)
          const customer = yield* customerView(next)
          return { customer, ...(spent.returnPath === undefined ? {} : { redirectUrl: spent.returnPath }) }
        })))
  })
)
