/**
 * GET /api/session: the caller's csrf token, cart id, shop and customer.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"

/** The handlers of the session group. */
export const SessionHandlers = HttpApiBuilder.group(ShopApi, "session", (handlers) =>
  handlers.handle("get", () =>
    Effect.gen(function*() {
      const session = yield* Session
      return { shopId: session.shopId, csrfToken: session.csrfToken, cartId: session.cartId, customerId: session.customerId }
    })))
