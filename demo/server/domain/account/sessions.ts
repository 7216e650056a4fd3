/**
 * Sessions: tokens, rotating the session on login, merging the anonymous cart into the customer's, logging in and out.
 *
 * The account side of the reference backend (spec §2 login redirects and addresses, §3 Customer, Address, Wishlist,
 * Legal, §4, §5, §6, §7 "Account", "Wishlist", §8): who the caller is, the customer as the client reads it,
 * password login with a failed-attempt lock, registration, session rotation, the anonymous cart merged at login,
 * consents, addresses and wishlists.
 *
 * Shared by the account, consents, legal, wishlist, digital content, newsletter and reviews handlers, and by other
 * groups that answer the customer or the wishlist (cart-api responses, widgets data, the legacy cart's
 * addToWishlist): {@link customerView}, {@link wishlistSummary}, {@link addToWishlist}.
 *
 * Every function needs `SqlClient` and fails with `SqlError` on a database fault; handlers turn that into a defect
 * with {@link orDieOnSql}.
 *
 * @module
 */
import { randomBytes } from "node:crypto"
import { Effect, Option } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { sessionCookie } from "../../../../core/api/headers.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { clampQuantity } from "../../../../core/domain/quantity.ts"
import type { ShopId } from "../../../../core/domain/shop.ts"
import { cartChangedChannel, Database } from "../../db/Database.ts"
import { openCartFor } from "../cart/ownership.ts"

/** Where logout goes when the request names no safe `return` path. */
export const homePath = "/"

/**
 * Replaces the session by a new one (new id and csrf token: session fixation defence) for `customerId` and
 * `cartId`, keeping the session's shop and data, and sets the new cookie on the response. The old session's
 * consents are not carried over: after a login the consents in force are the customer's, after a logout none
 * (see {@link effectiveConsents}). Run inside the caller's transaction.
 */
export const rotateSession = (session: SessionData, customerId: number | null, cartId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const request = yield* HttpServerRequest.HttpServerRequest
    const sessionId = newToken()
    const csrfToken = newToken()
    const old = yield* sql<{ data: unknown }>`SELECT data FROM sessions WHERE session_id = ${session.sessionId}`
    yield* sql`
      INSERT INTO sessions (session_id, shop_id, customer_id, cart_id, csrf_token, data, expires_at)
      VALUES (${sessionId}, ${session.shopId}, ${customerId}, ${cartId}, ${csrfToken},
              ${JSON.stringify(old[0]?.data ?? {})}::jsonb, now() + make_interval(secs => ${sessionMaxAgeSeconds}))`
    yield* sql`DELETE FROM sessions WHERE session_id = ${session.sessionId}`
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
    return { sessionId, shopId: session.shopId, customerId, cartId, csrfToken } satisfies SessionData
  })

/** Sends the live-data notification of a changed cart (§7), when the database service is there. */
export const notifyCartChanged = (cartId: number) =>
  Effect.gen(function*() {
    const database = yield* Effect.serviceOption(Database)
    if (Option.isSome(database)) yield* database.value.notify(cartChangedChannel, JSON.stringify({ cartId }))
  })

interface CartItemRow {
  readonly cart_item_id: number
  readonly article_type: string
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly count: number
  readonly is_gift: boolean
}

/**
 * Merges the anonymous cart of a session into the customer's open cart of the shop (ARCHITECTURE "login must
 * refresh the cart"): without an open cart the anonymous cart simply becomes the customer's; otherwise each line
 * is added to the same article's line (counts added and clamped to 1..30 by the quantity rule, services the line
 * lacks kept) or moved over with its services and gifts, discounts are carried over, and the anonymous cart is
 * marked `merged`. Answers the customer's cart id. Run inside the caller's transaction.
 */
