/**
 * The half of the React bindings that needs Effect, loaded after the page is interactive: the services' layer,
 * their runtime, and the start that seeds them with the server-rendered state and follows their state into the
 * provider's atoms. `StorefrontProvider` imports it dynamically; hooks reach the services through it.
 *
 * @module
 */
import { Effect, ManagedRuntime, SubscriptionRef, type Layer } from "effect"
import type { PrimitiveAtom } from "jotai"
import { Account } from "../../core/services/Account.ts"
import { Cart } from "../../core/services/Cart.ts"
import { Catalogue } from "../../core/services/Catalogue.ts"
import { Checkout } from "../../core/services/Checkout.ts"
import { Consent } from "../../core/services/Consent.ts"
import { Menu } from "../../core/services/Menu.ts"
import { Outlets } from "../../core/services/Outlets.ts"
import { Widgets } from "../../core/services/Widgets.ts"
import { Wishlist } from "../../core/services/Wishlist.ts"
import { ShopApiClient } from "../../core/api/client.ts"
import { layer, type StorefrontOptions, type StorefrontServices } from "../../core/storefront.ts"
import { accountStateAtom, cartStateAtom, checkoutStateAtom, consentStateAtom, outletsStateAtom, widgetsStateAtom, wishlistStateAtom } from "./atoms.ts"
import { followState, type JotaiStore } from "./bridge.ts"
import { followSignals } from "./signalBridge.ts"

export { Account, Cart, Catalogue, Checkout, Consent, Menu, Widgets, Wishlist }
export { Outlets }
export { browserStorageLayer } from "./browserStorage.ts"
export { Catalog } from "../../core/services/Catalog.ts"
export { Contact } from "../../core/services/Contact.ts"
export { Legal } from "../../core/services/Legal.ts"
export { Searching } from "../../core/services/Searching.ts"
export { AccountProducts } from "../../core/services/AccountProducts.ts"
export { Financing } from "../../core/services/Financing.ts"
export { ShopApiClient }
export { Storage } from "../../core/services/Storage.ts"
export { Tracking } from "../../core/services/Tracking.ts"
export { TagManager } from "../../core/services/TagManager.ts"
export { CrossSell } from "../../core/services/CrossSell.ts"
export { Banners } from "../../core/services/Banners.ts"
export { browserDataLayerLayer } from "./dataLayer.ts"
export { productViewProperties, purchaseItemSourcesOf, searchProperties, trackingEventTypes } from "../../core/domain/tracking.ts"
export { checkoutStepTable } from "../../core/domain/checkout.ts"

/** The runtime of the services. */
export type StorefrontRuntime = ManagedRuntime.ManagedRuntime<StorefrontServices, never>

type Binding = readonly [
  PrimitiveAtom<any> & { readonly init: unknown },
  Effect.Effect<SubscriptionRef.SubscriptionRef<any>, never, StorefrontServices>
]

/** Each service's published state and the atom that mirrors it. */
const bindings: ReadonlyArray<Binding> = [
  [accountStateAtom, Effect.gen(function*() { return (yield* Account).state })],
  [cartStateAtom, Effect.gen(function*() { return (yield* Cart).state })],
  [checkoutStateAtom, Effect.gen(function*() { return (yield* Checkout).state })],
  [wishlistStateAtom, Effect.gen(function*() { return (yield* Wishlist).state })],
  [widgetsStateAtom, Effect.gen(function*() { return (yield* Widgets).state })],
  [consentStateAtom, Effect.gen(function*() { return (yield* Consent).state })],
  [outletsStateAtom, Effect.gen(function*() { return (yield* Outlets).state })]
]

/** Running services: runs effects on them; `stop` stops following and disposes the runtime. */
export interface StartedServices {
  /** Runs an effect on the services; an aborted `signal` interrupts it. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, StorefrontServices>, signal?: AbortSignal) => Promise<A>
  /** Stops following the services' state and disposes their runtime. */
  readonly stop: () => void
}

/**
 * Starts the services (`options`, or a replacement layer in tests), puts the state the server rendered into
 * them, then follows their state into `store`. Resolves once they run.
 */
export const startServices = async (
  store: JotaiStore,
  options: StorefrontOptions | Layer.Layer<StorefrontServices>
): Promise<StartedServices> => {
  const runtime: StorefrontRuntime = ManagedRuntime.make("shop" in options ? layer(options) : options)
  const stops: Array<() => void> = []
  await runtime.runPromise(Effect.forEach(bindings, ([target, ref]) => Effect.gen(function*() {
    const value = store.get(target)
    if (value !== target.init) yield* SubscriptionRef.set(yield* ref, value)
  })))
  for (const [target, ref] of bindings) stops.push(followState(runtime, store, ref, target))
  stops.push(await followSignals(runtime, store))
  return {
    run: (effect, signal) => runtime.runPromise(effect, signal === undefined ? undefined : { signal }),
    stop: () => {
      for (const stop of stops) stop()
      void runtime.dispose()
    }
  }
}
