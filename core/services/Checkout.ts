/**
 * The checkout service (spec §2 checkout flow, §4 steps, deliveries and payment loading, §5 payment
 * rules, §7 new cart and checkout calls, payment provider check, §8, §9 poll delay and redirect delay).
 *
 * It owns the step machine (check-step / next-step, with the domain's `nextStepTransition`), the
 * shipping context (customer, addresses, deliveries and their branch data, billing methods), the
 * payment provider check, the order consents, and the confirmation redirect, and publishes them in
 * {@link CheckoutState}. The cart entity stays with the Cart service: the cart parts of checkout
 * answers are handed to it (`Cart.sync`), and the payment rules read it from there.
 *
 * Time (Effect Clock): a step change to shipping or confirmation waits up to 3 s for the customer id
 * ({@link CheckoutCustomerId}) before it is published, then only warns; choosing CZN or CZG starts the
 * provider check 2 s later when the cart is eligible, and polls it every 2 s until it answers 200;
 * after the confirmation step the redirect to the confirmation url is published after the configured
 * delay (6000 ms by default). The UI navigates.
 *
 * @module
 */
import { Context, Effect, FiberHandle, Layer, Option, Ref, Result, Stream, SubscriptionRef } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import type { LoadedAddresses } from "../api/account.ts"
import type { CartCustomerData } from "../api/cartStep.ts"
import type { RevolvingOffer } from "../api/paymentProvider.ts"
import type {
  BranchAvailability,
  BranchDetail,
  GeoSuggestion,
  SelectDeliveryMethodPayload
} from "../api/deliveries.ts"
import type { Purchase } from "../api/entities/cart.ts"
import type { Customer } from "../api/entities/customer.ts"
import type { Branch, Delivery, DeliveryData, OrderConsent } from "../api/entities/delivery.ts"
import type { ApiResponse, DeliveryResponse, StepResponse } from "../api/entities/envelope.ts"
import type { FlashMessage } from "../api/entities/flash.ts"
import type { BillingMethods } from "../api/entities/payment.ts"
import {
  type CheckoutStep,
  confirmationRedirectDelayMs,
  customerIdWaitMs,
  effectiveStep,
  flowNumberOf,
  isShippingContext,
  mustReload,
  mustWaitForCustomerId,
  nextStepTransition,
  parseCheckoutStep
} from "../domain/checkout.ts"
import { areDeliveriesSet, missingPickupIcons, type ResetMode, resetSelection } from "../domain/delivery.ts"
import { genericErrorFlash, hasPaymentProviderCheckError, isPaymentProviderCheckError, requestTimeoutFlash } from "../domain/flash.ts"
import {
  availableBillingMethods,
  backgroundLoadDelayMs,
  isBackgroundLoadEligible,
  noProviderProgress,
  type PaymentSelection,
  paymentProviderPollDelayMs,
  type ProviderProgress,
  type ProviderScreen,
  paymentSelectionPayload,
  selectionActionFor
} from "../domain/payment.ts"
import type { Shop } from "../domain/shop.ts"
import { Cart, withFlashes } from "./Cart.ts"
import { type CallFailed, callFailed, readFailure } from "./failures.ts"

// -------------------------------------------------------------------------------------------------
// inputs
// -------------------------------------------------------------------------------------------------

/** What the checkout needs to know about the page. */
export interface CheckoutOptions {
  /** The shop: its payment quirks (§5) and its cart url key (addresses, §2). */
  readonly shop: Shop
  /**
   * Whether the browser can make wallet payments (§5; the UI asks the browser). Given, it is recorded in the
   * call state, so every call tells the server (`x-wallet-supported`) and wallet methods are offered exactly
   * when the browser can pay with them. Absent: what the call state says (see `setWalletSupported`), else no.
   */
  readonly walletSupported?: boolean | undefined
  /** The delay of the confirmation redirect (§2, §9); 6000 ms when absent or invalid. */
  readonly confirmationRedirectDelayMs?: number
}

/** The checkout's configuration. */
export class CheckoutConfig extends Context.Service<CheckoutConfig, CheckoutOptions>()("storefront/CheckoutConfig") {
  /** A fixed configuration. */
  static readonly layer = (options: CheckoutOptions) => Layer.succeed(CheckoutConfig, CheckoutConfig.of(options))
}

/**
 * The customer id as the page learns it (§2: a step change to shipping or confirmation waits up to
 * 3 s for it): a number once known, null for a guest, undefined while unknown. The account side (or
 * the app) sets it; the checkout only reads it.
 */
export class CheckoutCustomerId extends Context.Service<
  CheckoutCustomerId,
  SubscriptionRef.SubscriptionRef<number | null | undefined>
>()("storefront/CheckoutCustomerId") {
  /** Starts unknown. */
  static readonly layer = Layer.effect(CheckoutCustomerId, SubscriptionRef.make<number | null | undefined>(undefined))
}

