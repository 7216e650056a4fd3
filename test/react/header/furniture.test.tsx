// @vitest-environment happy-dom
/**
 * The page furniture: flash messages by type and category (§3, §8), the wishlist counter (§2, CLDR plurals), the
 * back-to-top button (§4: beyond 1000 px), the 8-dot spinner (§9), the inline icons (§2) and the device accordion
 * (§4). axe on each.
 */
import { act, cleanup, screen, within } from "@testing-library/react"
import { describe, expect, test, vi } from "vitest"
import type { FlashMessage } from "../../../core/domain/flash.ts"
import { backToTopThresholdPx } from "../../../core/domain/layout/page.ts"
import { initialCartState } from "../../../core/services/cartState.ts"
import { Accordion } from "../../../react/components/Accordion.tsx"
import { BackToTop } from "../../../react/components/BackToTop.tsx"
import { FlashMessageList, FlashMessages } from "../../../react/components/FlashMessages.tsx"
import { WishlistCounter } from "../../../react/components/header/WishlistCounter.tsx"
import { ArrowIcon, CardBrandIcon, cardBrands, HelpIcon, SearchIcon, SmileyIcon, ThumbsUpIcon } from "../../../react/components/icons.tsx"
import { Spinner } from "../../../react/components/Spinner.tsx"
import { cartStateAtom } from "../../../react/storefront/atoms.ts"
import { expectAccessible, fakeTimerShopper, renderInShop, setViewportWidth, text } from "./support.tsx"

const shopper = fakeTimerShopper()

const flashes: ReadonlyArray<FlashMessage> = [
  { message: "err_request_timeout", type: "danger", cat: "cart" },
  { message: "Saved by the server.", type: "success", cat: "form" },
  { message: "discount_code_applied", type: "notice", cat: "cart" },
  { message: "Check the address.", type: "warning", cat: "form" }
]

describe("flash messages", () => {
  test("dangers are alerts, the rest statuses; keys are translated, server texts kept; each names its type", async () => {
    const { container } = renderInShop(<FlashMessageList flashes={flashes} />)
    const alert = screen.getByRole("alert")
    expect(alert).toHaveTextContent(`${text("header_flash_danger")}: ${text("err_request_timeout")}`)
    expect(alert).toHaveClass("danger")
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual([
      `${text("header_flash_success")}: Saved by the server.`,
      `${text("header_flash_notice")}: ${text("discount_code_applied")}`,
      `${text("header_flash_warning")}: Check the address.`
    ])
    await expectAccessible(container)
  })

  test("a category shows only its flashes", () => {
    renderInShop(<FlashMessageList flashes={flashes} category="form" />)
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.getAllByRole("status").map((s) => s.querySelector(".flash-text")!.textContent)).toEqual(["Saved by the server.", "Check the address."])
    cleanup()
    const { container } = renderInShop(<FlashMessageList flashes={flashes.filter((f) => f.cat === "form")} category="cart" />)
    expect(container).toBeEmptyDOMElement()
  })

  test("a dismissible flash closes by its button", async () => {
    const dismissed: Array<FlashMessage> = []
    renderInShop(<FlashMessageList flashes={flashes.slice(0, 1)} onDismiss={(flash) => dismissed.push(flash)} />)
    await shopper().click(within(screen.getByRole("alert")).getByRole("button", { name: text("close") }))
    expect(dismissed).toEqual([flashes[0]])
  })

  test("the cart's flashes come from the cart service's state, in the UI language", async () => {
    const { container } = renderInShop(<FlashMessages source="cart" category="cart" />, {
      language: "pl",
      initial: [[cartStateAtom, { ...initialCartState, flashMessages: flashes }]]
    })
    expect(screen.getByRole("alert")).toHaveTextContent(text("err_request_timeout", {}, "pl"))
    expect(screen.getAllByRole("status")).toHaveLength(1)
    expect(within(screen.getByRole("alert")).getByRole("button", { name: text("close", {}, "pl") })).toBeInTheDocument()
    await expectAccessible(container)
  })
})

