/**
 * The header widgets' data (spec §7 GET and POST /api/widgets/getWidgetsData, group `widgets`): the cart drawer's
 * articles, and for a logged-in customer the wishlist drawer's items and count (§2: the wishlist drawer is only for
 * logged-in users). Not extended: the cart items' basics with their active services and the five newest wishlist
 * items; extended: also the items' parameters and offered bundles, and every item of the main wishlist.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { WidgetsData } from "../../../core/api/entities/envelope.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql, shopOf } from "../domain/account/common.ts"
import { wishlistSummary } from "../domain/account/wishlists.ts"
import { loadWidgetCart, widgetWishlistSize } from "../domain/cart/widget.ts"

/** The widgets data of a session (§7): `cart.articles`, and `wishList` with `items` and `itemsCount` when logged in. */
export const widgetsDataOf = (session: SessionData, extended: boolean) =>
  orDieOnSql(
    Effect.gen(function*() {
      const cart = yield* loadWidgetCart(session.cartId, { extended })
      if (session.customerId === null) return { cart: { articles: cart.articles } } satisfies WidgetsData
      const wishList = yield* wishlistSummary(session.customerId, shopOf(session))
      return {
        cart: { articles: cart.articles },
        wishList: extended ? wishList : { ...wishList, items: (wishList.items ?? []).slice(0, widgetWishlistSize) }
      } satisfies WidgetsData
    })
  )

/** The handlers of the widgets group. */
export const WidgetsHandlers = HttpApiBuilder.group(ShopApi, "widgets", (handlers) =>
  handlers
    .handle("getWidgetsData", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* widgetsDataOf(session, query.extended ?? false)
      }))
    .handle("getWidgetsDataPost", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* widgetsDataOf(session, payload.extended ?? false)
      }))
)
