/**
 * The server halves of the contract's middleware: the session every call runs in (an HttpOnly,
 * SameSite cookie naming a row of `sessions`), CSRF protection of state-changing calls, and the
 * call policy (a client-side concern: a pass-through here).
 *
 * @module
 */
import { randomBytes, timingSafeEqual } from "node:crypto"
import { Clock, Context, Effect, Layer } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { CsrfTokenInvalid } from "../../../core/api/errors.ts"
import { csrfHeader, sessionCookie, shopIdHeader } from "../../../core/api/headers.ts"
import { CallPolicy, CsrfProtection, csrfRefusedMessage, CurrentSession, Session, type SessionData } from "../../../core/api/security.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"
import { Database } from "../db/Database.ts"
import { noteSessionEvent, type SessionCacheEvent } from "../db/sessionCacheCounts.ts"
import { CacheBypass, cachedRead, ReadCache, type ReadCacheShape, SettledCarts } from "../db/ReadCache.ts"
import { batchedLoad } from "../db/loadBatches.ts"
import { newToken, sessionMaxAgeSeconds } from "../domain/account/sessions.ts"
import type { CartRequirements } from "../domain/cart/errors.ts"
import { openCartFor } from "../domain/cart/ownership.ts"
import { CurrentFastWrites, sqlStatementClient } from "./fastWrites.ts"
import { ServerErrorLog } from "./hardening.ts"
import { writeBatchOptions } from "./writeBatches.ts"
import { overTls, SecuritySettings } from "./securitySettings.ts"
import { throttledOperations, throttleWait, tooManyRequests } from "./throttle.ts"

/** The shop a session starts in when the call names none. */
export const defaultShopId: ShopId = "CZ10MA"

/** The query parameter that may carry the CSRF token on the logout link (§6). */
export const csrfQueryParameter = "csrf_token"

/**
 * The operations whose CSRF token may come in the {@link csrfQueryParameter} query parameter, as `group.endpoint`:
 * only the logout link (§6). Every other protected call takes it in the `X-CSRF-Token` header only, so a token never
 * travels in a URL (logs, Referer).
 */
export const csrfInQueryOperations: ReadonlySet<string> = new Set(["account.logout"])

interface SessionRow {
  readonly session_id: string
  readonly shop_id: string
  readonly customer_id: number | null
  readonly cart_id: number | null
  readonly csrf_token: string
  /** Whether the session's cart is open and belongs to the session's shop and customer. */
  readonly cart_open: boolean
  /** When the session ends. */
  readonly expires_at: Date
}

/**
 * The session named by `cookieId` with whether its cart is usable, in one statement (the read
 * every call makes).
 */
const findSession = (cookieId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<SessionRow>`
        SELECT ${sql.literal(sessionColumnsFrom)} WHERE s.session_id = ${cookieId} AND s.expires_at > now()`
    return rows[0]
  })

// a session row's columns and tables (`SessionRow`), the sessions aliased `s`
const sessionColumnsFrom = `s.session_id, s.shop_id, s.customer_id, s.cart_id, s.csrf_token, (c.cart_id IS NOT NULL) AS cart_open,
               s.expires_at
        FROM sessions s
        LEFT JOIN carts c ON c.cart_id = s.cart_id AND c.shop_id = s.shop_id AND c.status = 'open'
          AND c.customer_id IS NOT DISTINCT FROM s.customer_id`

/** {@link findSession} of many cookies in one statement: the live sessions found, by id. */
const findSessions = (cookieIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<SessionRow>`
        SELECT ${sql.literal(sessionColumnsFrom)} WHERE s.session_id = ANY(${cookieIds}::text[]) AND s.expires_at > now()`
    return new Map(rows.map((row) => [row.session_id, row]))
  })

/**
 * {@link findSession} for the read cache: the loads that come while the process's earlier ones run go together in one
 * statement ({@link batchedLoad}).
 */
const loadSession = (cookieId: string) => batchedLoad("session", cookieId, findSession, findSessions)

