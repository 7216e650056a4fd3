/**
 * The cart-api group (§7 `/api/v2/cart.cart-api/`: load-cart, load-purchase, set-invoice-note, order-consents,
 * order-consent-notes, select-billing-method, clean-selected-payment) against the real server in-process, through the
 * derived client.
 */
import { afterAll, assert, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { demoEmail } from "../../demo/server/db/seed/seed.ts"
import { walletSupportedHeader } from "../../core/api/headers.ts"
import { cartFlashKeys, orderConsentCodes } from "../../demo/server/domain/cart/errors.ts"
import { CartApiHandlers } from "../../demo/server/handlers/cartApi.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { Layer } from "effect"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import { cartProbe, codesOf, customerIdOf, eventually, findVariant, logInByDatabase, notificationsOf, rawCartSession } from "./cartSupport.ts"

const probe = cartProbe()
const backend = backendFor(groupsOf(CartGroup, CartApiGroup), Layer.mergeAll(CartHandlers, CartApiHandlers), probe.layer)
afterAll(() => backend.dispose())

const start = Effect.gen(function*() {
  const client = yield* makeShopClient(testBaseUrl)
  const session = yield* bootstrapSession(client)
  return { client, session }
})

describe("cartApi (server)", () => {
  it.effect("loadCart answers the cart, its items, the guest customer and the billing methods without wallets", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10 }))
      yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 2 } })
      const loaded = yield* client.cartApi.loadCart()
      expect(loaded.status).toEqual({ status: "ok" })
      expect(loaded.cart).toMatchObject({ cartId: String(session.cartId), pieces: 2, itemCount: 1, selectedPayment: null })
      expect(loaded.cartItems?.length).toBe(1)
      expect(loaded.customer).toMatchObject({ id: null, isLogged: false })
      assert.property(loaded.billingMethods, "CZC")
      assert.notProperty(loaded.billingMethods, "CZAw")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("loadCart of a logged-in customer carries the customer; the wallet header offers wallet methods", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const customerId = yield* probe.use((sql) => customerIdOf(sql, demoEmail("gold", "CZ")))
      yield* probe.use((sql) => logInByDatabase(sql, session.cartId, customerId))
      yield* bootstrapSession(client)
      const loaded = yield* client.cartApi.loadCart()
      expect(loaded.customer).toMatchObject({ id: customerId, isLogged: true, status: "2" })
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const withWallet = yield* Effect.promise(() =>
        raw.send("GET", "/api/v2/cart.cart-api/load-cart", { headers: { [walletSupportedHeader]: "1" } }))
      assert.property(withWallet.json.billingMethods, "CZAw")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("loadCart answers the deliveries and the order's addresses, and each article's title, link, image, prices, params and availability", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const colored = (yield* probe.use((sql) =>
        sql<{ variant_id: number; variant_url: string; url_key: string; price: number; value: string; width: number; height: number; availability_key: string }>`
          SELECT v.variant_id, v.variant_url, c.url_key, pr.price::float8 AS price, vp.value, m.width, m.height, st.availability_key
          FROM variants v JOIN products p ON p.product_id = v.product_id JOIN categories c ON c.category_id = p.main_category_id
          JOIN prices pr ON pr.variant_id = v.variant_id JOIN stock st ON st.variant_id = v.variant_id
          JOIN variant_params vp ON vp.variant_id = v.variant_id AND vp.key = 'COLOR' JOIN media m ON m.media_id = v.media_id
          WHERE v.shop_id = 'CZ10MA' AND p.active AND p.marketplace_partner_id IS NULL AND p.material_type IS NULL AND st.in_stock >= 3
          ORDER BY v.variant_id LIMIT 1`))[0]!
      const customerId = yield* probe.use((sql) => customerIdOf(sql, demoEmail("gold", "CZ")))
      yield* probe.use((sql) => logInByDatabase(sql, session.cartId, customerId))
      yield* bootstrapSession(client)
      yield* client.cart.addToCart({ payload: { variantId: colored.variant_id, amount: 3 } })
      const loaded = yield* client.cartApi.loadCart()
      const article = loaded.cart?.articles?.find((a) => a.variantId === colored.variant_id)
      expect(article).toMatchObject({
        url: `/${colored.url_key}/${colored.variant_url}`,
        image: { width: colored.width, height: colored.height },
        unitPrice: colored.price,
        linePrice: Math.round(colored.price * 3 * 100) / 100,
        currency: "CZK",
        availability: { key: colored.availability_key }
      })
      assert.isString(article?.title)
      assert.match(article?.image?.url ?? "", /^\/media\//)
      expect(article?.params?.find((param) => param.key === "COLOR")?.value).toBe(colored.value)
      expect(loaded.deliveries?.map((delivery) => delivery.deliveryId)).toEqual(["own"])
      assert.isAbove(loaded.deliveries?.[0]?.deliveryMethods?.length ?? 0, 0)
      expect(loaded.cart?.deliveries).toEqual(loaded.deliveries)
      assert.isNotNull(loaded.cart?.addresses?.primary, "gold's billing profile")
      assert.isNotNull(loaded.cart?.addresses?.shipping, "gold's shipping address")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("selectBillingMethod selects a method with its child payment; an unavailable one is a 200 error flash; clean clears it", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, skip: 1 }))
      yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
      const before = notificationsOf(probe, session.cartId)
      const selected = yield* client.cartApi.selectBillingMethod({
        query: { billingMethodId: "CZG", productCode: "CZG_12", installmentCount: 12 }
      })
      expect(selected.status).toEqual({ status: "ok" })
      expect(selected.cart?.selectedPayment).toBe("CZG")
      expect(selected.billingMethods?.["CZG"]?.selected).toBe(true)
      expect(selected.billingMethods?.["CZG"]?.childPayments?.find((child) => child.selected === true)?.code).toBe("CZG_12")
      const wallet = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZAw" } })
      expect(wallet.status).toMatchObject({ status: "error", flashMessages: [{ message: cartFlashKeys.paymentUnavailable, cat: "cart" }] })
      expect(wallet.cart?.selectedPayment).toBe("CZG")
      const unknown = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "XXX" } })
      expect(unknown.status?.status).toBe("error")
      // a gift certificate makes the revolving payment incompatible with coupons: it is cleared and disabled
      const gift = (yield* probe.use((sql) => codesOf(sql))).find((code) => code.type === "G")!
      const withGift = yield* client.cart.addDiscountCertificate({ payload: { code: gift.code, extended: true } })
      expect(withGift.status?.flashMessages?.map((flash) => flash.message)).toContain(cartFlashKeys.paymentClearedForCoupons)
      expect(withGift.billingMethods?.["CZG"]?.disabled).toBe(true)
      const card = yield* client.cartApi.selectBillingMethod({
        query: { billingMethodId: "CZC", cardId: "CZC_NEW", newCard: 1, rememberCard: 1 }
      })
      expect(card.status).toEqual({ status: "ok" })
      const selection = yield* probe.use((sql) =>
        sql<{ readonly billing_selection: unknown }>`SELECT billing_selection FROM carts WHERE cart_id = ${session.cartId}`)
      expect(selection[0]!.billing_selection).toMatchObject({ billingMethodId: "CZC", cardId: "CZC_NEW", newCard: 1, rememberCard: 1 })
      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
      const cleaned = yield* client.cartApi.cleanSelectedPayment()
      expect(cleaned.status).toEqual({ status: "ok" })
      expect(cleaned.cart?.selectedPayment).toBeNull()
      expect(cleaned.billingMethods?.["CZU"]?.selected).toBe(false)
      assert.isTrue(yield* eventually(() => notificationsOf(probe, session.cartId) - before >= 4))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("select-billing-method is a GET that changes state: it needs the csrf token; malformed queries are 400", () =>
    Effect.gen(function*() {
      const refused = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/v2/cart.cart-api/select-billing-method?billingMethodId=CZC`)))
      expect(refused.status).toBe(403)
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const bad = yield* Effect.promise(() =>
        raw.send("GET", "/api/v2/cart.cart-api/select-billing-method?billingMethodId=CZG&installmentCount=abc"))
      expect(bad.status).toBe(400)
      assert.include(JSON.stringify(bad.json), "installmentCount")
    }))

  it.effect("setInvoiceNote stores the note (an empty note clears it); a note over 255 characters is 400", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const stored = () =>
        probe.use((sql) => sql<{ readonly invoice_note: string | null }>`SELECT invoice_note FROM carts WHERE cart_id = ${session.cartId}`)
      const answer = yield* client.cartApi.setInvoiceNote({ payload: { invoiceNote: "PO 4711" } })
      expect(answer.status).toEqual({ status: "ok" })
      expect(yield* stored()).toEqual([{ invoice_note: "PO 4711" }])
      yield* client.cartApi.setInvoiceNote({ payload: { invoiceNote: "" } })
      expect(yield* stored()).toEqual([{ invoice_note: null }])
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const long = yield* Effect.promise(() =>
        raw.send("POST", "/api/v2/cart.cart-api/set-invoice-note", { body: { invoiceNote: "x".repeat(256) } }))
      expect(long.status).toBe(400)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("orderConsents lists the order consents, checked as the customer gave them; notes are keyed by code", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const guest = yield* client.cartApi.orderConsents()
      expect(guest.consents?.map((consent) => [consent.code, consent.checked, consent.required])).toEqual(
        orderConsentCodes.map((code) => [code, false, false])
      )
      const customerId = yield* probe.use((sql) => customerIdOf(sql, demoEmail("vip", "CZ")))
      yield* probe.use((sql) => logInByDatabase(sql, session.cartId, customerId))
      yield* bootstrapSession(client)
      const logged = yield* client.cartApi.orderConsents()
      assert.isTrue(logged.consents?.every((consent) => consent.checked === true))
      const notes = yield* client.cartApi.orderConsentNotes()
      expect(Object.keys(notes.notes ?? {})).toEqual([...orderConsentCodes])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("loadPurchase is 404 before an order, then answers the session's last order with its confirmation url", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      expect((yield* Effect.flip(client.cartApi.loadPurchase()))._tag).toBe("NotFound")
      const order = (yield* probe.use((sql) =>
        sql<{ readonly order_id: number; readonly order_number: string }>`
          SELECT order_id, order_number FROM orders WHERE shop_id = 'CZ10MA' ORDER BY order_id LIMIT 1`))[0]!
      yield* probe.use((sql) =>
        sql`UPDATE sessions SET data = jsonb_set(data, '{lastOrderId}', to_jsonb(${order.order_id}::int))
            WHERE cart_id = ${session.cartId}`)
      const purchase = yield* client.cartApi.loadPurchase()
      expect(purchase.cart).toMatchObject({ purchaseId: order.order_id, purchase: { orderId: order.order_number } })
      assert.match(purchase.cart?.confirmationUrl ?? "", /^\/kosik\/4\?token=/)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
