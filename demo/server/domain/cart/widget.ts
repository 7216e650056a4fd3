/**
 * The widget cart: the legacy drawer's items and the widgets data.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Bundle, WidgetCartItem } from "../../../../core/api/entities/cart.ts"
import { type BundleType, isActiveBundle } from "../../../../core/domain/cart.ts"
import { wishlistDrawerSize } from "../../../../core/domain/wishlist.ts"
import { mediaUrl } from "../../db/seed/images.ts"
import { cartTotals, lineGoods, lineServices } from "./entity.ts"
import { round2 } from "./money.ts"
import { type CartLine, type CartState, readCartCached } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// widget cart (legacy drawer, widgets data)
// -----------------------------------------------------------------------------------------------

/** How much of a widget cart item is sent. */
export interface WidgetOptions {
  /** With parameters and the offered bundles (the extended flag); without, the drawer's basics and services. */
  readonly extended: boolean
}

/** The widget cart (§3 Widget cart item) as the legacy cart calls answer it. */
export interface WidgetCart {
  readonly articles: ReadonlyArray<WidgetCartItem>
  readonly itemCount: number
  readonly cartPrice: number
}

const activeOfType = (line: CartLine, type: BundleType): Bundle | null =>
  line.bundles.find((bundle) => bundle.type === type && bundle.active === true) ?? null

/**
 * The widget items of a cart state: `id`/`itemId`/`articleId` the cart item id, `actual_price` the price of one
 * piece, `price` the line's price (pieces and active services), the active warranty, insurance and return guarantee;
 * with `extended`, also the variant's `params` and every offered bundle.
 */
export const widgetItems = (state: CartState, options: WidgetOptions): ReadonlyArray<WidgetCartItem> =>
  state.lines.map((line): WidgetCartItem => ({
    id: line.itemId,
    itemId: line.itemId,
    articleId: line.itemId,
    article: { title: line.title },
    title: line.title,
    ...(line.mediaId === null ? {} : { image: mediaUrl(line.mediaId) }),
    ...(line.url === undefined ? {} : { url: line.url }),
    price: round2(lineGoods(line) + lineServices(line)),
    actual_price: line.unitPrice,
    currency_abr: state.shop.currency,
    count: line.count,
    insertTime: line.insertTime,
    availability_key: line.availabilityKey,
    hasReservation: line.hasReservation,
    warranty: activeOfType(line, "warranty"),
    insurance: activeOfType(line, "insurance"),
    return_guarantee: activeOfType(line, "return_guarantee"),
    ...(options.extended
      ? {
        params: line.params,
        bundles: line.bundles
      }
      : { bundles: line.bundles.filter(isActiveBundle) })
  }))

/** The widget cart of `cartId` (§3 Widget cart item, §7 legacy cart): items, line count and price after discounts. */
export const loadWidgetCart = (
  cartId: number,
  options: WidgetOptions = { extended: true }
): Effect.Effect<WidgetCart, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = yield* readCartCached(cartId)
    if (state === undefined) return { articles: [], itemCount: 0, cartPrice: 0 }
    return {
      articles: widgetItems(state, options),
      itemCount: state.lines.length,
      cartPrice: cartTotals(state).afterDiscounts
    }
  })

/** The widgets' wishlist size when not extended: the drawer's five (§2, §9). */
export const widgetWishlistSize = wishlistDrawerSize
