/**
 * The simulated payment provider check of CZN/CZG against the real server in-process (spec §4 payment loading, §7
 * cart-pfc, §8 provider-check errors, §9 expected OK status): load answers 202 for the first polls then 200 with
 * billingMethods; the deterministic refusal (outside the provider's limits, or a cart with marketplace items);
 * terms, enrich, otp; the revolving offer; and next-step refusing an order until the check is complete.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { hasPaymentProviderCheckError } from "../../core/domain/flash.ts"
import { simulatedProviderOtpCode } from "../../core/domain/payment.ts"
import { checkoutFlashKeys } from "../../demo/server/domain/checkout/common.ts"
import { providerCheckLimits, providerPendingPolls } from "../../demo/server/domain/checkout/provider.ts"
import { clientLayerFor } from "../support/server.ts"
import { rawSession } from "./accountSupport.ts"
import { checkoutBackend, chooseShopPickup, freshClient, loggedInWithEmptyCart, marketplaceVariant, ownVariant } from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

const messages = (status: { readonly flashMessages?: ReadonlyArray<{ readonly message: string }> } | undefined) =>
  (status?.flashMessages ?? []).map((flash) => flash.message)

describe("paymentProvider.load (server)", () => {
  it.effect("CZN: 202 for the first polls, then 200 with billingMethods; the order needs the approval and the terms", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { customerId } = yield* loggedInWithEmptyCart(client, sql, "gold")
      const variant = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      yield* chooseShopPickup(client)
      const selected = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZN" } })
      assert.strictEqual(selected.status?.status, "ok")

      const early = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(early.status), [checkoutFlashKeys.paymentCheckRequired])

      for (let poll = 1; poll <= providerPendingPolls; poll++) {
        const pending = yield* client.paymentProvider.load()
        assert.notProperty(pending, "billingMethods", `poll ${poll} is pending`)
        assert.strictEqual(pending.status?.status, "pending")
      }
      const done = yield* client.paymentProvider.load()
      assert.property(done, "billingMethods")
      assert.strictEqual(done.status?.status, "ok")
      if (!("billingMethods" in done)) return
      assert.isTrue(done.billingMethods["CZN"]?.selected)
      assert.notStrictEqual(done.billingMethods["CZN"]?.invalid, true)

      const noTerms = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(noTerms.status), [checkoutFlashKeys.paymentTermsRequired])
      const terms = yield* client.paymentProvider.terms({ payload: { billingMethodId: "CZN", accepted: true } })
      assert.strictEqual(terms.status?.status, "ok")
      const placed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(placed.step, 4)
      const order = yield* sql((c) => c<{ billing_method_code: string }>`
        SELECT billing_method_code FROM orders WHERE customer_id = ${customerId} ORDER BY order_id DESC LIMIT 1`)
      assert.strictEqual(order[0]?.billing_method_code, "CZN")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("on the wire: 202 while pending, then 200 (§9 expected OK status) with billingMethods", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const { cartId } = yield* Effect.promise(() => raw.refresh())
      const variant = yield* ownVariant(sql, { minStock: 3 })
      yield* sql((c) => c`INSERT INTO cart_items (cart_id, article_type, variant_id, count) VALUES (${cartId}, 'variant', ${variant.variantId}, 1)`)
      yield* sql((c) => c`UPDATE carts SET billing_method_code = 'CZN', billing_selection = '{"billingMethodId":"CZN"}'::jsonb WHERE cart_id = ${cartId}`)
      const statuses: Array<number> = []
      for (let poll = 0; poll <= providerPendingPolls; poll++) {
        const answer = yield* Effect.promise(() => raw.send("GET", "/api/v2/cart.cart-pfc/load"))
        statuses.push(answer.status)
        if (answer.status === 200) assert.isObject(answer.json.billingMethods)
      }
      assert.deepStrictEqual(statuses, [...Array.from({ length: providerPendingPolls }, () => 202), 200])
    }))

  it.effect("the deterministic error: a cart above the CZN limit is refused with an err flash and CZN invalid (§8)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "vip")
      const variant = yield* ownVariant(sql, { minStock: 2, minPrice: providerCheckLimits["CZN"]!.max + 1 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      yield* chooseShopPickup(client)
      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZN" } })
      for (let poll = 1; poll <= providerPendingPolls; poll++) yield* client.paymentProvider.load()
      const refused = yield* client.paymentProvider.load()
      assert.strictEqual(refused.status?.status, "error")
      assert.deepStrictEqual(messages(refused.status), [checkoutFlashKeys.providerLimit])
      assert.isTrue(hasPaymentProviderCheckError(refused.status?.flashMessages ?? []))
      assert.property(refused, "billingMethods")
      if ("billingMethods" in refused) assert.isTrue(refused.billingMethods["CZN"]?.invalid)
      const next = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(next.status), [checkoutFlashKeys.paymentCheckRequired])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a cart with marketplace items is not eligible (§4): refused at the first poll; a non-checked method answers at once", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "loyalty")
      const market = yield* marketplaceVariant(sql)
      yield* client.cart.addToCart({ payload: { variantId: market.variantId, amount: 1 } })
      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZN" } })
      const refused = yield* client.paymentProvider.load()
      assert.deepStrictEqual(messages(refused.status), [checkoutFlashKeys.providerNotEligible])

      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZC" } })
      const plain = yield* client.paymentProvider.load()
      assert.strictEqual(plain.status?.status, "ok")
      assert.property(plain, "billingMethods")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("paymentProvider terms, enrich, otp and the revolving offer (server)", () => {
  it.effect("CZG: enrich before the check is refused; the offer follows the product; otp needs the whole extra data; a wrong OTP is refused; then the order", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "vip-plus")
      const variant = yield* ownVariant(sql, { minStock: 2, minPrice: providerCheckLimits["CZG"]!.min + 1 })
      yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
      yield* chooseShopPickup(client)
      const selected = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZG", productCode: "CZG_24" } })
      assert.strictEqual(selected.status?.status, "ok")

      const tooEarly = yield* client.paymentProvider.enrich({ payload: { billingMethodId: "CZG", data: { income: "50000" } } })
      assert.deepStrictEqual(messages(tooEarly.status), [checkoutFlashKeys.providerNotStarted])

      const offer = yield* client.paymentProvider.getRevolvingOfferDetail()
      assert.strictEqual(offer.status?.status, "ok")
      assert.strictEqual(offer.offer?.productCode, "CZG_24")
      assert.strictEqual(offer.offer?.installmentCount, 24)
      assert.isAbove(offer.offer!.totalAmount!, variant.price)
      assert.closeTo(offer.offer!.installmentAmount! * 24, offer.offer!.totalAmount!, 0.5)

      for (let poll = 0; poll <= providerPendingPolls; poll++) yield* client.paymentProvider.load()
      const otpBeforeData = yield* client.paymentProvider.otp({ payload: { billingMethodId: "CZG", code: simulatedProviderOtpCode } })
      assert.deepStrictEqual(messages(otpBeforeData.status), [checkoutFlashKeys.providerDataRequired])
      const partial = yield* client.paymentProvider.enrich({ payload: { billingMethodId: "CZG", data: { phone: "+420601234567", monthlyIncome: "50000" } } })
      assert.deepStrictEqual(messages(partial.status), [checkoutFlashKeys.providerDataInvalid])
      const malformed = yield* client.paymentProvider.enrich({
        payload: { billingMethodId: "CZG", data: { phone: "+420601234567", birthDate: "1990-13-01", monthlyIncome: "50000", employment: "employed" } }
      })
      assert.deepStrictEqual(messages(malformed.status), [checkoutFlashKeys.providerDataInvalid])
      const enriched = yield* client.paymentProvider.enrich({
        payload: { billingMethodId: "CZG", data: { phone: "+420601234567", birthDate: "1990-05-17", monthlyIncome: "50000", employment: "employed" } }
      })
      assert.strictEqual(enriched.status?.status, "ok")
      const tooMuch = yield* client.paymentProvider.enrich({
        payload: { billingMethodId: "CZG", data: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, "x"])) }
      })
      assert.deepStrictEqual(messages(tooMuch.status), [checkoutFlashKeys.providerDataTooLarge])
      yield* client.paymentProvider.terms({ payload: { billingMethodId: "CZG", accepted: true } })

      const noOtp = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.deepStrictEqual(messages(noOtp.status), [checkoutFlashKeys.paymentOtpRequired])
      const wrong = yield* client.paymentProvider.otp({ payload: { billingMethodId: "CZG", code: "654321" } })
      assert.deepStrictEqual(messages(wrong.status), [checkoutFlashKeys.providerOtpInvalid])
      assert.isTrue(hasPaymentProviderCheckError(wrong.status?.flashMessages ?? []))
      const right = yield* client.paymentProvider.otp({ payload: { billingMethodId: "CZG", code: simulatedProviderOtpCode } })
      assert.strictEqual(right.status?.status, "ok")
      const placed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(placed.step, 4)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("terms for a method without a provider check is refused with an err flash", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const terms = yield* client.paymentProvider.terms({ payload: { billingMethodId: "CZC", accepted: true } })
      assert.deepStrictEqual(messages(terms.status), [checkoutFlashKeys.providerUnknownMethod])
      const otp = yield* client.paymentProvider.otp({ payload: { billingMethodId: "NOPE", code: "1234" } })
      assert.deepStrictEqual(messages(otp.status), [checkoutFlashKeys.providerUnknownMethod])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a shop without CZG has no revolving offer", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const offer = yield* client.paymentProvider.getRevolvingOfferDetail()
      assert.deepStrictEqual(messages(offer.status), [checkoutFlashKeys.revolvingUnavailable])
      assert.isUndefined(offer.offer)
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))
})
