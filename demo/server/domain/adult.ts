/**
 * The adult-content gate on the server (spec §2, §4 "visible per the response header 'adult-content'
 * unless adult is allowed", §6 "Adult content is visible only if allowed", §7 confirmAdultContent).
 *
 * Confirming is remembered in the session (`sessions.data.adult_allowed`) and, for a logged-in
 * customer, on the customer (`customers.adult_allowed`), so it carries over to their later sessions.
 * A response showing adult content sends the `adult-content` header only while the shopper has not
 * confirmed: {@link adultContentHeaderFor}; {@link markAdultContent} sets it on the response of the
 * call in progress (the product and recently-viewed APIs answering an adult-only product, and any page
 * or listing of an adult category, see {@link adultVariantsAmong} and {@link isAdultCategory}).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { adultContentHeader, sessionCookie } from "../../../core/api/headers.ts"
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

/**
 * The session a request names by its cookie, without starting one (the product and recently-viewed APIs run
 * without the session middleware): its id and customer, or undefined without a live session.
 */
export const sessionOfRequest: Effect.Effect<
  Pick<SessionData, "sessionId" | "customerId"> | undefined,
  SqlError,
  SqlClient.SqlClient | HttpServerRequest.HttpServerRequest
> = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const cookie = request.cookies[sessionCookie]
  if (cookie === undefined) return undefined
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ session_id: string; customer_id: number | null }>`
    SELECT session_id, customer_id FROM sessions WHERE session_id = ${cookie} AND expires_at > now()`
  const row = rows[0]
  return row === undefined ? undefined : { sessionId: row.session_id, customerId: row.customer_id }
})

/**
 * Marks the response of the call in progress as adult content when `showsAdultContent` (§4): the `adult-content`
 * header goes out unless the request's shopper has confirmed (a request without a session has not).
 */
export const markAdultContent = (
  showsAdultContent: boolean
): Effect.Effect<void, SqlError, SqlClient.SqlClient | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    if (!showsAdultContent) return
    const session = yield* sessionOfRequest
    const headers = session === undefined ? { [adultContentHeader]: adultContentHeaderValue } : yield* adultContentHeaderFor(session)
    if (Object.keys(headers).length === 0) return
    yield* HttpEffect.appendPreResponseHandler((_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, headers)))
  })

/** The ids among `variantIds` whose product is for adults only (§6). */
export const adultVariantsAmong = (
  variantIds: ReadonlyArray<number>
): Effect.Effect<ReadonlyArray<number>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (variantIds.length === 0) return []
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ variant_id: number }>`
      SELECT v.variant_id FROM variants v JOIN products p ON p.product_id = v.product_id
      WHERE v.variant_id IN ${sql.in([...new Set(variantIds)])} AND p.adult_only`
    return rows.map((row) => row.variant_id)
  })

/** Whether a category is an adult category (its products are for adults only; `categories.adult`, migration 10). */
export const isAdultCategory = (categoryId: number): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ adult: boolean }>`SELECT adult FROM categories WHERE category_id = ${categoryId}`
    return rows[0]?.adult === true
  })

/** Marks the response as adult content when any of the variants it answers is for adults only. */
export const markAdultVariants = (variantIds: ReadonlyArray<number>) =>
  Effect.flatMap(adultVariantsAmong(variantIds), (adult) => markAdultContent(adult.length > 0))

/**
 * Marks the response of a shop API call as adult content when `showsAdultContent` (§4), for the
 * call's session (the session middleware's; a visitor without a stored session has not confirmed).
 */
export const markAdultContentFor = (
  session: Pick<SessionData, "sessionId" | "customerId">,
  showsAdultContent: boolean
): Effect.Effect<void, SqlError, SqlClient.SqlClient | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    if (!showsAdultContent) return
    const headers = yield* adultContentHeaderFor(session)
    if (Object.keys(headers).length === 0) return
    yield* HttpEffect.appendPreResponseHandler((_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, headers)))
  })
