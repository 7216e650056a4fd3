// @vitest-environment happy-dom
/**
 * §8 "Missing consent panel and similar elements degrade silently": the optional widgets of a page render nothing,
 * throw nothing and log no error when what they show is missing (no services yet, no legal text, no slides, no
 * recommendations, a zero count, no menu sheet), and the rest of the page works as a shopper uses it.
 */
import { act, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { BannerSlider } from "../../../react/components/widgets/BannerSlider.tsx"
import { ConsentPanel, DataProtectionModal } from "../../../react/components/widgets/Consent.tsx"
import { LegalConditions } from "../../../react/components/widgets/LegalConditions.tsx"
import { RecentlyViewed, Recommendations } from "../../../react/components/widgets/ProductLists.tsx"
import { AdultContentGate } from "../../../react/components/widgets/AdultGate.tsx"
import { FaviconLinks } from "../../../react/components/widgets/FaviconLinks.tsx"
import { WishlistCounter } from "../../../react/components/header/WishlistCounter.tsx"
import { FlashMessageList } from "../../../react/components/FlashMessages.tsx"
import { MenuLayer } from "../../../react/components/header/MenuLayer.tsx"
import { expectAccessible, fakeTimerShopper, renderInShop } from "../header/support.tsx"

const shopper = fakeTimerShopper()
let errors: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  errors = vi.spyOn(console, "error")
})

afterEach(() => {
  errors.mockRestore()
})

/** A page whose optional widgets have nothing to show, around content the shopper uses. */
function Page({ onSearch }: { readonly onSearch: () => void }) {
  return (
    <>
      <DataProtectionModal />
      <LegalConditions />
      <AdultContentGate needed={false} />
      <FaviconLinks links={[]} />
      <main id="main">
        <h1>Garden chairs</h1>
        <BannerSlider slides={[]} />
        <WishlistCounter count={0} />
        <FlashMessageList flashes={[]} />
        <Recommendations title="Recommended" variantId={1} />
        <RecentlyViewed title="Recently viewed" />
        <button type="button" onClick={onSearch}>Search</button>
      </main>
    </>
  )
}

describe("missing elements degrade silently (§8)", () => {
  test("optional widgets with nothing to show render nothing and log no error; the page still works", async () => {
    const onSearch = vi.fn()
    const { container } = renderInShop(<Page onSearch={onSearch} />, { initial: [] })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    const main = screen.getByRole("main")
    // Only the page's own content is there: no empty dialog, region, list or banner.
    expect([...main.children].map((child) => child.tagName)).toEqual(["H1", "BUTTON"])
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.queryByRole("status")).toBeNull()
    expect(container).toHaveTextContent(/^Garden chairsSearch$/)
    await shopper().click(screen.getByRole("button", { name: "Search" }))
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(errors).not.toHaveBeenCalled()
    await expectAccessible(container)
  })

  test("a menu item whose sheet failed to load shows the menu's own sub-items, no error", async () => {
    const { container } = renderInShop(
      <nav aria-label="Menu"><MenuLayer sheet="failed" fallback={[{ to: "/zahrada/zidle", title: "Chairs" }]} /></nav>,
      { initial: [] }
    )
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByRole("link", { name: "Chairs" })).toHaveAttribute("href", "/zahrada/zidle")
    expect(errors).not.toHaveBeenCalled()
    await expectAccessible(container)
  })

  test("a consent panel whose services never start shows the bar; agree waits for them (busy), and nothing breaks", async () => {
    const { container } = renderInShop(<ConsentPanel />, { initial: [] })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    const agree = screen.getByRole("button", { name: "I agree" })
    expect(agree).toBeEnabled()
    await shopper().click(agree)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByRole("region", { name: "Privacy settings" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Loading…" })).toHaveAttribute("aria-busy", "true")
    expect(errors).not.toHaveBeenCalled()
    await expectAccessible(container)
  })
})
