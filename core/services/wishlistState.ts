/**
 * The wishlist service's published state and the empty wishlist, without Effect: the React layer reads these
 * on the first paint, before the services load.
 *
 * @module
 */
import type { Wishlist as WishlistList, WishlistItem } from "../api/entities/wishlist.ts"
import type { CounterLabel } from "../domain/wishlist.ts"

/** A list created by the last add or save, and its detail page (§2 `{wishlist-url}-detail/{wishlistId}`). */
export interface CreatedWishlist {
  /** The new list's id. */
  readonly wishListId: number
  /** Its detail page. */
  readonly detailUrl: string
}

/** What the wishlist widgets read. */
export interface WishlistState {
  /** The main list's items, as the server last sent them. */
  readonly items: ReadonlyArray<WishlistItem>
  /** The main list's item count (§4). */
  readonly itemsCount: number
  /** The main list's id, once known. */
  readonly mainWishListId: number | undefined
  /** The customer's lists (new API find-all). */
  readonly wishlists: ReadonlyArray<WishlistList>
  /** The drawer's items: the five newest, newest first (§4). */
  readonly drawerItems: ReadonlyArray<WishlistItem>
  /** Whether the drawer shows the 'next' link (§2: more than five items). */
  readonly hasNext: boolean
  /** The counter (§2), or undefined when the count is zero. */
  readonly counter: CounterLabel | undefined
  /** When the items were fetched (Clock ms); the cache is fresh for 60 s (§9). */
  readonly fetchedAt: number | undefined
  /** A call is in flight. */
  readonly loading: boolean
  /** The error message shown in the drawer for 5 s (§8). */
  readonly message: string | undefined
  /** The list created by the last add or save. */
  readonly created: CreatedWishlist | undefined
}

/** The empty wishlist. */
export const emptyWishlistState: WishlistState = {
  items: [],
  itemsCount: 0,
  mainWishListId: undefined,
  wishlists: [],
  drawerItems: [],
  hasNext: false,
  counter: undefined,
  fetchedAt: undefined,
  loading: false,
  message: undefined,
  created: undefined
}

