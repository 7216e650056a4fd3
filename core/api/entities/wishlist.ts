/**
 * The wishlist (spec §3 "Wishlist", §7 wishlist calls).
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt, WireNumber, WireString } from "./wire.ts"

/** The product variant of a wishlist item (§3 `product.variant`), identified by `variantId`. */
export const WishlistVariant = Schema.Struct({
  variantId: WireInt,
  variantUrl: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
  mediaId: Schema.optionalKey(WireString),
  price: Schema.optionalKey(WireNumber),
  currencyAbr: Schema.optionalKey(Schema.String)
})

/** Decoded type of {@link WishlistVariant}. */
export type WishlistVariant = typeof WishlistVariant.Type

/** The product of a wishlist item (§3): its `variant` and `mainCategoryUrlKey` (links are `/{key}/{variantUrl}`). */
export const WishlistProduct = Schema.Struct({
  mainCategoryUrlKey: Schema.optionalKey(Schema.String),
  variant: WishlistVariant
})

/** Decoded type of {@link WishlistProduct}. */
export type WishlistProduct = typeof WishlistProduct.Type

/**
 * A wishlist item (§3), identified by `wishListItemId`. `createdTs` is the creation time (the drawer shows the five
 * newest, §4); the unit is the server's (seconds or milliseconds), only its order matters.
 */
export const WishlistItem = Schema.Struct({
  wishListItemId: WireInt,
  wishListId: Schema.optionalKey(WireInt),
  createdTs: Schema.optionalKey(WireInt),
  amount: Schema.optionalKey(WireInt),
  product: Schema.optionalKey(WishlistProduct)
})

/** Decoded type of {@link WishlistItem}. */
export type WishlistItem = typeof WishlistItem.Type

/** One wishlist of the customer (§3 `wishlists` list): `wishListId`, `name`, its items and their count. */
export const Wishlist = Schema.Struct({
  wishListId: WireInt,
  name: Schema.optionalKey(Schema.String),
  itemsCount: Schema.optionalKey(WireInt),
  items: Schema.optionalKey(Schema.Array(WishlistItem))
})

/** Decoded type of {@link Wishlist}. */
export type Wishlist = typeof Wishlist.Type

/**
 * The wishlist state the server returns (§3; widgets data `wishList.items`, `wishList.itemsCount`, §7): the items,
 * their count, the main list id and the customer's lists.
 */
export const WishlistSummary = Schema.Struct({
  items: Schema.optionalKey(Schema.Array(WishlistItem)),
  itemsCount: Schema.optionalKey(WireInt),
  mainWishListId: Schema.optionalKey(WireInt),
  wishlists: Schema.optionalKey(Schema.Array(Wishlist))
})

/** Decoded type of {@link WishlistSummary}. */
export type WishlistSummary = typeof WishlistSummary.Type

/**
 * The payload that adds a variant to a wishlist (§3, §7 PUT add): `variantId`, and either an existing `wishlistId`
 * or a `newWishlistName`; `amount` defaults server-side (not shown).
 */
export const WishlistAddPayload = Schema.Struct({
  variantId: WireInt,
  wishlistId: Schema.optionalKey(WireInt),
  newWishlistName: Schema.optionalKey(Schema.String),
  amount: Schema.optionalKey(WireInt)
})

/** Decoded type of {@link WishlistAddPayload}. */
export type WishlistAddPayload = typeof WishlistAddPayload.Type
