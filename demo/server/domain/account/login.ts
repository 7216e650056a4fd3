/**
 * Login: password checks, failed-login counting and account locks (§5, §8 423).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { ShopId } from "../../../../core/domain/shop.ts"
import { verifyPassword } from "../../db/password.ts"

// -----------------------------------------------------------------------------------------------
// constants (ours: the spec does not show the server's rules)
// -----------------------------------------------------------------------------------------------

/** Failed logins within {@link failedLoginWindowSeconds} that lock an account (§8 423). */
export const maxFailedLogins = 5

/** The window in which failed logins count towards the lock, in seconds (15 minutes). */
export const failedLoginWindowSeconds = 15 * 60

/** How long a locked account stays locked, in seconds (15 minutes). */
export const accountLockSeconds = 15 * 60

// -----------------------------------------------------------------------------------------------
// login, registration, sessions
// -----------------------------------------------------------------------------------------------

/** A stored hash in the format of password.ts that no password matches; checked when the e-mail is unknown. */
const decoyHash = `scrypt$16384$8$1$${Buffer.alloc(16, 7).toString("base64")}$${Buffer.alloc(32, 9).toString("base64")}`

/** How a password check turned out. */
export type Authentication =
  | {
      /** The password matched: the failure count is reset. */
      readonly _tag: "Authenticated"
      /** The customer. */
      readonly customerId: number
    }
  | {
      /** Unknown e-mail or wrong password (one answer for both). */
      readonly _tag: "Rejected"
    }
  | {
      /** Locked: too many failures (§8 423); the password was not checked. */
      readonly _tag: "Locked"
    }
  | {
      /** The password matched an account that was deactivated (`deactivated_at`). */
      readonly _tag: "Deactivated"
    }

/**
 * Failed logins of e-mails that have no account in a shop, counted as an account's would be (same threshold, window
 * and lock), so that the answers to an unknown and to a registered e-mail cannot be told apart: both lock after
 * {@link maxFailedLogins} failures. Kept in the process, at most {@link maxTrackedUnknownEmails} e-mails (the oldest
 * window is forgotten first).
 */
export class UnknownEmailLocks {
  private readonly entries = new Map<string, { failures: number; windowStart: number; lockedUntil: number }>()

  /** Whether the e-mail is locked at `now` (ms). */
  isLocked(key: string, now: number): boolean {
    return (this.entries.get(key)?.lockedUntil ?? 0) > now
  }

  /** Counts a failure at `now`; answers whether it locks the e-mail. */
  fail(key: string, now: number): boolean {
    let entry = this.entries.get(key)
    if (entry === undefined || now - entry.windowStart >= failedLoginWindowSeconds * 1000) {
      entry = { failures: 0, windowStart: now, lockedUntil: entry?.lockedUntil ?? 0 }
    }
    this.entries.delete(key)
    entry.failures++
    if (entry.failures >= maxFailedLogins) {
      entry = { failures: 0, windowStart: now, lockedUntil: now + accountLockSeconds * 1000 }
      this.entries.set(key, entry)
      this.trim()
      return true
    }
    this.entries.set(key, entry)
    this.trim()
    return false
  }

  /** Forgets every e-mail's failures and lock. */
  clear(): void {
    this.entries.clear()
  }

  private trim(): void {
    while (this.entries.size > maxTrackedUnknownEmails) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }
}

/** How many unknown e-mails {@link UnknownEmailLocks} keeps. */
export const maxTrackedUnknownEmails = 100_000

const unknownEmailLocks = new UnknownEmailLocks()

/** Forgets the process's unknown-e-mail failures and locks (the test run does, before each server test file). */
export const clearUnknownEmailLocks = (): void => unknownEmailLocks.clear()

interface LoginRow {
  readonly customer_id: number
  readonly password_hash: string
  readonly locked: boolean
  readonly deactivated: boolean
}

/**
 * Checks an e-mail (case-insensitive) and password in a shop. The scrypt comparison is constant-time
 * (password.ts), and an unknown e-mail costs the same as a known one and locks the same way
 * ({@link UnknownEmailLocks}). A locked account answers `Locked` without looking at the password. A wrong password counts a failure; the {@link maxFailedLogins}th within
 * {@link failedLoginWindowSeconds} of the first one locks the account for
 * {@link accountLockSeconds} and answers `Locked`. A correct one resets the count.
 */
export const authenticate = (shopId: ShopId, username: string, password: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<LoginRow>`
      SELECT c.customer_id, c.password_hash, COALESCE(c.locked_until > now(), false) AS locked,
             c.deactivated_at IS NOT NULL AS deactivated
      FROM customers c WHERE c.shop_id = ${shopId} AND lower(c.email) = lower(${username})`
    const row = rows[0]
    if (row === undefined) {
      const key = `${shopId}|${username.toLowerCase()}`
      if (unknownEmailLocks.isLocked(key, Date.now())) return { _tag: "Locked" } as Authentication
      yield* verifyPassword(password, decoyHash)
      return (unknownEmailLocks.fail(key, Date.now()) ? { _tag: "Locked" } : { _tag: "Rejected" }) as Authentication
    }
    if (row.locked) return { _tag: "Locked" } as Authentication
    const matches = yield* verifyPassword(password, row.password_hash)
    if (matches) {
      yield* sql`
        UPDATE customers SET failed_login_count = 0, failed_login_window_start = NULL, locked_until = NULL,
          last_login_at = now(), updated_at = now()
        WHERE customer_id = ${row.customer_id}`
      return (row.deactivated ? { _tag: "Deactivated" } : { _tag: "Authenticated", customerId: row.customer_id }) as Authentication
    }
    const counted = yield* sql<{ locked: boolean }>`
      WITH current AS (
        SELECT customer_id, failed_login_count,
               COALESCE(failed_login_window_start > now() - make_interval(secs => ${failedLoginWindowSeconds}), false)
                 AS in_window
        FROM customers WHERE customer_id = ${row.customer_id} FOR UPDATE
      ), next AS (
        SELECT customer_id, in_window, CASE WHEN in_window THEN failed_login_count + 1 ELSE 1 END AS failures
        FROM current
      )
      UPDATE customers c SET
        failed_login_count = CASE WHEN next.failures >= ${maxFailedLogins} THEN 0 ELSE next.failures END,
        failed_login_window_start = CASE WHEN next.failures >= ${maxFailedLogins} THEN NULL
                                         WHEN next.in_window THEN c.failed_login_window_start ELSE now() END,
        locked_until = CASE WHEN next.failures >= ${maxFailedLogins}
                            THEN now() + make_interval(secs => ${accountLockSeconds}) ELSE c.locked_until END,
        updated_at = now()
      FROM next WHERE c.customer_id = next.customer_id
      RETURNING next.failures >= ${maxFailedLogins} AS locked`
    return (counted[0]?.locked === true ? { _tag: "Locked" } : { _tag: "Rejected" }) as Authentication
  })
