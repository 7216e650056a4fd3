/**
 * The Wishlist service against the reference backend through msw: login required (§5), the reload after login
 * (SessionChanged), the drawer's five newest and the counter, the 60 s cache on the TestClock, add (main, new and
 * existing lists), delete, move to the cart, save and remove lists, the legacy API, and every §8 wishlist error
 * path (describedBy or status text; redirect false: drawer and message for 5 s; otherwise the given url), with
 * faults that keep the state.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { HttpResponse } from "msw"
import { AccountGroup } from "../../core/api/account.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { LegacyWishlistGroup, WishlistGroup, wishlistApiPrefix } from "../../core/api/wishlist.ts"
import { translate } from "../../core/messages/index.ts"
import { shopById, wishlistDetailUrl } from "../../core/domain/shop.ts"
import { createdTime, wishlistCacheMs, wishlistDrawerSize } from "../../core/domain/wishlist.ts"
import { Account } from "../../core/services/Account.ts"
import { Wishlist, wishlistMessageMs } from "../../core/services/Wishlist.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { LegacyWishlistHandlers, WishlistHandlers } from "../../demo/server/handlers/wishlist.ts"
import { LiveHub } from "../../demo/server/http/live.ts"
import { demoAccount, groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { failureOf, faults, http, recordSignals, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(
  backendFor(
    groupsOf(AccountGroup, LegacyWishlistGroup, WishlistGroup, CartGroup),
    Layer.mergeAll(AccountHandlers, LegacyWishlistHandlers, WishlistHandlers, CartHandlers),
    Layer.mergeAll(probe.layer, LiveHub.layer)
  )
)
const cz = shopById("CZ10MA")
const layerWith = (wishlist: typeof Wishlist.layer) =>
  wishlist.pipe(Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer()))
const layer = layerWith(Wishlist.layer)
const state = Wishlist.use((wishlist) => SubscriptionRef.get(wishlist.state))
const api = (name: string) => `${wishlistApiPrefix}/${name}`
const getItems = () => harness.sent("GET", api("get-items"))

let uniqueName = 0
const listName = () => `Test list ${++uniqueName}-${Math.random().toString(36).slice(2, 8)}`

/** Logs in as a demo customer; the wishlist reloads on the session change. */
const logIn = (key: string) =>
  Effect.gen(function*() {
    const account = yield* Account
    yield* account.login({ email: demoAccount(key), password: demoPassword })
    yield* harness.settle
    return yield* state
  })

/** A CZ variant in stock that is in none of the customer's lists. */
const freshVariant = (key: string, offset = 0) =>
  probe.use((sql) =>
    Effect.orDie(sql<{ variant_id: number }>`
      SELECT v.variant_id FROM variants v JOIN stock st USING (variant_id)
      WHERE v.shop_id = 'CZ10MA' AND st.in_stock > 5
        AND v.variant_id NOT IN (
          SELECT wi.variant_id FROM wishlist_items wi JOIN wishlists w USING (wishlist_id) JOIN customers c USING (customer_id)
          WHERE lower(c.email) = ${demoAccount(key)})
      ORDER BY v.variant_id LIMIT 1 OFFSET ${offset}`)
  ).pipe(Effect.map((rows) => rows[0]!.variant_id))