/** Whether two session rows say the same. */
const sameSessionRow = (kept: unknown, read: unknown): boolean => {
  const a = kept as SessionRow
  const b = read as SessionRow
  return a.session_id === b.session_id && a.shop_id === b.shop_id && a.customer_id === b.customer_id && a.cart_id === b.cart_id &&
    a.csrf_token === b.csrf_token && a.cart_open === b.cart_open && a.expires_at.getTime() === b.expires_at.getTime()
}

/**
 * {@link findSession} through the process's read cache: a cached row for calls that change nothing, the stored row
 * kept in the cache when `refresh` is set (see {@link KeyedCache.refresh}); a cached session past its expiry is dropped.
 */
const findSessionCached = (cookieId: string, refresh: boolean) =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(ReadCache)
    const row = refresh && cache._tag === "Some"
      ? (yield* cache.value.sessions.refresh(cookieId, findSession(cookieId), sameSessionRow)) as SessionRow | undefined
      : yield* cachedRead((cache) => cache.sessions, cookieId, loadSession(cookieId))
    if (row === undefined || row.expires_at.getTime() > Date.now()) return row
    if (cache._tag === "Some") cache.value.sessions.invalidate(cookieId)
    return undefined
  })

/**
 * The session data of a cached row that needs no change (its own shop, its cart open): one object per row, so that
 * answers built from it alone (the session answer) can be kept with it while the row stays cached.
 */
const unchangedSessions = new WeakMap<SessionRow, SessionData>()

/** The sessions {@link unchangedSessionOf} made: each is its row as stored, nothing changed by the call. */
const asStored = new WeakSet<SessionData>()

const unchangedSessionOf = (row: SessionRow, shopId: ShopId, cartId: number): SessionData => {
  let session = unchangedSessions.get(row)
  if (session === undefined) {
    session = { sessionId: row.session_id, shopId, customerId: row.customer_id, cartId, csrfToken: row.csrf_token }
    unchangedSessions.set(row, session)
    asStored.add(session)
  }
  return session
}

/**
 * The session of a read from the cache alone, without a statement and without building effects: the cookie's
 * session is cached, live, in the shop the call asks for and its cart open. Undefined otherwise ({@link resolveSession}
 * decides then).
 */
const cachedSessionOf = (cache: ReadCacheShape, request: HttpServerRequest.HttpServerRequest, now: number): SessionData | undefined =>
  cachedSessionFor(cache, request.cookies[sessionCookie], request.headers[shopIdHeader], now)

/**
 * The session of a read whose session cookie is `cookieId` and whose shop header is `requestedShop`, from the cache
 * alone (see {@link cachedSessionOf}): the same object for as long as the session's row stays cached and unchanged.
 */
export const cachedSessionFor = (
  cache: ReadCacheShape,
  cookieId: string | undefined,
  requestedShop: string | undefined,
  now: number
): SessionData | undefined => cachedSessionEntryFor(cache, cookieId, requestedShop, now)?.session

/** A cached session row and the session it serves (see {@link cachedSessionEntryFor}). */
export interface CachedSessionEntry {
  /** The session's row as the cache holds it (what a statement proves, what `KeyedCache.renew` keeps). */
  readonly row: unknown
  /** The session taken from it. */
  readonly session: SessionData
}

/**
 * {@link cachedSessionFor} with the cached row it came from, found in ONE lookup (the write fast path proves that row
 * with its statement and renews it).
 */
export const cachedSessionEntryFor = (
  cache: ReadCacheShape,
  cookieId: string | undefined,
  requestedShop: string | undefined,
  now: number
): CachedSessionEntry | undefined =>
  cookieId === undefined || cookieId === "" ? undefined : sessionEntryOf(cache.sessions.peek(cookieId, now), requestedShop, now)

/**
 * The session a session row (as {@link loadSessionRow} or the read cache gives it) serves a call whose shop header is
 * `requestedShop` at `now` (ms), when the call needs nothing changed: the session live, in that shop, its cart open.
 * Undefined otherwise (or without a row): the session middleware then decides.
 */
