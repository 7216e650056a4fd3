/**
 * The wishlist (spec §2, §3, §4, §5, §9): the drawer's items and 'next' link, the counter, the
 * count after add and move-to-cart, the cache age, widget access and the add payload.
 *
 * @module
 */
import { canUseWishlist } from "./customer.ts"
import type { CustomerRoleFlags } from "./customer.ts"

/** How many items the wishlist drawer shows (§2, §9). */
export const wishlistDrawerSize = 5

/** How long fetched wishlist data stays fresh, in ms (§9: 60 s). */
export const wishlistCacheMs = 60_000

/** An id as the server may send it (reads accept both; payloads carry numbers, §3). */
export type WishlistId = number | string

/** The wishlist item fields the drawer reads (§3). */
export interface WishlistItemTimestamp {
  /** When the item was added to the wishlist. */
  readonly createdTs?: number | string | null | undefined
}

/**
 * The creation time of an item as a number: a number as is, a numeric string as its number,
 * another string as a date (`Date.parse`); missing or unreadable is -Infinity (oldest).
 */
export const createdTime = (item: WishlistItemTimestamp): number => {
  const ts = item.createdTs
  let time = Number.NaN
  if (typeof ts === "number") time = ts
  else if (typeof ts === "string" && ts.trim() !== "") {
    const numeric = Number(ts)
    time = Number.isNaN(numeric) ? Date.parse(ts) : numeric
  }
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
}

/**
 * The items the wishlist drawer shows (§4): the five newest by createdTs, newest first. Items
 * with equal timestamps keep the order the server sent them in; items without a readable
 * timestamp count as the oldest.
 */
export const drawerItems = <I extends WishlistItemTimestamp>(items: ReadonlyArray<I>): ReadonlyArray<I> =>
  items
    .map((item, index) => ({ item, index, time: createdTime(item) }))
    .sort((a, b) => (a.time === b.time ? a.index - b.index : a.time > b.time ? -1 : 1))
    .slice(0, wishlistDrawerSize)
    .map(({ item }) => item)

/** A wishlist count as a whole number of items, never negative; non-finite counts as 0. */
export const normalizeCount = (count: number): number => (Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0)

/**
 * Whether the drawer shows the 'next' link (§2): when there are more than five items. Pass the
 * server's itemsCount when known, since the item list may be cut short.
 */
export const hasNextLink = (itemsOrCount: ReadonlyArray<unknown> | number): boolean =>
  (typeof itemsOrCount === "number" ? normalizeCount(itemsOrCount) : itemsOrCount.length) > wishlistDrawerSize

/** The text of the counter's separator (§2: a slash). */
export const counterSlash = "/"

/** The wishlist counter's parts (§2): a slash, the count and a quantity label. */
export interface CounterLabel {
  /** The separator, "/". */
  readonly slash: typeof counterSlash
  /** The number of items, at least 1. */
  readonly count: number
  /** The quantity label in the plural form for the count. */
  readonly label: string
}

/** The quantity label for a count, e.g. `(n) => plural(n, forms)` with the shop's plural forms. */
export type QuantityLabel = (count: number) => string

/** The wishlist counter (§2), or undefined when the count is zero (or not a positive number). */
export const counterLabel = (count: number, quantityLabel: QuantityLabel): CounterLabel | undefined => {
  const n = normalizeCount(count)
  return n === 0 ? undefined : { slash: counterSlash, count: n, label: quantityLabel(n) }
}

/** Something that changes the wishlist count (§4). */
export type WishlistCountEvent = WishlistItemAdded | WishlistItemMovedToCart

/** An item was added to a wishlist. */
export interface WishlistItemAdded {
  /** The event's tag. */
  readonly type: "added"
  /** The list added to is the main list (see {@link addsToMainList}). */
  readonly toMainList: boolean
}

/** An item was removed from the wishlist after being moved to the cart. */
export interface WishlistItemMovedToCart {
  /** The event's tag. */
  readonly type: "removedAfterMoveToCart"
}

/**
 * The count after an event (§4): adding to the main list raises it by one (adding to another
 * list leaves it), removing an item after moving it to the cart lowers it by one, never below 0.
 */
export const countAfter = (count: number, event: WishlistCountEvent): number => {
  const n = normalizeCount(count)
  switch (event.type) {
    case "added":
      return event.toMainList ? n + 1 : n
    case "removedAfterMoveToCart":
      return Math.max(0, n - 1)
  }
}

/**
 * Whether data fetched at `fetchedAt` is still fresh at `now` (§9: 60 s; both in ms). Fresh
 * means less than 60 s old; a fetch time in the future or not finite is stale.
 */
export const isCacheFresh = (fetchedAt: number, now: number): boolean => {
  const age = now - fetchedAt
  return Number.isFinite(age) && age >= 0 && age < wishlistCacheMs
}

/** What the wishlist widget does for a customer (§5). */
export type WishlistAccess = "show" | "redirect"

/**
 * Whether the widget wishlist shows or redirects to login (§5). It shows for the customers
 * allowed to use the wishlist (§6: logged in or waiting for confirmation).
 */
export const wishlistAccess = (customer: CustomerRoleFlags | null | undefined): WishlistAccess =>
  canUseWishlist(customer) ? "show" : "redirect"

/** The list an item is added to: the main list, an existing list, or a new list by name. */
export type WishlistTarget =
  | {
      /** The customer's main list. */
      readonly kind: "main"
    }
  | {
      /** A list that exists. */
      readonly kind: "existing"
      /** The list's id. */
      readonly wishlistId: number
    }
  | {
      /** A list created by this add. */
      readonly kind: "new"
      /** The new list's name. */
      readonly newWishlistName: string
    }

/** The add payload (§3, §7). Only one of wishlistId and newWishlistName is present; neither means the main list. */
export interface WishlistAddPayload {
  /** The product variant added. */
  readonly variantId: number
  /** The existing list added to. */
  readonly wishlistId?: number
  /** The name of a list to create and add to. */
  readonly newWishlistName?: string
  /** How many pieces, a whole number of at least 1. */
  readonly amount: number
}

/**
 * The add payload (§3): the variant, the target list and the amount. The amount is a whole
 * number of at least 1 (default 1); a blank new-list name adds to the main list.
 */
export const addPayload = (variantId: number, target: WishlistTarget, amount = 1): WishlistAddPayload => {
  const whole = Number.isFinite(amount) ? Math.max(1, Math.trunc(amount)) : 1
  switch (target.kind) {
    case "existing":
      return { variantId, wishlistId: target.wishlistId, amount: whole }
    case "new": {
      const name = target.newWishlistName.trim()
      return name === "" ? { variantId, amount: whole } : { variantId, newWishlistName: name, amount: whole }
    }
    case "main":
      return { variantId, amount: whole }
  }
}

/**
 * Whether an add payload adds to the main list (§4): no list named means the main list; a new
 * list never is; an existing list is when its id equals mainWishListId (compared as strings).
 */
export const addsToMainList = (
  payload: Pick<WishlistAddPayload, "wishlistId" | "newWishlistName">,
  mainWishListId: WishlistId | null | undefined
): boolean => {
  if (payload.newWishlistName !== undefined && payload.newWishlistName.trim() !== "") return false
  if (payload.wishlistId === undefined) return true
  return mainWishListId !== undefined && mainWishListId !== null && String(payload.wishlistId) === String(mainWishListId)
}