describe("Wishlist", () => {
  it.effect("without a session customer the server refuses (401) and the shopper is sent to log in (§5)", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const wishlist = yield* Wishlist
      const error = yield* Effect.flip(wishlist.load())
      assert.strictEqual(error._tag, "WishlistLoginRequired")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [{ _tag: "Redirect", url: cz.urlKeys.login }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a customer known to be a guest is sent to log in without a call", () =>
    Effect.gen(function*() {
      const account = yield* Account
      yield* account.setCustomer({ isLogged: false })
      const wishlist = yield* Wishlist
      const error = yield* Effect.flip(wishlist.add(1))
      assert.strictEqual(error._tag, "WishlistLoginRequired")
      assert.lengthOf(harness.requests, 0)
    }).pipe(Effect.provide(layer)))

  it.effect("after login the wishlist reloads: the five newest in the drawer, the 'next' link, the counter (§2, §4)", () =>
    Effect.gen(function*() {
      const s = yield* logIn("gold")
      assert.lengthOf(getItems(), 1, "SessionChanged reloads the wishlist")
      assert.isAbove(s.itemsCount, wishlistDrawerSize)
      assert.lengthOf(s.drawerItems, wishlistDrawerSize)
      const times = s.drawerItems.map(createdTime)
      assert.deepStrictEqual(times, [...times].sort((a, b) => b - a), "newest first")
      const newestOfAll = Math.max(...s.items.map(createdTime))
      assert.strictEqual(times[0], newestOfAll)
      assert.isTrue(s.hasNext)
      assert.deepStrictEqual(s.counter, { slash: "/", count: s.itemsCount, label: translate("cs", "wishlist_counter_items", { count: s.itemsCount }) })
      assert.strictEqual(s.counter?.label, new Intl.PluralRules("cs").select(s.itemsCount) === "few" ? "položky" : "položek")
      assert.isDefined(s.mainWishListId)
    }).pipe(Effect.provide(layer)))

  it.effect("data fetched less than 60 s ago is served from the cache (§9)", () =>
    Effect.gen(function*() {
      yield* logIn("silver")
      const wishlist = yield* Wishlist
      yield* wishlist.load()
      assert.lengthOf(getItems(), 1)
      yield* TestClock.adjust(wishlistCacheMs - 1)
      yield* wishlist.load()
      assert.lengthOf(getItems(), 1)
      yield* TestClock.adjust(1)
      yield* wishlist.load()
      assert.lengthOf(getItems(), 2)
      yield* wishlist.load({ force: true })
      assert.lengthOf(getItems(), 3)
      assert.strictEqual(wishlistCacheMs, 60_000)
    }).pipe(Effect.provide(layer)))

  it.effect("adding to the main list raises the count (§4); adding to a new list leaves it and names its page (§2)", () =>
    Effect.gen(function*() {
      const before = yield* logIn("silver")
      const wishlist = yield* Wishlist
      const added = yield* wishlist.add(yield* freshVariant("silver"))
      assert.strictEqual(added.itemsCount, before.itemsCount + 1)
      assert.strictEqual(added.counter?.count, before.itemsCount + 1)
      const intoNew = yield* wishlist.add(yield* freshVariant("silver", 1), { kind: "new", newWishlistName: listName() })
      assert.strictEqual(intoNew.itemsCount, added.itemsCount)
      assert.isDefined(intoNew.created)
      assert.strictEqual(intoNew.created!.detailUrl, wishlistDetailUrl(cz, intoNew.created!.wishListId))
      assert.match(intoNew.created!.detailUrl, /^\/oblibene-detail\/\d+$/)
    }).pipe(Effect.provide(layer)))

  it.effect("deleting a main-list item lowers the count; the drawer follows", () =>
    Effect.gen(function*() {
      const wishlist = yield* Wishlist
      yield* logIn("silver")
      const withItem = yield* wishlist.add(yield* freshVariant("silver"))
      const newest = withItem.drawerItems[0]!
      const after = yield* wishlist.deleteItem(newest)
      assert.strictEqual(after.itemsCount, withItem.itemsCount - 1)
      assert.isFalse(after.items.some((i) => i.wishListItemId === newest.wishListItemId))
    }).pipe(Effect.provide(layer)))

  it.effect("moving an item to the cart adds it to the cart, removes it from the list (count - 1) and signals CartChanged", () =>
    Effect.gen(function*() {
      const wishlist = yield* Wishlist
      yield* logIn("silver")
      const withItem = yield* wishlist.add(yield* freshVariant("silver"))
      const signals = yield* recordSignals
      const item = withItem.drawerItems[0]!
      const after = yield* wishlist.moveToCart(item)
      assert.strictEqual(after.itemsCount, withItem.itemsCount - 1)
      assert.lengthOf(harness.sent("PUT", "/api/v2/cart.cart-api/add-to-cart"), 1)
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "CartChanged"), [{ _tag: "CartChanged", source: "wishlist" }])
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("a refused list creation (duplicate name) shows describedBy in the opened drawer for exactly 5 s (§8)", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      const wishlist = yield* Wishlist
      const name = listName()
      yield* wishlist.saveWishlist(name)
      const signals = yield* recordSignals
      const before = yield* state
      const error = yield* Effect.flip(wishlist.saveWishlist(name))
      assert.strictEqual(error._tag, "WishlistFailed")
      const shown = yield* state
      assert.isString(shown.message)
      assert.strictEqual(error._tag === "WishlistFailed" && error.message, shown.message)
      assert.deepStrictEqual(shown.wishlists, before.wishlists, "the lists are kept")
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag !== "SessionChanged"), [{ _tag: "OpenDrawer", drawer: "wishlist" }])
      yield* TestClock.adjust(wishlistMessageMs - 1)
      assert.strictEqual((yield* state).message, shown.message)
      yield* TestClock.adjust(1)
      assert.isUndefined((yield* state).message)
      assert.strictEqual(wishlistMessageMs, 5000)
    }).pipe(Effect.scoped, Effect.provide(layer)))

  it.effect("removing the main list is refused by the server and shown in the drawer", () =>
    Effect.gen(function*() {
      const s = yield* logIn("gold")
      const wishlist = yield* Wishlist
      const error = yield* Effect.flip(wishlist.removeWishlist(s.mainWishListId!))
      assert.strictEqual(error._tag, "WishlistFailed")
      assert.isString((yield* state).message)
    }).pipe(Effect.provide(layer)))

  it.effect("a refusal without describedBy shows the status text", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      harness.server.use(http.post(url(api("save-wishlist")), () => HttpResponse.json({ _tag: "WishlistRejected", redirect: false }, { status: 422 })))
      const wishlist = yield* Wishlist
      yield* Effect.flip(wishlist.saveWishlist(listName()))
      assert.strictEqual((yield* state).message, "Unprocessable Entity")
    }).pipe(Effect.provide(layer)))

  it.effect("a refusal with redirect true goes to its url; a url to another site goes to the wishlist page (§8)", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      const signals = yield* recordSignals
      const wishlist = yield* Wishlist
      harness.server.use(
        http.delete(url(api("remove-wishlist")), () =>
          HttpResponse.json({ _tag: "WishlistRejected", redirect: true, url: "/muj-ucet/oblibene" }, { status: 422 }), { once: true }),
        http.delete(url(api("remove-wishlist")), () =>
          HttpResponse.json({ _tag: "WishlistRejected", redirect: true, url: "https://evil.example/" }, { status: 422 }))
      )
      const first = yield* Effect.flip(wishlist.removeWishlist(12345))
      assert.strictEqual(first._tag === "WishlistFailed" && first.redirectUrl, "/muj-ucet/oblibene")
      yield* Effect.flip(wishlist.removeWishlist(12345))
      assert.deepStrictEqual((yield* signals).filter((s) => s._tag === "Redirect"), [
        { _tag: "Redirect", url: "/muj-ucet/oblibene" },
        { _tag: "Redirect", url: cz.urlKeys.wishlist }
      ])
      assert.isUndefined((yield* state).message, "a redirect shows no drawer message")
    }).pipe(Effect.scoped, Effect.provide(layer)))

  for (const [name, fault, message] of [
    ["5xx", faults.serverError, "Internal Server Error"],
    ["429", faults.tooMany, "Too Many Requests"],
    ["reset", faults.reset, "unknown_error"],
    ["malformed JSON", faults.malformed, "unknown_error"]
  ] as const) {
    it.effect(`an add answered by ${name} shows "${message}" for 5 s and keeps the list`, () =>
      Effect.gen(function*() {
        const before = yield* logIn("gold")
        harness.server.use(http.put(url(api("add")), fault))
        const wishlist = yield* Wishlist
        const error = yield* Effect.flip(wishlist.add(yield* freshVariant("gold")))
        assert.strictEqual(error._tag, "WishlistFailed")
        const after = yield* state
        assert.strictEqual(after.message, message)
        assert.deepStrictEqual(after.items, before.items)
        assert.strictEqual(after.itemsCount, before.itemsCount)
        assert.isFalse(after.loading)
        assert.lengthOf(harness.sent("PUT", api("add")), 1, "a PUT without an idempotency key is not retried")
      }).pipe(Effect.provide(layer)))
  }

  it.effect("an add that times out (5 s) shows the request-timeout key", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      harness.server.use(http.put(url(api("add")), harness.hang))
      const wishlist = yield* Wishlist
      const exit = yield* harness.drive(wishlist.add(yield* freshVariant("gold")), { stepMs: 1000 })
      assert.strictEqual(failureOf(exit)?._tag, "WishlistFailed")
      assert.strictEqual((yield* state).message, "err_request_timeout")
    }).pipe(Effect.provide(layer)))

  it.effect("a load failing with 5xx (GET: retried, then given up) keeps the items and shows nothing", () =>
    Effect.gen(function*() {
      const before = yield* logIn("gold")
      harness.server.use(http.get(url(api("get-items")), faults.unavailable))
      const wishlist = yield* Wishlist
      const exit = yield* harness.drive(wishlist.load({ force: true }), { stepMs: 500 })
      assert.strictEqual(failureOf(exit)?._tag, "WishlistFailed")
      const after = yield* state
      assert.deepStrictEqual(after.items, before.items)
      assert.isUndefined(after.message)
    }).pipe(Effect.provide(layer)))

  it.effect("logging out clears the wishlist (SessionChanged for a guest)", () =>
    Effect.gen(function*() {
      yield* logIn("gold")
      const account = yield* Account
      yield* account.logout
      yield* harness.settle
      const s = yield* state
      assert.strictEqual(s.itemsCount, 0)
      assert.lengthOf(s.items, 0)
      assert.isUndefined(s.counter)
    }).pipe(Effect.provide(layer)))

  it.effect("the legacy API: getItems for the drawer, addItem by article, deleteItem", () =>
    Effect.gen(function*() {
      const before = yield* logIn("silver")
      assert.lengthOf(harness.sent("GET", "/api/wishlist/getItems/"), 1)
      const wishlist = yield* Wishlist
      const added = yield* wishlist.addArticle(yield* freshVariant("silver"))
      assert.strictEqual(added.itemsCount, before.itemsCount + 1)
      const removed = yield* wishlist.deleteItem(added.drawerItems[0]!)
      assert.strictEqual(removed.itemsCount, before.itemsCount)
      assert.lengthOf(harness.sent("DELETE", "/api/wishlist/deleteItem/"), 1)
      assert.lengthOf(getItems(), 0, "the new API is not used")
    }).pipe(Effect.provide(layerWith(Wishlist.layerWith({ api: "legacy" })))))
})
