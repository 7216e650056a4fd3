/**
 * The adult-content gate on the server (spec §2, §4 "visible per the response header 'adult-content'
 * unless adult is allowed", §6 "Adult content is visible only if allowed", §7 confirmAdultContent).
 *
 * Confirming is remembered in the session (`sessions.data.adult_allowed`) and, for a logged-in
 * customer, on the customer (`customers.adult_allowed`), so it carries over to their later sessions.
 * A page showing adult content sends the `adult-content` header only while the shopper has not
 * confirmed: {@link adultContentHeaderFor}.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { adultContentHeader } from "../../../core/api/headers.ts"
import type { SessionData } from "../../../core/api/security.ts"

/** The key of the session data that records the confirmation. */
export const adultAllowedKey = "adult_allowed"

/** The `adult-content` header value a page of adult content sends (any value but "", 0, false, no, off means set). */
export const adultContentHeaderValue = "1"

/** Whether the shopper of a session has confirmed adult content (in this session, or as the logged-in customer). */
export const isAdultContentAllowed = (
  session: Pick<SessionData, "sessionId" | "customerId">
): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ allowed: boolean }>`
      SELECT coalesce((s.data ->> ${adultAllowedKey})::boolean, false) OR coalesce(c.adult_allowed, false) AS allowed
      FROM sessions s LEFT JOIN customers c ON c.customer_id = ${session.customerId}
      WHERE s.session_id = ${session.sessionId}`
    return rows[0]?.allowed === true
  })

/** Records that the shopper confirmed adult content: in the session and, when logged in, on the customer (one transaction). */
export const allowAdultContent = (
  session: Pick<SessionData, "sessionId" | "customerId">
): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql.withTransaction(
      Effect.gen(function*() {
        yield* sql`
          UPDATE sessions SET data = data || jsonb_build_object(${adultAllowedKey}::text, true)
          WHERE session_id = ${session.sessionId}`
        if (session.customerId !== null) {
          yield* sql`UPDATE customers SET adult_allowed = true WHERE customer_id = ${session.customerId}`
        }
      })
    )
  })

/**
 * The headers a page of adult content sends for a session (§4): `adult-content: 1` while the
 * shopper has not confirmed, none once they have. Pages without adult content send none at all.
 * Merge the result into the page response's headers.
 */
export const adultContentHeaderFor = (
  session: Pick<SessionData, "sessionId" | "customerId">
): Effect.Effect<Readonly<Record<string, string>>, SqlError, SqlClient.SqlClient> =>
  Effect.map(isAdultContentAllowed(session), (allowed): Readonly<Record<string, string>> =>
    allowed ? {} : { [adultContentHeader]: adultContentHeaderValue })