export const sessionEntryOf = (found: unknown, requestedShop: string | undefined, now: number): CachedSessionEntry | undefined => {
  const row = found as SessionRow | undefined
  if (row === undefined || row.expires_at.getTime() <= now || !row.cart_open || row.cart_id === null) return undefined
  if (requestedShop !== undefined && isShopId(requestedShop) && requestedShop !== row.shop_id) return undefined
  if (!isShopId(row.shop_id)) return undefined
  return { row, session: unchangedSessionOf(row, row.shop_id, row.cart_id) }
}

/**
 * The session row of the cookie `cookieId` as the session middleware loads it for a call that changes nothing: the
 * cached row, else the stored one, kept in the read cache unless an invalidation of it overlapped the read; a session
 * past its expiry is none (and dropped). For the write fast path, whose shopper's session is no longer cached.
 */
export const loadSessionRow = (cookieId: string): Effect.Effect<unknown, SqlError, SqlClient.SqlClient> =>
  findSessionCached(cookieId, false)

/** Starts a session in `shopId` with a new anonymous cart, in one statement; sets the cookie. */
const startSession = (shopId: ShopId) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const request = yield* HttpServerRequest.HttpServerRequest
    const sessionId = newToken()
    const rows = yield* sql<{ cart_id: number; csrf_token: string }>`
      WITH cart AS (INSERT INTO carts (shop_id, customer_id) VALUES (${shopId}, NULL) RETURNING cart_id)
      INSERT INTO sessions (session_id, shop_id, cart_id, csrf_token, expires_at)
      SELECT ${sessionId}, ${shopId}, cart.cart_id, ${newToken()}, now() + make_interval(secs => ${sessionMaxAgeSeconds})
      FROM cart
      RETURNING cart_id, csrf_token`
    const settings = yield* SecuritySettings
    const secure = settings.secureCookies || overTls(settings, request)
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
    return { sessionId, shopId, customerId: null, cartId: rows[0]!.cart_id, csrfToken: rows[0]!.csrf_token } satisfies SessionData
  })

/**
 * The session of a caller that has none and makes a call that stores nothing: a new visitor with
 * an empty cart, answered without writing a row (crawlers and first page views create nothing).
 * Its empty id and token match no stored session and pass no CSRF check.
 */
export const visitorSession = (shopId: ShopId): SessionData => ({ sessionId: "", shopId, customerId: null, cartId: 0, csrfToken: "" })

/** Whether a session is a {@link visitorSession} (nothing stored). */
export const isVisitorSession = (session: SessionData): boolean => session.sessionId === ""

/** Options of {@link resolveSession}. */
export interface ResolveSessionOptions {
  /** Start a stored session for a caller without a live one (else a {@link visitorSession}). */
  readonly store: boolean
  /** Read the session as stored, past the read cache, and keep it there (a session-keeping write). */
  readonly refresh?: boolean | undefined
}

/**
 * Loads the session named by the cookie; switches shop and cart as the call asks. A caller without
 * a live session gets a new stored one when `store` is set (the session bootstrap, state-changing
 * calls, calls that keep something per session), else a {@link visitorSession}. The usual call costs
 * one statement.
 */
export const resolveSession = (options: ResolveSessionOptions = { store: true }) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const request = yield* HttpServerRequest.HttpServerRequest
    const requestedShop = request.headers[shopIdHeader]
    const shopFromHeader = requestedShop !== undefined && isShopId(requestedShop) ? requestedShop : undefined
    const cookieId = request.cookies[sessionCookie]

    const row = cookieId === undefined || cookieId === "" ? undefined : yield* findSessionCached(cookieId, options.refresh === true)
    if (row === undefined) {
      const shopId = shopFromHeader ?? defaultShopId
      return options.store ? yield* startSession(shopId) : visitorSession(shopId)
    }
    const shopId: ShopId = shopFromHeader ?? (isShopId(row.shop_id) ? row.shop_id : defaultShopId)
    // Customer accounts belong to one shop: switching shops leaves the customer logged out there.
    const customerId = shopId === row.shop_id ? row.customer_id : null
    let cartId = row.cart_id
    if (shopId === row.shop_id && row.cart_open && cartId !== null) return unchangedSessionOf(row, shopId, cartId)
    cartId = yield* openCartFor(shopId, customerId)
    yield* sql`UPDATE sessions SET shop_id = ${shopId}, customer_id = ${customerId}, cart_id = ${cartId},
               last_seen_at = now() WHERE session_id = ${row.session_id}`
    return {
      sessionId: row.session_id,
      shopId,
      customerId,
      cartId,
      csrfToken: row.csrf_token
    } satisfies SessionData
  })

