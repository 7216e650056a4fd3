/**
 * The legacy and new wishlist groups against the real server in-process: login required (with the login url),
 * items newest first with createdTs, adding to the main list raises the count, several lists, and the §8
 * refusals (WishlistRejected with describedBy and redirect false) and 404s.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { LegacyWishlistGroup, WishlistGroup } from "../../core/api/wishlist.ts"
import { drawerItems } from "../../core/domain/wishlist.ts"
import { shopById } from "../../core/domain/shop.ts"
import { maxWishlists, wishlistTexts } from "../../demo/server/domain/account/wishlists.ts"
import { LegacyWishlistHandlers, WishlistHandlers } from "../../demo/server/handlers/wishlist.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs, rawLogIn, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([LegacyWishlistGroup, WishlistGroup], [LegacyWishlistHandlers, WishlistHandlers])
afterAll(() => backend.dispose())

/** Variants of a shop that are in none of the customer's lists. */
const freshVariants = (key: string, count: number, shopId = "CZ10MA") =>
  probe.use((sql) =>
    sql<{ variant_id: number }>`
      SELECT v.variant_id FROM variants v WHERE v.shop_id = ${shopId} AND NOT EXISTS (
        SELECT 1 FROM wishlist_items i JOIN wishlists w USING (wishlist_id) JOIN customers c USING (customer_id)
        WHERE i.variant_id = v.variant_id AND c.email = ${demoAccount(key)})
      ORDER BY v.variant_id LIMIT ${count}`
  ).pipe(Effect.map((rows) => rows.map((row) => row.variant_id)))

