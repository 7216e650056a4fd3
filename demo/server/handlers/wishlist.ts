/**
 * The wishlist groups (spec §2 wishlist pages, §3 Wishlist, §4, §5 "Widget wishlist requires login", §7 "Wishlist",
 * §8 wishlist errors): the legacy widget API (`legacyWishlist`) and the new API with several lists (`wishlist`).
 *
 * Every call needs a logged-in or waiting-for-confirmation customer: a guest gets 401 `LoginRequired` with the
 * shop's login url. Business refusals (a duplicate list name, too many lists or items, removing the main list)
 * answer 422 `WishlistRejected` with `describedBy` and `redirect: false` (the drawer shows it for 5 s, §8).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { NotFound } from "../../../core/api/errors.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { WishlistRejected } from "../../../core/api/wishlist.ts"
import { addToWishlist, createWishlist, mainWishlistId, ownsWishlist, removeWishlistItem, type WishlistAddRefusal, type WishlistAddTarget, wishlistItems, wishlistRows, wishlistSummary, wishlistTexts, wishlistView } from "../domain/account/wishlists.ts"
import { orDieOnSql, shopOf } from "../domain/account/common.ts"
import { requireCustomer, type SessionCustomer } from "../domain/account/customer.ts"

/** A 422 refusal shown in the drawer (§8: `redirect` false). */
export const wishlistRejected = (describedBy: string): WishlistRejected =>
  new WishlistRejected({ describedBy, redirect: false })

const refusal = (refused: WishlistAddRefusal) =>
  refused._tag === "NotFound" ? new NotFound({ message: refused.message }) : wishlistRejected(refused.describedBy)

const withCustomer = <A, E, R>(f: (session: SessionData, customer: SessionCustomer) => Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const session = yield* Session
    const customer = yield* requireCustomer(session)
    return yield* f(session, customer)
  })

const requireOwnList = (customer: SessionCustomer, wishlistId: number) =>
  Effect.gen(function*() {
    if (!(yield* ownsWishlist(customer.customerId, wishlistId))) {
      return yield* new NotFound({ message: wishlistTexts.unknownList })
    }
  })

const add = (session: SessionData, customer: SessionCustomer, variantId: number, amount: number, target: WishlistAddTarget) =>
  Effect.gen(function*() {
    const shop = shopOf(session)
    const outcome = yield* addToWishlist(customer.customerId, shop, variantId, amount, target)
    if (outcome._tag === "Refused") return yield* refusal(outcome.refusal)
    const summary = yield* wishlistSummary(customer.customerId, shop, outcome.wishlistId)
    return { ...summary, wishListId: outcome.wishlistId }
  })

const deleteItem = (session: SessionData, customer: SessionCustomer, wishListId: number, itemId: number) =>
  Effect.gen(function*() {
    if (!(yield* removeWishlistItem(customer.customerId, wishListId, itemId))) {
      return yield* new NotFound({ message: wishlistTexts.unknownItem })
    }
    return yield* wishlistSummary(customer.customerId, shopOf(session), wishListId)
  })

/**
 * The handlers of the legacy wishlist widget: `addItem` (the `articleId` is the product variant; the main list
 * without `wishListId`), `deleteItem` and `getItems` (the main list); each answers the list's items (newest first,
 * with `createdTs` in ms), its count, the main list id and the lists.
 */
export const LegacyWishlistHandlers = HttpApiBuilder.group(
  ShopApi,
  "legacyWishlist",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("addItem", ({ payload }) =>
        run(withCustomer((session, customer) =>
          Effect.map(
            add(session, customer, payload.articleId, payload.amount,
              payload.wishListId === undefined ? { kind: "main" } : { kind: "existing", wishlistId: payload.wishListId }),
            ({ wishListId: _id, ...summary }) => summary
          ))))
      .handle("deleteItem", ({ payload }) =>
        run(withCustomer((session, customer) => deleteItem(session, customer, payload.wishListId, payload.itemId))))
      .handle("getItems", () =>
        run(withCustomer((session, customer) => wishlistSummary(customer.customerId, shopOf(session)))))
  })
)

/**
 * The handlers of the new wishlist API.
 *
 * - `add`: to an existing list (404 when not the customer's), a new list (created in the same transaction;
 *   duplicate name or too many lists: 422) or the main list; a variant already in the list has its amount raised.
 * - `findAll`: the lists with counts and the main list's items.
 * - `getItems`: a list's items (the main list without `wishListId`).
 * - `delete`: an item of a list.
 * - `saveWishlist`: creates a list by name, or renames `wishListId` (duplicate names refused, case-insensitive).
 * - `removeWishlist`: any list but the main one (422), with its items.
 */
export const WishlistHandlers = HttpApiBuilder.group(
  ShopApi,
  "wishlist",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("add", ({ payload }) =>
        run(withCustomer((session, customer) =>
          add(
            session,
            customer,
            payload.variantId,
            payload.amount ?? 1,
            payload.wishlistId !== undefined
              ? { kind: "existing", wishlistId: payload.wishlistId }
              : payload.newWishlistName !== undefined
                ? { kind: "new", name: payload.newWishlistName }
                : { kind: "main" }
          ))))
      .handle("findAll", () =>
        run(withCustomer((session, customer) => wishlistSummary(customer.customerId, shopOf(session)))))
      .handle("getItems", ({ query }) =>
        run(withCustomer((session, customer) =>
          Effect.gen(function*() {
            if (query.wishListId !== undefined) yield* requireOwnList(customer, query.wishListId)
            return yield* wishlistSummary(customer.customerId, shopOf(session), query.wishListId)
          }))))
      .handle("delete", ({ payload }) =>
        run(withCustomer((session, customer) => deleteItem(session, customer, payload.wishListId, payload.itemId))))
      .handle("saveWishlist", ({ payload }) =>
        run(withCustomer((session, customer) =>
          sql.withTransaction(Effect.gen(function*() {
            yield* mainWishlistId(customer.customerId, shopOf(session))
            let listId: number
            if (payload.wishListId === undefined) {
              const created = yield* createWishlist(customer.customerId, payload.name)
              if (created._tag === "Rejected") return yield* wishlistRejected(created.describedBy)
              listId = created.wishlistId
            } else {
              yield* requireOwnList(customer, payload.wishListId)
              const taken = yield* sql<{ wishlist_id: number }>`
                SELECT wishlist_id FROM wishlists
                WHERE customer_id = ${customer.customerId} AND lower(name) = lower(${payload.name})
                  AND wishlist_id <> ${payload.wishListId}`
              if (taken.length > 0) return yield* wishlistRejected(wishlistTexts.nameTaken)
              yield* sql`UPDATE wishlists SET name = ${payload.name} WHERE wishlist_id = ${payload.wishListId}`
              listId = payload.wishListId
            }
            const row = (yield* wishlistRows(customer.customerId)).find((list) => list.wishlist_id === listId)!
            return wishlistView(row, yield* wishlistItems(listId))
          })))))
      .handle("removeWishlist", ({ payload }) =>
        run(withCustomer((session, customer) =>
          Effect.gen(function*() {
            yield* requireOwnList(customer, payload.wishListId)
            const shop = shopOf(session)
            if (payload.wishListId === (yield* mainWishlistId(customer.customerId, shop))) {
              return yield* wishlistRejected(wishlistTexts.mainNotRemovable)
            }
            yield* sql`DELETE FROM wishlists WHERE wishlist_id = ${payload.wishListId} AND customer_id = ${customer.customerId}`
            return yield* wishlistSummary(customer.customerId, shop)
          }))))
  })
)
