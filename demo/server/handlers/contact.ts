/**
 * The contact group (spec §7 "Contact form submit: multipart POST", §3 fields, §5 validation, §9 at
 * most 5 attachments): checks a submission against the one upload config, the core rule, the
 * shop's topic tree and the captcha, and stores it with its attachments. A refused submission
 * stores nothing.
 *
 * @module
 */
import { Effect, FileSystem } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { PayloadTooLarge, TooManyRequests, Unprocessable } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { attachmentsField } from "../../../core/api/contact.ts"
import { attachmentProblem } from "../domain/attachments.ts"
import { consumeCaptcha } from "../domain/captcha.ts"
import {
  checkSubmission,
  ContactUploadLimits,
  contactRateExceeded,
  contactTreeOf,
  type ReceivedAttachment,
  safeFileName,
  storeContactMessage
} from "../domain/contact.ts"
import { recordForClient, throttleWait, wrongCaptchasPerClient } from "../http/throttle.ts"

/** The client budget wrong captcha answers count against. */
const wrongCaptchasOperation = "contact.captcha.wrong"

/** The answer text of a stored message (ours; the spec shows none). */
export const contactThanksMessage = "Thank you, we will answer by email."

/**
 * The handlers of the contact group. `submit`, in this order: 429 when the session sent too many
 * messages lately; 413 {@link PayloadTooLarge} when a file or all files are above
 * {@link ContactUploadLimits}; 422 {@link Unprocessable} naming a refused field (required fields,
 * email, topic picks out of the shop's tree, a reason not matching them); 422 `field: "attachments"` for a file
 * that is not an image, PDF, plain text or office document whose content, type and name agree; 422 `field: "bot2"` when
 * the captcha answer is wrong, expired, unknown or of another session (the challenge is used up
 * either way; past `wrongCaptchasPerClient` wrong answers a client gets 429 with Retry-After before its answer is
 * checked); otherwise the message and its attachments are stored in one transaction and the
 * answer is `status: "ok"`. Six or more files never reach the handler (400 by the contract).
 */
export const ContactHandlers = HttpApiBuilder.group(
  ShopApi,
  "contact",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const fs = yield* FileSystem.FileSystem
    const limits = yield* ContactUploadLimits
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers.handle("submit", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const shop = shopById(session.shopId)
        if (yield* withSql(contactRateExceeded(session.sessionId))) {
          return yield* new TooManyRequests({ message: "Too many messages sent; try again in a few minutes." })
        }
        const files: Array<ReceivedAttachment> = []
        for (const file of payload.attachments ?? []) {
          const info = yield* Effect.orDie(fs.stat(file.path))
          files.push({ name: safeFileName(file.name), size: Number(info.size), path: file.path, contentType: file.contentType })
        }
        const tree = yield* withSql(contactTreeOf(session.shopId))
        const refusal = checkSubmission(payload, files, limits, tree, shop.locale)
        if (refusal !== undefined) {
          return yield* refusal._tag === "tooLarge"
            ? Effect.fail(
              new PayloadTooLarge({ message: refusal.message, maxFileSize: limits.maxFileSize, maxPostSize: limits.maxPostSize })
            )
            : Effect.fail(new Unprocessable({ message: refusal.message, field: refusal.field }))
        }
        const attachments = []
        for (const file of files) {
          const content = yield* Effect.orDie(fs.readFile(file.path))
          const problem = attachmentProblem({ name: file.name, contentType: file.contentType, bytes: content })
          if (problem !== undefined) return yield* new Unprocessable({ message: problem, field: attachmentsField })
          attachments.push({ name: file.name, contentType: file.contentType.split(";")[0]!.trim().toLowerCase(), content })
        }
        const wait = yield* throttleWait(wrongCaptchasOperation, wrongCaptchasPerClient, { count: false })
        if (wait > 0) {
          yield* HttpEffect.appendPreResponseHandler((_request, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(wait))))
          return yield* new TooManyRequests({ message: "Too many wrong answers to the picture; try again in a few minutes." })
        }
        const solved = yield* withSql(consumeCaptcha(session.sessionId, payload.bot2i, payload.bot2))
        if (!solved) {
          yield* recordForClient(wrongCaptchasOperation, wrongCaptchasPerClient)
          return yield* new Unprocessable({ message: "The text from the picture does not match; try a new picture.", field: "bot2" })
        }
        yield* withSql(
          storeContactMessage({ shopId: session.shopId, sessionId: session.sessionId, customerId: session.customerId }, payload, attachments)
        )
        return { status: okStatus, message: contactThanksMessage }
      }))
  })
)