/**
 * The calls that need a stored session even without a cookie, besides every CSRF-protected one:
 * the session bootstrap (it hands out the CSRF token), the captcha (its answer is kept for the
 * session) and the payment-provider reads (they act on the session's checkout), as `group.endpoint`.
 */
export const sessionStoringReads: ReadonlySet<string> = new Set([
  "session.get",
  "captcha.get",
  "paymentProvider.load",
  "paymentProvider.getRevolvingOfferDetail"
])

/**
 * The reads that change the session's checkout (the payment provider's polls record their
 * outcome): like CSRF-protected calls they bypass the read cache, as `group.endpoint`.
 */
export const stateChangingReads: ReadonlySet<string> = new Set([
  "paymentProvider.load",
  "paymentProvider.getRevolvingOfferDetail"
])

/**
 * The state-changing calls that change only the session's cart, never the session, as `group.endpoint`: they leave
 * the session they read in the read cache (see {@link CurrentSessionLive}), which the write fast path
 * (fastWrites.ts) serves the next of them from.
 */
export const sessionKeepingWrites: ReadonlySet<string> = new Set(["cart.addToCart", "cart.changeAmount"])

/** `group.endpoint` of each endpoint, worked out once (the middleware asks on every call). */
const endpointIds = new WeakMap<HttpApiEndpoint.Top, string>()

const idOf = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): string => {
  let id = endpointIds.get(endpoint)
  if (id === undefined) {
    id = `${group.identifier}.${endpoint.identifier}`
    endpointIds.set(endpoint, id)
  }
  return id
}

/** Whether a call must run in a stored session ({@link resolveSession}'s `store`). */
export const storesSession = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): boolean =>
  endpoint.middlewares.has(CsrfProtection) || sessionStoringReads.has(idOf(endpoint, group))

/** Whether a call changes state: it reads past the read cache and drops its session and cart from it. */
export const changesState = (endpoint: HttpApiEndpoint.Top, group: HttpApiGroup.Top): boolean =>
  endpoint.middlewares.has(CsrfProtection) || stateChangingReads.has(idOf(endpoint, group))

/**
 * The server's {@link CurrentSession}: every call runs in a session, started on first contact. A
 * call that changes state (see {@link changesState}) reads past the read cache and drops its session from it
 * before it runs and its session and cart after, so the next read sees what it wrote; a session-keeping write
 * ({@link sessionKeepingWrites}) reads its session as stored INTO the cache and drops after it only its cart and, when
 * it changed the session (another shop, a new cart), the session.
 */
