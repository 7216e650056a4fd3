// @vitest-environment happy-dom
/**
 * Hydration and the store: a part of the page that hydrates late (its chunk loads after the page's, as the header
 * does) hydrates from what the server rendered even when the shopper changed the store before its chunk came (the
 * PL10MA purchase's add to wishlist before the header had hydrated, React error 418), then shows the current value.
 */
import { act } from "@testing-library/react"
import { useStore } from "jotai"
import { lazy, Suspense, type ComponentType } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, describe, expect, test } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { emptyWishlistState } from "../../core/services/wishlistState.ts"
import { wishlistStateAtom } from "../../react/storefront/atoms.ts"
import type { JotaiStore } from "../../react/storefront/bridge.ts"
import { useWishlists } from "../../react/storefront/hooks.ts"
import { StorefrontProvider } from "../../react/storefront/StorefrontProvider.tsx"

/** The wishlist counter as the header shows it: an element only for a non-zero count. */
function WishlistCount() {
  const count = useWishlists().state.itemsCount
  return <p className="wishlist">Wishlist{count > 0 && <span className="counter">{count}</span>}</p>
}

/** Hands the provider's live store to the test. */
function StoreProbe({ found }: { readonly found: (store: JotaiStore) => void }) {
  found(useStore())
  return null
}

/** The page: the probe, and the counter in a Suspense boundary of its own (the header's). */
function Page({ Part, found }: { readonly Part: ComponentType; readonly found: (store: JotaiStore) => void }) {
  return (
    <StorefrontProvider shop={shopById("PL10MA")} baseUrl="" language="pl" live={false}
      initial={[[wishlistStateAtom, emptyWishlistState]]}>
      <StoreProbe found={found} />
      <Suspense fallback={null}><Part /></Suspense>
    </StorefrontProvider>
  )
}

let container: HTMLElement | undefined
afterEach(() => container?.remove())

describe("hydrating a part after the store has changed", () => {
  test("the part hydrates from the server's values without a recoverable error, then shows the store's", async () => {
    const html = renderToString(<Page Part={WishlistCount} found={() => undefined} />)
    expect(html).toContain("Wishlist</p>")
    container = document.createElement("div")
    container.innerHTML = html
    document.body.append(container)

    let loadPart: (part: { default: ComponentType }) => void = () => undefined
    const LatePart = lazy(() => new Promise<{ default: ComponentType }>((done) => { loadPart = done }))
    let store: JotaiStore | undefined
    const recovered: Array<unknown> = []
    await act(async () => {
      hydrateRoot(container!, <Page Part={LatePart} found={(found) => { store = found }} />, {
        onRecoverableError: (error) => recovered.push(error)
      })
    })
    expect(store).toBeDefined()
    // The shopper adds to the wishlist while the part's chunk is still loading.
    await act(async () => {
      store!.set(wishlistStateAtom, { ...emptyWishlistState, itemsCount: 8 })
    })
    const serverParagraph = container.querySelector("p.wishlist")
    await act(async () => {
      loadPart({ default: WishlistCount })
    })
    expect(recovered).toEqual([])
    // Hydrated in place (the server's element kept), then re-rendered with the store's count.
    expect(container.querySelector("p.wishlist")).toBe(serverParagraph)
    expect(container.querySelector(".counter")?.textContent).toBe("8")
  })
})