describe("the wishlist counter", () => {
  test("a slash, the count and the quantity label; nothing for zero", async () => {
    const { container } = renderInShop(<WishlistCounter count={3} />)
    expect(container).toHaveTextContent(`/ 3 ${text("wishlist_counter_items", { count: 3 })}`)
    await expectAccessible(container)
    cleanup()
    expect(renderInShop(<WishlistCounter count={0} />).container).toBeEmptyDOMElement()
  })

  test("the label takes the UI language's plural form (Polish 22 is 'few', 25 is 'many')", () => {
    const { container, rerender } = renderInShop(<WishlistCounter count={22} />, { language: "pl" })
    expect(container).toHaveTextContent(`/ 22 ${text("wishlist_counter_items", { count: 22 }, "pl")}`)
    expect(text("wishlist_counter_items", { count: 22 }, "pl")).not.toBe(text("wishlist_counter_items", { count: 25 }, "pl"))
    rerender(<></>)
  })
})

describe("back to top", () => {
  test("shows beyond 1000 px of scrolling and scrolls to the top", async () => {
    const scrollTo = vi.fn()
    window.scrollTo = scrollTo as typeof window.scrollTo
    const { container } = renderInShop(<main id="main" tabIndex={-1}><BackToTop /></main>)
    const button = () => screen.queryByRole("button", { name: text("back_to_top") })
    expect(button()).toBeNull()
    Object.defineProperty(window, "scrollY", { value: backToTopThresholdPx, configurable: true })
    act(() => window.dispatchEvent(new Event("scroll")))
    expect(button()).toBeNull()
    Object.defineProperty(window, "scrollY", { value: backToTopThresholdPx + 1, configurable: true })
    act(() => window.dispatchEvent(new Event("scroll")))
    expect(button()).toBeVisible()
    await expectAccessible(container)
    await shopper().click(button()!)
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
    expect(document.getElementById("main")).toHaveFocus()
  })
})

describe("spinner, icons and accordion", () => {
  test("the spinner has 8 dots and announces loading", async () => {
    const { container } = renderInShop(<Spinner />)
    expect(screen.getByRole("status")).toHaveTextContent(text("loading"))
    expect(container.querySelectorAll(".dot")).toHaveLength(8)
    await expectAccessible(container)
  })

  test("icons are decorative unless titled; card brands are named", async () => {
    const { container } = renderInShop(
      <p>
        <ArrowIcon direction="left" /> <SearchIcon /> <ThumbsUpIcon title="Recommended" /> <SmileyIcon /> <HelpIcon title="Help" />
        {cardBrands.map((brand) => <CardBrandIcon key={brand} brand={brand} />)}
      </p>
    )
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("aria-label"))).toEqual([
      "Recommended", "Help", "Visa", "Mastercard", "Maestro", "American Express"
    ])
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(3)
    await expectAccessible(container)
  })

  test("an accordion starts in its device's state and toggles", async () => {
    setViewportWidth(390)
    const { container } = renderInShop(<Accordion title="Service" config={{ mobile: false, desktop: true }}><a href="/help">Help</a></Accordion>)
    await act(async () => {})
    const toggle = screen.getByRole("button", { name: "Service" })
    expect(toggle).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByRole("link", { name: "Help" })).toBeNull()
    await shopper().click(toggle)
    expect(screen.getByRole("link", { name: "Help" })).toBeVisible()
    await expectAccessible(container)
    cleanup()
    setViewportWidth(1280)
    renderInShop(<Accordion title="Service" config={{ mobile: false, desktop: true }}><a href="/help">Help</a></Accordion>)
    expect(screen.getByRole("button", { name: "Service" })).toHaveAttribute("aria-expanded", "true")
  })
})