describe("wishlist (server)", () => {
  it.effect("a guest gets LoginRequired with the shop's login url from every call", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const errors = [
        yield* Effect.flip(client.legacyWishlist.getItems()),
        yield* Effect.flip(client.legacyWishlist.addItem({ payload: { articleId: 1, amount: 1 } })),
        yield* Effect.flip(client.legacyWishlist.deleteItem({ payload: { wishListId: 1, itemId: 1 } })),
        yield* Effect.flip(client.wishlist.add({ payload: { variantId: 1 } })),
        yield* Effect.flip(client.wishlist.findAll()),
        yield* Effect.flip(client.wishlist.getItems({ query: {} })),
        yield* Effect.flip(client.wishlist.delete({ payload: { wishListId: 1, itemId: 1 } })),
        yield* Effect.flip(client.wishlist.saveWishlist({ payload: { name: "x" } })),
        yield* Effect.flip(client.wishlist.removeWishlist({ payload: { wishListId: 1 } }))
      ]
      for (const error of errors) {
        assert.strictEqual(error._tag, "LoginRequired")
        if (error._tag === "LoginRequired") assert.strictEqual(error.redirectUrl, shopById("CZ10MA").urlKeys.login)
      }
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("legacy: the main list's items newest first with createdTs; add raises the count, delete lowers it", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const initial = yield* client.legacyWishlist.getItems()
      assert.strictEqual(initial.itemsCount, 7)
      const times = (initial.items ?? []).map((item) => item.createdTs!)
      assert.deepStrictEqual(times, [...times].sort((a, b) => b - a))
      assert.deepStrictEqual(drawerItems(initial.items ?? []), (initial.items ?? []).slice(0, 5))
      assert.isNumber(initial.mainWishListId)
      const first = initial.items![0]!
      assert.isString(first.product?.variant.variantUrl)
      assert.isString(first.product?.mainCategoryUrlKey)
      assert.isNumber(first.product?.variant.price)
      const [variant] = yield* freshVariants("gold", 1)
      const added = yield* client.legacyWishlist.addItem({ payload: { articleId: variant!, amount: 2 } })
      assert.strictEqual(added.itemsCount, 8)
      assert.strictEqual(added.items![0]!.product?.variant.variantId, variant)
      const twice = yield* client.legacyWishlist.addItem({ payload: { articleId: variant!, amount: 29 } })
      assert.strictEqual(twice.itemsCount, 8)
      assert.strictEqual(twice.items![0]!.amount, 30)
      const removed = yield* client.legacyWishlist.deleteItem({
        payload: { wishListId: added.mainWishListId!, itemId: added.items![0]!.wishListItemId }
      })
      assert.strictEqual(removed.itemsCount, 7)
      const gone = yield* Effect.flip(client.legacyWishlist.deleteItem({
        payload: { wishListId: added.mainWishListId!, itemId: added.items![0]!.wishListItemId }
      }))
      assert.strictEqual(gone._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("new API: lists, add to a new list, get items, rename, remove; the main list stays", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "vip")
      const all = yield* client.wishlist.findAll()
      assert.lengthOf(all.wishlists ?? [], 1)
      const main = all.mainWishListId!
      const [a, b] = yield* freshVariants("vip", 2)
      const created = yield* client.wishlist.add({ payload: { variantId: a!, newWishlistName: "Birthday" } })
      assert.notStrictEqual(created.wishListId, main)
      assert.strictEqual(created.itemsCount, 1)
      assert.lengthOf(created.wishlists ?? [], 2)
      const toMain = yield* client.wishlist.add({ payload: { variantId: b!, amount: 3 } })
      assert.strictEqual(toMain.wishListId, main)
      assert.strictEqual(toMain.itemsCount, all.itemsCount! + 1)
      const toExisting = yield* client.wishlist.add({ payload: { variantId: b!, wishlistId: created.wishListId } })
      assert.strictEqual(toExisting.itemsCount, 2)
      const items = yield* client.wishlist.getItems({ query: { wishListId: created.wishListId } })
      assert.deepStrictEqual(items.items?.map((item) => item.product?.variant.variantId), [b, a])
      const mainItems = yield* client.wishlist.getItems({ query: {} })
      assert.strictEqual(mainItems.itemsCount, toMain.itemsCount)
      const renamed = yield* client.wishlist.saveWishlist({ payload: { wishListId: created.wishListId, name: "Christmas" } })
      assert.strictEqual(renamed.name, "Christmas")
      assert.strictEqual(renamed.itemsCount, 2)
      const another = yield* client.wishlist.saveWishlist({ payload: { name: "Later" } })
      assert.strictEqual(another.itemsCount, 0)
      const deleted = yield* client.wishlist.delete({
        payload: { wishListId: created.wishListId, itemId: items.items![0]!.wishListItemId }
      })
      assert.strictEqual(deleted.itemsCount, 1)
      const remaining = yield* client.wishlist.removeWishlist({ payload: { wishListId: created.wishListId } })
      assert.deepStrictEqual(remaining.wishlists?.map((list) => list.name).slice(1), ["Later"])
      const gone = yield* Effect.flip(client.wishlist.getItems({ query: { wishListId: created.wishListId } }))
      assert.strictEqual(gone._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("§8 refusals: duplicate names, the main list, too many lists answer WishlistRejected (describedBy, no redirect)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "loyalty")
      const [variant] = yield* freshVariants("loyalty", 1)
      const first = yield* client.wishlist.add({ payload: { variantId: variant!, newWishlistName: "Garden" } })
      const refusals = [
        yield* Effect.flip(client.wishlist.add({ payload: { variantId: variant!, newWishlistName: "garden" } })),
        yield* Effect.flip(client.wishlist.saveWishlist({ payload: { name: "GARDEN" } })),
        yield* Effect.flip(client.wishlist.removeWishlist({ payload: { wishListId: first.mainWishListId! } }))
      ]
      assert.deepStrictEqual(
        refusals.map((error) => (error._tag === "WishlistRejected" ? [error.describedBy, error.redirect] : error._tag)),
        [[wishlistTexts.nameTaken, false], [wishlistTexts.nameTaken, false], [wishlistTexts.mainNotRemovable, false]]
      )
      for (let n = 2; n < maxWishlists; n++) yield* client.wishlist.saveWishlist({ payload: { name: `List ${n}` } })
      const full = yield* Effect.flip(client.wishlist.saveWishlist({ payload: { name: "One too many" } }))
      assert.strictEqual(full._tag, "WishlistRejected")
      if (full._tag === "WishlistRejected") assert.strictEqual(full.describedBy, wishlistTexts.tooManyLists)
      const viaAdd = yield* Effect.flip(client.wishlist.add({ payload: { variantId: variant!, newWishlistName: "Another" } }))
      assert.strictEqual(viaAdd._tag, "WishlistRejected")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("404s: another customer's list, an unknown variant, a variant of another shop", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver")
      const foreignList = yield* probe.use((sql) =>
        sql<{ wishlist_id: number }>`SELECT w.wishlist_id FROM wishlists w JOIN customers c USING (customer_id)
                                     WHERE c.email = ${demoAccount("gold")} AND c.shop_id = 'CZ10MA' LIMIT 1`
      )
      const foreignVariant = yield* probe.use((sql) =>
        sql<{ variant_id: number }>`SELECT variant_id FROM variants WHERE shop_id = 'PL10MA' LIMIT 1`
      )
      const [variant] = yield* freshVariants("silver", 1)
      const errors = [
        yield* Effect.flip(client.wishlist.add({ payload: { variantId: variant!, wishlistId: foreignList[0]!.wishlist_id } })),
        yield* Effect.flip(client.wishlist.getItems({ query: { wishListId: foreignList[0]!.wishlist_id } })),
        yield* Effect.flip(client.wishlist.removeWishlist({ payload: { wishListId: foreignList[0]!.wishlist_id } })),
        yield* Effect.flip(client.wishlist.saveWishlist({ payload: { wishListId: foreignList[0]!.wishlist_id, name: "Mine" } })),
        yield* Effect.flip(client.wishlist.add({ payload: { variantId: 99_999_999 } })),
        yield* Effect.flip(client.legacyWishlist.addItem({ payload: { articleId: foreignVariant[0]!.variant_id, amount: 1 } }))
      ]
      assert.deepStrictEqual(errors.map((error) => error._tag), Array.from({ length: 6 }, () => "NotFound"))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer waiting for confirmation gets a main list on first use", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "waiting")
      const empty = yield* client.legacyWishlist.getItems()
      assert.strictEqual(empty.itemsCount, 0)
      assert.lengthOf(empty.wishlists ?? [], 1)
      assert.strictEqual(empty.wishlists?.[0]?.name, "Oblíbené")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("state-changing wishlist calls need the csrf token (403)", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "gold"))
      const answers = yield* Effect.promise(() => Promise.all([
        raw.send("PUT", "/api/wishlist/addItem/", { body: { articleId: 1, amount: 1 }, csrf: null }),
        raw.send("PUT", "/api/v2/wishlist.wishlist-api/add", { body: { variantId: 1 }, csrf: "wrong" }),
        raw.send("POST", "/api/v2/wishlist.wishlist-api/save-wishlist", { body: { name: "x" }, csrf: null }),
        raw.send("DELETE", "/api/v2/wishlist.wishlist-api/remove-wishlist", { body: { wishListId: 1 }, csrf: null })
      ]))
      assert.deepStrictEqual(answers.map((answer) => answer.status), [403, 403, 403, 403])
    }))
})
