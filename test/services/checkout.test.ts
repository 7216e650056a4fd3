/**
 * The Checkout service against the in-process reference backend (cart, cartApi, deliveries, cartStep,
 * paymentProvider and account handlers) through msw and real fetch; every delay on the TestClock:
 * the 3 s wait for the customer id, the 2 s background load, the 2 s provider polls, the 6 s redirect.
 */
import { afterAll, afterEach, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { http, HttpResponse } from "msw"
import { AccountGroup } from "../../core/api/account.ts"
import { bootstrapSession, ShopApiClient } from "../../core/api/client.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { walletSupportedHeader } from "../../core/api/headers.ts"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import { CartStepGroup } from "../../core/api/cartStep.ts"
import { ConsentsGroup } from "../../core/api/consents.ts"
import { DeliveriesGroup } from "../../core/api/deliveries.ts"
import { PaymentProviderGroup } from "../../core/api/paymentProvider.ts"
import { customerIdWaitMs, defaultConfirmationRedirectDelayMs } from "../../core/domain/checkout.ts"
import { deliveryInsuranceFee } from "../../core/domain/cart.ts"
import { RESET_ALL, RESET_WITHOUT_PUPS } from "../../core/domain/delivery.ts"
import { requestTimeoutKey, unknownErrorKey } from "../../core/domain/flash.ts"
import { backgroundLoadDelayMs, paymentProviderPollDelayMs } from "../../core/domain/payment.ts"
import { shopById } from "../../core/domain/shop.ts"
import { Cart, cartLines } from "../../core/services/Cart.ts"
import {
  Checkout,
  CheckoutConfig,
  CheckoutCustomerId,
  type CheckoutOptions,
  type CheckoutState
} from "../../core/services/Checkout.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { CartApiHandlers } from "../../demo/server/handlers/cartApi.ts"
import { CartStepHandlers } from "../../demo/server/handlers/cartStep.ts"
import { ConsentsHandlers } from "../../demo/server/handlers/consents.ts"
import { DeliveriesHandlers } from "../../demo/server/handlers/deliveries.ts"
import { PaymentProviderHandlers } from "../../demo/server/handlers/paymentProvider.ts"
import { faults } from "../support/msw.ts"
import { cartApi, cartBackend, cartLayer, makeHarness, url } from "./support/cartHarness.ts"

const backend = cartBackend(
  [CartGroup, CartApiGroup, DeliveriesGroup, CartStepGroup, PaymentProviderGroup, AccountGroup, ConsentsGroup] as any,
  [CartHandlers, CartApiHandlers, DeliveriesHandlers, CartStepHandlers, PaymentProviderHandlers, AccountHandlers, ConsentsHandlers]
)
const h = makeHarness(backend)

beforeAll(async () => {
  h.server.listen({ onUnhandledFrame: "error" })
  await backend.handler(new Request(url("/api/session")))
})
afterEach(() => h.reset())
afterAll(async () => {
  h.server.close()
  await backend.dispose()
})

const shop = shopById("CZ10MA")
const nextStepPath = "/api/v2/cart.cart-step/next-step"
const checkStepPath = "/api/v2/cart.cart-step/check-step"
const providerPath = "/api/v2/cart.cart-pfc/load"
const selectPaymentPath = cartApi("select-billing-method")

const checkoutLayer = (options: Partial<CheckoutOptions> = {}) =>
  Checkout.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(CheckoutConfig.layer({ shop, walletSupported: false, ...options }), CheckoutCustomerId.layer)
    ),
    Layer.provideMerge(cartLayer())
  )

const checkoutService = Effect.gen(function*() {
  return yield* Checkout
})
const stateOf = Effect.flatMap(checkoutService, (checkout) => SubscriptionRef.get(checkout.state))
const until = (predicate: (s: CheckoutState) => boolean) =>
  Effect.flatMap(checkoutService, (checkout) => h.until(checkout.state, predicate))
const setCustomerId = (id: number | null | undefined) =>
  Effect.gen(function*() {
    yield* SubscriptionRef.set(yield* CheckoutCustomerId, id)
  })
const done = (fiber: Fiber.Fiber<unknown, unknown>) => Effect.sync(() => fiber.pollUnsafe() !== undefined)

/**
 * Logs a demo customer in (the cart follows the customer: emptied first, so tests do not share lines)
 * and fills the cart with `variants` (variant 1 costs 17 090 CZK, under the CZN limit; 2 costs 20 190).
 */
const customerWith = (key: string, variants: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const api = yield* ShopApiClient
    const auth = yield* api.account.login({ payload: { username: `${key}@example.cz`, password: demoPassword } })
    yield* bootstrapSession(api)
    const cart = yield* Cart
    const loaded = yield* cart.load
    yield* cart.remove(cartLines(loaded).map((l) => l.lineId))
    for (const variantId of variants) yield* cart.add({ variantId, amount: 1 })
    const checkout = yield* Checkout
    yield* checkout.load
    h.recorded.length = 0
    return { checkout, cart, customerId: auth.customer.id! }
  })

