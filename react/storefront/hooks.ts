/**
 * Hooks over the services: each returns the state the service publishes (read from the provider's
 * Jotai store, sliced so a component re-renders only when its slice changes) and the service's
 * actions as promises. An action settles when the service has applied the answer and is interrupted
 * when the calling component unmounts.
 *
 * @module
 */
import type { Effect } from "effect"
import { selectAtom } from "jotai/utils"
import { useCallback, useEffect, useMemo, useRef } from "react"
import type { CheckoutStep } from "../../core/domain/checkout.ts"
import type { LoginForm } from "../../core/domain/auth.ts"
import type { FlashMessage } from "../../core/api/entities/flash.ts"
import type { AccountState } from "../../core/services/accountState.ts"
import type { Account, LoginOptions } from "../../core/services/Account.ts"
import { cartLines, isCartUnresolved, type CartLine, type CartState } from "../../core/services/cartState.ts"
import type { AddToCartInput, Cart } from "../../core/services/Cart.ts"
import type { CheckoutShape } from "../../core/services/Checkout.ts"
import type { CheckoutState } from "../../core/services/checkoutState.ts"
import type { Consent, ConsentState } from "../../core/services/Consent.ts"
import type { OutletPickerKey } from "../../core/domain/outlet.ts"
import type { OutletsState } from "../../core/services/Outlets.ts"
import type { Widgets } from "../../core/services/Widgets.ts"
import type { WidgetsState } from "../../core/services/widgetsState.ts"
import type { Wishlist } from "../../core/services/Wishlist.ts"
import type { WishlistState } from "../../core/services/wishlistState.ts"
import type { StorefrontServices } from "../../core/storefront.ts"
import {
  accountStateAtom,
  cartStateAtom,
  checkoutStateAtom,
  consentStateAtom,
  outletsStateAtom,
  widgetsStateAtom,
  wishlistStateAtom
} from "./atoms.ts"
import { useStorefront, type RunOptions, type ServicesModule } from "./StorefrontProvider.tsx"
import { useStoreValue } from "./storeValue.ts"

/** Aborts what a component started when it unmounts. */
const useAbortOnUnmount = (): (() => { readonly signal: AbortSignal; readonly done: () => void }) => {
  const controllers = useRef(new Set<AbortController>())
  useEffect(() => {
    const live = controllers.current
    return () => {
      for (const controller of live) controller.abort()
      live.clear()
    }
  }, [])
  return useCallback(() => {
    const controller = new AbortController()
    controllers.current.add(controller)
    return { signal: controller.signal, done: () => controllers.current.delete(controller) }
  }, [])
}

/**
 * A runner of service effects bound to the calling component: effects still running when it unmounts
 * are interrupted (their promises reject with an `AbortError`).
 */
export const useRun = (): (<A, E>(effect: Effect.Effect<A, E, StorefrontServices>) => Promise<A>) => {
  const { run } = useStorefront()
  const track = useAbortOnUnmount()
  return useCallback(<A, E>(effect: Effect.Effect<A, E, StorefrontServices>) => {
    const { signal, done } = track()
    return run(effect, signal).finally(done)
  }, [run, track])
}

/**
 * Like {@link useRun}, with the effect built from the services module once it has loaded: the hooks use it, so a
 * page that only reads state never loads the Effect runtime.
 */
export const useRunWith = (options?: RunOptions): (<A, E>(build: (services: ServicesModule) => Effect.Effect<A, E, StorefrontServices>) => Promise<A>) => {
  const { runWith } = useStorefront()
  const track = useAbortOnUnmount()
  const start = options?.start
  return useCallback(<A, E>(build: (services: ServicesModule) => Effect.Effect<A, E, StorefrontServices>) => {
    const { signal, done } = track()
    return runWith(build, signal, start === undefined ? undefined : { start }).finally(done)
  }, [runWith, track, start])
}

/** Structural equality of plain data (the server's answers are decoded afresh each time). */
const samePlainData = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return keysA.length === keysB.length &&
    keysA.every((key) => samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

const sameLine = (a: CartLine | undefined, b: CartLine | undefined): boolean =>
  a === b ||
  (a !== undefined && b !== undefined && a.count === b.count && a.input === b.input && a.pending === b.pending &&
    a.stock === b.stock && a.correction === b.correction && samePlainData(a.article, b.article))

const sameLineIds = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index])

const lineIdsAtom = selectAtom(cartStateAtom, (state: CartState) => cartLines(state).map((line) => line.lineId), sameLineIds)

