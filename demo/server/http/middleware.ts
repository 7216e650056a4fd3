/**
 * The server halves of the contract's middleware: the session every call runs in (an HttpOnly,
 * SameSite cookie naming a row of `sessions`), CSRF protection of state-changing calls, and the
 * call policy (a client-side concern: a pass-through here).
 *
 * @module
 */
import { randomBytes, timingSafeEqual } from "node:crypto"
import { Effect, Layer } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { CsrfTokenInvalid } from "../../../core/api/errors.ts"
import { csrfHeader, sessionCookie, shopIdHeader } from "../../../core/api/headers.ts"
import { CallPolicy, CsrfProtection, csrfRefusedMessage, CurrentSession, Session, type SessionData } from "../../../core/api/security.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"

/** The shop a session starts in when the call names none. */
export const defaultShopId: ShopId = "CZ10MA"

/** How long a session lives without use, in seconds (30 days). */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60

/** The query parameter that may carry the CSRF token on the logout link (§6). */
export const csrfQueryParameter = "csrf_token"

/** A new random token (session ids, CSRF tokens): 32 bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString("base64url")

interface SessionRow {
  readonly session_id: string
  readonly shop_id: string
  readonly customer_id: number | null
  readonly cart_id: number | null
  readonly csrf_token: string
}

/**
 * The open cart of a customer in a shop, or of an anonymous session: created when missing.
 */
export const openCartFor = (shopId: ShopId, customerId: number | null) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    if (customerId !== null) {
      const existing = yield* sql<{ cart_id: number }>`
        SELECT cart_id FROM carts WHERE shop_id = ${shopId} AND customer_id = ${customerId} AND status = 'open'`
      if (existing[0] !== undefined) return existing[0].cart_id
    }
    const created = yield* sql<{ cart_id: number }>`
      INSERT INTO carts (shop_id, customer_id) VALUES (${shopId}, ${customerId}) RETURNING cart_id`
    return created[0]!.cart_id
  })

const cartIsUsable = (cartId: number | null, shopId: ShopId, customerId: number | null) =>
  Effect.gen(function*() {
    if (cartId === null) return false
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ ok: boolean }>`
      SELECT true AS ok FROM carts
      WHERE cart_id = ${cartId} AND shop_id = ${shopId} AND status = 'open'
        AND customer_id IS NOT DISTINCT FROM ${customerId}`
    return rows.length > 0
  })

/** Loads the session named by the cookie, or starts one; switches shop and cart as the call asks. */
export const resolveSession = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const request = yield* HttpServerRequest.HttpServerRequest
  const requestedShop = request.headers[shopIdHeader]
  const shopFromHeader = requestedShop !== undefined && isShopId(requestedShop) ? requestedShop : undefined
  const cookieId = request.cookies[sessionCookie]

  const found = cookieId === undefined
    ? []
    : yield* sql<SessionRow>`
        SELECT session_id, shop_id, customer_id, cart_id, csrf_token FROM sessions
        WHERE session_id = ${cookieId} AND expires_at > now()`
  let row = found[0]
  if (row === undefined) {
    const sessionId = newToken()
    const inserted = yield* sql<SessionRow>`
      INSERT INTO sessions (session_id, shop_id, csrf_token, expires_at)
      VALUES (${sessionId}, ${shopFromHeader ?? defaultShopId}, ${newToken()},
              now() + make_interval(secs => ${sessionMaxAgeSeconds}))
      RETURNING session_id, shop_id, customer_id, cart_id, csrf_token`
    row = inserted[0]!
    const secure = request.headers["x-forwarded-proto"] === "https" || request.url.startsWith("https:")
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.orDie(
        HttpServerResponse.setCookie(response, sessionCookie, sessionId, {
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          maxAge: `${sessionMaxAgeSeconds} seconds`,
          secure
        })
      ))
  }
  const shopId: ShopId = shopFromHeader ?? (isShopId(row.shop_id) ? row.shop_id : defaultShopId)
  // Customer accounts belong to one shop: switching shops leaves the customer logged out there.
  const customerId = shopId === row.shop_id ? row.customer_id : null
  let cartId = row.cart_id
  if (!(yield* cartIsUsable(cartId, shopId, customerId))) {
    cartId = yield* openCartFor(shopId, customerId)
    yield* sql`UPDATE sessions SET shop_id = ${shopId}, customer_id = ${customerId}, cart_id = ${cartId},
               last_seen_at = now() WHERE session_id = ${row.session_id}`
  }
  return {
    sessionId: row.session_id,
    shopId,
    customerId,
    cartId: cartId!,
    csrfToken: row.csrf_token
  } satisfies SessionData
})

/** The server's {@link CurrentSession}: every call runs in a session, started on first contact. */
export const CurrentSessionLive = Layer.effect(
  CurrentSession,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return (httpEffect) =>
      Effect.flatMap(
        Effect.orDie(Effect.provideService(resolveSession, SqlClient.SqlClient, sql)),
        (session) => Effect.provideService(httpEffect, Session, session)
      )
  })
)

const sameToken = (given: string | undefined, expected: string): boolean => {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The server's {@link CsrfProtection}: the `X-CSRF-Token` header (or, for the logout link, the
 * `csrf_token` query parameter) must equal the session's token, compared in constant time.
 */
export const CsrfProtectionLive = Layer.succeed(CsrfProtection, (httpEffect) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const session = yield* Effect.serviceOption(Session)
    if (session._tag === "None") return yield* Effect.die("CsrfProtection needs the CurrentSession middleware around it")
    const expected = session.value.csrfToken
    const fromQuery = new URL(request.url, "http://localhost").searchParams.get(csrfQueryParameter) ?? undefined
    if (!sameToken(request.headers[csrfHeader], expected) && !sameToken(fromQuery, expected)) {
      return yield* new CsrfTokenInvalid({ message: csrfRefusedMessage })
    }
    return yield* httpEffect
  }))

/** The call policy is the client's: on the server every call passes through. */
export const CallPolicyLive = Layer.succeed(CallPolicy, (httpEffect) => httpEffect)
