/**
 * The checkout step machine against the real server in-process (spec §2, §4, §6, §7 cart-step): check-step and
 * next-step through the derived client, a whole purchase (log in, add to cart, pick-up point and payment, next-step
 * to confirmation) that yields one order and decrements stock, the idempotency key of a retried placement, refusals
 * that keep the step (insufficient stock, nothing selected), the 401 of a guest and update-customer.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeShopClient, bootstrapSession } from "../../core/api/client.ts"
import { checkoutFlashKeys } from "../../demo/server/domain/checkout/common.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { logInAs } from "./accountSupport.ts"
import {
  checkoutBackend,
  chooseShopPickup,
  emptyCart,
  freshClient,
  keyedClientLayer,
  loggedInWithEmptyCart,
  orderCountOf,
  ownVariant,
  stockOf
} from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

const messages = (status: { readonly flashMessages?: ReadonlyArray<{ readonly message: string }> } | undefined) =>
  (status?.flashMessages ?? []).map((flash) => flash.message)

describe("cartStep: a whole purchase (server)", () => {
  it.effect("log in, add to cart, pick-up point and payment, next-step to confirmation: one order, stock decremented", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { customerId, cartId } = yield* loggedInWithEmptyCart(client, sql, "gold")
      const variant = yield* ownVariant(sql, { minStock: 5 })
      const ordersBefore = yield* orderCountOf(sql, customerId)

      const added = yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 2, extended: true } })
      assert.strictEqual(added.status?.status, "ok")

      const toCustomer = yield* client.cartStep.nextStep({ payload: { step: 1 } })
      assert.strictEqual(toCustomer.step, 2)
      assert.isUndefined(toCustomer.status?.flashMessages)
      const toShipping = yield* client.cartStep.nextStep({ payload: { step: 2 } })
      assert.strictEqual(toShipping.step, 3)
      assert.strictEqual(toShipping.deliveries?.[0]?.deliveryId, "own")

      const { branch, answer } = yield* chooseShopPickup(client)
      assert.strictEqual(answer.status?.status, "ok")
      const pup = answer.deliveries?.[0]?.deliveryMethods?.find((method) => method.type === "pup")
      assert.strictEqual(pup?.selected?.branch?.id, branch.id)
      assert.isTrue(pup?.selected?.branch?.cashAndCarry)

      const paid = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
      assert.strictEqual(paid.status?.status, "ok")

      const confirmed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(confirmed.status?.status, "ok")
      assert.strictEqual(confirmed.step, 4)
      const purchaseId = confirmed.cart?.purchaseId
      assert.isNumber(purchaseId)
      assert.match(confirmed.cart?.confirmationUrl ?? "", /^\/kosik\/4\?token=/)
      assert.strictEqual(confirmed.cart?.purchase?.items?.[0]?.count, 2)
      assert.isDefined(confirmed.step5)

      assert.strictEqual(yield* orderCountOf(sql, customerId), ordersBefore + 1)
      assert.strictEqual(yield* stockOf(sql, variant.variantId), variant.inStock - 2)
      const stored = yield* sql((c) => c<{ order_number: string; cart_id: number; pickup_code: string | null; billing_method_code: string; items: number; deliveries: unknown }>`
        SELECT o.order_number, o.cart_id, o.pickup_code, o.billing_method_code, o.deliveries,
               (SELECT count(*)::integer FROM order_items i WHERE i.order_id = o.order_id) AS items
        FROM orders o WHERE o.order_id = ${purchaseId!}`)
      assert.strictEqual(stored[0]?.cart_id, cartId)
      assert.strictEqual(stored[0]?.items, 1)
      assert.strictEqual(stored[0]?.billing_method_code, "CZU")
      assert.match(stored[0]?.pickup_code ?? "", /^\d{6}$/)
      assert.strictEqual(confirmed.cart?.purchase?.orderId, stored[0]?.order_number)
      const cartRow = yield* sql((c) => c<{ status: string }>`SELECT status FROM carts WHERE cart_id = ${cartId}`)
      assert.strictEqual(cartRow[0]?.status, "ordered")

      // The session has a new, empty cart; check-step of confirmation shows the order; load-purchase agrees.
      const session = yield* bootstrapSession(client)
      assert.notStrictEqual(session.cartId, cartId)
      const again = yield* client.cartStep.checkStep({ query: { step: 4 } })
      assert.strictEqual(again.step, 4)
      assert.strictEqual(again.cart?.purchaseId, purchaseId)
      const purchase = yield* client.cartApi.loadPurchase()
      assert.strictEqual(purchase.cart?.purchaseId, purchaseId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a repeated next-step with the same idempotency key places one order and answers the same", () =>
    Effect.gen(function*() {
      const control = { key: "k-1" }
      return yield* Effect.gen(function*() {
        const client = yield* freshClient
        const { customerId } = yield* loggedInWithEmptyCart(client, sql, "vip")
        const variant = yield* ownVariant(sql, { minStock: 5 })
        control.key = "add-1"
        yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
        yield* chooseShopPickup(client)
        yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
        const before = yield* orderCountOf(sql, customerId)
        const stockBefore = yield* stockOf(sql, variant.variantId)

        control.key = "place-order-1"
        const first = yield* client.cartStep.nextStep({ payload: { step: 3 } })
        const retry = yield* client.cartStep.nextStep({ payload: { step: 3 } })
        assert.strictEqual(first.step, 4)
        assert.deepStrictEqual(retry, first)
        assert.strictEqual(yield* orderCountOf(sql, customerId), before + 1)
        assert.strictEqual(yield* stockOf(sql, variant.variantId), stockBefore - 1)

        // The same key with another step is a reused key: refused with a flash, nothing applied.
        const reused = yield* client.cartStep.nextStep({ payload: { step: 2 } })
        assert.deepStrictEqual(messages(reused.status), [checkoutFlashKeys.keyReused])

        // A new key is a new call: the cart is empty now, so it is refused with a flash.
        control.key = "place-order-2"
        const second = yield* client.cartStep.nextStep({ payload: { step: 3 } })
        assert.strictEqual(second.step, 3)
        assert.strictEqual(second.status?.status, "error")
        assert.strictEqual(yield* orderCountOf(sql, customerId), before + 1)
      }).pipe(Effect.provide(keyedClientLayer(backend, control)))
    }))

  it.effect("insufficient stock refuses with a flash, keeps the step and places nothing (stock unchanged)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { customerId, cartId } = yield* loggedInWithEmptyCart(client, sql, "vip-plus")
      const variant = yield* ownVariant(sql, { minStock: 6 })
      const other = yield* ownVariant(sql, { minStock: 6, skip: [variant.variantId] })
      yield* client.cart.addToCart({ payload: { variantId: other.variantId, amount: 1 } })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 3 } })
      yield* chooseShopPickup(client)
      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
      yield* sql((c) => c`UPDATE stock SET in_stock = 2 WHERE variant_id = ${variant.variantId}`)
      const before = yield* orderCountOf(sql, customerId)
      const otherStock = yield* stockOf(sql, other.variantId)

      const refused = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(refused.step, 3)
      assert.strictEqual(refused.status?.status, "error")
      assert.deepStrictEqual(messages(refused.status), [checkoutFlashKeys.stockInsufficient])
      assert.strictEqual(yield* orderCountOf(sql, customerId), before)
      assert.strictEqual(yield* stockOf(sql, variant.variantId), 2)
      assert.strictEqual(yield* stockOf(sql, other.variantId), otherStock)
      const cartRow = yield* sql((c) => c<{ status: string; items: number }>`
        SELECT status, (SELECT count(*)::integer FROM cart_items WHERE cart_id = ${cartId}) AS items FROM carts WHERE cart_id = ${cartId}`)
      assert.deepStrictEqual(cartRow[0], { status: "open", items: 2 })

      // The shopper can retry without a reload once the stock is back.
      yield* sql((c) => c`UPDATE stock SET in_stock = 10 WHERE variant_id = ${variant.variantId}`)
      const placed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(placed.step, 4)
      assert.strictEqual(yield* stockOf(sql, variant.variantId), 7)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("next-step from shipping without deliveries or payment keeps the step with a flash", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { customerId } = yield* loggedInWithEmptyCart(client, sql, "loyalty")
      const empty = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(empty.status), [checkoutFlashKeys.cartEmpty])
      const variant = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      const noDelivery = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(noDelivery.step, 3)
      assert.deepStrictEqual(messages(noDelivery.status), [checkoutFlashKeys.deliveryNotSelected])
      yield* chooseShopPickup(client)
      const noPayment = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(noPayment.status), [checkoutFlashKeys.paymentNotSelected])
      assert.strictEqual(yield* orderCountOf(sql, customerId), 0)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("cartStep: who may go where (server)", () => {
  it.effect("a guest: check-step of shipping shows customer; next-step to shipping is 401 LoginRequired", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const session = yield* bootstrapSession(client)
      const preview = yield* client.cartStep.checkStep({ query: { step: 3 } })
      assert.strictEqual(preview.step, 1) // empty cart: the preview
      const variant = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      const checked = yield* client.cartStep.checkStep({ query: { step: 3 } })
      assert.strictEqual(checked.step, 2)
      assert.strictEqual(checked.customer?.isLogged, false)
      const toCustomer = yield* client.cartStep.nextStep({ payload: { step: 1 } })
      assert.strictEqual(toCustomer.step, 2)
      const refused = yield* Effect.flip(client.cartStep.nextStep({ payload: { step: 2 } }))
      assert.strictEqual(refused._tag, "LoginRequired")
      if (refused._tag === "LoginRequired") assert.match(refused.redirectUrl, /^\/prihlaseni\?return=/)
      yield* emptyCart(sql, session.cartId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer waiting for confirmation may proceed, but without a filled address drops back to customer", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "waiting")
      yield* emptyCart(sql, session.cartId)
      const variant = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      const checked = yield* client.cartStep.checkStep({ query: { step: 3 } })
      assert.strictEqual(checked.customer?.isWaitingForConfirmation, true)
      assert.strictEqual(checked.step, 2)
      const next = yield* client.cartStep.nextStep({ payload: { step: 2 } })
      assert.strictEqual(next.step, 2)
      assert.deepStrictEqual(messages(next.status), [checkoutFlashKeys.addressRequired])

      // With a billing profile the waiting customer reaches shipping.
      yield* sql((c) => c`
        INSERT INTO addresses (customer_id, type, firstname, lastname, street, city, zip, country, is_default)
        VALUES (${session.customerId!}, 'billing', 'Wai', 'Ting', 'Národní 1', 'Praha', '110 00', 'CZ', true)`)
      const shipping = yield* client.cartStep.nextStep({ payload: { step: 2 } })
      assert.strictEqual(shipping.step, 3)
      assert.isArray(shipping.deliveries)
      assert.isDefined(shipping.billingMethods?.["CZU"])
      const shown = yield* client.cartStep.checkStep({ query: { step: 3 } })
      assert.strictEqual(shown.step, 3)
      assert.isDefined(shown.dataLayerDirectData)
      assert.isArray(shown.queue)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("cartStep.updateCustomer (server)", () => {
  it.effect("stores the contact data and selected addresses; another customer's address is refused with a form flash", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { customerId, cartId } = yield* loggedInWithEmptyCart(client, sql, "gold")
      const addresses = yield* sql((c) => c<{ address_id: number; type: string }>`
        SELECT address_id, type FROM addresses WHERE customer_id = ${customerId} ORDER BY address_id`)
      const secondShipping = addresses.filter((a) => a.type === "shipping")[1]!.address_id
      const updated = yield* client.cartStep.updateCustomer({
        payload: {
          data: {
            email: "gold@example.cz",
            firstname: "Zlata",
            lastname: "Zlatá",
            phone: "+420 777 111 222",
            selectedAddresses: { shipping: secondShipping },
            allowedNl: false
          }
        }
      })
      assert.strictEqual(updated.status?.status, "ok")
      assert.strictEqual(updated.customer?.selectedAddresses?.shipping, secondShipping)
      assert.strictEqual(updated.customer?.allowedNl, false)
      const row = yield* sql((c) => c<{ customer_data: { firstname: string }; shipping_address_id: number }>`
        SELECT customer_data, shipping_address_id FROM carts WHERE cart_id = ${cartId}`)
      assert.strictEqual(row[0]?.customer_data.firstname, "Zlata")
      assert.strictEqual(row[0]?.shipping_address_id, secondShipping)

      const foreign = yield* sql((c) => c<{ address_id: number }>`
        SELECT address_id FROM addresses WHERE customer_id <> ${customerId} AND type = 'shipping' LIMIT 1`)
      const refused = yield* client.cartStep.updateCustomer({
        payload: { data: { email: "gold@example.cz", firstname: "Z", lastname: "Z", selectedAddresses: { shipping: foreign[0]!.address_id } } }
      })
      assert.strictEqual(refused.status?.status, "error")
      assert.strictEqual(refused.status?.flashMessages?.[0]?.cat, "form")
      assert.deepStrictEqual(messages(refused.status), [checkoutFlashKeys.addressUnknown])
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
