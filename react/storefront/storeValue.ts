/**
 * Reading the provider's store so that hydration sees what the server rendered. A part of the page that hydrates late
 * (a lazily loaded header, footer or below-the-fold part keeps the server's HTML until its chunk is in) may hydrate
 * after the store has changed: the shopper added to the wishlist or the cart, the services started and loaded the
 * wishlist. Rendered from the changed store, it would not match the server's HTML (React error 418) and React would
 * throw that HTML away. {@link useStoreValue} renders from the server's snapshot while hydrating (the store as the
 * provider created it, from the values the server rendered with) and from the live store otherwise, so a late
 * hydration matches and then re-renders with the current values.
 *
 * @module
 */
import { useStore, type Atom } from "jotai"
import { createContext, useCallback, useContext, useSyncExternalStore } from "react"
import type { JotaiStore } from "./bridge.ts"

/** The store as the server rendered it: created from the same initial values as the live one and never written. */
export const HydrationSnapshotContext = createContext<JotaiStore | undefined>(undefined)

/**
 * The value of `target` in the provider's store, re-rendering when it changes; while React hydrates the calling
 * component, its value in the server's snapshot (see the module comment). Without a snapshot (a component rendered
 * outside a `StorefrontProvider`), the live value in both cases.
 */
export const useStoreValue = <Value>(target: Atom<Value>): Value => {
  const store = useStore()
  const snapshot = useContext(HydrationSnapshotContext) ?? store
  const subscribe = useCallback((changed: () => void) => store.sub(target, changed), [store, target])
  const live = useCallback(() => store.get(target), [store, target])
  const rendered = useCallback(() => snapshot.get(target), [snapshot, target])
  return useSyncExternalStore(subscribe, live, rendered)
}