export const mergeCartOnLogin = (shopId: ShopId, anonymousCartId: number, customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const anonymous = yield* sql<{ cart_id: number }>`
      SELECT cart_id FROM carts
      WHERE cart_id = ${anonymousCartId} AND shop_id = ${shopId} AND customer_id IS NULL AND status = 'open'
      FOR UPDATE`
    const existing = yield* sql<{ cart_id: number }>`
      SELECT cart_id FROM carts WHERE shop_id = ${shopId} AND customer_id = ${customerId} AND status = 'open'
      FOR UPDATE`
    const target = existing[0]?.cart_id
    if (anonymous[0] === undefined) return target ?? (yield* openCartFor(shopId, customerId))
    if (target === undefined) {
      yield* sql`
        UPDATE carts SET customer_id = ${customerId}, version = version + 1, updated_at = now()
        WHERE cart_id = ${anonymousCartId}`
      yield* notifyCartChanged(anonymousCartId)
      return anonymousCartId
    }
    const items = yield* sql<CartItemRow>`
      SELECT cart_item_id, article_type, variant_id, bonus_set_id, count, is_gift FROM cart_items
      WHERE cart_id = ${anonymousCartId} AND parent_item_id IS NULL ORDER BY position, cart_item_id`
    const last = yield* sql<{ position: number }>`
      SELECT COALESCE(max(position), 0) AS position FROM cart_items WHERE cart_id = ${target}`
    let position = last[0]?.position ?? 0
    for (const item of items) {
      const same = yield* sql<{ cart_item_id: number; count: number }>`
        SELECT cart_item_id, count FROM cart_items
        WHERE cart_id = ${target} AND parent_item_id IS NULL AND is_gift = ${item.is_gift}
          AND article_type = ${item.article_type}
          AND variant_id IS NOT DISTINCT FROM ${item.variant_id}::integer
          AND bonus_set_id IS NOT DISTINCT FROM ${item.bonus_set_id}::integer
        ORDER BY cart_item_id LIMIT 1`
      const match = same[0]
      if (match === undefined) {
        position += 1
        yield* sql`
          UPDATE cart_items SET cart_id = ${target}, position = ${position}
          WHERE cart_item_id = ${item.cart_item_id} OR parent_item_id = ${item.cart_item_id}`
        continue
      }
      if (!item.is_gift) {
        yield* sql`UPDATE cart_items SET count = ${clampQuantity(match.count + item.count)} WHERE cart_item_id = ${match.cart_item_id}`
      }
      yield* sql`
        INSERT INTO cart_item_bundles (cart_item_id, bundle_id, type, price, added_at)
        SELECT ${match.cart_item_id}, b.bundle_id, b.type, b.price, b.added_at FROM cart_item_bundles b
        WHERE b.cart_item_id = ${item.cart_item_id}
          AND NOT EXISTS (SELECT 1 FROM cart_item_bundles x WHERE x.cart_item_id = ${match.cart_item_id} AND x.type = b.type)`
      yield* sql`
        UPDATE cart_items c SET cart_id = ${target}, parent_item_id = ${match.cart_item_id}
        WHERE c.parent_item_id = ${item.cart_item_id}
          AND NOT EXISTS (
            SELECT 1 FROM cart_items x WHERE x.parent_item_id = ${match.cart_item_id}
              AND x.variant_id IS NOT DISTINCT FROM c.variant_id AND x.bonus_set_id IS NOT DISTINCT FROM c.bonus_set_id)`
    }
    yield* sql`
      INSERT INTO cart_discounts (cart_id, discount_id, code, type, applied_at)
      SELECT ${target}, discount_id, code, type, applied_at FROM cart_discounts WHERE cart_id = ${anonymousCartId}
      ON CONFLICT DO NOTHING`
    yield* sql`UPDATE carts SET status = 'merged', updated_at = now() WHERE cart_id = ${anonymousCartId}`
    if (items.length > 0) {
      yield* sql`UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${target}`
      yield* notifyCartChanged(target)
    }
    return target
  })

/**
 * Logs a customer in to the session in one transaction: merges the session's anonymous cart into the customer's
 * (see {@link mergeCartOnLogin}) and rotates the session (new id and csrf token). The guest's consents stay the
 * guest's: the customer's consents are only what the customer recorded. Answers the new session; call
 * `bootstrapSession` on the client for the token.
 */
export const logIn = (session: SessionData, customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const cartId = yield* mergeCartOnLogin(session.shopId, session.cartId, customerId)
        return yield* rotateSession(session, customerId, cartId)
      })
    )
  })

/**
 * Logs the session out: a new session (new id and csrf token) without a customer, without consents and with a new
 * anonymous cart; the customer's cart and consents stay theirs for the next login.
 */
export const logOut = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const cartId = yield* openCartFor(session.shopId, null)
        return yield* rotateSession(session, null, cartId)
      })
    )
  })

/** How long a session lives without use, in seconds (30 days). */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60

/** A new random token (session ids, CSRF tokens): 32 bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString("base64url")