// -------------------------------------------------------------------------------------------------
// state
// -------------------------------------------------------------------------------------------------

export {
  type CheckoutRedirect,
  type CheckoutState,
  initialCheckoutState,
  type OrderConsentChoice,
  type PaymentProviderPhase,
  type StepTagData
} from "./checkoutState.ts"
import { type CheckoutState, initialCheckoutState, type OrderConsentChoice } from "./checkoutState.ts"

/** Any answer of the checkout calls, as far as the checkout reads it. */
export type CheckoutResponse = ApiResponse & Partial<Omit<DeliveryResponse, keyof ApiResponse>> & Partial<Omit<StepResponse, keyof ApiResponse>>

const deliveryDataKeys = [
  "transports",
  "preferredBranches",
  "newBranches",
  "history",
  "customerHistory",
  "campaignBar",
  "consents",
  "availableDeliveryStrategies",
  "pupTypes",
  "searchSelection"
] as const

const selectedCodeOf = (methods: BillingMethods): string | undefined =>
  Object.entries(methods).find(([, method]) => method.selected === true)?.[0]

/**
 * The state after an answer (pure): customer, deliveries (the answer's, else its cart's) and their
 * data, whether the cart holds digital content, billing methods (filtered by the §5 rules for the shop and wallet support), the selected
 * payment, flash messages, the reload rule of §4, and the tag data of step answers. Parts the answer
 * does not carry are kept.
 */
export const applyCheckoutResponse = (
  state: CheckoutState,
  response: CheckoutResponse,
  offer: (methods: BillingMethods) => BillingMethods
): CheckoutState => {
  const deliveries = response.deliveries ?? response.cart?.deliveries ?? state.deliveries
  const deliveryData: Record<string, unknown> = { ...state.deliveryData }
  for (const key of deliveryDataKeys) if (response[key] !== undefined) deliveryData[key] = response[key]
  const status = response.status
  const cartSelected = response.cart !== undefined && "selectedPayment" in response.cart ? response.cart.selectedPayment : undefined
  const selectedPayment =
    cartSelected !== undefined
      ? (cartSelected ?? undefined)
      : response.billingMethods !== undefined
        ? (selectedCodeOf(response.billingMethods) ?? state.selectedPayment)
        : state.selectedPayment
  const tagData =
    response.dataLayerDirectData !== undefined || response.queue !== undefined || response.step5 !== undefined
      ? {
          ...(response.dataLayerDirectData === undefined ? {} : { dataLayerDirectData: response.dataLayerDirectData }),
          ...(response.queue === undefined ? {} : { queue: response.queue }),
          ...(response.step5 === undefined ? {} : { step5: response.step5 })
        }
      : state.tagData
  return {
    ...state,
    customer: response.customer ?? state.customer,
    deliveries,
    deliveriesSet: areDeliveriesSet(deliveries),
    hasDigitalContent: response.cart?.hasDigitalContent ?? state.hasDigitalContent,
    deliveryData: deliveryData as DeliveryData,
    billingMethods: response.billingMethods === undefined ? state.billingMethods : offer(response.billingMethods),
    selectedPayment,
    flashMessages: withFlashes(state.flashMessages, status?.flashMessages ?? []),
    reload: status !== undefined && mustReload(status) && typeof status.link === "string" ? { link: status.link } : state.reload,
    purchase: response.cart?.purchase ?? state.purchase,
    confirmationUrl: response.cart?.confirmationUrl ?? state.confirmationUrl,
    tagData
  }
}

const withStep = (state: CheckoutState, step: CheckoutStep): CheckoutState => ({
  ...state,
  step,
  shippingContext: isShippingContext(step)
})

/** The cart url key as the path segment of load-addresses (§2): `/kosik` -> `kosik`. */
export const cartUrlSegment = (shop: Shop): string => shop.urlKeys.cart.replace(/^\/+|\/+$/g, "")

// -------------------------------------------------------------------------------------------------
// service
// -------------------------------------------------------------------------------------------------

/** What a branch listing asks for (branches-basic). */
export interface BranchesQuery {
  /** The delivery. */
  readonly deliveryId: string
  /** One pick-up type (§3 pupTypes `id`). */
  readonly pupTypeId?: string
}

