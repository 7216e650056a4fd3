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
import { WidgetsData } from "../../../core/api/entities/envelope.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql, shopOf } from "../domain/account/common.ts"
import { wishlistSummary } from "../domain/account/wishlists.ts"
import { readCartCached } from "../domain/cart/reading.ts"
import { loadWidgetCart, widgetItems, widgetWishlistSize } from "../domain/cart/widget.ts"
import { replayable } from "../http/fastReads.ts"
import { EncodedAnswers, jsonEncoder, jsonResponse } from "./encodedAnswers.ts"

/** The encoded widgets data of guests, per cached cart state and `extended` flag (see encodedAnswers.ts). */
const guestAnswers = new EncodedAnswers<object>()

const encodeWidgetsData = jsonEncoder(WidgetsData)

/**
 * The widgets answer of a session: a guest's (cart only) is encoded once per cached cart state and flag; a logged-in
 * customer's also carries the wishlist and is built each time.
 */
const widgetsAnswerOf = (session: SessionData, extended: boolean) =>
  session.customerId !== null
    ? widgetsDataOf(session, extended)
    : orDieOnSql(
      Effect.gen(function*() {
        const state = yield* readCartCached(session.cartId)
        if (state !== undefined) yield* replayable()
        const key = extended ? "extended" : "basic"
        const kept = state === undefined ? undefined : guestAnswers.lookup(state, key, [])
        if (kept !== undefined) return jsonResponse(kept)
        const body = yield* encodeWidgetsData(
          { cart: { articles: state === undefined ? [] : widgetItems(state, { extended }) } } satisfies WidgetsData
        )
        if (state !== undefined) guestAnswers.store(state, key, [], body)
        return jsonResponse(body)
      })
    )

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
        return yield* widgetsAnswerOf(session, query.extended ?? false)
      }))
    .handle("getWidgetsDataPost", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* widgetsAnswerOf(session, payload.extended ?? false)
      }))
)
