/**
 * The legacy cart widget group (§7 "Legacy cart widget") against the real server in-process, through the derived
 * client: get, put (idempotent), change amount, delete, services, certificates, move to wishlist and coupon
 * migration; 400 for malformed amounts, 404 for unknown things, 422 for refusals, 401 for guests' wishlist moves.
 */
import { afterAll, assert, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { idempotencyKeyHeader } from "../../core/api/headers.ts"
import { LegacyCartGroup } from "../../core/api/legacyCart.ts"
import { demoEmail } from "../../demo/server/db/seed/seed.ts"
import { cartFlashKeys } from "../../demo/server/domain/cart/errors.ts"
import { round2 } from "../../demo/server/domain/cart/money.ts"
import { LegacyCartHandlers } from "../../demo/server/handlers/legacyCart.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import {
  cartProbe,
  codesOf,
  customerIdOf,
  eventually,
  findVariant,
  logInByDatabase,
  notificationsOf,
  offersOf,
  rawCartSession
} from "./cartSupport.ts"

const probe = cartProbe()
const backend = backendFor(groupsOf(LegacyCartGroup), LegacyCartHandlers, probe.layer)
afterAll(() => backend.dispose())

const start = Effect.gen(function*() {
  const client = yield* makeShopClient(testBaseUrl)
  const session = yield* bootstrapSession(client)
  return { client, session }
})