/** The cart's line ids in order: re-renders only when lines come or go. */
export const useCartLineIds = (): ReadonlyArray<string> => useStoreValue(lineIdsAtom)

/** One cart line: re-renders only when that line changes (its count, text, pending state or article). */
export const useCartLine = (lineId: string): CartLine | undefined => {
  const lineAtom = useMemo(
    () => selectAtom(cartStateAtom, (state: CartState) => cartLines(state).find((line) => line.lineId === lineId), sameLine),
    [lineId]
  )
  return useStoreValue(lineAtom)
}

const cartAtom = selectAtom(cartStateAtom, (state: CartState) => state.cart)

const unresolvedAtom = selectAtom(cartStateAtom, isCartUnresolved)

/** Whether the cart's first read is in progress or failed ({@link isCartUnresolved}): not to be shown as empty. */
export const useCartUnresolved = (): boolean => useStoreValue(unresolvedAtom)

/** The cart as the server last answered it (totals, deliveries, discounts); re-renders on every answer. */
export const useCartEntity = () => useStoreValue(cartAtom)

/** The cart's actions; each settles when the cart service has applied the server's answer. */
export interface CartActions {
  /** Loads the cart (load-cart). */
  readonly load: () => Promise<CartState>
  /** Adds a variant; rejects with `CartAddRefused` when the server refuses. */
  readonly add: (input: AddToCartInput) => Promise<CartState>
  /** Plus on a line (§5, debounced §9). */
  readonly increment: (lineId: string) => Promise<CartState>
  /** Minus on a line (§5, debounced §9). */
  readonly decrement: (lineId: string) => Promise<CartState>
  /** The quantity field of a line typed `text` (§5 corrections, §9 debounce). */
  readonly typeAmount: (lineId: string, text: string) => Promise<CartState>
  /** Deletes lines. */
  readonly remove: (lineIds: ReadonlyArray<string>) => Promise<CartState>
  /** Applies a discount code or gift certificate. */
  readonly addDiscount: (code: string) => Promise<CartState>
  /** Removes a discount code. */
  readonly removeDiscount: (code: string) => Promise<CartState>
  /** Adds a service (warranty, insurance, digital content, return guarantee) to a line. */
  readonly addBundle: (lineId: string, type: Parameters<Cart["Service"]["addBundle"]>[1], bundleId: number) => Promise<CartState>
  /** Removes a service from a line. */
  readonly removeBundle: (lineId: string, type: Parameters<Cart["Service"]["removeBundle"]>[1], bundleId: number) => Promise<CartState>
  /** Removes one flash message, or all. */
  readonly dismissFlash: (flash?: FlashMessage) => Promise<CartState>
}

/** The cart's actions (the §5 quantity rules and §9 debounce run in the service). */
export const useCartActions = (): CartActions => {
  const run = useRunWith()
  return useMemo(() => ({
    load: () => run((m) => m.Cart.use((cart) => cart.load)),
    add: (input: AddToCartInput) => run((m) => m.Cart.use((cart) => cart.add(input))),
    increment: (lineId: string) => run((m) => m.Cart.use((cart) => cart.increment(lineId))),
    decrement: (lineId: string) => run((m) => m.Cart.use((cart) => cart.decrement(lineId))),
    typeAmount: (lineId: string, text: string) => run((m) => m.Cart.use((cart) => cart.typeAmount(lineId, text))),
    remove: (lineIds: ReadonlyArray<string>) => run((m) => m.Cart.use((cart) => cart.remove(lineIds))),
    addDiscount: (code: string) => run((m) => m.Cart.use((cart) => cart.addDiscount(code))),
    removeDiscount: (code: string) => run((m) => m.Cart.use((cart) => cart.removeDiscount(code))),
    addBundle: (lineId, type, bundleId) => run((m) => m.Cart.use((cart) => cart.addBundle(lineId, type, bundleId))),
    removeBundle: (lineId, type, bundleId) => run((m) => m.Cart.use((cart) => cart.removeBundle(lineId, type, bundleId))),
    dismissFlash: (flash?: FlashMessage) => run((m) => m.Cart.use((cart) => cart.dismissFlash(flash)))
  }), [run])
}

/** The cart service's whole state and its actions. */
export const useCart = (): { readonly state: CartState } & CartActions => {
  const state = useStoreValue(cartStateAtom)
  return { state, ...useCartActions() }
}

