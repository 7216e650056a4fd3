/**
 * The contract's middleware: the session every call runs in, CSRF protection of state-changing
 * calls, and the client-side call policy (timeouts, retries, idempotency keys).
 *
 * @module
 */
import { type Cause, Context, Schema } from "effect"
import { HttpApiMiddleware } from "effect/http-api"
import type { ShopId } from "../domain/shop.ts"
import { CsrfTokenInvalid } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

/** The server-side session a call runs in. */
export interface SessionData {
  /** Opaque session id (from the HttpOnly session cookie). */
  readonly sessionId: string
  /** The shop the call is for. */
  readonly shopId: ShopId
  /** The logged-in customer's id, if any. */
  readonly customerId: number | null
  /** The session's cart. */
  readonly cartId: number
  /** The token state-changing calls must echo in `X-CSRF-Token`. */
  readonly csrfToken: string
}

/** The current session, provided to every handler by {@link CurrentSession}. */
export class Session extends Context.Service<Session, SessionData>()("storefront/api/Session") {}

/** Resolves (or starts) the session of a call and provides {@link Session}. */
export class CurrentSession extends HttpApiMiddleware.Service<CurrentSession, { provides: Session }>()(
  "storefront/api/CurrentSession"
) {}

/**
 * Refuses a state-changing call whose `X-CSRF-Token` is missing or does not match the session
 * (403 {@link CsrfTokenInvalid}). Every endpoint that changes state carries it; a test enumerates them.
 */
export class CsrfProtection extends HttpApiMiddleware.Service<CsrfProtection>()("storefront/api/CsrfProtection", {
  error: CsrfTokenInvalid
}) {}

/**
 * The client-side call policy: adds the shop headers (`x-requested-with`, `x-shop-id`, `x-cart-id`,
 * `x-csrf-token`, and `x-wallet-supported` once the client knows whether the browser can make wallet
 * payments, §5), applies the endpoint's timeout and retry mode (see the policy module) and the
 * idempotency key. On the server it is a pass-through; the server reads those headers by the names
 * declared in the headers module.
 */
export class CallPolicy extends HttpApiMiddleware.Service<CallPolicy, { clientError: Cause.TimeoutError }>()(
  "storefront/api/CallPolicy",
  {
    requiredForClient: true
  }
) {}

/** A message describing a refused CSRF token. */
export const csrfRefusedMessage = "Missing or invalid X-CSRF-Token: reload the page and try again."

const SessionInfoFields = {
  shopId: SafeString,
  csrfToken: SafeString,
  cartId: Schema.Number,
  customerId: Schema.NullOr(Schema.Number)
}

/** The schema type of {@link SessionInfo}, named so that declarations refer to it instead of spelling it out. */
export interface SessionInfoStruct extends Schema.Struct<typeof SessionInfoFields> {}

/** The schema of a session bootstrap answer (GET /api/session). */
export const SessionInfo: SessionInfoStruct = Schema.Struct(SessionInfoFields)