describe("legacyCart (server)", () => {
  it.effect("get answers the empty widget cart; put adds a variant with services and a redirect", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const empty = yield* client.legacyCart.get()
      expect(empty).toEqual({ articles: [], itemCount: 0, cartPrice: 0 })
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, withBundles: true }))
      const offers = yield* probe.use((sql) => offersOf(sql, variant.product_id))
      const warranty = offers.find((offer) => offer.type === "warranty")!
      const put = yield* client.legacyCart.put({
        payload: { variantId: variant.variant_id, amount: 2, services: [{ type: "warranty", id: warranty.bundle_id }], hasRedirect: true }
      })
      expect(put.redirectUrl).toBe("/kosik")
      expect(put.itemCount).toBe(1)
      const item = put.articles[0]!
      expect(item).toMatchObject({ count: 2, actual_price: variant.price, currency_abr: "CZK" })
      expect(item.warranty).toMatchObject({ id: warranty.bundle_id, active: true, actual_price: warranty.price })
      expect(item.price).toBe(round2(2 * (variant.price + warranty.price)))
      expect(put.cartPrice).toBe(item.price)
      assert.isTrue(yield* eventually(() => notificationsOf(probe, session.cartId) >= 1))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("put with a bonus set, and with an unknown variant (404), an out-of-stock variant (422)", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const sets = yield* probe.use((sql) =>
        sql<{ readonly bonus_set_id: number }>`SELECT bonus_set_id FROM bonus_sets WHERE shop_id = 'CZ10MA' ORDER BY bonus_set_id`)
      const none = yield* probe.use((sql) => findVariant(sql, { min: 0, max: 0 }))
      const results = yield* Effect.forEach(sets, (set) => Effect.result(client.legacyCart.put({ payload: { bonusSetId: set.bonus_set_id, amount: 1 } })))
      assert.isTrue(results.some((result) => result._tag === "Success"))
      const unknown = yield* Effect.flip(client.legacyCart.put({ payload: { variantId: 99_999_999, amount: 1 } }))
      expect(unknown._tag).toBe("NotFound")
      const empty = yield* Effect.flip(client.legacyCart.put({ payload: { variantId: none.variant_id, amount: 1 } }))
      expect(empty).toMatchObject({ _tag: "Unprocessable", message: cartFlashKeys.outOfStock, field: "amount" })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("changeAmount sets the count, refuses more than the stock (422) and unknown items (404); delete removes the line", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const low = yield* probe.use((sql) => findVariant(sql, { min: 2, max: 3 }))
      const put = yield* client.legacyCart.put({ payload: { variantId: low.variant_id, amount: 1 } })
      const id = put.articles[0]!.id!
      const changed = yield* client.legacyCart.changeAmount({ payload: { id, amount: 2, servicePlacement: "drawer" } })
      expect(changed.articles[0]!.count).toBe(2)
      const over = yield* Effect.flip(client.legacyCart.changeAmount({ payload: { id, amount: low.in_stock + 1 } }))
      expect(over).toMatchObject({ _tag: "Unprocessable", message: cartFlashKeys.stockExceeded })
      const unknown = yield* Effect.flip(client.legacyCart.changeAmount({ payload: { id: 987_654, amount: 1 } }))
      expect(unknown._tag).toBe("NotFound")
      const deleted = yield* client.legacyCart.delete({ payload: { id } })
      expect(deleted.articles).toEqual([])
      expect((yield* Effect.flip(client.legacyCart.delete({ payload: { id } })))._tag).toBe("NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("services: add and delete warranty, insurance, digital content and return guarantee change the price", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, withBundles: true, skip: 1 }))
      const offers = yield* probe.use((sql) => offersOf(sql, variant.product_id))
      const of = (type: string) => offers.find((offer) => offer.type === type)!.bundle_id
      const put = yield* client.legacyCart.put({ payload: { variantId: variant.variant_id, amount: 1 } })
      const articleId = put.articles[0]!.articleId!
      yield* client.legacyCart.addWarranty({ payload: { articleId, warranty: of("warranty") } })
      yield* client.legacyCart.addInsurance({ payload: { articleId, insurance: of("insurance") } })
      yield* client.legacyCart.addDigital({ payload: { articleId, digital: of("digital") } })
      const all = yield* client.legacyCart.addGuarantee({ payload: { articleId, return_guarantee: of("return_guarantee") } })
      const servicesTotal = ["warranty", "insurance", "digital", "return_guarantee"]
        .map((type) => offers.find((offer) => offer.type === type)!.price)
        .reduce((a, b) => a + b, 0)
      expect(all.articles[0]!.price).toBe(round2(variant.price + servicesTotal))
      expect(all.articles[0]!.bundles!.filter((bundle) => bundle.active === true).length).toBe(4)
      yield* client.legacyCart.deleteWarranty({ payload: { articleId } })
      yield* client.legacyCart.deleteInsurance({ payload: { articleId } })
      yield* client.legacyCart.deleteDigital({ payload: { bundleId: of("digital"), id: articleId } })
      const none = yield* client.legacyCart.deleteGuarantee({ payload: { articleId } })
      expect(none.articles[0]!.price).toBe(variant.price)
      const wrongType = yield* Effect.flip(client.legacyCart.addWarranty({ payload: { articleId, warranty: of("insurance") } }))
      expect(wrongType._tag).toBe("NotFound")
      const unknownItem = yield* Effect.flip(client.legacyCart.deleteWarranty({ payload: { articleId: 999_999 } }))
      expect(unknownItem._tag).toBe("NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("certificates: a gift certificate lowers the cart price; unknown 404, twice 422; remove; migrate coupons", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 2 }))
      const codes = yield* probe.use((sql) => codesOf(sql))
      const gift = codes.filter((code) => code.type === "G")[2]!
      const sale = codes.find((code) => code.type === "D" && code.valid)!
      yield* client.legacyCart.put({ payload: { variantId: variant.variant_id, amount: 1 } })
      const applied = yield* client.legacyCart.addCertificate({ payload: { code: gift.code } })
      expect(applied.cartPrice).toBe(round2(Math.max(0, variant.price - gift.amount!)))
      expect(applied.flashMessages?.[0]).toMatchObject({ message: cartFlashKeys.discountApplied, type: "success" })
      expect((yield* Effect.flip(client.legacyCart.addCertificate({ payload: { code: "NOPE-123" } })))._tag).toBe("NotFound")
      expect(yield* Effect.flip(client.legacyCart.addCertificate({ payload: { code: gift.code } }))).toMatchObject({
        _tag: "Unprocessable",
        message: cartFlashKeys.discountAlreadyApplied
      })
      const removed = yield* client.legacyCart.removeCertificate({ payload: { code: gift.code } })
      expect(removed.cartPrice).toBe(variant.price)
      expect((yield* Effect.flip(client.legacyCart.removeCertificate({ payload: { code: gift.code } })))._tag).toBe("NotFound")
      // coupons go to Allegro only for a logged-in customer with coupons
      expect((yield* Effect.flip(client.legacyCart.migrateCouponsToAllegro()))._tag).toBe("Unprocessable")
      yield* client.legacyCart.addCertificate({ payload: { code: sale.code } })
      expect(yield* Effect.flip(client.legacyCart.migrateCouponsToAllegro())).toMatchObject({ message: cartFlashKeys.loginRequired })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("addToWishlist needs a login (401); a customer's article moves to the main wishlist and leaves the cart", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 3 }))
      const put = yield* client.legacyCart.put({ payload: { variantId: variant.variant_id, amount: 1 } })
      const articleId = put.articles[0]!.articleId!
      const guest = yield* Effect.flip(client.legacyCart.addToWishlist({ payload: { articleId, amount: 2 } }))
      expect(guest).toMatchObject({ _tag: "LoginRequired", redirectUrl: "/prihlaseni" })
      const customerId = yield* probe.use((sql) => customerIdOf(sql, demoEmail("loyalty", "CZ")))
      yield* probe.use((sql) => logInByDatabase(sql, session.cartId, customerId))
      yield* bootstrapSession(client)
      const again = yield* client.legacyCart.put({ payload: { variantId: variant.variant_id, amount: 1 } })
      const moved = yield* client.legacyCart.addToWishlist({ payload: { articleId: again.articles[0]!.articleId!, amount: 2 } })
      expect(moved.articles.some((article) => article.articleId === again.articles[0]!.articleId)).toBe(false)
      const stored = yield* probe.use((sql) =>
        sql<{ readonly amount: number }>`
          SELECT wi.amount FROM wishlist_items wi JOIN wishlists w USING (wishlist_id)
          WHERE w.customer_id = ${customerId} AND w.is_main AND wi.variant_id = ${variant.variant_id}`)
      expect(stored).toEqual([{ amount: 2 }])
      // coupons migrate for a logged-in customer
      const sale = (yield* probe.use((sql) => codesOf(sql))).find((code) => code.type === "D" && code.valid)!
      yield* client.legacyCart.put({ payload: { variantId: variant.variant_id, amount: 1 } })
      yield* client.legacyCart.addCertificate({ payload: { code: sale.code } })
      const migrated = yield* client.legacyCart.migrateCouponsToAllegro()
      expect(migrated.flashMessages?.[0]?.message).toBe(cartFlashKeys.couponsMigrated)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the same put sent twice with one idempotency-key applies once; another payload with it is 422", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 4 }))
      const send = (amount: number, key: string) =>
        Effect.promise(() =>
          raw.send("PUT", "/api/cart/put/", { body: { variantId: variant.variant_id, amount }, headers: { [idempotencyKeyHeader]: key } }))
      const first = yield* send(3, "retry-1")
      const second = yield* send(3, "retry-1")
      expect(first.status).toBe(200)
      expect(second).toEqual(first)
      expect(first.json.articles[0].count).toBe(3)
      const current = yield* Effect.promise(() => raw.send("GET", "/api/cart/get/"))
      expect(current.json.articles[0].count).toBe(3)
      const reused = yield* send(4, "retry-1")
      expect(reused.status).toBe(422)
      const fresh = yield* send(1, "retry-2")
      expect(fresh.json.articles[0].count).toBe(4)
    }))

  it.effect("malformed amounts are refused by the contract with a 400 naming the field", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      for (const amount of [0, 31, "abc", 1.5]) {
        const answer = yield* Effect.promise(() => raw.send("PUT", "/api/cart/put/", { body: { variantId: 1, amount } }))
        expect(answer.status, String(amount)).toBe(400)
        assert.include(JSON.stringify(answer.json), "amount")
      }
      const both = yield* Effect.promise(() => raw.send("PUT", "/api/cart/put/", { body: { variantId: 1, bonusSetId: 1, amount: 1 } }))
      expect(both.status).toBe(400)
      const change = yield* Effect.promise(() => raw.send("POST", "/api/cart/changeAmount/", { body: { id: 1, amount: 0 } }))
      expect(change.status).toBe(400)
      assert.include(JSON.stringify(change.json), "amount")
    }))

  it.effect("a change without the csrf token is 403 and changes nothing", () =>
    Effect.gen(function*() {
      const response = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/cart/put/`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ variantId: 1, amount: 1 })
        })))
      expect(response.status).toBe(403)
    }))
})