/** A service's published state and a runner of its actions. */
export interface ServiceHandle<State, Shape> {
  /** The state the service publishes. */
  readonly state: State
  /** Runs an action of the service; settles when the service has applied the answer. */
  readonly run: <A, E>(f: (service: Shape) => Effect.Effect<A, E>) => Promise<A>
}

/** The checkout's state and actions. */
export interface CheckoutHandle extends ServiceHandle<CheckoutState, CheckoutShape> {
  /** Asks which step to show for `step` (check-step, §2). */
  readonly checkStep: (step?: CheckoutStep) => Promise<CheckoutState>
}

/** The checkout's state and actions. */
export const useCheckout = (): CheckoutHandle => {
  const state = useStoreValue(checkoutStateAtom)
  const run = useRunWith()
  return useMemo(() => ({
    state,
    run: <A, E>(f: (checkout: CheckoutShape) => Effect.Effect<A, E>) => run((m) => m.Checkout.use(f)),
    checkStep: (step?: CheckoutStep) => run((m) => m.Checkout.use((checkout) => checkout.checkStep(step)))
  }), [state, run])
}

/** The shopper and the account actions. */
export interface CustomerHandle extends AccountState {
  /** Logs in (§5 validation, §8 failures); settles once the new session is in place. */
  readonly login: (form: LoginForm, options?: LoginOptions) => Promise<AccountState>
  /** Logs out with the session's CSRF token (§6). */
  readonly logout: () => Promise<unknown>
}

/** The shopper (a guest until logged in), with login and logout. */
export const useCustomer = (): CustomerHandle => {
  const state = useStoreValue(accountStateAtom)
  const run = useRunWith()
  return useMemo(() => ({
    ...state,
    login: (form: LoginForm, options?: LoginOptions) => run((m) => m.Account.use((account) => account.login(form, options))),
    logout: () => run((m) => m.Account.use((account) => account.logout))
  }), [state, run])
}

/** The wishlists of the logged-in customer and their actions. */
export const useWishlists = (): ServiceHandle<WishlistState, Wishlist["Service"]> => {
  const state = useStoreValue(wishlistStateAtom)
  const run = useRunWith()
  return useMemo(() => ({ state, run: (f) => run((m) => m.Wishlist.use(f)) }), [state, run])
}

/** The header widgets (cart drawer items) and their loader. */
export const useWidgets = (): ServiceHandle<WidgetsState, Widgets["Service"]> => {
  const state = useStoreValue(widgetsStateAtom)
  const run = useRunWith()
  return useMemo(() => ({ state, run: (f) => run((m) => m.Widgets.use(f)) }), [state, run])
}

/** The consent panel and modal (§6); the state is undefined until the service runs in the browser. */
export const useConsent = (): ServiceHandle<ConsentState | undefined, Consent["Service"]> => {
  const state = useStoreValue(consentStateAtom)
  const run = useRunWith()
  return useMemo(() => ({ state, run: (f) => run((m) => m.Consent.use(f)) }), [state, run])
}

/** What the post outlet picker asks the Outlets service to do; each settles with the picker's state after it. */
export interface OutletActions {
  /** The shopper typed the whole `query` (searched 500 ms after the last keystroke, from 2 characters). */
  readonly type: (query: string) => Promise<OutletsState>
  /** A picker key (§9: tab, enter, escape, up, down). */
  readonly key: (key: OutletPickerKey) => Promise<OutletsState>
  /** The pointer is over the shown outlet `index`. */
  readonly point: (index: number) => Promise<OutletsState>
  /** The shown outlet `index` was clicked. */
  readonly choose: (index: number) => Promise<OutletsState>
  /** The input lost focus. */
  readonly blur: () => Promise<OutletsState>
}

/** The post outlet picker's state (the Outlets service's) and its actions. */
export const useOutlets = (): { readonly state: OutletsState; readonly actions: OutletActions } => {
  const state = useStoreValue(outletsStateAtom)
  const run = useRunWith()
  const actions = useMemo((): OutletActions => ({
    type: (query) => run((m) => m.Outlets.use((outlets) => outlets.type(query))),
    key: (key) => run((m) => m.Outlets.use((outlets) => outlets.key(key))),
    point: (index) => run((m) => m.Outlets.use((outlets) => outlets.point(index))),
    choose: (index) => run((m) => m.Outlets.use((outlets) => outlets.choose(index))),
    blur: () => run((m) => m.Outlets.use((outlets) => outlets.blur))
  }), [run])
  return useMemo(() => ({ state, actions }), [state, actions])
}
