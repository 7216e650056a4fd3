/**
 * The new cart's item group (§7 "New cart and checkout") against the real server in-process, through the derived
 * client: add to cart (idempotent), change amount (bursts included), delete, the four services, discount
 * certificates; refusals answer 200 with status error and flashes, unknown things 404, malformed amounts 400; every
 * change sends the live-data notification.
 */
import { afterAll, assert, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { CartGroup } from "../../core/api/cart.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { idempotencyKeyHeader } from "../../core/api/headers.ts"
import { deleteIdsParam } from "../../core/domain/cart.ts"
import { maxQuantity } from "../../core/domain/quantity.ts"
import { cartFlashKeys } from "../../demo/server/domain/cart/errors.ts"
import { round2 } from "../../demo/server/domain/cart/money.ts"
import { CartHandlers, itemIdsOf } from "../../demo/server/handlers/cart.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import { cartProbe, codesOf, eventually, findVariant, notificationsOf, offersOf, rawCartSession } from "./cartSupport.ts"

const probe = cartProbe()
const backend = backendFor(groupsOf(CartGroup), CartHandlers, probe.layer)
afterAll(() => backend.dispose())

const start = Effect.gen(function*() {
  const client = yield* makeShopClient(testBaseUrl)
  const session = yield* bootstrapSession(client)
  return { client, session }
})

describe("cart (server)", () => {
  it.effect("addToCart answers the extended cart with items and billing methods, or a summary; notifies", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10 }))
      const summary = yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1, context: "detail" } })
      expect(summary.status).toEqual({ status: "ok" })
      expect(summary.cart).toMatchObject({ cartId: String(session.cartId), pieces: 1, itemCount: 1 })
      assert.isUndefined(summary.cart?.articles)
      const extended = yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 2, extended: true } })
      expect(extended.cart?.articles?.[0]).toMatchObject({ variantId: variant.variant_id, count: 3 })
      expect(extended.cartItems?.length).toBe(1)
      assert.property(extended.billingMethods, "CZC")
      expect(extended.cart?.total?.total).toBe(round2(3 * variant.price))
      assert.isTrue(yield* eventually(() => notificationsOf(probe, session.cartId) >= 2))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("addToCart: an unknown variant is 404; an out-of-stock one is a 200 error with the flash", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const none = yield* probe.use((sql) => findVariant(sql, { min: 0, max: 0 }))
      expect((yield* Effect.flip(client.cart.addToCart({ payload: { variantId: 99_999_999, amount: 1 } })))._tag).toBe("NotFound")
      const refused = yield* client.cart.addToCart({ payload: { variantId: none.variant_id, amount: 1 } })
      expect(refused.status).toEqual({
        status: "error",
        flashMessages: [{ message: cartFlashKeys.outOfStock, type: "danger", cat: "cart" }]
      })
      expect(refused.cart?.itemCount).toBe(0)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("changeAmount sets the count; above the stock is a flash; unknown items 404", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const low = yield* probe.use((sql) => findVariant(sql, { min: 2, max: 3 }))
      const added = yield* client.cart.addToCart({ payload: { variantId: low.variant_id, amount: 1, extended: true } })
      const id = added.cart!.articles![0]!.cartItemId!
      const changed = yield* client.cart.changeAmount({ payload: { id, amount: 2, extended: true } })
      expect(changed.cart?.articles?.[0]?.count).toBe(2)
      const over = yield* client.cart.changeAmount({ payload: { id, amount: low.in_stock + 1 } })
      expect(over.status?.status).toBe("error")
      expect(over.status?.flashMessages?.[0]?.message).toBe(cartFlashKeys.stockExceeded)
      expect(over.cart?.pieces).toBe(2)
      expect((yield* Effect.flip(client.cart.changeAmount({ payload: { id: 424_242, amount: 1 } })))._tag).toBe("NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a concurrent burst of change-amount calls leaves one consistent count", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 40, skip: 1 }))
      const added = yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1, extended: true } })
      const id = added.cart!.articles![0]!.cartItemId!
      const amounts = [5, 9, 2, 17, 30, 11, 4, 23]
      const answers = yield* Effect.all(amounts.map((amount) => client.cart.changeAmount({ payload: { id, amount, extended: true } })), {
        concurrency: "unbounded"
      })
      for (const [index, answer] of answers.entries()) expect(answer.status?.status, String(amounts[index])).toBe("ok")
      const final = yield* client.cart.changeAmount({ payload: { id, amount: 1, extended: true } })
      expect(final.cart?.articles?.[0]?.count).toBe(1)
      const rows = yield* probe.use((sql) => sql<{ readonly count: number }>`SELECT count FROM cart_items WHERE cart_item_id = ${id}`)
      expect(rows).toEqual([{ count: 1 }])
      const counts = answers.map((answer) => answer.cart!.articles![0]!.count)
      for (const count of counts) assert.include(amounts, count)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("50 concurrent adds of each of two articles to one cart lose no update: the counts are what stock and the 1..30 limit allow", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const scarce = yield* probe.use((sql) => findVariant(sql, { min: 5, max: 20, skip: 4 }))
      const plenty = yield* probe.use((sql) => findVariant(sql, { min: 60, skip: 5 }))
      const versionOf = () =>
        probe.use((sql) => sql<{ readonly version: number }>`SELECT version FROM carts WHERE cart_id = ${session.cartId}`)
      const before = (yield* versionOf())[0]?.version ?? 0
      const adds = (variantId: number) =>
        Array.from({ length: 50 }, () => client.cart.addToCart({ payload: { variantId, amount: 1 } }))
      const answers = yield* Effect.all([...adds(scarce.variant_id), ...adds(plenty.variant_id)], { concurrency: "unbounded" })
      const scarceAnswers = answers.slice(0, 50)
      const plentyAnswers = answers.slice(50)
      const messagesOf = (list: typeof answers) => list.map((answer) => answer.status?.flashMessages?.[0]?.message ?? answer.status?.status)
      // the scarce article: exactly its stock is taken, every other add is refused with the stock flash
      expect(messagesOf(scarceAnswers).filter((message) => message === "ok")).toHaveLength(scarce.in_stock)
      expect(messagesOf(scarceAnswers).filter((message) => message === cartFlashKeys.stockExceeded)).toHaveLength(50 - scarce.in_stock)
      // the plentiful one: 30 adds (the most a line holds), then 20 clamped with the notice
      expect(messagesOf(plentyAnswers).filter((message) => message === "ok")).toHaveLength(maxQuantity)
      expect(messagesOf(plentyAnswers).filter((message) => message === cartFlashKeys.amountClamped)).toHaveLength(50 - maxQuantity)
      const rows = yield* probe.use((sql) =>
        sql<{ readonly variant_id: number; readonly count: number }>`
          SELECT variant_id, count FROM cart_items WHERE cart_id = ${session.cartId} ORDER BY variant_id`)
      expect(rows).toEqual(
        [{ variant_id: scarce.variant_id, count: scarce.in_stock }, { variant_id: plenty.variant_id, count: maxQuantity }]
          .sort((a, b) => a.variant_id - b.variant_id)
      )
      // every applied change bumped the version once; the refused ones rolled back
      expect((yield* versionOf())[0]?.version).toBe(before + scarce.in_stock + 50)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("deleteItems removes the lines by ids joined by commas; unknown ids are ignored", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const a = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 2 }))
      const b = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 3 }))
      yield* client.cart.addToCart({ payload: { variantId: a.variant_id, amount: 1 } })
      const both = yield* client.cart.addToCart({ payload: { variantId: b.variant_id, amount: 1, extended: true } })
      const ids = both.cart!.articles!.map((article) => article.cartItemId!)
      const one = yield* client.cart.deleteItems({ query: { ids: deleteIdsParam([ids[0]!, 777_777]) } })
      expect(one.cart?.articles?.map((article) => article.cartItemId)).toEqual([ids[1]])
      const none = yield* client.cart.deleteItems({ query: { ids: deleteIdsParam(ids) } })
      expect(none.cart?.articles).toEqual([])
      expect(none.cart?.total?.total).toBe(0)
      const again = yield* client.cart.deleteItems({ query: { ids: deleteIdsParam(ids) } })
      expect(again.status?.status).toBe("ok")
      expect(itemIdsOf("3,x, 4,0,-1")).toEqual([3, 4])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("services: add and remove warranty, insurance, digital and return guarantee change the totals", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, withBundles: true, skip: 2 }))
      const offers = yield* probe.use((sql) => offersOf(sql, variant.product_id))
      const of = (type: string) => offers.find((offer) => offer.type === type)!
      const added = yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 2, extended: true } })
      const id = added.cart!.articles![0]!.cartItemId!
      const base = round2(2 * variant.price)
      const pairs = [
        [client.cart.addWarranty, client.cart.removeWarranty, "warranty"],
        [client.cart.addInsurance, client.cart.removeInsurance, "insurance"],
        [client.cart.addDigital, client.cart.removeDigital, "digital"],
        [client.cart.addReturnGuarantee, client.cart.removeReturnGuarantee, "return_guarantee"]
      ] as const
      for (const [add, remove, type] of pairs) {
        const bundleId = of(type).bundle_id
        const on = yield* add({ payload: { id, bundleId, extended: true } })
        expect(on.cart?.price?.total, type).toBe(round2(base + 2 * of(type).price))
        expect(on.cart?.summary?.hasServices).toBe(true)
        const off = yield* remove({ payload: { id, bundleId, extended: true } })
        expect(off.cart?.price?.total, type).toBe(base)
      }
      expect((yield* Effect.flip(client.cart.addWarranty({ payload: { id, bundleId: of("insurance").bundle_id } })))._tag)
        .toBe("NotFound")
      expect((yield* Effect.flip(client.cart.removeWarranty({ payload: { id: 999_999, bundleId: 1 } })))._tag).toBe("NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("discount certificates change the totals; unknown or expired codes are 200 errors with flashes", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 5 }))
      const codes = yield* probe.use((sql) => codesOf(sql))
      const sale = codes.find((code) => code.type === "D" && code.valid)!
      const expired = codes.find((code) => code.type === "D" && !code.valid)!
      yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
      const applied = yield* client.cart.addDiscountCertificate({ payload: { code: sale.code, extended: true } })
      const value = round2((variant.price * sale.percent!) / 100)
      expect(applied.status?.status).toBe("ok")
      expect(applied.cart?.discounts).toMatchObject({ value, codes: [{ code: sale.code, type: "D", value }] })
      expect(applied.cart?.total?.total).toBe(round2(variant.price - value))
      const unknown = yield* client.cart.addDiscountCertificate({ payload: { code: "UNKNOWN-1", extended: true } })
      expect(unknown.status?.flashMessages?.[0]).toMatchObject({ message: cartFlashKeys.discountUnknown, type: "danger" })
      const old = yield* client.cart.addDiscountCertificate({ payload: { code: expired.code, extended: true } })
      expect(old.status).toMatchObject({ status: "error", flashMessages: [{ message: cartFlashKeys.discountExpired }] })
      const removed = yield* client.cart.removeDiscountCertificate({ payload: { code: sale.code, extended: true } })
      expect(removed.cart?.total?.total).toBe(variant.price)
      const twice = yield* client.cart.removeDiscountCertificate({ payload: { code: sale.code, extended: true } })
      expect(twice.status?.flashMessages?.[0]?.message).toBe(cartFlashKeys.discountNotApplied)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the same add-to-cart sent twice with one idempotency-key applies once and answers the same", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 6 }))
      const before = notificationsOf(probe, raw.cartId())
      const send = (key: string, amount = 2) =>
        Effect.promise(() =>
          raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", {
            body: { variantId: variant.variant_id, amount, extended: true },
            headers: { [idempotencyKeyHeader]: key }
          }))
      const first = yield* send("k-1")
      const second = yield* send("k-1")
      expect(first.status).toBe(200)
      expect(second).toEqual(first)
      expect(first.json.cart.articles[0].count).toBe(2)
      const rows = yield* probe.use((sql) =>
        sql<{ readonly count: number }>`SELECT count FROM cart_items WHERE cart_id = ${raw.cartId()}`)
      expect(rows).toEqual([{ count: 2 }])
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
      expect(notificationsOf(probe, raw.cartId()) - before).toBe(1)
      const reused = yield* send("k-1", 3)
      expect(reused.json.status).toMatchObject({ status: "error", flashMessages: [{ message: cartFlashKeys.idempotencyKeyReused }] })
      const other = yield* send("k-2")
      expect(other.json.cart.articles[0].count).toBe(4)
      // the derived client sends a fresh key per logical call
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
      const again = yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1, extended: true } })
      expect(again.cart?.articles?.[0]?.count).toBe(2)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("amounts 0, 31, \"abc\" and 1.5 are refused by the contract with a 400 naming the field", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      for (const amount of [0, 31, "abc", 1.5, null]) {
        const add = yield* Effect.promise(() =>
          raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", { body: { variantId: 1, amount } }))
        expect(add.status, JSON.stringify(amount)).toBe(400)
        assert.include(JSON.stringify(add.json), "amount")
        const change = yield* Effect.promise(() =>
          raw.send("POST", "/api/v2/cart.cart-api/change-amount", { body: { id: 1, amount } }))
        expect(change.status, JSON.stringify(amount)).toBe(400)
        assert.include(JSON.stringify(change.json), "amount")
      }
      const malformed = yield* Effect.promise(() =>
        raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", { rawBody: "{not json" }))
      expect(malformed.status).toBe(400)
      assert.notInclude(JSON.stringify(malformed.json), "    at ")
      const emptyIds = yield* Effect.promise(() => raw.send("DELETE", "/api/v2/cart.cart-api/delete-items?ids="))
      expect(emptyIds.status).toBe(400)
    }))
})
