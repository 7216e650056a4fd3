// @vitest-environment happy-dom
/**
 * The mega-menu (§2 layers load on hover, §9 delays): the layer opens after 300 ms of hovering (100 ms when moving
 * from an open layer), its sheet loads once, only the sheet's same-origin links are shown, the layer closes 100 ms
 * after the pointer leaves; the keyboard toggle and Escape; accordions on small screens (§4). The mobile search and
 * menu panels are mutually exclusive (§2). axe on each state.
 */
import { act, screen, within } from "@testing-library/react"
import { describe, expect, test, vi } from "vitest"
import type { MenuItem } from "../../../core/api/menu.ts"
import { menuDelays } from "../../../core/domain/layout/menu.ts"
import { MegaMenu } from "../../../react/components/header/MegaMenu.tsx"
import { MobilePanels } from "../../../react/components/header/MobilePanels.tsx"
import { sheetLinks } from "../../../react/components/header/sheetLinks.ts"
import { expectAccessible, fakeTimerShopper, renderInShop, setViewportWidth, settle, text } from "./support.tsx"

const shopper = fakeTimerShopper()

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

const entry = (menuItemId: number, parentId: number | null, title: string, hasSheet = false): MenuItem => ({
  menuItemId, parentId, title, url: `/${title.toLowerCase()}`, cssClass: null, hasSheet
})

const items: ReadonlyArray<MenuItem> = [
  entry(1, null, "Phones", true),
  entry(2, null, "Garden", true),
  entry(3, null, "Gifts"),
  entry(10, 1, "Smartphones"),
  entry(11, 1, "Cases"),
  entry(20, 2, "Tools")
]

const sheets: Record<number, string> = {
  1: '<ul class="menu-sheet"><li><a href="/smartphones">Smart<b>phones</b></a></li><li><a href="javascript:alert(1)">Evil</a></li>' +
    '<li><a href="//evil.example/x">Away</a></li><li><a href="/cases" onclick="alert(1)">Cases</a></li><script>window.hacked = 1</script></ul>',
  2: '<ul class="menu-sheet"><li><a href="/tools">Tools</a></li></ul>'
}

const loader = () => {
  const calls: Array<number> = []
  const load = (menuItemId: number) => {
    calls.push(menuItemId)
    return Promise.resolve(sheets[menuItemId])
  }
  return { calls, load }
}

const layerOf = (title: string) => {
  const toggle = screen.getByRole("button", { name: text("header_subcategories_of", { category: title }) })
  return { toggle, layer: () => document.getElementById(toggle.getAttribute("aria-controls")!)! }
}

describe("the desktop mega-menu", () => {
  test("a layer opens after 300 ms of hovering, loads its sheet once, shows only its same-origin links, closes 100 ms after leaving", async () => {
    const { calls, load } = loader()
    const { container } = renderInShop(<MegaMenu items={items} loadSheet={load} />)
    const phones = layerOf("Phones")
    await shopper().hover(screen.getByRole("link", { name: "Phones" }))
    await advance(menuDelays.primaryHoverMs - 1)
    expect(phones.layer()).not.toBeVisible()
    expect(calls).toEqual([])
    await advance(1)
    await settle()
    expect(phones.layer()).toBeVisible()
    expect(phones.toggle).toHaveAttribute("aria-expanded", "true")
    expect(calls).toEqual([1])
    expect(within(phones.layer()).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Smartphones", "/smartphones"],
      ["Cases", "/cases"]
    ])
    expect(phones.layer().querySelector("script, [onclick]")).toBeNull()
    expect((window as { hacked?: number }).hacked).toBeUndefined()
    await expectAccessible(container)

    await shopper().unhover(screen.getByRole("link", { name: "Phones" }))
    await advance(menuDelays.navCloseMs - 1)
    expect(phones.layer()).toBeVisible()
    await advance(1)
    expect(phones.layer()).not.toBeVisible()

    await shopper().hover(screen.getByRole("link", { name: "Phones" }))
    await advance(menuDelays.primaryHoverMs)
    expect(phones.layer()).toBeVisible()
    expect(calls).toEqual([1])
  })

  test("moving from an open layer to another item switches after the shorter delay", async () => {
    const { load } = loader()
    renderInShop(<MegaMenu items={items} loadSheet={load} />)
    await shopper().hover(screen.getByRole("link", { name: "Phones" }))
    await advance(menuDelays.primaryHoverMs)
    await shopper().hover(screen.getByRole("link", { name: "Garden" }))
    await advance(menuDelays.secondaryHoverMs)
    await settle()
    expect(layerOf("Garden").layer()).toBeVisible()
    expect(layerOf("Phones").layer()).not.toBeVisible()
    expect(within(layerOf("Garden").layer()).getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/tools")
  })

  test("a sheet that fails to load leaves the sub-items of the menu", async () => {
    renderInShop(<MegaMenu items={items} loadSheet={() => Promise.reject(new Error("offline"))} />)
    await shopper().click(layerOf("Phones").toggle)
    await settle()
    expect(within(layerOf("Phones").layer()).getAllByRole("link").map((a) => a.textContent)).toEqual(["Smartphones", "Cases"])
  })

  test("by keyboard: the toggle opens the layer at once, Escape closes it and returns focus", async () => {
    const { load } = loader()
    renderInShop(<MegaMenu items={items} loadSheet={load} />)
    await shopper().tab()
    expect(screen.getByRole("link", { name: "Phones" })).toHaveFocus()
    await shopper().tab()
    const phones = layerOf("Phones")
    expect(phones.toggle).toHaveFocus()
    await shopper().keyboard("{Enter}")
    await settle()
    expect(phones.layer()).toBeVisible()
    await shopper().tab()
    expect(within(phones.layer()).getByRole("link", { name: "Smartphones" })).toHaveFocus()
    await shopper().keyboard("{Escape}")
    expect(phones.layer()).not.toBeVisible()
    expect(phones.toggle).toHaveFocus()
  })
})