/** A guest with `variants` in the cart. */
const guestWith = (variants: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const cart = yield* Cart
    yield* cart.load
    for (const variantId of variants) yield* cart.add({ variantId, amount: 1 })
    const checkout = yield* Checkout
    yield* checkout.load
    h.recorded.length = 0
    return { checkout, cart }
  })

/** Goes from the preview to shipping (the customer id known, so nothing waits). */
const toShipping = (customerId: number) =>
  Effect.gen(function*() {
    const checkout = yield* Checkout
    yield* setCustomerId(customerId)
    yield* checkout.nextStep
    const state = yield* checkout.nextStep
    assert.strictEqual(state.step, "shipping")
    h.recorded.length = 0
    return state
  })

/** The pick-up of the shop branch in Prague (cash and carry), where CZU (pay at the shop) is offered. */
const selectShopPickup = Effect.gen(function*() {
  const checkout = yield* Checkout
  const listed = yield* checkout.loadBranches({ deliveryId: "own", pupTypeId: "shop" })
  const branch = listed.branches.find((b) => b.cashAndCarry === true)!
  return yield* checkout.selectDeliveryMethod({ deliveryId: "own", type: "pup", transportId: "shop-pickup-cz", branchId: branch.id })
})

const courier = { deliveryId: "own", type: "address", transportId: "courier-cz" } as const

describe("Checkout: load (§4, §8)", () => {
  it.effect("loads the customer, deliveries and billing methods; the cart parts go to the Cart service", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const state = yield* checkout.load
      assert.strictEqual(state.step, "preview")
      assert.isFalse(state.shippingContext)
      assert.isDefined(state.customer)
      assert.isFalse(state.fatalError)
      assert.isFalse(state.loading)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("load-cart failing (malformed answer) sets the fatal error flag and the generic flash", () =>
    Effect.gen(function*() {
      const checkout = yield* Checkout
      h.server.use(http.get(url(cartApi("load-cart")), h.recordedFault(faults.malformed)))
      yield* Effect.flip(checkout.load)
      const state = yield* stateOf
      assert.isTrue(state.fatalError)
      assert.deepStrictEqual(state.flashMessages, [{ message: unknownErrorKey, type: "danger", cat: "cart" }])
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("the billing methods offered follow §5: wallet methods without wallet support, CZ0 when disabled", () =>
    Effect.gen(function*() {
      const checkout = yield* Checkout
      // contract-shaped answer: the reference backend already leaves wallet methods out without the wallet header
      h.server.use(
        http.get(
          url(cartApi("load-cart")),
          h.recordedFault(() =>
            HttpResponse.json({
              status: { status: "ok" },
              billingMethods: { CZU: { title: "u" }, CZAw: { title: "wallet" }, CZ0: { title: "cod", disabled: true }, CZC: { title: "card", selected: true } }
            })
          )
        )
      )
      const state = yield* checkout.load
      assert.deepStrictEqual(Object.keys(state.billingMethods), ["CZU", "CZC"])
      assert.strictEqual(state.selectedPayment, "CZC")
    }).pipe(Effect.provide(checkoutLayer())))
})

describe("Checkout: a missing pick-up icon is logged (§8)", () => {
  const warnings: Array<string> = []
  const captureWarnings = Logger.layer([
    Logger.make((options) => {
      if (String(options.logLevel) === "Warn") warnings.push(JSON.stringify(options.message))
    })
  ])
  const withDeliveries = () =>
    HttpResponse.json({
      status: { status: "ok" },
      deliveries: [{
        deliveryId: "1",
        deliveryMethods: [
          { type: "pup", available: true, availablePupTransports: [{ id: "10", icon: "/icons/ppl.svg" }, { id: "11" }] },
          { type: "privileged_pup", available: true, availablePupTransports: [{ id: "12", icon: "" }] },
          { type: "address", available: true }
        ]
      }]
    })

  it.effect("each transport offered without an icon is logged once as a warning; the deliveries are still offered", () =>
    Effect.gen(function*() {
      warnings.length = 0
      const checkout = yield* Checkout
      h.server.use(http.get(url(cartApi("load-cart")), h.recordedFault(withDeliveries)))
      const state = yield* checkout.load
      assert.strictEqual(state.deliveries.length, 1)
      assert.strictEqual(warnings.length, 2)
      assert.include(warnings[0], "pick-up transport 11 of delivery 1 (pup) has no icon")
      assert.include(warnings[1], "pick-up transport 12 of delivery 1 (privileged_pup) has no icon")
      yield* checkout.load
      assert.strictEqual(warnings.length, 2, "logged once, not on every answer")
      assert.deepStrictEqual(state.flashMessages, [], "nothing is shown to the shopper")
    }).pipe(Effect.provide(checkoutLayer()), Effect.provide(captureWarnings)))
})

describe("Checkout: the wallet signal (§5)", () => {
  it.effect("told the browser can make wallet payments, every call says so and the server offers CZAw", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const state = yield* checkout.load
      assert.include(Object.keys(state.billingMethods), "CZAw")
      const calls = h.recorded.filter((r) => r.path.startsWith("/api/"))
      assert.isAbove(calls.length, 0)
      for (const call of calls) assert.strictEqual(call.headers.get(walletSupportedHeader), "1", call.path)
    }).pipe(Effect.provide(checkoutLayer({ walletSupported: true }))))

  it.effect("told it cannot, the calls say so and no wallet method is offered", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const state = yield* checkout.load
      assert.notInclude(Object.keys(state.billingMethods), "CZAw")
      assert.isTrue(h.recorded.filter((r) => r.path.startsWith("/api/")).every((r) => r.headers.get(walletSupportedHeader) === "0"))
    }).pipe(Effect.provide(checkoutLayer({ walletSupported: false }))))
})

