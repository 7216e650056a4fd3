/**
 * The cart engine (demo/server/domain/cart/) and the idempotency helper on an in-memory, seeded database: the
 * §3 Cart shape and totals, quantity and stock rules (§5), bundles, discounts (G/D/A), payment filtering (§4, §5),
 * the live-data notification after every change, idempotent replays, and concurrent changes.
 */
import { assert, describe, expect, layer } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { maxQuantity } from "../../core/domain/quantity.ts"
import { cartChangedChannel, Database } from "../../demo/server/db/Database.ts"
import { makeReadCache, ReadCache } from "../../demo/server/db/ReadCache.ts"
import { addToCart } from "../../demo/server/domain/cart/adding.ts"
import { applyDiscount, removeDiscount } from "../../demo/server/domain/cart/discounts.ts"
import { attachBundle, detachBundle } from "../../demo/server/domain/cart/bundles.ts"
import { cartFlashKeys } from "../../demo/server/domain/cart/errors.ts"
import { changeAmount, deleteItems } from "../../demo/server/domain/cart/amounts.ts"
import { cleanSelectedPayment, selectBillingMethod, setInvoiceNote } from "../../demo/server/domain/cart/payment.ts"
import { loadBillingMethods } from "../../demo/server/domain/cart/billingMethods.ts"
import { loadCart } from "../../demo/server/domain/cart/entity.ts"
import { loadPurchase } from "../../demo/server/domain/cart/purchase.ts"
import { loadWidgetCart } from "../../demo/server/domain/cart/widget.ts"
import { type CartState, readCart, readCartCached } from "../../demo/server/domain/cart/reading.ts"
import { round2, valueDiscounts } from "../../demo/server/domain/cart/money.ts"
import { claimOf, fingerprintOf, withIdempotencyKey } from "../../demo/server/domain/idempotency.ts"
import { openCartFor } from "../../demo/server/domain/cart/ownership.ts"
import { freshDatabase } from "../support/server.ts"
import { codesOf, eventually, findVariant, offersOf } from "./cartSupport.ts"

const newCart = (shopId: "CZ10MA" | "SI10SI" = "CZ10MA") => openCartFor(shopId, null)

const sqlClient = Effect.gen(function*() {
  return yield* SqlClient.SqlClient
})

const flashOf = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.flip(effect), (error) => error)