describe("the menu on small screens", () => {
  test("top items are accordions of their sub-items, closed on mobile", async () => {
    setViewportWidth(390)
    const { container } = renderInShop(<MegaMenu items={items} loadSheet={loader().load} />)
    await advance(0)
    const phones = screen.getByRole("button", { name: "Phones" })
    expect(phones).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByRole("link", { name: "Smartphones" })).toBeNull()
    await shopper().click(phones)
    expect(phones).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("link", { name: "Smartphones" })).toBeVisible()
    expect(screen.getByRole("link", { name: text("sf_all_products") })).toHaveAttribute("href", "/phones")
    expect(screen.getByRole("link", { name: "Gifts" })).toHaveAttribute("href", "/gifts")
    await expectAccessible(container)
  })
})

describe("the mobile search and menu", () => {
  test("are mutually exclusive; Escape closes the open one and returns focus to its toggle", async () => {
    setViewportWidth(390)
    const { container } = renderInShop(
      <MobilePanels search={<form role="search"><label>Find <input /></label></form>} menu={<nav aria-label="Menu items">items</nav>} />
    )
    const menu = screen.getByRole("button", { name: text("sf_menu") })
    const search = screen.getByRole("button", { name: text("header_search_toggle") })
    const panel = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!
    await shopper().click(menu)
    expect(menu).toHaveAttribute("aria-expanded", "true")
    expect(panel(menu)).toHaveClass("open")
    await shopper().click(search)
    expect(search).toHaveAttribute("aria-expanded", "true")
    expect(menu).toHaveAttribute("aria-expanded", "false")
    expect(panel(menu)).not.toHaveClass("open")
    await expectAccessible(container)
    await shopper().click(screen.getByLabelText("Find"))
    await shopper().keyboard("{Escape}")
    expect(search).toHaveAttribute("aria-expanded", "false")
    expect(search).toHaveFocus()
  })
})

describe("resizing from a phone to a desktop with the phone menu open", () => {
  test("the desktop menu shows at once (no debounce), the panel closes and no accordion stays", async () => {
    setViewportWidth(390)
    renderInShop(
      <MobilePanels search={<form role="search"><label>Find <input /></label></form>}
        menu={(close) => <MegaMenu items={items} loadSheet={loader().load} onNavigate={close} />} />
    )
    await advance(0)
    const toggle = screen.getByRole("button", { name: text("sf_menu") })
    await shopper().click(toggle)
    await shopper().click(screen.getByRole("button", { name: "Phones" }))
    expect(screen.getByRole("link", { name: "Smartphones" })).toBeVisible()
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).toHaveClass("open")

    setViewportWidth(1280)
    // The resize event alone, without advancing the clock: nothing waits for a debounce.
    act(() => { window.dispatchEvent(new Event("resize")) })
    const menu = screen.getByRole("navigation", { name: text("sf_categories") })
    expect(menu.querySelector(".menu-accordions")).toBeNull()
    expect(within(menu).getByRole("link", { name: "Phones" })).toHaveAttribute("href", "/phones")
    expect(screen.queryByRole("link", { name: "Smartphones" })).toBeNull()
    expect(document.querySelector(".mobile-panel.open")).toBeNull()
  })
})

describe("sheetLinks", () => {
  test("keeps same-origin paths with text, in order; drops scripts, other origins and javascript: URLs", () => {
    expect(sheetLinks(sheets[1]!)).toEqual([{ to: "/smartphones", title: "Smartphones" }, { to: "/cases", title: "Cases" }])
    expect(sheetLinks('<a href="/x"> </a><a href="/%2F%2Fevil">e</a><a href="data:text/html,x">d</a>')).toEqual([])
  })
})
