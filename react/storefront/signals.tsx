/**
 * What the core asks the page to do, performed: the `Redirect`, `Reload` and `OpenDrawer` signals
 * (`core/services/Signals.ts`, written here by the services' bridge) and the reload requests of the cart and the
 * checkout (`CartState.reload`, `CheckoutState.reload`; §4 a status 'error' with a link, §8 a failed add-to-cart).
 * Mount {@link PageRequests} once under the {@link StorefrontProvider} of every page; the header's
 * `DrawersProvider` opens the drawers asked for.
 *
 * @module
 */
import { atom, useStore, type PrimitiveAtom } from "jotai"
import { useStoreValue } from "./storeValue.ts"
import { useEffect, useRef } from "react"
import type { Drawer } from "../../core/domain/layout/drawers.ts"
import { parseReloadTime, reloadAllowed, reloadGuardKey } from "../../core/domain/pageReload.ts"
import { isSafeRedirectTarget } from "../../core/domain/redirect.ts"
import type { Signal } from "../../core/services/Signals.ts"
import { cartStateAtom, checkoutStateAtom } from "./atoms.ts"

/** A navigation or reload the page has not performed yet, in the order the core asked. */
export type PageRequest =
  | { readonly _tag: "Redirect"; readonly url: string }
  | { readonly _tag: "Reload" }

/** The page requests not performed yet (the bridge appends, {@link PageRequests} takes them). */
export const pageRequestsAtom: PrimitiveAtom<ReadonlyArray<PageRequest>> = atom<ReadonlyArray<PageRequest>>([])

/** The last drawer the core asked to open, numbered so that asking twice opens it twice. */
export interface DrawerRequest {
  /** The drawer. */
  readonly drawer: Drawer
  /** Grows with every request. */
  readonly sequence: number
}

/** The last drawer request of the core; undefined before the first. */
export const drawerRequestAtom: PrimitiveAtom<DrawerRequest | undefined> = atom<DrawerRequest | undefined>(undefined)

/** The part of a Jotai store the delivery writes to. */
export interface SignalTarget {
  /** Reads an atom's current value. */
  readonly get: <Value>(target: PrimitiveAtom<Value>) => Value
  /** Writes an atom's value. */
  readonly set: <Value>(target: PrimitiveAtom<Value>, value: Value) => void
}

/**
 * Puts a core signal where the page picks it up: redirects (same-origin paths only) and reloads into
 * {@link pageRequestsAtom}, drawer openings into {@link drawerRequestAtom}; the signals between services are not
 * the page's business.
 */
export const deliverSignal = (store: SignalTarget, signal: Signal): void => {
  switch (signal._tag) {
    case "Redirect":
      if (isSafeRedirectTarget(signal.url)) store.set(pageRequestsAtom, [...store.get(pageRequestsAtom), { _tag: "Redirect", url: signal.url }])
      return
    case "Reload":
      store.set(pageRequestsAtom, [...store.get(pageRequestsAtom), { _tag: "Reload" }])
      return
    case "OpenDrawer":
      store.set(drawerRequestAtom, { drawer: signal.drawer, sequence: (store.get(drawerRequestAtom)?.sequence ?? 0) + 1 })
      return
    default:
      return
  }
}

/** The session flag of the reload guard (`sessionStorage` in the browser). */
export type ReloadFlag = Pick<Storage, "getItem" | "setItem">

/** Props of {@link PageRequests}. */
export interface PageRequestsProps {
  /** Navigates to a same-origin path (the router's `navigate`); default `location.assign`. */
  readonly navigate?: (to: string) => void
  /** Reloads the page; default `location.reload`. */
  readonly reload?: () => void
  /** Where the time of the last reload is kept; default `sessionStorage` (none when it cannot be used). */
  readonly reloadFlag?: ReloadFlag
  /** The clock of the reload guard (ms); default `Date.now`. */
  readonly now?: () => number
}

const sessionFlag = (): ReloadFlag | undefined => {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/**
 * Performs what the core asks of the page: a redirect goes to its same-origin path (never off-site), a reload happens
 * once per page and at most once within the guard window of `core/domain/pageReload.ts` (a page whose load asks for
 * a reload again stays, its flash and fatal-error state shown). Renders nothing.
 *
 * @example
 * ```tsx
 * <StorefrontProvider shop={shop} baseUrl="" language="cs">
 *   <PageRequests navigate={useNavigate()} />
 *   <Outlet />
 * </StorefrontProvider>
 * ```
 */
export function PageRequests({ navigate, reload, reloadFlag, now = Date.now }: PageRequestsProps) {
  const store = useStore()
  const requests = useStoreValue(pageRequestsAtom)
  const cartReload = useStoreValue(cartStateAtom).reload
  const checkoutReload = useStoreValue(checkoutStateAtom).reload
  const reloaded = useRef(false)
  const options = useRef({ navigate, reload, reloadFlag, now })
  options.current = { navigate, reload, reloadFlag, now }

  const reloadOnce = useRef(() => {
    if (reloaded.current) return
    const { reload: doReload, reloadFlag: flag = sessionFlag(), now: clock } = options.current
    const at = clock()
    let last: number | undefined
    try {
      last = parseReloadTime(flag?.getItem(reloadGuardKey))
    } catch {
      last = undefined
    }
    if (!reloadAllowed(last, at)) return
    reloaded.current = true
    try {
      flag?.setItem(reloadGuardKey, String(at))
    } catch {
      // Without the flag the per-page guard still holds.
    }
    ;(doReload ?? (() => window.location.reload()))()
  })

  useEffect(() => {
    if (requests.length === 0) return
    store.set(pageRequestsAtom, [])
    for (const request of requests) {
      if (request._tag === "Reload") reloadOnce.current()
      else if (isSafeRedirectTarget(request.url)) (options.current.navigate ?? ((to: string) => window.location.assign(to)))(request.url)
    }
  }, [requests, store])

  useEffect(() => {
    if (cartReload !== undefined) reloadOnce.current()
  }, [cartReload])

  useEffect(() => {
    if (checkoutReload !== undefined) reloadOnce.current()
  }, [checkoutReload])

  return null
}

/**
 * Runs `open` for every drawer the core asks to open from now on (the header's `DrawersProvider` uses it; §8 a
 * wishlist error opens the wishlist drawer).
 */
export const useDrawerRequests = (open: (drawer: Drawer) => void): void => {
  const request = useStoreValue(drawerRequestAtom)
  const seen = useRef(request?.sequence)
  const opener = useRef(open)
  opener.current = open
  useEffect(() => {
    if (request === undefined || request.sequence === seen.current) return
    seen.current = request.sequence
    opener.current(request.drawer)
  }, [request])
}
