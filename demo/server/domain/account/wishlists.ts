/**
 * Wishlists: the customer's lists, their items, adding and removing (§3, §7).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Wishlist, WishlistItem, WishlistSummary } from "../../../../core/api/entities/wishlist.ts"
import { clampQuantity } from "../../../../core/domain/quantity.ts"
import type { Shop } from "../../../../core/domain/shop.ts"
import { texts, tr } from "../../db/seed/data.ts"
import { optional } from "./addresses.ts"

/** The most wishlists one customer may have. */
export const maxWishlists = 20

/** The most items one wishlist may hold. */
export const maxWishlistItems = 100

const time = (value: Date | string | null): number => (value === null ? 0 : new Date(value).getTime())

// -----------------------------------------------------------------------------------------------
// wishlists
// -----------------------------------------------------------------------------------------------

interface WishlistRow {
  readonly wishlist_id: number
  readonly name: string
  readonly is_main: boolean
  readonly items_count: number
}

interface WishlistItemRow {
  readonly wishlist_item_id: number
  readonly wishlist_id: number
  readonly amount: number
  readonly created_at: Date | string
  readonly variant_id: number
  readonly variant_url: string
  readonly title: string
  readonly media_id: string | null
  readonly price: string | null
  readonly currency: string | null
  readonly url_key: string | null
}

/** The customer's main wishlist id, created (named in the shop's language) when the customer has none. */
export const mainWishlistId = (customerId: number, shop: Shop) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const found = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE customer_id = ${customerId} AND is_main`
    if (found[0] !== undefined) return found[0].wishlist_id
    yield* sql`
      INSERT INTO wishlists (customer_id, name, is_main) VALUES (${customerId}, ${tr(texts.mainWishlist, shop.language)}, true)
      ON CONFLICT (customer_id) WHERE is_main DO NOTHING`
    const created = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE customer_id = ${customerId} AND is_main`
    return created[0]!.wishlist_id
  })

/** The customer's lists with their item counts: the main list first, then oldest first. */
export const wishlistRows = (customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<WishlistRow>`
      SELECT w.wishlist_id, w.name, w.is_main, count(i.wishlist_item_id)::int AS items_count
      FROM wishlists w LEFT JOIN wishlist_items i ON i.wishlist_id = w.wishlist_id
      WHERE w.customer_id = ${customerId}
      GROUP BY w.wishlist_id ORDER BY w.is_main DESC, w.created_at, w.wishlist_id`
  })

/** Whether a list is the customer's. */
export const ownsWishlist = (customerId: number, wishlistId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE wishlist_id = ${wishlistId} AND customer_id = ${customerId}`
    return rows.length > 0
  })

/**
 * The items of a list, newest first (§4: the drawer shows the five newest), each with its product (§3:
 * `mainCategoryUrlKey`, the variant's url, title, image, price and currency). `createdTs` is in milliseconds.
 */
export const wishlistItems = (wishlistId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<WishlistItemRow>`
      SELECT i.wishlist_item_id, i.wishlist_id, i.amount, i.created_at, v.variant_id, v.variant_url, v.title,
             v.media_id, p.price, p.currency, c.url_key
      FROM wishlist_items i
      JOIN variants v ON v.variant_id = i.variant_id
      JOIN products pr ON pr.product_id = v.product_id
      LEFT JOIN categories c ON c.category_id = pr.main_category_id
      LEFT JOIN prices p ON p.variant_id = v.variant_id
      WHERE i.wishlist_id = ${wishlistId}
      ORDER BY i.created_at DESC, i.wishlist_item_id DESC`
    return rows.map((row): WishlistItem => ({
      wishListItemId: row.wishlist_item_id,
      wishListId: row.wishlist_id,
      createdTs: time(row.created_at),
      amount: row.amount,
      product: {
        ...optional("mainCategoryUrlKey", row.url_key),
        variant: {
          variantId: row.variant_id,
          variantUrl: row.variant_url,
          title: row.title,
          ...optional("mediaId", row.media_id),
          ...optional("price", row.price === null ? null : Number(row.price)),
          ...optional("currencyAbr", row.currency)
        }
      }
    }))
  })

/** One list as the §3 wishlist, optionally with its items. */
export const wishlistView = (row: WishlistRow, items?: ReadonlyArray<WishlistItem>): Wishlist => ({
  wishListId: row.wishlist_id,
  name: row.name,
  itemsCount: row.items_count,
  ...(items === undefined ? {} : { items })
})

/**
 * The wishlist state of a customer (§3, §7): the `items` of one list (the main list by default), their
 * `itemsCount`, the `mainWishListId` and every list with its count.
 */
export const wishlistSummary = (customerId: number, shop: Shop, wishlistId?: number) =>
  Effect.gen(function*() {
    const mainId = yield* mainWishlistId(customerId, shop)
    const listId = wishlistId ?? mainId
    const lists = yield* wishlistRows(customerId)
    const items = yield* wishlistItems(listId)
    return {
      items,
      itemsCount: items.length,
      mainWishListId: mainId,
      wishlists: lists.map((row) => wishlistView(row))
    } satisfies WishlistSummary as WishlistSummary
  })

/** Why adding to a wishlist did not happen. */
export type WishlistAddRefusal =
  | {
      /** The variant is not sold in the shop, or the list is not the customer's (404). */
      readonly _tag: "NotFound"
      /** What was not found. */
      readonly message: string
    }
  | {
      /** A business rule refused it (§8 WishlistRejected). */
      readonly _tag: "Rejected"
      /** The message to show. */
      readonly describedBy: string
    }

/** Where an add goes: the main list, an existing list, or a new list by name (§3, §7). */
export type WishlistAddTarget =
  | {
      /** The customer's main list. */
      readonly kind: "main"
    }
  | {
      /** A list of the customer. */
      readonly kind: "existing"
      /** Its id. */
      readonly wishlistId: number
    }
  | {
      /** A list created by the add. */
      readonly kind: "new"
      /** Its name. */
      readonly name: string
    }

/** Whether the customer already has a list of that name (case-insensitive), other than `except`. */
const nameTaken = (customerId: number, name: string, except?: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists
      WHERE customer_id = ${customerId} AND lower(name) = lower(${name}) AND wishlist_id <> ${except ?? 0}`
    return rows.length > 0
  })

