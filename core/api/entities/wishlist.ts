/**
 * The wishlist (spec §3 "Wishlist", §7 wishlist calls).
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt, WireNumber, WireString } from "./wire.ts"

const WishlistVariantFields = {
  variantId: WireInt,
  variantUrl: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
  mediaId: Schema.optionalKey(WireString),
  price: Schema.optionalKey(WireNumber),
  currencyAbr: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link WishlistVariant}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistVariantStruct extends Schema.Struct<typeof WishlistVariantFields> {}

/** The product variant of a wishlist item (§3 `product.variant`), identified by `variantId`. */
export const WishlistVariant: WishlistVariantStruct = Schema.Struct(WishlistVariantFields)

/** Decoded type of {@link WishlistVariant}. */
export type WishlistVariant = typeof WishlistVariant.Type

const WishlistProductFields = {
  mainCategoryUrlKey: Schema.optionalKey(Schema.String),
  variant: WishlistVariant
}

/** The schema type of {@link WishlistProduct}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistProductStruct extends Schema.Struct<typeof WishlistProductFields> {}

/** The product of a wishlist item (§3): its `variant` and `mainCategoryUrlKey` (links are `/{key}/{variantUrl}`). */
export const WishlistProduct: WishlistProductStruct = Schema.Struct(WishlistProductFields)

/** Decoded type of {@link WishlistProduct}. */
export type WishlistProduct = typeof WishlistProduct.Type

const WishlistItemFields = {
  wishListItemId: WireInt,
  wishListId: Schema.optionalKey(WireInt),
  createdTs: Schema.optionalKey(WireInt),
  amount: Schema.optionalKey(WireInt),
  product: Schema.optionalKey(WishlistProduct)
}

/** The schema type of {@link WishlistItem}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistItemStruct extends Schema.Struct<typeof WishlistItemFields> {}

/**
 * A wishlist item (§3), identified by `wishListItemId`. `createdTs` is the creation time (the drawer shows the five
 * newest, §4); the unit is the server's (seconds or milliseconds), only its order matters.
 */
export const WishlistItem: WishlistItemStruct = Schema.Struct(WishlistItemFields)

/** Decoded type of {@link WishlistItem}. */
export type WishlistItem = typeof WishlistItem.Type

const WishlistFields = {
  wishListId: WireInt,
  name: Schema.optionalKey(Schema.String),
  itemsCount: Schema.optionalKey(WireInt),
  items: Schema.optionalKey(Schema.Array(WishlistItem))
}

/** The schema type of {@link Wishlist}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistStruct extends Schema.Struct<typeof WishlistFields> {}

/** One wishlist of the customer (§3 `wishlists` list): `wishListId`, `name`, its items and their count. */
export const Wishlist: WishlistStruct = Schema.Struct(WishlistFields)

/** Decoded type of {@link Wishlist}. */
export type Wishlist = typeof Wishlist.Type

const WishlistSummaryFields = {
  items: Schema.optionalKey(Schema.Array(WishlistItem)),
  itemsCount: Schema.optionalKey(WireInt),
  mainWishListId: Schema.optionalKey(WireInt),
  wishlists: Schema.optionalKey(Schema.Array(Wishlist))
}

/** The schema type of {@link WishlistSummary}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistSummaryStruct extends Schema.Struct<typeof WishlistSummaryFields> {}

/**
 * The wishlist state the server returns (§3; widgets data `wishList.items`, `wishList.itemsCount`, §7): the items,
 * their count, the main list id and the customer's lists.
 */
export const WishlistSummary: WishlistSummaryStruct = Schema.Struct(WishlistSummaryFields)

/** Decoded type of {@link WishlistSummary}. */
export type WishlistSummary = typeof WishlistSummary.Type

const WishlistAddPayloadFields = {
  variantId: WireInt,
  wishlistId: Schema.optionalKey(WireInt),
  newWishlistName: Schema.optionalKey(Schema.String),
  amount: Schema.optionalKey(WireInt)
}

/** The schema type of {@link WishlistAddPayload}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistAddPayloadStruct extends Schema.Struct<typeof WishlistAddPayloadFields> {}

/**
 * The payload that adds a variant to a wishlist (§3, §7 PUT add): `variantId`, and either an existing `wishlistId`
 * or a `newWishlistName`; `amount` defaults server-side (not shown).
 */
export const WishlistAddPayload: WishlistAddPayloadStruct = Schema.Struct(WishlistAddPayloadFields)

/** Decoded type of {@link WishlistAddPayload}. */
export type WishlistAddPayload = typeof WishlistAddPayload.Type