describe("Checkout: the step machine (§2, §4, §6)", () => {
  it.effect("an empty cart: next-step answers a flash and the step stays (flash messages keep the step)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([])
      const state = yield* checkout.nextStep
      assert.strictEqual(state.step, "preview")
      assert.isTrue(state.flashMessages.some((f) => f.message === "checkout_cart_empty"))
      assert.strictEqual(h.requestsTo(cartApi("load-purchase")).length, 0, "no purchase is loaded when the step stays")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("preview -> customer is published at once (no wait); a guest going on to shipping gets the login redirect", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const customer = yield* checkout.nextStep
      assert.strictEqual(customer.step, "customer")
      assert.deepStrictEqual(JSON.parse(h.requestsTo(nextStepPath)[0]!.body), { step: 1 })
      const error = yield* Effect.flip(checkout.nextStep)
      assert.strictEqual(error.operation, "Checkout.nextStep")
      const state = yield* stateOf
      assert.strictEqual(state.step, "customer")
      assert.strictEqual(state.redirect?.reason, "login")
      assert.match(state.redirect?.url ?? "", /^\//)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("customer -> shipping waits for the customer id: published after 3000 ms without it (then only a warning)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* customerWith("gold", [2])
      yield* setCustomerId(undefined)
      yield* checkout.nextStep
      h.recorded.length = 0
      const fiber = yield* Effect.forkChild(checkout.nextStep)
      yield* h.reached(nextStepPath, 1)
      yield* h.quiet
      yield* TestClock.adjust(customerIdWaitMs - 1)
      yield* h.tick
      assert.strictEqual((yield* stateOf).step, "customer")
      yield* TestClock.adjust(1)
      yield* h.settle(done(fiber))
      const state = yield* Fiber.join(fiber)
      assert.strictEqual(state.step, "shipping")
      assert.isTrue(state.shippingContext)
      assert.isTrue(state.deliveries.length > 0)
      assert.isFalse(state.deliveriesSet)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("customer -> shipping is published as soon as the customer id arrives", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("silver", [2])
      yield* checkout.nextStep
      const fiber = yield* Effect.forkChild(checkout.nextStep)
      yield* h.reached(nextStepPath, 2)
      yield* h.quiet
      yield* TestClock.adjust(1000)
      assert.strictEqual((yield* stateOf).step, "customer")
      yield* setCustomerId(customerId)
      yield* h.settle(done(fiber))
      assert.strictEqual((yield* Fiber.join(fiber)).step, "shipping")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("check-step: shipping for a customer without a filled address shows customer (§2)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* customerWith("waiting", [2])
      const state = yield* checkout.checkStep("shipping")
      assert.strictEqual(h.requestsTo(checkStepPath)[0]!.query.get("step"), "3")
      assert.strictEqual(state.step, "customer")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("check-step: shipping for a customer with addresses is shown after the customer id", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("vip", [2])
      yield* setCustomerId(customerId)
      const state = yield* checkout.checkStep("shipping")
      assert.strictEqual(state.step, "shipping")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("addresses load from '{cart-url}/1/load-addresses/' (§2)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* customerWith("gold", [2])
      const state = yield* checkout.loadAddresses
      assert.deepStrictEqual(h.requestsTo("/kosik/1/load-addresses/").length, 1)
      assert.isTrue(state.addresses?.hasFilledAddress)
      assert.isTrue((state.addresses?.addresses.shipping?.length ?? 0) > 0)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("next-step failing after the retry ladder keeps the step with the generic flash; the shopper can retry", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      h.server.use(http.post(url(nextStepPath), h.recordedFault(faults.unavailable)))
      const fiber = yield* Effect.forkChild(Effect.flip(checkout.nextStep))
      yield* h.settle(done(fiber))
      yield* Fiber.join(fiber)
      assert.strictEqual(h.requestsTo(nextStepPath).length, 10)
      const failed = yield* stateOf
      assert.strictEqual(failed.step, "preview")
      assert.isTrue(failed.flashMessages.some((f) => f.message === unknownErrorKey))
      h.server.resetHandlers()
      const retried = yield* checkout.nextStep
      assert.strictEqual(retried.step, "customer")
    }).pipe(Effect.provide(checkoutLayer())))
})

describe("Checkout: deliveries (§3, §4, §8)", () => {
  it.effect("select a method: deliveries count as set; reset RESET_ALL clears at once; the server agrees", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("gold", [2])
      yield* toShipping(customerId)
      const selected = yield* checkout.selectDeliveryMethod(courier)
      assert.isTrue(selected.deliveriesSet)
      // the answer is held until the state is checked: the request went out after the selection was cleared
      let releaseAnswer = () => {}
      const released = new Promise<void>((resolve) => (releaseAnswer = resolve))
      const cleanPath = cartApi("clean-selected-delivery")
      h.server.use(http.post(url(cleanPath), h.recordedFault((request) => released.then(() => h.forward(request))), { once: true }))
      const fiber = yield* Effect.forkChild(checkout.cleanSelectedDelivery(RESET_ALL))
      const shownMeanwhile = yield* h.reached(cleanPath, 1).pipe(Effect.andThen(stateOf), Effect.ensuring(Effect.sync(releaseAnswer)))
      assert.isFalse(shownMeanwhile.deliveriesSet, "cleared before the answer")
      const cleaned = yield* Fiber.join(fiber)
      assert.isFalse(cleaned.deliveriesSet)
      assert.deepStrictEqual(JSON.parse(h.requestsTo(cleanPath)[0]!.body), { mode: 1 })
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("RESET_WITHOUT_PUPS keeps a pick-up selection; branches, search, detail and places load", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("vip-plus", [2])
      yield* toShipping(customerId)
      const picked = yield* selectShopPickup
      assert.isTrue(picked.deliveriesSet)
      assert.isTrue(picked.branches.length > 0)
      const kept = yield* checkout.cleanSelectedDelivery(RESET_WITHOUT_PUPS, "own")
      assert.isTrue(kept.deliveriesSet)
      const branch = kept.branches[0]!
      assert.isTrue((yield* checkout.searchBranches("own", " Pra ")).branches.length > 0)
      assert.strictEqual((yield* checkout.loadBranchDetail("own", branch.id)).branchDetail?.id, branch.id)
      assert.isTrue((yield* checkout.suggestPlaces("Pra")).geoSuggestions.length > 0)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a refused selection shows the server's flash; a failed one the generic flash, deliveries unchanged", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("loyalty", [2])
      yield* toShipping(customerId)
      const refused = yield* checkout.selectDeliveryMethod({ deliveryId: "own", type: "pup", transportId: "shop-pickup-cz" })
      assert.isTrue(refused.flashMessages.some((f) => f.message === "delivery_branch_required"))
      yield* checkout.dismissFlash()
      h.server.use(http.post(url(cartApi("select-delivery-method")), h.recordedFault(faults.reset), { once: true }))
      const before = (yield* stateOf).deliveries
      yield* Effect.flip(checkout.selectDeliveryMethod(courier))
      const state = yield* stateOf
      assert.deepStrictEqual(state.deliveries, before)
      assert.deepStrictEqual(state.flashMessages.map((f) => f.message), [unknownErrorKey])
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a delivery strategy the cart does not offer is refused with the server's flash", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const state = yield* checkout.selectDeliveryStrategy("split")
      assert.deepStrictEqual(JSON.parse(h.requestsTo(cartApi("delivery-strategy"))[0]!.body), { strategy: "split" })
      assert.isTrue(state.flashMessages.some((f) => f.message === "delivery_strategy_unavailable"))
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a failed reset restores the selection shown", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("loyalty-trial", [2])
      yield* toShipping(customerId)
      yield* checkout.selectDeliveryMethod(courier)
      h.server.use(http.post(url(cartApi("clean-selected-delivery")), h.recordedFault(faults.serverError), { once: true }))
      yield* Effect.flip(checkout.cleanSelectedDelivery(RESET_ALL))
      assert.isTrue((yield* stateOf).deliveriesSet)
    }).pipe(Effect.provide(checkoutLayer())))
})

describe("Checkout: payments (§3, §4, §5, §8, §9)", () => {
  it.effect("CZU toggles: a click on the selected CZU clears the payment (clean-selected-payment)", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("adult", [2])
      yield* toShipping(customerId)
      yield* selectShopPickup
      const selected = yield* checkout.selectBillingMethod({ billingMethodId: "CZU" })
      assert.strictEqual(selected.selectedPayment, "CZU")
      const query = h.requestsTo(selectPaymentPath)[0]!.query
      assert.deepStrictEqual(Object.fromEntries(query), { billingMethodId: "CZU", rememberCard: "0", newCard: "0" })
      const cleared = yield* checkout.selectBillingMethod({ billingMethodId: "CZU" })
      assert.strictEqual(h.requestsTo(cartApi("clean-selected-payment")).length, 1)
      assert.strictEqual(h.requestsTo(selectPaymentPath).length, 1)
      assert.isUndefined(cleared.selectedPayment)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("other methods are set again on a second click; the payload carries the card and flags", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("legal", [2])
      yield* toShipping(customerId)
      yield* checkout.selectDeliveryMethod(courier)
      yield* checkout.selectBillingMethod({ billingMethodId: "CZC", cardId: "CZC_VISA", rememberCard: true })
      const again = yield* checkout.selectBillingMethod({ billingMethodId: "CZC", cardId: "CZC_VISA", rememberCard: true })
      assert.strictEqual(again.selectedPayment, "CZC")
      assert.strictEqual(h.requestsTo(selectPaymentPath).length, 2)
      assert.strictEqual(h.requestsTo(cartApi("clean-selected-payment")).length, 0)
      assert.deepStrictEqual(Object.fromEntries(h.requestsTo(selectPaymentPath)[1]!.query), {
        billingMethodId: "CZC",
        cardId: "CZC_VISA",
        rememberCard: "1",
        newCard: "0"
      })
    }).pipe(Effect.provide(checkoutLayer())))

  for (const [name, fault] of [["a timeout", faults.hang], ["a 503", faults.unavailable], ["a malformed answer", faults.malformed]] as const) {
    it.effect(`selecting a payment failing with ${name} shows err_request_timeout (danger, cart)`, () =>
      Effect.gen(function*() {
        const { checkout } = yield* guestWith([2])
        h.server.use(http.get(url(selectPaymentPath), h.recordedFault(fault)))
        const fiber = yield* Effect.forkChild(Effect.flip(checkout.selectBillingMethod({ billingMethodId: "CZ0" })))
        yield* h.settle(done(fiber))
        yield* Fiber.join(fiber)
        const state = yield* stateOf
        assert.deepStrictEqual(state.flashMessages, [{ message: requestTimeoutKey, type: "danger", cat: "cart" }])
        assert.isUndefined(state.selectedPayment)
        assert.strictEqual(state.paymentProvider, "idle")
      }).pipe(Effect.provide(checkoutLayer())))
  }

  it.effect("clearing the payment failing shows err_request_timeout", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      h.server.use(http.post(url(cartApi("clean-selected-payment")), h.recordedFault(faults.reset)))
      yield* Effect.flip(checkout.cleanSelectedPayment)
      assert.deepStrictEqual((yield* stateOf).flashMessages.map((f) => f.message), [requestTimeoutKey])
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("CZN: the provider check starts 2 s after the choice and is polled every 2 s until it answers 200", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([1])
      const chosen = yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
      assert.strictEqual(chosen.selectedPayment, "CZN")
      assert.strictEqual(chosen.paymentProvider, "scheduled")
      yield* h.quiet
      yield* TestClock.adjust(backgroundLoadDelayMs - 1)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 0)
      yield* TestClock.adjust(1)
      yield* h.reached(providerPath, 1) // 202: still checking
      yield* h.quiet
      assert.strictEqual((yield* stateOf).paymentProvider, "polling")
      yield* TestClock.adjust(paymentProviderPollDelayMs - 1)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 1)
      yield* TestClock.adjust(1)
      yield* h.reached(providerPath, 2) // 202 again
      yield* h.quiet
      yield* TestClock.adjust(paymentProviderPollDelayMs)
      yield* h.reached(providerPath, 3) // 200 with the billing methods
      const state = yield* until((s) => s.paymentProvider !== "polling")
      assert.strictEqual(state.paymentProvider, "done")
      assert.isFalse(state.error)
      assert.isTrue("CZN" in state.billingMethods)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("CZG (revolving) loads in the background 2 s after the choice too", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([1])
      yield* checkout.selectBillingMethod({ billingMethodId: "CZG" })
      yield* h.quiet
      yield* TestClock.adjust(backgroundLoadDelayMs - 1)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 0)
      yield* TestClock.adjust(1)
      yield* h.reached(providerPath, 1)
      yield* h.settle(Effect.map(stateOf, (s) => s.paymentProvider === "done" || s.paymentProvider === "error"))
      assert.strictEqual((yield* stateOf).paymentProvider, "done")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("CZN refused by the provider (a flash containing err) sets the error flag (§8)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2]) // 20 190 CZK: above the deferred payment limit
      yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
      yield* h.settle(Effect.map(stateOf, (s) => s.paymentProvider === "done" || s.paymentProvider === "error"))
      const state = yield* stateOf
      assert.strictEqual(state.paymentProvider, "error")
      assert.isTrue(state.error)
      assert.isTrue(state.flashMessages.some((f) => f.message.includes("err")))
      assert.strictEqual(h.requestsTo(providerPath).length, 3)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a 200 without billing methods sets the error flag and stops polling (§8)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([1])
      // contract-shaped fault: the reference backend always sends billingMethods with its 200
      h.server.use(http.get(url(providerPath), h.recordedFault(() => HttpResponse.json({ status: { status: "ok" } }))))
      yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
      yield* h.quiet
      yield* TestClock.adjust(backgroundLoadDelayMs)
      yield* h.reached(providerPath, 1)
      const state = yield* until((s) => s.paymentProvider === "error")
      assert.isTrue(state.error)
      yield* TestClock.adjust(paymentProviderPollDelayMs * 3)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 1)
    }).pipe(Effect.provide(checkoutLayer())))

  for (const [name, fault] of [["a 500", faults.serverError], ["a connection reset", faults.reset], ["a 429", faults.tooMany]] as const) {
    it.effect(`the provider check failing with ${name} is polled again after 2 s`, () =>
      Effect.gen(function*() {
        const { checkout } = yield* guestWith([1])
        h.server.use(http.get(url(providerPath), h.recordedFault(fault), { once: true }))
        yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
        yield* h.quiet
        yield* TestClock.adjust(backgroundLoadDelayMs)
        yield* h.reached(providerPath, 1)
        yield* h.quiet
        yield* TestClock.adjust(paymentProviderPollDelayMs - 1)
        yield* h.tick
        assert.strictEqual(h.requestsTo(providerPath).length, 1)
        yield* TestClock.adjust(1)
        yield* h.reached(providerPath, 2)
        yield* h.settle(Effect.map(stateOf, (s) => s.paymentProvider === "done" || s.paymentProvider === "error"))
        assert.strictEqual((yield* stateOf).paymentProvider, "done")
      }).pipe(Effect.provide(checkoutLayer())))
  }

  it.effect("no background load when the cart has a discount (§4)", () =>
    Effect.gen(function*() {
      const { checkout, cart } = yield* guestWith([1])
      yield* cart.addDiscount("SLEVA10")
      const chosen = yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
      assert.strictEqual(chosen.paymentProvider, "idle")
      yield* TestClock.adjust(backgroundLoadDelayMs * 5)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 0)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("choosing another method stops a scheduled provider check", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([1])
      yield* checkout.selectBillingMethod({ billingMethodId: "CZN" })
      yield* TestClock.adjust(1000)
      yield* checkout.selectBillingMethod({ billingMethodId: "CZ0" })
      yield* TestClock.adjust(backgroundLoadDelayMs * 3)
      yield* h.tick
      assert.strictEqual(h.requestsTo(providerPath).length, 0)
      assert.strictEqual((yield* stateOf).paymentProvider, "idle")
    }).pipe(Effect.provide(checkoutLayer())))
})

