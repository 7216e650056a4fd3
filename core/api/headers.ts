/**
 * Header names shared by the client and the server (§7: "Shop API calls add the cart id, a csrf
 * token header and an XMLHttpRequest header").
 *
 * @module
 */

/** The CSRF token header every state-changing shop call carries. */
export const csrfHeader = "x-csrf-token"

/** The header marking an XMLHttpRequest-style call, value {@link requestedWithValue}. */
export const requestedWithHeader = "x-requested-with"

/** The value of {@link requestedWithHeader}. */
export const requestedWithValue = "XMLHttpRequest"

/** The cart id from the storefront config. */
export const cartIdHeader = "x-cart-id"

/** The shop the call is made for (a shop id of the shop table). */
export const shopIdHeader = "x-shop-id"

/** The idempotency key of a retried mutation: a retry with the same key is applied once. */
export const idempotencyKeyHeader = "idempotency-key"

/** The response header that asks for the adult-content gate (§4). */
export const adultContentHeader = "adult-content"

/** The session cookie set by the server (HttpOnly, SameSite=Lax). */
export const sessionCookie = "sf_session"