export const CurrentSessionLive = Layer.effect(
  CurrentSession,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cache = yield* Effect.serviceOption(ReadCache)
    const fastWrites = yield* CurrentFastWrites
    if (fastWrites !== undefined && cache._tag === "Some") {
      fastWrites.attach({
        cache: cache.value,
        context: yield* Effect.context<CartRequirements>(),
        maxJsonBodyBytes: (yield* SecuritySettings).maxJsonBodyBytes,
        errorLog: yield* ServerErrorLog,
        statements: sqlStatementClient(sql),
        batchOptions: writeBatchOptions[(yield* Database).backend]
      })
    }
    return (httpEffect, { endpoint, group }) => {
      const store = storesSession(endpoint, group)
      const resolved = Effect.orDie(Effect.provideService(resolveSession({ store }), SqlClient.SqlClient, sql))
      if (!changesState(endpoint, group)) {
        const viaResolve = Effect.flatMap(resolved, (session) => Effect.provideService(httpEffect, Session, session))
        if (cache._tag === "None") return viaResolve
        const readCache = cache.value
        // the usual read: its session is cached and needs nothing (one step instead of resolveSession's)
        return Effect.withFiber((fiber) => {
          const session = fiber.getRef(CacheBypass)
            ? undefined
            : cachedSessionOf(readCache, Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest), fiber.getRef(Clock.Clock).currentTimeMillisUnsafe())
          return session === undefined ? viaResolve : Effect.provideService(httpEffect, Session, session)
        })
      }
      // A cart write that leaves the session as it is reads the session as stored and keeps it in the cache (without
      // dropping what is cached meanwhile: a read that finds the session current makes nothing stale), so the next such
      // write may be served by the write fast path, which proves the cached session in its statement. After the call
      // only a session the call changed (another shop, a new cart, a new session) is dropped: what an overlapping call
      // of the same shopper cached is as current as what this one read.
      const keepsSession = cache._tag === "Some" && sessionKeepingWrites.has(idOf(endpoint, group))
      const fresh = keepsSession
        ? Effect.orDie(Effect.provideService(resolveSession({ store, refresh: true }), SqlClient.SqlClient, sql))
        : Effect.provideService(resolved, CacheBypass, true)
      return Effect.flatMap(fresh, (session) => {
        const forget = (cartId?: number, event: SessionCacheEvent = "forget by a state-changing call") =>
          cache._tag === "Some"
            ? Effect.sync(() => {
              noteSessionEvent(session.sessionId, event)
              cache.value.forget(session.sessionId, cartId)
            })
            : Effect.void
        const forgetAfter = (cartId?: number) =>
          !keepsSession || cache._tag !== "Some"
            ? forget(cartId)
            : !asStored.has(session)
            ? forget(cartId, "forget after a call: session changed")
            : cartId === undefined
            ? Effect.void
            : Effect.sync(() => cache.value.carts.invalidate(cartId))
        // The cart stays cached while the call runs: a cart change starts from it when the version it locks proves it
        // current (mutateCart); a load overlapping the call is not kept, the drop after the call sees to that. A cart
        // the call's committed write settled in the cache (SettledCarts) is kept.
        const settled = new Set<number>()
        return (keepsSession ? Effect.void : forget()).pipe(
          Effect.andThen(httpEffect.pipe(
            Effect.provideService(Session, session),
            Effect.provideService(CacheBypass, true),
            Effect.provideService(SettledCarts, settled)
          )),
          Effect.ensuring(Effect.suspend(() => forgetAfter(settled.has(session.cartId) ? undefined : session.cartId)))
        )
      })
    }
  })
)

const sameToken = (given: string | undefined, expected: string): boolean => {
  if (given === undefined || expected === "") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The server's {@link CsrfProtection}: the `X-CSRF-Token` header (or, for the logout link only, see
 * {@link csrfInQueryOperations}, the `csrf_token` query parameter) must equal the session's token, compared in
 * constant time.
 */
export const CsrfProtectionLive = Layer.succeed(CsrfProtection, (httpEffect, { endpoint, group }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const session = yield* Effect.serviceOption(Session)
    if (session._tag === "None") return yield* Effect.die("CsrfProtection needs the CurrentSession middleware around it")
    const expected = session.value.csrfToken
    const fromQuery = csrfInQueryOperations.has(idOf(endpoint, group))
      ? new URL(request.url, "http://localhost").searchParams.get(csrfQueryParameter) ?? undefined
      : undefined
    if (!sameToken(request.headers[csrfHeader], expected) && !sameToken(fromQuery, expected)) {
      return yield* new CsrfTokenInvalid({ message: csrfRefusedMessage })
    }
    return yield* httpEffect
  }))

/**
 * The server's half of the call policy: the operations of {@link throttledOperations} answer 429 with
 * `Retry-After` past their per-client budget; every other call passes through (timeouts and retries are the
 * client's).
 */
export const CallPolicyLive = Layer.succeed(CallPolicy, (httpEffect, { endpoint, group }) => {
  const limit = throttledOperations[idOf(endpoint, group)]
  if (limit === undefined) return httpEffect
  return Effect.flatMap(throttleWait(idOf(endpoint, group), limit), (wait) => (wait > 0 ? Effect.succeed(tooManyRequests(wait)) : httpEffect))
})
