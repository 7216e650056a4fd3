/**
 * The captcha group (spec §3 "Captcha", §7 GET /api/captcha/get, §2 reload with a random parameter):
 * a fresh challenge per call, stored under the client's captcha id for the session.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { TooManyRequests } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { CaptchaTestAnswer, issueCaptcha } from "../domain/captcha.ts"

/**
 * The handlers of the captcha group: `get` issues a new challenge under the query's `id` (a
 * server-chosen one when absent); the `rnd` reload parameter is ignored. 429 when the session asked
 * for too many challenges lately.
 */
export const CaptchaHandlers = HttpApiBuilder.group(
  ShopApi,
  "captcha",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const fixedAnswer = yield* CaptchaTestAnswer
    return handlers.handle("get", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const issued = yield* Effect.orDie(
          Effect.provideService(issueCaptcha(session.sessionId, query.id, fixedAnswer), SqlClient.SqlClient, sql)
        )
        if (issued === "tooMany") {
          return yield* new TooManyRequests({ message: "Too many captcha images asked for; wait a few minutes." })
        }
        return issued
      }))
  })
)
