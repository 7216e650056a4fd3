/**
 * Password recovery on the server (rules in core/domain/passwordRecovery.ts): issuing a link (a random token whose
 * SHA-256 alone is stored, expiring after an hour, at most three per account per hour) into the mail outbox, and
 * spending a token once to set a new password.
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { isSafeRedirectTarget } from "../../../core/domain/redirect.ts"
import {
  maxRecoveryLinksPerWindow,
  recoveryLinkPath,
  recoveryTokenTtlSeconds
} from "../../../core/domain/passwordRecovery.ts"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { hashPassword } from "../db/password.ts"
import { storeMail, type OutgoingMail } from "./outbox.ts"

/** The texts of recovery (the demo server's locale is en-US). */
export const recoveryTexts = {
  /** The answer to every request, whether or not the e-mail is known. */
  requested: "If the e-mail belongs to an account, a link to set a new password is on its way.",
  /** An unknown, used or expired token. */
  tokenInvalid: "This link is no longer valid. Ask for a new one.",
  /** The subject of the e-mail. */
  subject: "Set a new password",
  /** Too many requests from one session. */
  tooMany: "Too many recovery requests; try again later."
} as const

/** A fresh token: 32 random bytes, base64url. */
export const newRecoveryToken = (): string => randomBytes(32).toString("base64url")

/** The stored form of a token. */
export const recoveryTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex")

/** The e-mail of a recovery link. */
export const recoveryMail = (shopId: ShopId, recipient: string, linkPath: string): OutgoingMail => ({
  shopId,
  kind: "password-recovery",
  recipient,
  subject: recoveryTexts.subject,
  body:
    `Someone asked to set a new password for your account in the ${shopById(shopId).name} shop.\n\n` +
    `Open this link within ${recoveryTokenTtlSeconds / 60} minutes to choose one (it works once):\n` +
    `${linkPath}\n\nIf it was not you, ignore this message: your password stays as it is.`
})

/**
 * Issues a recovery link for `email` in a shop when it belongs to an active account that has had fewer than
 * {@link maxRecoveryLinksPerWindow} links within the validity window: the token's hash is stored and the e-mail
 * goes to the outbox, in one transaction. Answers the stored mail (for the drop directory), or `undefined` when
 * nothing was sent. `returnPath` is kept only when it is a same-origin path.
 */
export const issueRecoveryLink = (shopId: ShopId, email: string, returnPath: string | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const customers = yield* sql<{ customer_id: number; email: string; recent: number }>`
          SELECT c.customer_id, c.email,
                 (SELECT count(*)::int FROM password_recovery_tokens t
                  WHERE t.customer_id = c.customer_id
                    AND t.created_at > now() - make_interval(secs => ${recoveryTokenTtlSeconds})) AS recent
          FROM customers c
          WHERE c.shop_id = ${shopId} AND lower(c.email) = lower(${email}) AND c.deactivated_at IS NULL
          FOR UPDATE`
        const customer = customers[0]
        if (customer === undefined || customer.recent >= maxRecoveryLinksPerWindow) return undefined
        const token = newRecoveryToken()
        const safeReturn = isSafeRedirectTarget(returnPath) ? returnPath : undefined
        yield* sql`
          INSERT INTO password_recovery_tokens (token_hash, customer_id, return_path, expires_at)
          VALUES (${recoveryTokenHash(token)}, ${customer.customer_id}, ${safeReturn ?? null},
                  now() + make_interval(secs => ${recoveryTokenTtlSeconds}))`
        const mail = recoveryMail(shopId, customer.email, recoveryLinkPath(shopById(shopId).urlKeys.passwordRecovery, token, safeReturn))
        const mailId = yield* storeMail(mail)
        return { mailId, mail }
      })
    )
  })

/**
 * Spends a token of a shop: a token that is not open is refused before any password is hashed; then, in one
 * transaction, marks it used (only when still unused and not expired), stores the new password's hash, unlocks the account and voids the customer's other open tokens. Answers the customer and the
 * link's return path, or `undefined` for an unknown, used or expired token.
 */
export const spendRecoveryToken = (shopId: ShopId, token: string, password: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // An unknown, used or expired token costs no password hash (scrypt is the expensive part of a reset).
    const open = yield* sql<{ ok: boolean }>`
      SELECT true AS ok FROM password_recovery_tokens
      WHERE token_hash = ${recoveryTokenHash(token)} AND used_at IS NULL AND expires_at > now()`
    if (open.length === 0) return undefined
    const hash = yield* hashPassword(password)
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const spent = yield* sql<{ customer_id: number; return_path: string | null }>`
          UPDATE password_recovery_tokens t SET used_at = now()
          FROM customers c
          WHERE t.token_hash = ${recoveryTokenHash(token)} AND t.used_at IS NULL AND t.expires_at > now()
            AND c.customer_id = t.customer_id AND c.shop_id = ${shopId} AND c.deactivated_at IS NULL
          RETURNING t.customer_id, t.return_path`
        const row = spent[0]
        if (row === undefined) return undefined
        yield* sql`
          UPDATE customers SET password_hash = ${hash}, failed_login_count = 0, failed_login_window_start = NULL,
            locked_until = NULL, updated_at = now()
          WHERE customer_id = ${row.customer_id}`
        yield* sql`
          UPDATE password_recovery_tokens SET used_at = now()
          WHERE customer_id = ${row.customer_id} AND used_at IS NULL`
        return { customerId: row.customer_id, returnPath: row.return_path ?? undefined }
      })
    )
  })
