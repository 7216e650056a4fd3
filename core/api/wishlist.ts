/**
 * The wishlist calls (spec §2 wishlist pages, §3 Wishlist, §4, §5 "Widget wishlist requires login", §7 "Wishlist",
 * §8 wishlist errors): the legacy widget API under `/api/wishlist/` and the new wishlist API under
 * {@link wishlistApiPrefix}.
 *
 * Every call needs a logged-in (or waiting-for-confirmation) customer: without one it answers {@link LoginRequired}
 * (401 with the login `redirectUrl`). Creation and removal failures answer {@link WishlistRejected}.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Wishlist, WishlistAddPayload, WishlistSummary } from "./entities/wishlist.ts"
import { WireInt } from "./entities/wire.ts"
import { LoginRequired, NotFound } from "./errors.ts"
import { Amount, PositiveId, PositiveIdFromString, RequiredText } from "./requestFields.ts"
import { CallTimeout, cartTimeoutMs } from "./policy.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The base path of the new wishlist API (ours: the spec names its calls only, §7), in the v2 `module.api` style. */
export const wishlistApiPrefix = "/api/v2/wishlist.wishlist-api"

/**
 * A wishlist creation or removal failed (422, §8). The client shows `describedBy`, or the response's status text when
 * it is absent. With `redirect` false it opens the wishlist drawer and shows the message for 5 seconds; otherwise it
 * goes to `url`.
 */
export class WishlistRejected extends Schema.TaggedError<WishlistRejected>()(
  "WishlistRejected",
  {
    /** The message to show; without it the client shows the response's status text. */
    describedBy: Schema.optionalKey(SafeString),
    /** `false`: open the drawer and show the message for 5 s; `true`: go to {@link WishlistRejected.url}. */
    redirect: Schema.Boolean,
    /** Where to go when `redirect` is true (a same-origin path). */
    url: Schema.optionalKey(SafeString)
  },
  { httpApiStatus: 422 }
) {}

const LegacyWishlistAddItemPayloadFields = {
  wishListId: Schema.optionalKey(PositiveId),
  articleId: PositiveId,
  amount: Amount
}

/** The schema type of {@link LegacyWishlistAddItemPayload}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyWishlistAddItemPayloadStruct extends Schema.Struct<typeof LegacyWishlistAddItemPayloadFields> {}

/**
 * The body of PUT /api/wishlist/addItem/ (§7): the `articleId`, the `amount` (whole, 1..30) and the list
 * `wishListId` (absent: the main list).
 */
export const LegacyWishlistAddItemPayload: LegacyWishlistAddItemPayloadStruct = Schema.Struct(LegacyWishlistAddItemPayloadFields)

/** Decoded type of {@link LegacyWishlistAddItemPayload}. */
export type LegacyWishlistAddItemPayload = typeof LegacyWishlistAddItemPayload.Type

const WishlistItemRefFields = {
  wishListId: PositiveId,
  itemId: PositiveId
}

/** The schema type of {@link WishlistItemRef}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistItemRefStruct extends Schema.Struct<typeof WishlistItemRefFields> {}

/** The body of a wishlist item removal (§7 deleteItem, delete): the list `wishListId` and the item's `itemId`. */
export const WishlistItemRef: WishlistItemRefStruct = Schema.Struct(WishlistItemRefFields)

/** Decoded type of {@link WishlistItemRef}. */
export type WishlistItemRef = typeof WishlistItemRef.Type

/**
 * The body of PUT add (§3, §7): the entity's {@link WishlistAddPayload} with the rules the server applies: a
 * positive `variantId`; at most one of `wishlistId` (an existing list) and `newWishlistName` (a list to create,
 * trimmed, non-empty); neither means the main list; `amount` whole, 1..30 (absent: 1).
 */
export const WishlistAddRequest = WishlistAddPayload.mapFields((fields) => ({
  ...fields,
  variantId: PositiveId,
  wishlistId: Schema.optionalKey(PositiveId),
  newWishlistName: Schema.optionalKey(RequiredText),
  amount: Schema.optionalKey(Amount)
})).check(
  Schema.makeFilter(
    (payload) =>
      payload.wishlistId === undefined ||
      payload.newWishlistName === undefined || {
        path: ["newWishlistName"],
        issue: "give either wishlistId or newWishlistName, not both"
      },
    { expected: "at most one of wishlistId and newWishlistName" }
  )
)

/** Decoded type of {@link WishlistAddRequest}. */
export type WishlistAddRequest = typeof WishlistAddRequest.Type

const WishlistAddedFields = {
  ...WishlistSummary.fields,
  wishListId: WireInt
}

/** The schema type of {@link WishlistAdded}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistAddedStruct extends Schema.Struct<typeof WishlistAddedFields> {}

/**
 * The answer to add: the wishlist state after the add and the `wishListId` added to (for a new list its new id,
 * for the page `{wishlist-url}-detail/{wishlistId}`, §2).
 */
export const WishlistAdded: WishlistAddedStruct = Schema.Struct(WishlistAddedFields)

/** Decoded type of {@link WishlistAdded}. */
export type WishlistAdded = typeof WishlistAdded.Type

const WishlistItemsQueryFields = {
  wishListId: Schema.optionalKey(PositiveIdFromString)
}