/** Texts of the wishlist rules (ours). */
export const wishlistTexts = {
  /** A list of that name exists. */
  nameTaken: "You already have a wishlist with this name.",
  /** Too many lists. */
  tooManyLists: `You can have at most ${maxWishlists} wishlists.`,
  /** The list is full. */
  listFull: `A wishlist can hold at most ${maxWishlistItems} items.`,
  /** The main list stays. */
  mainNotRemovable: "The main wishlist cannot be removed.",
  /** Unknown variant. */
  unknownVariant: "The product does not exist in this shop.",
  /** Unknown list. */
  unknownList: "The wishlist does not exist.",
  /** Unknown item. */
  unknownItem: "The wishlist item does not exist."
} as const

/**
 * Creates a list for the customer (inside the caller's transaction), or answers why not: a duplicate name or too
 * many lists.
 */
export const createWishlist = (customerId: number, name: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`SELECT customer_id FROM customers WHERE customer_id = ${customerId} FOR UPDATE`
    if (yield* nameTaken(customerId, name)) return { _tag: "Rejected", describedBy: wishlistTexts.nameTaken } as const
    const count = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM wishlists WHERE customer_id = ${customerId}`
    if ((count[0]?.n ?? 0) >= maxWishlists) return { _tag: "Rejected", describedBy: wishlistTexts.tooManyLists } as const
    const created = yield* sql<{ wishlist_id: number }>`
      INSERT INTO wishlists (customer_id, name, is_main) VALUES (${customerId}, ${name}, false) RETURNING wishlist_id`
    return { _tag: "Created", wishlistId: created[0]!.wishlist_id } as const
  })

/**
 * Adds a variant of the shop to a list of the customer in one transaction (§3, §7 add; also the legacy addItem and
 * the legacy cart's addToWishlist): a variant already in the list gets its amount raised (clamped to 1..30), a new
 * one is added (raising the count, §4) unless the list holds {@link maxWishlistItems}. Answers the list id or why
 * not.
 */
export const addToWishlist = (customerId: number, shop: Shop, variantId: number, amount: number, target: WishlistAddTarget) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const variant = yield* sql<{ variant_id: number }>`
      SELECT variant_id FROM variants WHERE variant_id = ${variantId} AND shop_id = ${shop.shopId}`
    if (variant[0] === undefined) {
      return { _tag: "Refused", refusal: { _tag: "NotFound", message: wishlistTexts.unknownVariant } } as const
    }
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        let listId: number
        if (target.kind === "new") {
          const created = yield* createWishlist(customerId, target.name)
          if (created._tag === "Rejected") return { _tag: "Refused", refusal: created } as const
          listId = created.wishlistId
        } else if (target.kind === "existing") {
          if (!(yield* ownsWishlist(customerId, target.wishlistId))) {
            return { _tag: "Refused", refusal: { _tag: "NotFound", message: wishlistTexts.unknownList } } as const
          }
          listId = target.wishlistId
        } else {
          listId = yield* mainWishlistId(customerId, shop)
        }
        yield* sql`SELECT wishlist_id FROM wishlists WHERE wishlist_id = ${listId} FOR UPDATE`
        const present = yield* sql<{ wishlist_item_id: number; amount: number }>`
          SELECT wishlist_item_id, amount FROM wishlist_items WHERE wishlist_id = ${listId} AND variant_id = ${variantId}`
        if (present[0] !== undefined) {
          yield* sql`
            UPDATE wishlist_items SET amount = ${clampQuantity(present[0].amount + amount)}
            WHERE wishlist_item_id = ${present[0].wishlist_item_id}`
          return { _tag: "Added", wishlistId: listId } as const
        }
        const count = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM wishlist_items WHERE wishlist_id = ${listId}`
        if ((count[0]?.n ?? 0) >= maxWishlistItems) {
          return { _tag: "Refused", refusal: { _tag: "Rejected", describedBy: wishlistTexts.listFull } } as const
        }
        yield* sql`
          INSERT INTO wishlist_items (wishlist_id, variant_id, amount) VALUES (${listId}, ${variantId}, ${clampQuantity(amount)})`
        return { _tag: "Added", wishlistId: listId } as const
      })
    )
  })

/** Removes an item of a customer's list; false when the list is not the customer's or has no such item. */
export const removeWishlistItem = (customerId: number, wishlistId: number, itemId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const deleted = yield* sql<{ wishlist_item_id: number }>`
      DELETE FROM wishlist_items i USING wishlists w
      WHERE i.wishlist_item_id = ${itemId} AND i.wishlist_id = ${wishlistId}
        AND w.wishlist_id = i.wishlist_id AND w.customer_id = ${customerId}
      RETURNING i.wishlist_item_id`
    return deleted.length > 0
  })