/** The checkout service. */
export interface CheckoutShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<CheckoutState>
  /**
   * Loads the cart with customer, deliveries and billing methods (load-cart). Failure sets the fatal
   * error flag and the generic flash (§8). A selected CZN/CZG schedules the provider check (§4).
   */
  readonly load: Effect.Effect<CheckoutState, CallFailed>
  /**
   * check-step: asks which step to show for `step` (default: the current one). Shipping without a
   * filled address shows customer (§2); a change to shipping or confirmation waits for the customer id.
   */
  readonly checkStep: (step?: CheckoutStep) => Effect.Effect<CheckoutState, CallFailed>
  /**
   * next-step (§4): sends the pending cart counts first; from shipping (placing the order) it first
   * submits the order consents as shown (§7 submit consents: given and refused), so the placed order
   * carries them; flash messages keep the step; otherwise the new step is published (after waiting up
   * to 3 s for the customer id when it is shipping or confirmation) and the purchase loaded; at
   * confirmation the redirect follows after the delay. A 401 publishes a login redirect; other
   * failures keep the step with the generic flash.
   */
  readonly nextStep: Effect.Effect<CheckoutState, CallFailed>
  /** Loads the customer's addresses from '{cart-url}/1/load-addresses/' (§2). */
  readonly loadAddresses: Effect.Effect<CheckoutState, CallFailed>
  /** Stores the customer data of the customer step (update-customer). */
  readonly updateCustomer: (data: CartCustomerData) => Effect.Effect<CheckoutState, CallFailed>
  /** Selects a delivery method; a refusal shows the server's flashes, a failure the generic flash (§8). */
  readonly selectDeliveryMethod: (payload: SelectDeliveryMethodPayload) => Effect.Effect<CheckoutState, CallFailed>
  /** Insures a delivery or not. */
  readonly selectDeliveryInsurance: (deliveryId: string, selected: boolean) => Effect.Effect<CheckoutState, CallFailed>
  /** Chooses or drops the campaign of the campaign bar. */
  readonly selectCampaign: (campaignId: string, selected: boolean) => Effect.Effect<CheckoutState, CallFailed>
  /** Chooses a delivery strategy (§3 availableDeliveryStrategies). */
  readonly selectDeliveryStrategy: (strategy: string) => Effect.Effect<CheckoutState, CallFailed>
  /**
   * Clears the selected delivery methods by reset mode (§4: RESET_ALL, RESET_WITHOUT_PUPS), of one
   * delivery or all; the selection is cleared at once (domain `resetSelection`), then the server's answer
   * is taken; a failure restores it with the generic flash.
   */
  readonly cleanSelectedDelivery: (mode: ResetMode, deliveryId?: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Clears the selected method of one delivery (deselect-delivery). */
  readonly deselectDelivery: (deliveryId: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Checks the selected method of a delivery is still available. */
  readonly checkDeliveryMethod: (deliveryId: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Loads the branches the customer used before for a delivery. */
  readonly loadCustomerHistory: (deliveryId: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Lists the branches of a delivery (branches-basic). */
  readonly loadBranches: (query: BranchesQuery) => Effect.Effect<CheckoutState, CallFailed>
  /** Finds branches of a delivery by a typed term (auto-complete-branches). */
  readonly searchBranches: (deliveryId: string, term: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Loads one branch's detail. */
  readonly loadBranchDetail: (deliveryId: string, branchId: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Confirms which branches can serve a delivery. */
  readonly confirmBranchesAvailability: (
    deliveryId: string,
    branchIds: ReadonlyArray<string>
  ) => Effect.Effect<CheckoutState, CallFailed>
  /** Suggests places for the branch map (geo-suggestions). */
  readonly suggestPlaces: (query: string) => Effect.Effect<CheckoutState, CallFailed>
  /**
   * A click on a billing method (§5): CZU, PLU, SKU, HUU already selected are unset
   * (clean-selected-payment); otherwise select-billing-method with the payment payload (§3). Failure:
   * err_request_timeout flash (§8). An eligible CZN / CZG starts the provider check after 2 s (§4).
   */
  readonly selectBillingMethod: (selection: PaymentSelection) => Effect.Effect<CheckoutState, CallFailed>
  /** Clears the selected payment; failure: err_request_timeout flash (§8). */
  readonly cleanSelectedPayment: Effect.Effect<CheckoutState, CallFailed>
  /**
   * Runs the payment provider check now: polls load every 2 s until it answers 200 (§4, §9); an
   * answer without billing methods or with a flash containing "err" sets the error flag (§8).
   */
  readonly checkPaymentProvider: Effect.Effect<CheckoutState>
  /**
   * Accepts (or declines) the payment provider's terms for a provider-checked method (CZN, CZG; §7 terms). A flash
   * whose message contains `err` sets the error flag (§8); a failed call shows the generic flash.
   */
  readonly acceptProviderTerms: (billingMethodId: string, accepted: boolean) => Effect.Effect<CheckoutState, CallFailed>
  /** Sends the extra data the payment provider asked for (§7 enrich); flashes as for the terms. */
  readonly sendProviderData: (
    billingMethodId: string,
    data: Readonly<Record<string, string>>
  ) => Effect.Effect<CheckoutState, CallFailed>
  /** Confirms the provider check with the one-time code the shopper received (§7 otp; the code trimmed). */
  readonly confirmProviderOtp: (billingMethodId: string, code: string) => Effect.Effect<CheckoutState, CallFailed>
  /** Loads the revolving credit offer of CZG (§7 get-revolving-offer-detail) into the state. */
  readonly loadRevolvingOffer: Effect.Effect<CheckoutState, CallFailed>
  /** Loads the order consents and their notes. */
  readonly loadOrderConsents: Effect.Effect<CheckoutState, CallFailed>
  /**
   * Checks or unchecks an order consent: shown at once and recorded for the cart (§7 POST cart consents). A failed
   * post keeps the choice shown (it goes again with the order) and shows the generic flash.
   */
  readonly setConsent: (code: string, checked: boolean) => Effect.Effect<CheckoutState, CallFailed>
  /** Removes one flash message, or all of them. */
  readonly dismissFlash: (flash?: FlashMessage) => Effect.Effect<CheckoutState>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const cart = yield* Cart
  const config = yield* CheckoutConfig
  const customerId = yield* CheckoutCustomerId
  const callState = yield* ShopCallState
  if (config.walletSupported !== undefined) {
    const supported = config.walletSupported
    yield* Ref.update(callState, (context) => ({ ...context, walletSupported: supported }))
  }

  const state = yield* SubscriptionRef.make(initialCheckoutState)
  const calls = yield* Ref.make(0)
  // the pick-up transports already logged without an icon (§8), so each is logged once per service
  const iconsLogged = yield* Ref.make<ReadonlySet<string>>(new Set())
  const provider = yield* FiberHandle.make<void, never>()
  const redirectTimer = yield* FiberHandle.make<void, never>()

  const update = (f: (s: CheckoutState) => CheckoutState) => SubscriptionRef.updateAndGet(state, f)
  const current = SubscriptionRef.get(state)
  const addFlash = (flash: FlashMessage) => update((s) => ({ ...s, flashMessages: withFlashes(s.flashMessages, [flash]) }))
  /** The §5 filter with the browser's wallet support as the call state has it now. */
  const offerNow = Effect.map(Ref.get(callState), (context) => (methods: BillingMethods): BillingMethods =>
    availableBillingMethods(methods, { shop: config.shop, walletSupported: context.walletSupported === true }))

  const tracked = <A, E>(call: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.acquireUseRelease(
      Effect.andThen(Ref.updateAndGet(calls, (n) => n + 1), (n) => (n === 1 ? update((s) => ({ ...s, loading: true })) : Effect.void)),
      () => call,
      () => Effect.andThen(Ref.updateAndGet(calls, (n) => n - 1), (n) => (n === 0 ? update((s) => ({ ...s, loading: false })) : Effect.void))
    )

  /** Takes an answer: its cart parts go to the Cart service (not the placed order's), the rest here. */
  const apply = (response: CheckoutResponse) =>
    Effect.gen(function*() {
      if (response.cart?.purchase === undefined && (response.cart !== undefined || response.cartItems !== undefined)) {
        yield* cart.sync(response)
      }
      const offer = yield* offerNow
      const next = yield* update((s) => applyCheckoutResponse(s, response, offer))
      yield* logMissingPickupIcons(next.deliveries)
      return next
    })

  /** §8: a pick-up transport offered without an icon is logged (a warning), once per delivery and transport. */
  const logMissingPickupIcons = (deliveries: ReadonlyArray<Delivery>) =>
    Effect.gen(function*() {
      const missing = missingPickupIcons(deliveries)
      if (missing.length === 0) return
      const fresh = yield* Ref.modify(iconsLogged, (logged): readonly [typeof missing, ReadonlySet<string>] => {
        const unseen = missing.filter((m) => !logged.has(`${m.deliveryId}/${m.transportId}`))
        return [unseen, new Set([...logged, ...unseen.map((m) => `${m.deliveryId}/${m.transportId}`)])]
      })
      for (const m of fresh) {
        yield* Effect.logWarning(`checkout: pick-up transport ${m.transportId} of delivery ${m.deliveryId} (${m.methodType}) has no icon`)
      }
    })

  /** A call whose answer is taken; on failure `flash` is shown and the failure returned. */
  const request = <R extends CheckoutResponse, E>(operation: string, call: Effect.Effect<R, E>, flash: FlashMessage | undefined) =>
    Effect.gen(function*() {
      const result = yield* Effect.result(tracked(call))
      if (Result.isFailure(result)) {
        yield* Effect.logWarning(`checkout: ${operation} failed`, result.failure)
        if (flash !== undefined) yield* addFlash(flash)
        return yield* Effect.fail(callFailed(operation, result.failure))
      }
      yield* apply(result.success)
      return result.success
    })

  // -- customer id wait, step publishing, confirmation redirect ----------------------------------

  const waitForCustomerId = Effect.gen(function*() {
    const found = yield* SubscriptionRef.changes(customerId).pipe(
      Stream.filter((id): id is number => typeof id === "number"),
      Stream.runHead,
      Effect.timeoutOption(customerIdWaitMs)
    )
    if (Option.isNone(Option.flatten(found))) {
      yield* Effect.logWarning(`checkout: customer id not received in ${customerIdWaitMs} ms`)
    }
  })

  const scheduleRedirect = Effect.gen(function*() {
    const url = (yield* current).confirmationUrl
    if (url === undefined) return
    const delay = confirmationRedirectDelayMs(config)
    yield* FiberHandle.run(
      redirectTimer,
      Effect.andThen(Effect.sleep(delay), update((s) => ({ ...s, redirect: { reason: "confirmation", url } })))
    )
  })

  /** Publishes `step`: a change to shipping or confirmation first waits for the customer id (§2). */
  const publishStep = (step: CheckoutStep, wait: boolean) =>
    Effect.gen(function*() {
      if (wait) yield* waitForCustomerId
      const s = yield* update((st) => withStep(st, step))
      if (step === "confirmation") {
        // the order is placed: the session has a new cart
        yield* Effect.ignore(cart.load)
        yield* scheduleRedirect
      }
      return s
    })

  const loadPurchase = Effect.gen(function*() {
    const result = yield* Effect.result(tracked(api.cartApi.loadPurchase()))
    if (Result.isFailure(result)) {
      // no order placed in this session (404), or the call failed: the step stands, the purchase is unknown
      if (readFailure(result.failure).status !== 404) yield* Effect.logWarning("checkout: load-purchase failed", result.failure)
      return
    }
    yield* apply(result.success)
  })

  // -- loading and steps ---------------------------------------------------------------------------

  const load: CheckoutShape["load"] = Effect.gen(function*() {
    const result = yield* Effect.result(tracked(api.cartApi.loadCart()))
    if (Result.isFailure(result)) {
      yield* update((s) => ({ ...s, fatalError: true, flashMessages: withFlashes(s.flashMessages, [genericErrorFlash()]) }))
      return yield* Effect.fail(callFailed("Checkout.load", result.failure))
    }
    yield* apply(result.success)
    const s = yield* update((st) => ({ ...st, fatalError: false }))
    if (s.selectedPayment !== undefined) yield* scheduleProviderCheck(s.selectedPayment)
    return yield* current
  })

  const checkStep: CheckoutShape["checkStep"] = (step) =>
    Effect.gen(function*() {
      const before = yield* current
      const asked = step ?? before.step
      const response = yield* request("Checkout.checkStep", api.cartStep.checkStep({ query: { step: flowNumberOf(asked) } }), genericErrorFlash())
      const after = yield* current
      const answered = parseCheckoutStep(response.step) ?? asked
      const shown = effectiveStep(answered, after.customer ?? {})
      if (shown === before.step) return after
      return yield* publishStep(shown, mustWaitForCustomerId(shown))
    })

  /** §7 submit consents: the order consents as shown, given and refused, before the order is placed. */
  const submitOrderConsents = (consents: ReadonlyArray<OrderConsentChoice>) => {
    const given = consents.filter((consent) => consent.checked).map((consent) => consent.code)
    const refused = consents.filter((consent) => !consent.checked).map((consent) => consent.code)
    return consents.length === 0
      ? Effect.void
      : Effect.asVoid(request(
        "Checkout.submitConsents",
        api.consents.submitConsents({
          query: { ...(given.length === 0 ? {} : { given }), ...(refused.length === 0 ? {} : { refused }) }
        }),
        genericErrorFlash()
      ))
  }

  const nextStep: CheckoutShape["nextStep"] = Effect.gen(function*() {
    yield* cart.flush
    const before = yield* current
    if (before.step === "shipping") yield* submitOrderConsents(before.consents)
    const result = yield* Effect.result(
      tracked(api.cartStep.nextStep({ payload: { step: flowNumberOf(before.step) } }))
    )
    if (Result.isFailure(result)) {
      const error = result.failure
      yield* Effect.logWarning("checkout: next-step failed", error)
      if (typeof error === "object" && error !== null && "_tag" in error && error._tag === "LoginRequired") {
        const url = (error as { readonly redirectUrl: string }).redirectUrl
        yield* update((s) => ({ ...s, redirect: { reason: "login", url } }))
      } else {
        yield* addFlash(genericErrorFlash())
      }
      return yield* Effect.fail(callFailed("Checkout.nextStep", error))
    }
    const response = result.success
    const transition = nextStepTransition(before.step, response, response.customer ?? before.customer ?? {})
    // The server has moved on (an order may be placed): the client follows to the end even when the caller goes
    // away, e.g. a page that unmounts the shipping form as soon as the confirmation step is published.
    return yield* Effect.uninterruptible(Effect.gen(function*() {
      yield* apply(response)
      if (transition.step !== before.step) yield* publishStep(transition.step, transition.waitForCustomerId)
      if (transition.loadPurchase && response.cart?.purchase === undefined) yield* loadPurchase
      return yield* current
    }))
  })

  const loadAddresses: CheckoutShape["loadAddresses"] = Effect.gen(function*() {
    const result = yield* Effect.result(tracked(api.account.loadAddresses({ params: { cartUrl: cartUrlSegment(config.shop) } })))
    if (Result.isFailure(result)) {
      yield* addFlash(genericErrorFlash())
      return yield* Effect.fail(callFailed("Checkout.loadAddresses", result.failure))
    }
    const addresses = result.success
    const s = yield* update((st) => ({
      ...st,
      addresses,
      customer:
        st.customer === undefined
          ? st.customer
          : {
              ...st.customer,
              addresses: addresses.addresses,
              ...(addresses.selectedAddresses === undefined ? {} : { selectedAddresses: addresses.selectedAddresses }),
              ...(addresses.hasFilledAddress === undefined ? {} : { hasFilledAddress: addresses.hasFilledAddress })
            }
    }))
    // §2: shipping without a filled address drops back to customer
    const shown = effectiveStep(s.step, { hasFilledAddress: addresses.hasFilledAddress ?? s.customer?.hasFilledAddress ?? null })
    return shown === s.step ? s : yield* update((st) => withStep(st, shown))
  })

  const updateCustomer: CheckoutShape["updateCustomer"] = (data) =>
    Effect.andThen(request("Checkout.updateCustomer", api.cartStep.updateCustomer({ payload: { data } }), genericErrorFlash()), current)

  // -- deliveries ------------------------------------------------------------------------------------

  const delivery = <R extends CheckoutResponse, E>(operation: string, call: Effect.Effect<R, E>) =>
    Effect.andThen(request(operation, call, genericErrorFlash()), current)

  const cleanSelectedDelivery: CheckoutShape["cleanSelectedDelivery"] = (mode, deliveryId) =>
    Effect.gen(function*() {
      const before = (yield* current).deliveries
      const reset = (deliveries: ReadonlyArray<Delivery>) =>
        deliveryId === undefined
          ? resetSelection(deliveries, mode)
          : deliveries.map((d) => (d.deliveryId === deliveryId ? (resetSelection([d], mode)[0] ?? d) : d))
      yield* update((s) => {
        const deliveries = reset(s.deliveries)
        return { ...s, deliveries, deliveriesSet: areDeliveriesSet(deliveries) }
      })
      return yield* delivery(
        "Checkout.cleanSelectedDelivery",
        api.deliveries.cleanSelectedDelivery({ payload: { mode, ...(deliveryId === undefined ? {} : { deliveryId }) } })
      ).pipe(
        Effect.tapError(() => update((s) => ({ ...s, deliveries: before, deliveriesSet: areDeliveriesSet(before) })))
      )
    })

  const loadBranches: CheckoutShape["loadBranches"] = (query) =>
    Effect.gen(function*() {
      const response = yield* request("Checkout.loadBranches", api.deliveries.branchesBasic({ query }), genericErrorFlash())
      return yield* update((s) => ({ ...s, branches: response.branches ?? [] }))
    })

  const searchBranches: CheckoutShape["searchBranches"] = (deliveryId, term) =>
    Effect.gen(function*() {
      const response = yield* request(
        "Checkout.searchBranches",
        api.deliveries.autoCompleteBranches({ query: { deliveryId, term: term.trim() } }),
        genericErrorFlash()
      )
      return yield* update((s) => ({ ...s, branches: response.branches ?? [] }))
    })

  const loadBranchDetail: CheckoutShape["loadBranchDetail"] = (deliveryId, branchId) =>
    Effect.gen(function*() {
      const response = yield* request(
        "Checkout.loadBranchDetail",
        api.deliveries.branchDetail({ query: { deliveryId, branchId } }),
        genericErrorFlash()
      )
      return yield* update((s) => ({ ...s, branchDetail: response.branch }))
    })

  const confirmBranchesAvailability: CheckoutShape["confirmBranchesAvailability"] = (deliveryId, branchIds) =>
    Effect.gen(function*() {
      const response = yield* request(
        "Checkout.confirmBranchesAvailability",
        api.deliveries.branchesConfirmAvailability({ query: { deliveryId, branchIds: branchIds.join(",") } }),
        genericErrorFlash()
      )
      return yield* update((s) => ({ ...s, branchAvailability: response.branches ?? [] }))
    })

  const suggestPlaces: CheckoutShape["suggestPlaces"] = (query) =>
    Effect.gen(function*() {
      const response = yield* request(
        "Checkout.suggestPlaces",
        api.deliveries.geoSuggestions({ query: { query: query.trim() } }),
        genericErrorFlash()
      )
      return yield* update((s) => ({ ...s, geoSuggestions: response.suggestions ?? [] }))
    })

  // -- payments --------------------------------------------------------------------------------------

  /** Polls the provider check every 2 s until it answers 200 (§4, §9). */
  const pollProvider: Effect.Effect<void> = Effect.gen(function*() {
    yield* update((s) => ({ ...s, paymentProvider: "polling", error: false }))
    while (true) {
      const result = yield* Effect.result(tracked(api.paymentProvider.load()))
      if (Result.isFailure(result)) {
        const failure = readFailure(result.failure)
        if (failure.kind === "decode") {
          // §8: a 200 without billingMethods (or not JSON) is an error that sets the error flag
          yield* Effect.logWarning("checkout: payment provider answered without billing methods", result.failure)
          yield* update((s) => ({ ...s, paymentProvider: "error", error: true }))
          return
        }
        yield* Effect.logDebug(`checkout: payment provider check not ready (${failure.kind} ${failure.status ?? ""})`)
      } else if ("billingMethods" in result.success) {
        const answer = result.success
        yield* apply(answer)
        const failed = hasPaymentProviderCheckError(answer.status?.flashMessages ?? [])
        yield* update((s) => ({ ...s, paymentProvider: failed ? "error" : "done", error: failed }))
        return
      }
      yield* Effect.sleep(paymentProviderPollDelayMs)
    }
  })

  /** Starts the provider check of `code` 2 s from now when the cart is eligible (§4); else stops any running one. */
  const scheduleProviderCheck = (code: string) =>
    Effect.gen(function*() {
      const cartState = yield* SubscriptionRef.get(cart.state)
      const eligible = isBackgroundLoadEligible(code, { articles: cartState.cart?.articles ?? [], discounts: cartState.cart?.discounts ?? null })
      if (!eligible) {
        yield* FiberHandle.clear(provider)
        yield* update((s) => (s.paymentProvider === "scheduled" || s.paymentProvider === "polling" ? { ...s, paymentProvider: "idle" } : s))
        return
      }
      yield* update((s) => ({ ...s, paymentProvider: "scheduled" }))
      yield* FiberHandle.run(provider, Effect.andThen(Effect.sleep(backgroundLoadDelayMs), pollProvider))
    })

  const cleanSelectedPayment: CheckoutShape["cleanSelectedPayment"] = Effect.gen(function*() {
    const response = yield* request("Checkout.cleanSelectedPayment", api.cartApi.cleanSelectedPayment(), requestTimeoutFlash)
    yield* FiberHandle.clear(provider)
    return yield* update((s) => ({
      ...s,
      paymentProvider: "idle",
      error: false,
      providerProgress: noProviderProgress,
      providerRefusal: undefined,
      selectedPayment: response.cart !== undefined && "selectedPayment" in response.cart ? s.selectedPayment : undefined
    }))
  })

  const selectBillingMethod: CheckoutShape["selectBillingMethod"] = (selection) =>
    Effect.gen(function*() {
      const code = selection.billingMethodId
      const before = yield* current
      if (selectionActionFor(code, before.selectedPayment === code) === "unset") return yield* cleanSelectedPayment
      const response = yield* request(
        "Checkout.selectBillingMethod",
        api.cartApi.selectBillingMethod({ query: paymentSelectionPayload(selection) }),
        requestTimeoutFlash
      )
      if (response.status?.status === "error") return yield* current
      yield* update((s) => ({
        ...s,
        selectedPayment: s.selectedPayment ?? code,
        revolvingOffer: undefined,
        ...(before.selectedPayment === code ? {} : { providerProgress: noProviderProgress, providerRefusal: undefined })
      }))
      yield* scheduleProviderCheck(code)
      return yield* current
    })

  const checkPaymentProvider: CheckoutShape["checkPaymentProvider"] = Effect.gen(function*() {
    yield* FiberHandle.clear(provider)
    yield* pollProvider
    return yield* current
  })

  /**
   * A provider call of a screen: its answer taken; an `err` flash sets the error flag (§8) and records the refusal of
   * the screen, any other answer clears both; an ok answer marks the screen's step done (`accepted`).
   */
  const providerCall = <E>(
    operation: string,
    screen: ProviderScreen,
    accepted: Partial<ProviderProgress>,
    call: Effect.Effect<ApiResponse, E>
  ) =>
    Effect.gen(function*() {
      const response = yield* request(operation, call, genericErrorFlash())
      const flashes = response.status?.flashMessages ?? []
      const failed = hasPaymentProviderCheckError(flashes)
      const ok = response.status?.status !== "error" && !failed
      return yield* update((s) => ({
        ...s,
        error: failed,
        providerProgress: ok ? { ...s.providerProgress, ...accepted } : s.providerProgress,
        providerRefusal: failed ? { screen, message: flashes.find((f) => isPaymentProviderCheckError(f))?.message ?? "" } : undefined
      }))
    })

  const loadRevolvingOffer: CheckoutShape["loadRevolvingOffer"] = Effect.gen(function*() {
    const response = yield* request("Checkout.loadRevolvingOffer", api.paymentProvider.getRevolvingOfferDetail(), genericErrorFlash())
    return yield* update((s) => ({ ...s, revolvingOffer: response.offer }))
  })

  // -- consents --------------------------------------------------------------------------------------

  const loadOrderConsents: CheckoutShape["loadOrderConsents"] = Effect.gen(function*() {
    const consents = yield* request("Checkout.loadOrderConsents", api.cartApi.orderConsents(), genericErrorFlash())
    const notes = yield* request("Checkout.loadOrderConsentNotes", api.cartApi.orderConsentNotes(), genericErrorFlash())
    return yield* update((s) => ({
      ...s,
      consents: (consents.consents ?? []).map((consent) => ({
        ...consent,
        checked: s.consents.find((c) => c.code === consent.code)?.checked ?? consent.checked ?? false
      })),
      consentNotes: notes.notes ?? {}
    }))
  })

  return Checkout.of({
    state,
    load,
    checkStep,
    nextStep,
    loadAddresses,
    updateCustomer,
    selectDeliveryMethod: (payload) => delivery("Checkout.selectDeliveryMethod", api.deliveries.selectDeliveryMethod({ payload })),
    selectDeliveryInsurance: (deliveryId, selected) =>
      delivery("Checkout.selectDeliveryInsurance", api.deliveries.selectDeliveryInsurance({ payload: { deliveryId, selected } })),
    selectCampaign: (campaignId, selected) =>
      delivery("Checkout.selectCampaign", api.deliveries.selectCampaign({ payload: { campaignId, selected } })),
    selectDeliveryStrategy: (strategy) =>
      delivery("Checkout.selectDeliveryStrategy", api.deliveries.deliveryStrategy({ payload: { strategy } })),
    cleanSelectedDelivery,
    deselectDelivery: (deliveryId) => delivery("Checkout.deselectDelivery", api.deliveries.deselectDelivery({ payload: { deliveryId } })),
    checkDeliveryMethod: (deliveryId) =>
      delivery("Checkout.checkDeliveryMethod", api.deliveries.checkDeliveryMethod({ query: { deliveryId } })),
    loadCustomerHistory: (deliveryId) =>
      delivery("Checkout.loadCustomerHistory", api.deliveries.customerHistory({ query: { deliveryId } })),
    loadBranches,
    searchBranches,
    loadBranchDetail,
    confirmBranchesAvailability,
    suggestPlaces,
    selectBillingMethod,
    cleanSelectedPayment,
    checkPaymentProvider,
    acceptProviderTerms: (billingMethodId, accepted) =>
      providerCall("Checkout.acceptProviderTerms", "terms", { termsAccepted: accepted },
        api.paymentProvider.terms({ payload: { billingMethodId, accepted } })),
    sendProviderData: (billingMethodId, data) =>
      providerCall("Checkout.sendProviderData", "data", { dataSent: true }, api.paymentProvider.enrich({ payload: { billingMethodId, data } })),
    confirmProviderOtp: (billingMethodId, code) =>
      providerCall("Checkout.confirmProviderOtp", "otp", { otpConfirmed: true },
        api.paymentProvider.otp({ payload: { billingMethodId, code: code.trim() } })),
    loadRevolvingOffer,
    loadOrderConsents,
    setConsent: (code, checked) =>
      Effect.gen(function*() {
        yield* update((s) => ({ ...s, consents: s.consents.map((c) => (c.code === code ? { ...c, checked } : c)) }))
        yield* request(
          "Checkout.setConsent",
          api.consents.cartConsents({ payload: { consents: { [code]: checked } } }),
          genericErrorFlash()
        )
        return yield* current
      }),
    dismissFlash: (flash) =>
      update((s) => ({
        ...s,
        flashMessages:
          flash === undefined
            ? []
            : s.flashMessages.filter((f) => !(f.message === flash.message && f.type === flash.type && f.cat === flash.cat))
      }))
  })
})

/**
 * The checkout service. {@link Checkout.layer} needs the derived client ({@link ShopApiClient}), the
 * {@link Cart} service, the {@link CheckoutConfig} and the {@link CheckoutCustomerId} input.
 */
export class Checkout extends Context.Service<Checkout, CheckoutShape>()("storefront/Checkout") {
  /** The checkout over the shop API. */
  static readonly layer = Layer.effect(Checkout, make)
}