layer(freshDatabase(), { timeout: 120_000 })("cart engine", (it) => {
  it.effect("a new cart loads empty with zero totals and no payment", () =>
    Effect.gen(function*() {
      const cartId = yield* newCart()
      const cart = yield* loadCart(cartId)
      expect(cart).toMatchObject({
        cartId: String(cartId),
        articles: [],
        pieces: 0,
        itemCount: 0,
        cartPrice: 0,
        selectedPayment: null,
        total: { total: 0, totalNoVat: 0 },
        hasDigitalContent: false
      })
    }))

  it.effect("adding a variant builds the §3 article and totals in the shop's currency", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 10, withBundles: true })
      const cartId = yield* newCart()
      const added = yield* addToCart(cartId, { variantId: variant.variant_id }, 2)
      const cart = yield* loadCart(cartId)
      const article = cart.articles![0]!
      expect(article).toMatchObject({
        articleId: added.itemId,
        cartItemId: added.itemId,
        variantId: variant.variant_id,
        count: 2,
        type: "variant",
        marketplacePartnerId: null,
        availability: { inStock: variant.in_stock }
      })
      expect(article.bundles!.length).toBeGreaterThanOrEqual(4)
      assert.isTrue(article.bundles!.every((bundle) => bundle.active === false))
      expect(cart.pieces).toBe(2)
      expect(cart.amount).toEqual({ pieces: 2 })
      expect(cart.itemCount).toBe(1)
      expect(cart.price!.total).toBe(round2(variant.price * 2))
      expect(cart.total!.total).toBe(round2(variant.price * 2))
      expect(cart.price!.base! + cart.price!.vat!).toBeCloseTo(cart.price!.total, 2)
      assert.isBelow(cart.total!.totalNoVat!, cart.total!.total)
      const widget = yield* loadWidgetCart(cartId, { extended: true })
      expect(widget.articles[0]).toMatchObject({ id: added.itemId, count: 2, currency_abr: "CZK", actual_price: variant.price })
      assert.isTrue((widget.articles[0]!.url ?? "").startsWith("/"))
      assert.isAbove(widget.articles[0]!.params!.length, 0)
    }))

  it.effect("adding the same variant again adds the pieces, clamped to 30 with a notice", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 60 })
      const cartId = yield* newCart()
      yield* addToCart(cartId, { variantId: variant.variant_id }, 20)
      const again = yield* addToCart(cartId, { variantId: variant.variant_id }, 20)
      expect(again.flashes.map((flash) => flash.message)).toEqual([cartFlashKeys.amountClamped])
      const cart = yield* loadCart(cartId)
      expect(cart.articles!.length).toBe(1)
      expect(cart.articles![0]!.count).toBe(maxQuantity)
    }))

  it.effect("stock: out of stock and above-stock adds and raises are refused; lowering is always allowed", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const none = yield* findVariant(sql, { min: 0, max: 0 })
      const low = yield* findVariant(sql, { min: 2, max: 3 })
      const cartId = yield* newCart()
      const outOfStock = yield* flashOf(addToCart(cartId, { variantId: none.variant_id }, 1))
      assert.strictEqual(outOfStock._tag, "CartRefused")
      if (outOfStock._tag === "CartRefused") expect(outOfStock.flash.message).toBe(cartFlashKeys.outOfStock)
      const tooMany = yield* flashOf(addToCart(cartId, { variantId: low.variant_id }, low.in_stock + 1))
      assert.strictEqual(tooMany._tag, "CartRefused")
      if (tooMany._tag === "CartRefused") {
        expect(tooMany.flash).toEqual({ message: cartFlashKeys.stockExceeded, type: "danger", cat: "cart" })
        expect(tooMany.field).toBe("amount")
      }
      const { itemId } = yield* addToCart(cartId, { variantId: low.variant_id }, low.in_stock)
      const raise = yield* flashOf(changeAmount(cartId, itemId, low.in_stock + 1))
      assert.strictEqual(raise._tag, "CartRefused")
      yield* changeAmount(cartId, itemId, 1)
      expect((yield* loadCart(cartId)).articles![0]!.count).toBe(1)
      // stock dropped below the count: lowering still works
      yield* changeAmount(cartId, itemId, low.in_stock)
      yield* sql`UPDATE stock SET in_stock = 1 WHERE variant_id = ${low.variant_id}`
      yield* changeAmount(cartId, itemId, low.in_stock - 1)
      expect((yield* loadCart(cartId)).articles![0]!.count).toBe(low.in_stock - 1)
      yield* sql`UPDATE stock SET in_stock = ${low.in_stock} WHERE variant_id = ${low.variant_id}`
      const unknown = yield* flashOf(changeAmount(cartId, 999_999, 2))
      expect(unknown._tag).toBe("CartNotFound")
      const otherShop = yield* findVariant(sql, { shopId: "SI10SI", min: 5 })
      expect((yield* flashOf(addToCart(cartId, { variantId: otherShop.variant_id }, 1)))._tag).toBe("CartNotFound")
    }))

  it.effect("a bonus set is an article of type bonus_set with its variants", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const sets = yield* sql<{ readonly bonus_set_id: number; readonly price: number }>`
        SELECT bs.bonus_set_id, bs.price::float8 AS price FROM bonus_sets bs
        WHERE bs.shop_id = 'CZ10MA' AND (SELECT min(st.in_stock) FROM bonus_set_items i JOIN stock st USING (variant_id)
                                         WHERE i.bonus_set_id = bs.bonus_set_id) > 0
        ORDER BY bonus_set_id LIMIT 1`
      const set = sets[0]!
      const cartId = yield* newCart()
      yield* addToCart(cartId, { bonusSetId: set.bonus_set_id }, 1)
      const cart = yield* loadCart(cartId)
      expect(cart.articles![0]).toMatchObject({ bonusSetId: set.bonus_set_id, type: "bonus_set", count: 1 })
      expect(cart.articles![0]!.variants!.length).toBe(2)
      expect(cart.total!.total).toBe(set.price)
    }))

  it.effect("bundles: attaching adds price x count to the totals, a warranty replaces the other, detaching removes it", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 10, withBundles: true })
      const offers = yield* offersOf(sql, variant.product_id)
      const [w2, w3] = offers.filter((offer) => offer.type === "warranty")
      const insurance = offers.find((offer) => offer.type === "insurance")!
      const cartId = yield* newCart()
      const { itemId } = yield* addToCart(cartId, { variantId: variant.variant_id }, 3)
      yield* attachBundle(cartId, itemId, "warranty", w2!.bundle_id)
      yield* attachBundle(cartId, itemId, "insurance", insurance.bundle_id)
      let cart = yield* loadCart(cartId)
      expect(cart.price!.total).toBe(round2(variant.price * 3 + w2!.price * 3 + insurance.price * 3))
      expect(cart.summary).toEqual({ hasServices: true })
      yield* attachBundle(cartId, itemId, "warranty", w3!.bundle_id)
      cart = yield* loadCart(cartId)
      const active = cart.articles![0]!.bundles!.filter((bundle) => bundle.active === true)
      expect(active.map((bundle) => bundle.id).sort()).toEqual([w3!.bundle_id, insurance.bundle_id].sort())
      yield* detachBundle(cartId, itemId, "insurance")
      yield* detachBundle(cartId, itemId, "warranty", w3!.bundle_id)
      cart = yield* loadCart(cartId)
      expect(cart.price!.total).toBe(round2(variant.price * 3))
      // a bundle of another type, or of another product, is not offered
      expect((yield* flashOf(attachBundle(cartId, itemId, "insurance", w2!.bundle_id)))._tag).toBe("CartNotFound")
      const widget = yield* loadWidgetCart(cartId, { extended: false })
      assert.isNull(widget.articles[0]!.warranty ?? null)
    }))

  it.effect("discounts: D takes its percent of the goods, A needs its minimum order, G adds up; one coupon per cart", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const codes = yield* codesOf(sql)
      const sale = codes.find((code) => code.type === "D" && code.valid)!
      const expired = codes.find((code) => code.type === "D" && !code.valid)!
      const action = codes.find((code) => code.type === "A")!
      const [gift1, gift2] = codes.filter((code) => code.type === "G")
      const variant = yield* findVariant(sql, { min: 10 })
      const cartId = yield* newCart()
      expect((yield* flashOf(applyDiscount(cartId, sale.code)))._tag).toBe("CartRefused") // empty cart
      yield* addToCart(cartId, { variantId: variant.variant_id }, 1)
      expect((yield* flashOf(applyDiscount(cartId, "NO-SUCH-CODE")))._tag).toBe("CartNotFound")
      const old = yield* flashOf(applyDiscount(cartId, expired.code))
      if (old._tag === "CartRefused") expect(old.flash.message).toBe(cartFlashKeys.discountExpired)
      else assert.fail("an expired code is refused")
      yield* applyDiscount(cartId, sale.code.toLowerCase())
      let cart = yield* loadCart(cartId)
      const saleValue = round2((variant.price * sale.percent!) / 100)
      expect(cart.discounts!.value).toBe(saleValue)
      expect(cart.total!.total).toBe(round2(variant.price - saleValue))
      const second = yield* flashOf(applyDiscount(cartId, action.code))
      if (second._tag === "CartRefused") expect(second.flash.message).toBe(cartFlashKeys.discountNotCombinable)
      else assert.fail("a second coupon is refused")
      const again = yield* flashOf(applyDiscount(cartId, sale.code))
      if (again._tag === "CartRefused") expect(again.flash.message).toBe(cartFlashKeys.discountAlreadyApplied)
      yield* applyDiscount(cartId, gift1!.code)
      yield* applyDiscount(cartId, gift2!.code)
      cart = yield* loadCart(cartId)
      const expected = Math.min(variant.price, round2(saleValue + gift1!.amount! + gift2!.amount!))
      expect(cart.discounts!.value).toBe(expected)
      expect(cart.discounts!.codes!.map((code) => code.type)).toEqual(["D", "G", "G"])
      expect(cart.total!.total).toBe(round2(variant.price - expected))
      yield* removeDiscount(cartId, sale.code)
      yield* removeDiscount(cartId, gift1!.code)
      yield* removeDiscount(cartId, gift2!.code)
      expect((yield* flashOf(removeDiscount(cartId, gift2!.code)))._tag).toBe("CartRefused")
      expect((yield* loadCart(cartId)).total!.total).toBe(variant.price)
    }))

  it("valueDiscounts: never more than the items, coupons before gift certificates, min order and validity respected", () => {
    const base = { title: "t", amount: null, percent: null, minOrder: null, valid: true } as const
    const valued = valueDiscounts(
      [
        { ...base, code: "G1", type: "G", amount: 500 },
        { ...base, code: "D1", type: "D", percent: 10 },
        { ...base, code: "A1", type: "A", amount: 250, minOrder: 5000 },
        { ...base, code: "X", type: "D", percent: 50, valid: false }
      ],
      1000,
      1200
    )
    expect(valued.codes.map((code) => [code.code, code.value])).toEqual([["D1", 100], ["A1", 0], ["X", 0], ["G1", 500]])
    expect(valued.value).toBe(600)
    expect(valued.messages.length).toBe(2)
    expect(valueDiscounts([{ ...base, code: "G", type: "G", amount: 5000 }], 100, 120).value).toBe(120)
  })

  it.effect("payments: wallet methods only with wallet support; a gift certificate disables provider-checked methods and clears them", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 10 })
      const gift = (yield* codesOf(sql)).find((code) => code.type === "G")!
      const cartId = yield* newCart()
      yield* addToCart(cartId, { variantId: variant.variant_id }, 1)
      const withoutWallet = yield* loadBillingMethods(cartId, { walletSupported: false })
      assert.notProperty(withoutWallet, "CZAw")
      assert.property(yield* loadBillingMethods(cartId, { walletSupported: true }), "CZAw")
      expect(withoutWallet["CZC"]!.childPayments!.map((child) => child.code)).toEqual(["CZC_VISA", "CZC_MC", "CZC_NEW"])
      yield* selectBillingMethod(cartId, { billingMethodId: "CZC", cardId: "CZC_MC" }, { walletSupported: false })
      let methods = yield* loadBillingMethods(cartId, { walletSupported: false })
      expect(methods["CZC"]!.selected).toBe(true)
      expect(methods["CZC"]!.childPayments!.find((child) => child.selected === true)?.code).toBe("CZC_MC")
      expect((yield* loadCart(cartId)).selectedPayment).toBe("CZC")
      const wallet = yield* flashOf(selectBillingMethod(cartId, { billingMethodId: "CZAw" }, { walletSupported: false }))
      expect(wallet._tag).toBe("CartRefused")
      const badCard = yield* flashOf(selectBillingMethod(cartId, { billingMethodId: "CZC", cardId: "CZG_6" }, { walletSupported: false }))
      expect(badCard._tag).toBe("CartRefused")
      yield* selectBillingMethod(cartId, { billingMethodId: "CZN" }, { walletSupported: false })
      const applied = yield* applyDiscount(cartId, gift.code)
      expect(applied.flashes.map((flash) => flash.message)).toContain(cartFlashKeys.paymentClearedForCoupons)
      expect((yield* loadCart(cartId)).selectedPayment).toBeNull()
      methods = yield* loadBillingMethods(cartId, { walletSupported: false })
      expect([methods["CZN"]!.disabled, methods["CZG"]!.disabled, methods["CZC"]!.disabled]).toEqual([true, true, false])
      expect((yield* flashOf(selectBillingMethod(cartId, { billingMethodId: "CZN" }, { walletSupported: false })))._tag)
        .toBe("CartRefused")
      yield* selectBillingMethod(cartId, { billingMethodId: "CZ0" }, { walletSupported: false })
      const withFee = yield* loadCart(cartId)
      expect(withFee.total!.total).toBe(round2(withFee.cartPrice! + methods["CZ0"]!.price!))
      yield* cleanSelectedPayment(cartId)
      expect((yield* loadCart(cartId)).selectedPayment).toBeNull()
    }))

  it.effect("payments in SI: SIU_c stays without wallet support, and goes when SIU_cw is offered (§5)", () =>
    Effect.gen(function*() {
      const cartId = yield* newCart("SI10SI")
      const plain = yield* loadBillingMethods(cartId, { walletSupported: false })
      assert.property(plain, "SIU_c")
      assert.notProperty(plain, "SIU_cw")
      const wallet = yield* loadBillingMethods(cartId, { walletSupported: true })
      assert.property(wallet, "SIU_cw")
      assert.notProperty(wallet, "SIU_c")
    }))

  it.effect("every change sends one cart_changed notification with the cart id, after commit; a refused one sends none", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const database = yield* Database
      const variant = yield* findVariant(sql, { min: 10 })
      const none = yield* findVariant(sql, { min: 0, max: 0 })
      const cartId = yield* newCart()
      const changes = yield* database.subscribe(cartChangedChannel)
      const payloads: Array<string> = []
      yield* Effect.forkScoped(Stream.runForEach(changes, (payload) => Effect.sync(() => payloads.push(payload))))
      const { itemId } = yield* addToCart(cartId, { variantId: variant.variant_id }, 1)
      yield* Effect.flip(addToCart(cartId, { variantId: none.variant_id }, 1))
      yield* changeAmount(cartId, itemId, 2)
      yield* setInvoiceNote(cartId, "  please deliver after 5 pm ")
      yield* deleteItems(cartId, [itemId, 424242])
      assert.isTrue(yield* eventually(() => payloads.length >= 4))
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
      expect(payloads.map((payload) => JSON.parse(payload))).toEqual(Array(4).fill({ cartId }))
      const stored = yield* sql<{ readonly invoice_note: string | null }>`SELECT invoice_note FROM carts WHERE cart_id = ${cartId}`
      expect(stored[0]!.invoice_note).toBe("please deliver after 5 pm")
      expect(yield* deleteItems(cartId, [itemId])).toBe(0)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
      expect(payloads.length).toBe(4)
    }).pipe(Effect.scoped))

  it.effect("a burst of concurrent change-amount calls leaves one of the asked counts and consistent totals", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 40 })
      const cartId = yield* newCart()
      const { itemId } = yield* addToCart(cartId, { variantId: variant.variant_id }, 1)
      const amounts = Array.from({ length: 20 }, (_, index) => index + 1)
      yield* Effect.all(amounts.map((amount) => changeAmount(cartId, itemId, amount)), { concurrency: "unbounded" })
      const cart = yield* loadCart(cartId)
      const count = cart.articles![0]!.count
      assert.include(amounts, count)
      expect(cart.pieces).toBe(count)
      expect(cart.price!.total).toBe(round2(variant.price * count))
      const rows = yield* sql<{ readonly version: number }>`SELECT version FROM carts WHERE cart_id = ${cartId}`
      expect(rows[0]!.version).toBe(1 + amounts.length)
    }))

  it.effect("idempotency: the first response is stored and replayed; another payload with the key is refused", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      let runs = 0
      const effect = Effect.sync(() => ++runs).pipe(Effect.map((n) => ({ n })))
      const first = yield* withIdempotencyKey("test:scope", "key-1", effect, { fingerprint: { a: 1 } })
      const second = yield* withIdempotencyKey("test:scope", "key-1", effect, { fingerprint: { a: 1 } })
      expect([first, second, runs]).toEqual([{ n: 1 }, { n: 1 }, 1])
      const reused = yield* Effect.flip(withIdempotencyKey("test:scope", "key-1", effect, { fingerprint: { a: 2 } }))
      expect(reused._tag).toBe("IdempotencyKeyReused")
      expect(yield* withIdempotencyKey("test:other", "key-1", effect)).toEqual({ n: 2 })
      expect(yield* withIdempotencyKey("test:scope", undefined, effect)).toEqual({ n: 3 })
      // a failure stores nothing: the retry runs again
      const failing = Effect.fail("boom" as const)
      expect(yield* Effect.flip(withIdempotencyKey("test:scope", "key-2", failing))).toBe("boom")
      expect(yield* withIdempotencyKey("test:scope", "key-2", effect)).toEqual({ n: 4 })
      const stored = yield* sql<{ readonly request_hash: string | null; readonly status_code: number }>`
        SELECT request_hash, status_code FROM idempotency_keys WHERE scope = 'test:scope' AND key = 'key-1'`
      expect(stored[0]).toEqual({ request_hash: fingerprintOf({ a: 1 }), status_code: 200 })
    }))

  it.effect("idempotency: an effect whose changes are all in its transaction claims its key last, with the same replay and refusals", () =>
    Effect.gen(function*() {
      expect([claimOf("transaction"), claimOf("outside")]).toEqual(["last", "first"])
      const sql = yield* sqlClient
      let runs = 0
      const effect = Effect.sync(() => ++runs).pipe(Effect.map((n) => ({ n })))
      const options = { fingerprint: { a: 1 }, changes: "transaction" as const }
      const first = yield* withIdempotencyKey("test:last", "key-1", effect, options)
      const second = yield* withIdempotencyKey("test:last", "key-1", effect, options)
      // the retry ran the effect again (its transaction rolled back: why only transaction-bound effects claim last)
      // and answered the stored answer
      expect([first, second, runs]).toEqual([{ n: 1 }, { n: 1 }, 2])
      const reused = yield* Effect.flip(withIdempotencyKey("test:last", "key-1", effect, { ...options, fingerprint: { a: 2 } }))
      expect(reused._tag).toBe("IdempotencyKeyReused")
      const failing = Effect.fail("boom" as const)
      expect(yield* Effect.flip(withIdempotencyKey("test:last", "key-2", failing, options))).toBe("boom")
      expect(yield* withIdempotencyKey("test:last", "key-2", effect, options)).toEqual({ n: 4 })
      const stored = yield* sql<{ readonly key: string; readonly status_code: number }>`
        SELECT key, status_code FROM idempotency_keys WHERE scope = 'test:last' ORDER BY key`
      expect(stored).toEqual([{ key: "key-1", status_code: 200 }, { key: "key-2", status_code: 200 }])
    }))

  it.effect("idempotent add-to-cart: the same key adds once", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 10 })
      const cartId = yield* newCart()
      const add = withIdempotencyKey(`t:${cartId}`, "same", addToCart(cartId, { variantId: variant.variant_id }, 2))
      yield* Effect.all([add, add, add], { concurrency: "unbounded" })
      expect((yield* loadCart(cartId)).articles![0]!.count).toBe(2)
    }))

  it.effect("load-purchase finds the order of the session's cart or the one named in the session data", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const cartId = yield* newCart()
      expect(yield* loadPurchase("no-session", cartId)).toBeUndefined()
      const orders = yield* sql<{ readonly order_id: number; readonly order_number: string }>`
        SELECT order_id, order_number FROM orders ORDER BY order_id LIMIT 1`
      const order = orders[0]!
      yield* sql`INSERT INTO sessions (session_id, shop_id, csrf_token, expires_at, data)
        VALUES ('s-purchase', 'CZ10MA', 't', now() + interval '1 day', ${JSON.stringify({ lastOrderId: order.order_id })}::jsonb)`
      const purchase = yield* loadPurchase("s-purchase", cartId)
      expect(purchase?.purchaseId).toBe(order.order_id)
      expect(purchase?.purchase?.orderId).toBe(order.order_number)
      assert.match(purchase?.confirmationUrl ?? "", /^\/kosik\/4\?token=/)
      assert.isAbove(purchase?.purchase?.items?.length ?? 0, 0)
      // the confirmation shows what was bought: each item's title, price of a piece and of the line, in the shop's currency
      const stored = yield* sql<{ readonly title: string; readonly unit_price: number; readonly count: number; readonly currency: string }>`
        SELECT oi.title, oi.unit_price::float8 AS unit_price, oi.count, o.currency
        FROM order_items oi JOIN orders o ON o.order_id = oi.order_id
        WHERE oi.order_id = ${order.order_id} ORDER BY oi.order_item_id`
      expect(purchase?.purchase?.items?.map((item) => [item.title, item.unitPrice, item.linePrice, item.currency, item.count])).toEqual(
        stored.map((row) => [row.title, row.unit_price, round2(row.unit_price * row.count), row.currency, row.count])
      )
      for (const item of purchase?.purchase?.items ?? []) {
        if (item.variantId !== undefined) assert.match(item.url ?? "", /^\/[^/]+\/[^/]+$/)
      }
    }))

  it.effect("a change decided from the locked cached cart answers exactly what a fresh read gives; a stale cached cart is not used", () =>
    Effect.gen(function*() {
      const sql = yield* sqlClient
      const variant = yield* findVariant(sql, { min: 40, skip: 6 })
      const other = yield* findVariant(sql, { min: 40, skip: 7 })
      const cartId = yield* newCart()
      const { itemId } = yield* addToCart(cartId, { variantId: variant.variant_id }, 3)
      yield* addToCart(cartId, { variantId: other.variant_id }, 1)
      const cache = makeReadCache()
      const cached = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, ReadCache, cache)
      // the cache holds the cart at its current version: lowering a count and adding to a line start from it
      const kept = yield* cached(readCartCached(cartId))
      const otherLine = (state: CartState | undefined) => state?.lines.find((line) => line.variantId === other.variant_id)
      const lowered = yield* cached(changeAmount(cartId, itemId, 2))
      expect(lowered.state).toEqual(yield* readCart(cartId))
      expect(otherLine(lowered.state)).toBe(otherLine(kept))
      expect(lowered.state?.lines.find((line) => line.itemId === itemId)?.count).toBe(2)
      cache.carts.invalidate(cartId)
      yield* cached(readCartCached(cartId))
      const added = yield* cached(addToCart(cartId, { variantId: variant.variant_id }, 4))
      expect(added.state).toEqual(yield* readCart(cartId))
      expect(added.state?.lines.find((line) => line.itemId === itemId)?.count).toBe(6)
      // another process changes the cart (without this cache): the cached cart is a version behind, so the change reads
      // the cart instead and still answers the truth
      const stale = yield* cached(readCartCached(cartId))
      yield* addToCart(cartId, { variantId: other.variant_id }, 1)
      const again = yield* cached(changeAmount(cartId, itemId, 1))
      expect(again.state).toEqual(yield* readCart(cartId))
      expect(otherLine(again.state)).not.toBe(otherLine(stale))
      expect(again.state?.lines.find((line) => line.itemId === itemId)?.count).toBe(1)
      // concurrent changes from one cached version: one wins the lock with it, the others read; none loses an update
      cache.carts.invalidate(cartId)
      yield* cached(readCartCached(cartId))
      const amounts = [5, 9, 2, 17, 11, 4]
      const answers = yield* Effect.all(amounts.map((amount) => cached(changeAmount(cartId, itemId, amount))), { concurrency: "unbounded" })
      const versions = answers.map((answer) => answer.state!.version).sort((a, b) => a - b)
      expect(new Set(versions).size).toBe(amounts.length)
      const last = answers.find((answer) => answer.state!.version === versions.at(-1))!
      expect(last.state).toEqual(yield* readCart(cartId))
    }))
})