/** The schema type of {@link WishlistItemsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface WishlistItemsQueryStruct extends Schema.Struct<typeof WishlistItemsQueryFields> {}

/** The query of get-items: the list `wishListId` (absent: the main list). */
export const WishlistItemsQuery: WishlistItemsQueryStruct = Schema.Struct(WishlistItemsQueryFields)

/** Decoded type of {@link WishlistItemsQuery}. */
export type WishlistItemsQuery = typeof WishlistItemsQuery.Type

const SaveWishlistPayloadFields = {
  wishListId: Schema.optionalKey(PositiveId),
  name: RequiredText
}

/** The schema type of {@link SaveWishlistPayload}, named so that declarations refer to it instead of spelling it out. */
export interface SaveWishlistPayloadStruct extends Schema.Struct<typeof SaveWishlistPayloadFields> {}

/** The body of save-wishlist: the list's `name`; with `wishListId` the list is renamed, without it created. */
export const SaveWishlistPayload: SaveWishlistPayloadStruct = Schema.Struct(SaveWishlistPayloadFields)

/** Decoded type of {@link SaveWishlistPayload}. */
export type SaveWishlistPayload = typeof SaveWishlistPayload.Type

const RemoveWishlistPayloadFields = {
  wishListId: PositiveId
}

/** The schema type of {@link RemoveWishlistPayload}, named so that declarations refer to it instead of spelling it out. */
export interface RemoveWishlistPayloadStruct extends Schema.Struct<typeof RemoveWishlistPayloadFields> {}

/** The body of remove-wishlist (§7): the list's `wishListId`. */
export const RemoveWishlistPayload: RemoveWishlistPayloadStruct = Schema.Struct(RemoveWishlistPayloadFields)

/** Decoded type of {@link RemoveWishlistPayload}. */
export type RemoveWishlistPayload = typeof RemoveWishlistPayload.Type

/**
 * The legacy wishlist widget API (§7 "Legacy"), group `legacyWishlist`: add an article, delete an item, and the
 * items of the drawer. Timeout: 5000 ms (§9 legacy HTTP).
 */
export class LegacyWishlistGroup extends HttpApiGroup.make("legacyWishlist")
  .add(
    HttpApiEndpoint.put("addItem", "/api/wishlist/addItem/", {
      payload: LegacyWishlistAddItemPayload,
      success: WishlistSummary,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Adds an article to a wishlist (the main list without wishListId); answers the wishlist items and count."
      ),
    HttpApiEndpoint.delete("deleteItem", "/api/wishlist/deleteItem/", {
      payload: WishlistItemRef,
      success: WishlistSummary,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes an item from a wishlist; answers the wishlist items and count."),
    HttpApiEndpoint.get("getItems", "/api/wishlist/getItems/", {
      success: WishlistSummary,
      error: LoginRequired
    }).annotate(
      OpenApi.Description,
      "The wishlist drawer's items (with createdTs; it shows the 5 newest), their count and the main list id."
    )
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Legacy wishlist widget (§7); needs a logged-in customer (§5).")
{}

/**
 * The new wishlist API (§7 "New"), group `wishlist`, under {@link wishlistApiPrefix}: add (to an existing, a new or
 * the main list), find all lists, get a list's items, delete an item, save (create or rename) and remove a list.
 * Timeout: 5000 ms (§9).
 */
export class WishlistGroup extends HttpApiGroup.make("wishlist")
  .add(
    HttpApiEndpoint.put("add", `${wishlistApiPrefix}/add`, {
      payload: WishlistAddRequest,
      success: WishlistAdded,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Adds a variant to an existing list (wishlistId), a new list (newWishlistName) or the main list (neither). " +
          "422 WishlistRejected: show describedBy (or the status text) in the drawer for 5 s, or go to url."
      ),
    HttpApiEndpoint.get("findAll", `${wishlistApiPrefix}/find-all`, {
      success: WishlistSummary,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The customer's wishlists (wishlists, mainWishListId)."),
    HttpApiEndpoint.get("getItems", `${wishlistApiPrefix}/get-items`, {
      query: WishlistItemsQuery,
      success: WishlistSummary,
      error: [LoginRequired, NotFound]
    }).annotate(OpenApi.Description, "The items of a list (the main list without wishListId) and their count."),
    HttpApiEndpoint.delete("delete", `${wishlistApiPrefix}/delete`, {
      payload: WishlistItemRef,
      success: WishlistSummary,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes an item (itemId = wishListItemId) from a list; answers the list."),
    HttpApiEndpoint.post("saveWishlist", `${wishlistApiPrefix}/save-wishlist`, {
      payload: SaveWishlistPayload,
      success: Wishlist,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Creates a list by name, or renames the list wishListId; 422 WishlistRejected e.g. for a duplicate name."
      ),
    HttpApiEndpoint.delete("removeWishlist", `${wishlistApiPrefix}/remove-wishlist`, {
      payload: RemoveWishlistPayload,
      success: WishlistSummary,
      error: [LoginRequired, NotFound, WishlistRejected]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Removes a list (not the main list: 422 WishlistRejected); answers the remaining lists."
      )
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Wishlists (§7 new API); needs a logged-in customer (§5).")
{}
