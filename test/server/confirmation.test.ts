/**
 * The confirmation and order-tracking calls against the real server in-process (spec §2 confirmation redirect, §3
 * purchaseId / confirmationUrl / purchase, §7 /confirmation/token, /confirmation/load, /api/tracking/getPickupCode):
 * the token of an order placed in the session, the order shown for its token without a session, 404 for others'
 * orders and unknown tokens; the pick-up code of the customer's own order, 401 for a guest, 404 otherwise.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { clientLayerFor } from "../support/server.ts"
import { checkoutBackend, freshClient, purchaseAs } from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

describe("confirmation (server)", () => {
  it.effect("token answers the order's token and url; load shows the order for it, even without the session", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const bought = yield* purchaseAs(client, sql, "gold")
      const token = yield* client.confirmation.token({ query: { purchaseId: bought.purchaseId } })
      const stored = yield* sql((c) => c<{ confirmation_token: string }>`
        SELECT confirmation_token FROM orders WHERE order_id = ${bought.purchaseId}`)
      assert.strictEqual(token.token, stored[0]?.confirmation_token)
      assert.match(token.token, /^[A-Za-z0-9_-]{43}$/)
      assert.strictEqual(token.confirmationUrl, bought.confirmationUrl)

      const loaded = yield* client.confirmation.load({ query: { token: token.token } })
      assert.strictEqual(loaded.purchaseId, bought.purchaseId)
      assert.strictEqual(loaded.purchase.orderId, bought.orderNumber)
      assert.strictEqual(loaded.purchase.items?.[0]?.variantId, bought.variant.variantId)
      const ordered = yield* sql((c) => c<{ title: string }>`
        SELECT title FROM order_items WHERE order_id = ${bought.purchaseId} ORDER BY order_item_id`)
      // the confirmation page lists what was bought, by name
      assert.deepStrictEqual(loaded.purchase.items?.map((item) => item.title), ordered.map((row) => row.title))

      const seen = yield* Effect.gen(function*() {
        const stranger = yield* freshClient
        return yield* stranger.confirmation.load({ query: { token: token.token } })
      }).pipe(Effect.provide(Layer.fresh(clientLayerFor(backend))))
      assert.strictEqual(seen.purchaseId, bought.purchaseId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("another session's order and an unknown token are 404 NotFound", () =>
    Effect.gen(function*() {
      const owner = yield* freshClient
      const bought = yield* purchaseAs(owner, sql, "vip")
      const refused = yield* Effect.gen(function*() {
        const other = yield* freshClient
        return yield* Effect.flip(other.confirmation.token({ query: { purchaseId: bought.purchaseId } }))
      }).pipe(Effect.provide(Layer.fresh(clientLayerFor(backend))))
      assert.strictEqual(refused._tag, "NotFound")
      const unknown = yield* Effect.flip(owner.confirmation.load({ query: { token: "not-a-token" } }))
      assert.strictEqual(unknown._tag, "NotFound")
      const noSuchOrder = yield* Effect.flip(owner.confirmation.token({ query: { purchaseId: 99_999_999 } }))
      assert.strictEqual(noSuchOrder._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("orderTracking.getPickupCode (server)", () => {
  it.effect("the customer's pick-up order has a 6-digit code valid 14 days; a guest is 401; others' orders are 404", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const bought = yield* purchaseAs(client, sql, "loyalty")
      const code = yield* client.orderTracking.getPickupCode({ query: { orderId: bought.orderNumber } })
      assert.strictEqual(code.orderId, bought.orderNumber)
      assert.match(code.pickupCode, /^\d{6}$/)
      assert.match(code.validTo ?? "", /^\d{4}-\d{2}-\d{2}$/)

      const seeded = yield* sql((c) => c<{ order_number: string }>`
        SELECT order_number FROM orders WHERE customer_id <> ${bought.customerId} LIMIT 1`)
      const foreign = yield* Effect.flip(client.orderTracking.getPickupCode({ query: { orderId: seeded[0]!.order_number } }))
      assert.strictEqual(foreign._tag, "NotFound")
      const unknown = yield* Effect.flip(client.orderTracking.getPickupCode({ query: { orderId: "no-such-order" } }))
      assert.strictEqual(unknown._tag, "NotFound")

      // An order without a pick-up has no code.
      yield* sql((c) => c`UPDATE orders SET pickup_code = NULL WHERE order_id = ${bought.purchaseId}`)
      const none = yield* Effect.flip(client.orderTracking.getPickupCode({ query: { orderId: bought.orderNumber } }))
      assert.strictEqual(none._tag, "NotFound")

      const refused = yield* Effect.gen(function*() {
        const guest = yield* freshClient
        return yield* Effect.flip(guest.orderTracking.getPickupCode({ query: { orderId: bought.orderNumber } }))
      }).pipe(Effect.provide(Layer.fresh(clientLayerFor(backend))))
      assert.strictEqual(refused._tag, "LoginRequired")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