describe("Checkout: confirmation and consents (§2, §3, §9)", () => {
  const placeOrder = Effect.gen(function*() {
    const { checkout, customerId } = yield* customerWith("gold", [2])
    yield* toShipping(customerId)
    yield* checkout.selectDeliveryMethod(courier)
    yield* checkout.selectBillingMethod({ billingMethodId: "CZ0" })
    return yield* checkout.nextStep
  })

  it.effect("after next-step reaches confirmation the redirect to the confirmation url is published after 6000 ms", () =>
    Effect.gen(function*() {
      const state = yield* placeOrder
      assert.strictEqual(state.step, "confirmation")
      assert.isDefined(state.purchase?.orderId)
      assert.match(state.confirmationUrl ?? "", /^\/kosik\/4\?token=/)
      assert.isUndefined(state.redirect)
      yield* h.quiet
      yield* TestClock.adjust(defaultConfirmationRedirectDelayMs - 1)
      yield* h.tick
      assert.isUndefined((yield* stateOf).redirect)
      yield* TestClock.adjust(1)
      yield* h.tick
      assert.deepStrictEqual((yield* stateOf).redirect, { reason: "confirmation", url: state.confirmationUrl! })
      // the placed order emptied the cart: the Cart service shows the session's new cart
      const cart = yield* Cart
      assert.deepStrictEqual(cartLines(yield* SubscriptionRef.get(cart.state)), [])
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("the redirect delay is configurable", () =>
    Effect.gen(function*() {
      const state = yield* placeOrder
      yield* h.quiet
      yield* TestClock.adjust(1499)
      yield* h.tick
      assert.isUndefined((yield* stateOf).redirect)
      yield* TestClock.adjust(1)
      yield* h.tick
      assert.strictEqual((yield* stateOf).redirect?.url, state.confirmationUrl)
    }).pipe(Effect.provide(checkoutLayer({ confirmationRedirectDelayMs: 1500 }))))

  it.effect("order consents load with their texts and notes in the shop's language; a choice is posted as cart consents (§7)", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([2])
      const loaded = yield* checkout.loadOrderConsents
      assert.deepStrictEqual(loaded.consents.map((c) => c.code), ["marketing_1p", "personal_data_3p"])
      assert.strictEqual(loaded.consents[0]?.text, "Chci dostávat novinky a nabídky e-mailem")
      assert.match(loaded.consentNotes["marketing_1p"] ?? "", /^Souhlas můžete kdykoli odvolat/)
      const changed = yield* checkout.setConsent("marketing_1p", true)
      assert.isTrue(changed.consents.find((c) => c.code === "marketing_1p")?.checked)
      assert.deepStrictEqual(JSON.parse(h.requestsTo(cartApi("consents"))[0]!.body), { consents: { marketing_1p: true } })
      const reloaded = yield* checkout.loadOrderConsents
      assert.isTrue(reloaded.consents.find((c) => c.code === "marketing_1p")?.checked, "the server keeps the choice")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("placing the order submits the order consents as shown, and the placed order carries them (§7)", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("silver", [2])
      yield* toShipping(customerId)
      yield* checkout.loadOrderConsents
      yield* checkout.setConsent("marketing_1p", false)
      yield* checkout.setConsent("personal_data_3p", true)
      yield* checkout.selectDeliveryMethod(courier)
      yield* checkout.selectBillingMethod({ billingMethodId: "CZ0" })
      const placed = yield* checkout.nextStep
      assert.strictEqual(placed.step, "confirmation")
      const submitted = h.requestsTo(cartApi("submit-consents"))
      assert.lengthOf(submitted, 1)
      assert.deepStrictEqual(submitted[0]!.query.getAll("given"), ["personal_data_3p"])
      assert.deepStrictEqual(submitted[0]!.query.getAll("refused"), ["marketing_1p"])
      const order = h.recorded.findIndex((r) => r.path === nextStepPath)
      assert.isBelow(h.recorded.indexOf(submitted[0]!), order, "the consents go before the order is placed")
      assert.deepStrictEqual(placed.purchase?.consents, { marketing_1p: false, personal_data_3p: true })
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a failed consents submit keeps the order unplaced, with the generic flash; the shopper can retry", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("silver", [2])
      yield* toShipping(customerId)
      yield* checkout.loadOrderConsents
      yield* checkout.selectDeliveryMethod(courier)
      yield* checkout.selectBillingMethod({ billingMethodId: "CZ0" })
      h.server.use(http.get(url(cartApi("submit-consents")), h.recordedFault(faults.serverError)))
      const fiber = yield* Effect.forkChild(Effect.flip(checkout.nextStep))
      yield* h.settle(done(fiber))
      yield* Fiber.join(fiber)
      const state = yield* stateOf
      assert.strictEqual(state.step, "shipping")
      assert.isTrue(state.flashMessages.some((f) => f.message === unknownErrorKey))
      assert.lengthOf(h.requestsTo(nextStepPath), 0, "no order was placed")
      h.server.resetHandlers()
      assert.strictEqual((yield* checkout.nextStep).step, "confirmation")
    }).pipe(Effect.provide(checkoutLayer())))
})

describe("Checkout: the calls of the customer, delivery and payment steps (service level)", () => {
  it.effect("update-customer sends the customer step's data; a failing call keeps the step with the generic flash", () =>
    Effect.gen(function*() {
      const { checkout } = yield* customerWith("gold", [1])
      const data = { email: "jana@example.cz", firstname: "Jana", lastname: "Nováková", phone: "+420 601 234 567", allowedNl: true }
      const saved = yield* checkout.updateCustomer(data)
      assert.deepStrictEqual(saved.flashMessages, [])
      assert.deepStrictEqual(JSON.parse(h.requestsTo("/api/cart-customer/update-customer")[0]!.body), { data })
      h.server.use(http.post(url("/api/cart-customer/update-customer"), h.recordedFault(faults.serverError)))
      const failed = yield* Effect.flip(checkout.updateCustomer(data))
      assert.strictEqual(failed.operation, "Checkout.updateCustomer")
      assert.deepStrictEqual((yield* stateOf).flashMessages.map((f) => f.message), [unknownErrorKey])
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("insuring a delivery adds the insurance fee to its price and to the cart's total; uninsuring takes it off", () =>
    Effect.gen(function*() {
      const { checkout, cart, customerId } = yield* customerWith("gold", [1])
      yield* toShipping(customerId)
      yield* selectShopPickup
      const priceOf = (s: CheckoutState) =>
        (s.deliveries[0]?.deliveryMethods?.find((m) => m.type === "pup")?.selected as { readonly price?: number } | null | undefined)?.price ?? 0
      const totalOf = Effect.map(SubscriptionRef.get(cart.state), (s) => s.cart?.total?.total ?? 0)
      const before = yield* stateOf
      const totalBefore = yield* Effect.andThen(cart.load, totalOf)
      const insured = yield* checkout.selectDeliveryInsurance("own", true)
      const fee = deliveryInsuranceFee((yield* SubscriptionRef.get(cart.state)).cart?.cartPrice ?? 0)
      assert.isAbove(fee, 0)
      assert.strictEqual(priceOf(insured), priceOf(before) + fee)
      assert.strictEqual(yield* Effect.andThen(cart.load, totalOf), Math.round((totalBefore + fee) * 100) / 100)
      const uninsured = yield* checkout.selectDeliveryInsurance("own", false)
      assert.strictEqual(priceOf(uninsured), priceOf(before))
      assert.strictEqual(yield* Effect.andThen(cart.load, totalOf), totalBefore)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("the campaign of the campaign bar is chosen and dropped; an unknown one shows the server's flash", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("gold", [1])
      yield* toShipping(customerId)
      const campaignId = (yield* stateOf).deliveryData.campaignBar?.id
      assert.isString(campaignId)
      assert.isTrue((yield* checkout.selectCampaign(campaignId!, true)).deliveryData.campaignBar?.selected)
      assert.isFalse((yield* checkout.selectCampaign(campaignId!, false)).deliveryData.campaignBar?.selected)
      const unknown = yield* checkout.selectCampaign("no-such-campaign", true)
      assert.include(unknown.flashMessages.map((f) => f.message), "campaign_unknown")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("deselect-delivery clears the method of one delivery; check-delivery-method reads the deliveries again", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("gold", [1])
      yield* toShipping(customerId)
      assert.isTrue((yield* selectShopPickup).deliveriesSet)
      const checked = yield* checkout.checkDeliveryMethod("own")
      assert.isTrue(checked.deliveriesSet)
      assert.lengthOf(h.requestsTo("/api/v2/cart.cart-api/check-delivery-method"), 1)
      const cleared = yield* checkout.deselectDelivery("own")
      assert.isFalse(cleared.deliveriesSet)
      assert.isTrue(cleared.deliveries[0]?.deliveryMethods?.every((m) => m.selected === null || m.selected === undefined))
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("the customer history of a delivery lists the pick-up point of the last order", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("loyalty", [1])
      yield* toShipping(customerId)
      const chosen = yield* selectShopPickup
      const branchId = (chosen.deliveries[0]?.deliveryMethods?.find((m) => m.type === "pup")?.selected as { readonly branch?: { readonly id: string } } | null)?.branch?.id
      yield* checkout.selectBillingMethod({ billingMethodId: "CZU" })
      assert.strictEqual((yield* checkout.nextStep).step, "confirmation")
      const cart = yield* Cart
      yield* cart.add({ variantId: 1, amount: 1 })
      const history = yield* checkout.loadCustomerHistory("own")
      assert.include((history.deliveryData.customerHistory ?? []).map((b) => b.id), branchId)
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("CZG: the revolving offer, extra data, the provider's terms and the one-time code; a wrong code sets the error flag", () =>
    Effect.gen(function*() {
      const { checkout, customerId } = yield* customerWith("vip-plus", [1])
      yield* toShipping(customerId)
      yield* selectShopPickup
      yield* checkout.selectBillingMethod({ billingMethodId: "CZG", productCode: "CZG_24" })
      const offered = yield* checkout.loadRevolvingOffer
      assert.strictEqual(offered.revolvingOffer?.productCode, "CZG_24")
      assert.strictEqual(offered.revolvingOffer?.installmentCount, 24)
      yield* h.settle(Effect.map(stateOf, (s) => s.paymentProvider === "done" || s.paymentProvider === "error"))
      assert.strictEqual((yield* stateOf).paymentProvider, "done")
      const refused = yield* checkout.sendProviderData("CZG", { monthlyIncome: "50000" })
      assert.isTrue(refused.error)
      assert.deepStrictEqual(refused.providerRefusal, { screen: "data", message: "err_payment_provider_data_invalid" })
      assert.isFalse(refused.providerProgress.dataSent)
      const sent = yield* checkout.sendProviderData("CZG", {
        phone: "+420601234567",
        birthDate: "1990-05-17",
        monthlyIncome: "50000",
        employment: "employed"
      })
      assert.isFalse(sent.error)
      assert.isTrue(sent.providerProgress.dataSent)
      assert.isUndefined(sent.providerRefusal)
      assert.isTrue((yield* checkout.acceptProviderTerms("CZG", true)).providerProgress.termsAccepted)
      const wrong = yield* checkout.confirmProviderOtp("CZG", "0000")
      assert.isTrue(wrong.error, "§8: a flash containing err marks a provider-check error")
      assert.deepStrictEqual(wrong.providerRefusal, { screen: "otp", message: "err_payment_provider_otp_invalid" })
      assert.isFalse(wrong.providerProgress.otpConfirmed)
      const right = yield* checkout.confirmProviderOtp("CZG", " 123456 ")
      assert.isFalse(right.error)
      assert.deepStrictEqual(right.providerProgress, { termsAccepted: true, dataSent: true, otpConfirmed: true })
      assert.deepStrictEqual(JSON.parse(h.requestsTo("/api/v2/cart.cart-pfc/otp").at(-1)!.body), { billingMethodId: "CZG", code: "123456" })
      assert.strictEqual((yield* checkout.nextStep).step, "confirmation")
    }).pipe(Effect.provide(checkoutLayer())))

  it.effect("a provider call that fails shows the generic flash and fails typed", () =>
    Effect.gen(function*() {
      const { checkout } = yield* guestWith([1])
      h.server.use(http.post(url("/api/v2/cart.cart-pfc/terms"), h.recordedFault(faults.unavailable)))
      const failed = yield* Effect.flip(checkout.acceptProviderTerms("CZN", true))
      assert.strictEqual(failed.operation, "Checkout.acceptProviderTerms")
      assert.deepStrictEqual((yield* stateOf).flashMessages.map((f) => f.message), [unknownErrorKey])
    }).pipe(Effect.provide(checkoutLayer())))
})
