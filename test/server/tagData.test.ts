/**
 * Tag-manager data against the real server in-process (spec §2 page numbers, §4 prefetch on steps 3 and 4 and the
 * purchase-id placeholder replaced on step 5, §5 unit prices in queued events, §7 cart-gtm, gtm/checkout,
 * dimension17): every endpoint of the group, for a guest's cart and after a purchase.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { purchaseIdPlaceholder } from "../../core/domain/tagManager.ts"
import { checkoutFlashKeys } from "../../demo/server/domain/checkout/common.ts"
import { clientLayerFor } from "../support/server.ts"
import { checkoutBackend, freshClient, ownVariant, purchaseAs } from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

type AnyJson = any

describe("tagData for a cart (server)", () => {
  it.effect("load-gtm per step: the virtual pageview with the page number, unit prices, prefetch with the placeholder", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const variant = yield* ownVariant(sql, { minStock: 5 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 3 } })

      const first = yield* client.tagData.loadGtm({ query: { step: 1 } })
      const layer = first.dataLayerDirectData as AnyJson
      assert.strictEqual(layer.event, "virtualPageview")
      assert.strictEqual(layer.checkoutStepNumber, 1)
      assert.strictEqual(layer.accountType, "guest")
      const product = (first.queue?.[0] as AnyJson).ecommerce.checkout.products[0]
      assert.strictEqual(product.quantity, 3)
      assert.closeTo(product.price, variant.price, 0.01) // §5: the price of 3 pieces divided by 3
      assert.isUndefined(first.step5)

      const shipping = yield* client.tagData.loadGtm({ query: { step: 3 } })
      assert.strictEqual((shipping.dataLayerDirectData as AnyJson).checkoutStepNumber, 3)
      assert.deepStrictEqual(shipping.queue?.map((event: AnyJson) => event.ecommerce.checkout.actionField.step), [3, 4])
      assert.strictEqual((shipping.step5 as AnyJson).purchaseId, purchaseIdPlaceholder)
      assert.strictEqual((shipping.step5 as AnyJson).queue[0].ecommerce.purchase.actionField.id, purchaseIdPlaceholder)
      const payment = yield* client.tagData.loadGtm({ query: { step: 4 } })
      assert.isDefined(payment.step5)
      const customer = yield* client.tagData.loadGtm({ query: { step: 2 } })
      assert.isUndefined(customer.step5)
      // Steps 3 and 4 prefetch step 5 before the order exists: the cart's purchase with the placeholder (§4).
      const early = yield* client.tagData.loadGtm({ query: { step: 5 } })
      assert.strictEqual((early.queue?.[0] as AnyJson).ecommerce.purchase.actionField.id, purchaseIdPlaceholder)
      assert.strictEqual((customer.dataLayerDirectData as AnyJson).checkoutStepNumber, 3)

      const checked = yield* client.tagData.checkGtm({ query: { step: 2 } })
      assert.strictEqual(checked.step, 2)
      assert.isUndefined(checked.dataLayerDirectData)
      assert.lengthOf(checked.queue ?? [], 1)

      const current = yield* client.tagData.checkout({ query: {} })
      assert.strictEqual(current.step, 2) // a guest with a cart: the customer step
      const explicit = yield* client.tagData.checkout({ query: { step: 1 } })
      assert.strictEqual(explicit.step, 1)

      const dimension = yield* client.tagData.dimension17()
      assert.strictEqual(dimension.dimension17, "guest|-|-|CZ10MA")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("transform-dimension-data and removed-product", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const transformed = yield* client.tagData.transformDimensionData({
        query: { data: { "17": "abc", list: [1, 2], nested: { a: 1 }, none: null } }
      })
      assert.strictEqual(transformed.status?.status, "ok")
      assert.deepStrictEqual(transformed.dataLayerDirectData, { dimension17: "abc", list: "1|2", nested: "{\"a\":1}", none: null })
      const refused = yield* client.tagData.transformDimensionData({ query: { data: [1, 2] } })
      assert.strictEqual(refused.status?.status, "error")
      assert.strictEqual(refused.status?.flashMessages?.[0]?.message, checkoutFlashKeys.dimensionDataInvalid)

      const variant = yield* ownVariant(sql, { minStock: 1 })
      const removed = yield* client.tagData.removedProduct({ query: { productId: variant.productId } })
      const event = removed.queue?.[0] as AnyJson
      assert.strictEqual(event.event, "removeFromCart")
      assert.strictEqual(event.ecommerce.remove.products[0].id, String(variant.productId))
      const unknown = yield* client.tagData.removedProduct({ query: { productId: 99_999_999 } })
      assert.deepStrictEqual(unknown.queue, [])
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("tagData after a purchase (server)", () => {
  it.effect("step 5 carries the order number; gtm/checkout is at step 5; dimension17 describes the customer", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const bought = yield* purchaseAs(client, sql, "gold")
      const purchase = (bought.confirmed.step5 as AnyJson).queue[0]
      assert.strictEqual(purchase.ecommerce.purchase.actionField.id, bought.orderNumber)

      const step5 = yield* client.tagData.loadGtm({ query: { step: 5 } })
      assert.strictEqual((step5.queue?.[0] as AnyJson).ecommerce.purchase.actionField.id, bought.orderNumber)
      assert.strictEqual((step5.dataLayerDirectData as AnyJson).checkoutStepNumber, 5)
      const current = yield* client.tagData.checkout({ query: {} })
      assert.strictEqual(current.step, 5)
      const dimension = yield* client.tagData.dimension17()
      assert.strictEqual(dimension.dimension17, "registered|gold|-|CZ10MA")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
