// @vitest-environment happy-dom
/**
 * The core's requests performed by the page (§4, §8): the bridge delivers the Signals hub's redirects, reloads and
 * drawer openings into the store; `PageRequests` navigates to same-origin paths only and reloads once, guarded by the
 * session flag so a page asking again on every load cannot loop; the header opens the drawer asked for and shows the
 * wishlist's message there.
 */
import { act, screen, within } from "@testing-library/react"
import { Effect, ManagedRuntime } from "effect"
import { createStore } from "jotai"
import { describe, expect, test, vi } from "vitest"
import { reloadGuardKey, reloadGuardWindowMs } from "../../../core/domain/pageReload.ts"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { initialCartState } from "../../../core/services/cartState.ts"
import { initialCheckoutState } from "../../../core/services/checkoutState.ts"
import { openDrawerSignal, redirectSignal, reloadSignal, Signals } from "../../../core/services/Signals.ts"
import { emptyWishlistState } from "../../../core/services/wishlistState.ts"
import { WishlistDrawer } from "../../../react/components/header/WishlistDrawer.tsx"
import { accountStateAtom, cartStateAtom, checkoutStateAtom, wishlistStateAtom } from "../../../react/storefront/atoms.ts"
import { followSignals } from "../../../react/storefront/signalBridge.ts"
import { drawerRequestAtom, pageRequestsAtom, PageRequests, type ReloadFlag } from "../../../react/storefront/signals.tsx"
import { useStorefront, type StorefrontContextValue } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectAccessible, fakeTimerShopper, renderInShop, settle } from "../header/support.tsx"

fakeTimerShopper()

/** A session flag in memory (one browser tab's sessionStorage). */
const memoryFlag = (): ReloadFlag & { readonly values: Map<string, string> } => {
  const values = new Map<string, string>()
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) }
}

/** Hands the test the provider's store. */
function StoreProbe({ onStore }: { readonly onStore: (store: StorefrontContextValue["store"]) => void }) {
  onStore(useStorefront().store)
  return null
}

const renderRequests = (props: Parameters<typeof PageRequests>[0], initial?: Parameters<typeof renderInShop>[1]) => {
  let store!: StorefrontContextValue["store"]
  const rendered = renderInShop(<><StoreProbe onStore={(s) => (store = s)} /><PageRequests {...props} /></>, initial)
  return { ...rendered, store: () => store }
}

describe("the bridge from the core's Signals", () => {
  test("redirects and reloads are queued for the page in order; a drawer request is numbered; service signals are not the page's", async () => {
    vi.useRealTimers()
    const runtime = ManagedRuntime.make(Signals.layer)
    const store = createStore()
    const stop = await followSignals(runtime, store)
    await runtime.runPromise(Effect.gen(function*() {
      const signals = yield* Signals
      yield* signals.publish(redirectSignal("/kosik"))
      yield* signals.publish(reloadSignal)
      yield* signals.publish(redirectSignal("https://evil.example/"))
      yield* signals.publish({ _tag: "SessionChanged", reason: "login", customerId: 7, cartId: 3 })
      yield* signals.publish(openDrawerSignal("wishlist"))
      yield* signals.publish(openDrawerSignal("wishlist"))
    }))
    await vi.waitFor(() => expect(store.get(drawerRequestAtom)).toEqual({ drawer: "wishlist", sequence: 2 }))
    expect(store.get(pageRequestsAtom)).toEqual([{ _tag: "Redirect", url: "/kosik" }, { _tag: "Reload" }])
    stop()
    await runtime.dispose()
  })
})

describe("PageRequests", () => {
  test("a redirect goes to its same-origin path through the router; an off-site one is never followed", async () => {
    const navigate = vi.fn()
    const { store } = renderRequests({ navigate, reload: vi.fn(), reloadFlag: memoryFlag() })
    act(() => store().set(pageRequestsAtom, [{ _tag: "Redirect", url: "/muj-ucet/oblibene" }]))
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/muj-ucet/oblibene")
    expect(store().get(pageRequestsAtom)).toEqual([])
    act(() => store().set(pageRequestsAtom, [{ _tag: "Redirect", url: "//evil.example/" }, { _tag: "Redirect", url: "https://evil.example/" }]))
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  test("a failed add-to-cart reloads the page once; a second request on the same page does not reload again (§8)", async () => {
    const reload = vi.fn()
    const flag = memoryFlag()
    const { store } = renderRequests({ navigate: vi.fn(), reload, reloadFlag: flag })
    expect(reload).not.toHaveBeenCalled()
    act(() => store().set(cartStateAtom, { ...initialCartState, reload: { reason: "addError" } }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(flag.values.get(reloadGuardKey)).toBe(String(Date.now()))
    act(() => store().set(cartStateAtom, { ...initialCartState, reload: { reason: "addError" } }))
    act(() => store().set(pageRequestsAtom, [{ _tag: "Reload" }]))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  test("a page that asks for a reload on every load reloads once, and again only after the guard window (§4 status 'error' with a link)", async () => {
    const flag = memoryFlag()
    const asking = { ...initialCheckoutState, reload: { link: "/kosik" } }
    const first = vi.fn()
    const page1 = renderRequests({ reload: first, reloadFlag: flag }, { initial: [[checkoutStateAtom, asking]] })
    expect(first).toHaveBeenCalledTimes(1)
    page1.unmount()

    // The reloaded page asks again at once: it stays (its flash and fatal state show).
    vi.advanceTimersByTime(1500)
    const second = vi.fn()
    const page2 = renderRequests({ reload: second, reloadFlag: flag }, { initial: [[checkoutStateAtom, asking]] })
    expect(second).not.toHaveBeenCalled()
    page2.unmount()

    vi.advanceTimersByTime(reloadGuardWindowMs)
    const third = vi.fn()
    renderRequests({ reload: third, reloadFlag: flag }, { initial: [[checkoutStateAtom, asking]] })
    expect(third).toHaveBeenCalledTimes(1)
  })

  test("the core's Reload signal (legal deactivation, §4) reloads", async () => {
    const reload = vi.fn()
    const { store } = renderRequests({ reload, reloadFlag: memoryFlag() })
    act(() => store().set(pageRequestsAtom, [{ _tag: "Reload" }]))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe("the drawer the core asks for (§8 wishlist errors with redirect false)", () => {
  test("opens the wishlist drawer with the message as an alert; the message goes when the service clears it", async () => {
    let store!: StorefrontContextValue["store"]
    renderInShop(<><StoreProbe onStore={(s) => (store = s)} /><WishlistDrawer /></>, {
      initial: [[accountStateAtom, accountStateFor({ id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" })]]
    })
    const trigger = screen.getByRole("link", { name: /Wishlist/ })
    expect(trigger).toHaveAttribute("aria-expanded", "false")
    act(() => {
      store.set(wishlistStateAtom, { ...emptyWishlistState, message: "A list with this name already exists." })
      store.set(drawerRequestAtom, { drawer: "wishlist", sequence: 1 })
    })
    await settle()
    expect(trigger).toHaveAttribute("aria-expanded", "true")
    const drawer = screen.getByRole("region", { name: "Wishlist" })
    expect(within(drawer).getByRole("alert")).toHaveTextContent("A list with this name already exists.")
    await expectAccessible(drawer.parentElement!)

    act(() => store.set(wishlistStateAtom, { ...emptyWishlistState, message: undefined }))
    expect(within(drawer).queryByRole("alert")).toBeNull()
  })
})
