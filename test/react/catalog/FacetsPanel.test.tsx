// @vitest-environment happy-dom
/**
 * The listing's parameter facets (FEATURES "Category listing"): a shopper ticks and unticks values, removes a chip,
 * clears the filters; the panel asks for the URL the core's listing rules write (values of a key OR, keys AND, the
 * page back to the first), keeps the focus on the ticked box, announces the new count politely, and renders a GET
 * form and links that work without JavaScript.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { afterEach, describe, expect, test } from "vitest"
import type { ParamFacet } from "../../../core/api/entities/catalogue.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { listingQueryOf } from "../../../core/domain/listing.ts"
import { translate } from "../../../core/messages/index.ts"
import { FacetsPanel } from "../../../react/components/catalog/FacetsPanel.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"

afterEach(cleanup)

const facets: ReadonlyArray<ParamFacet> = [
  { key: "COLOR", title: "Colour", values: [{ value: "Black", css: null, count: 3 }, { value: "Red", css: null, count: 2 }, { value: "White", css: null, count: 0 }] },
  { key: "SIZE", title: "Size", values: [{ value: "M", css: null, count: 4 }, { value: "XL", css: null, count: 1 }] }
]

const inShop = (ui: React.ReactElement) =>
  render(<StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="en" live={false}>{ui}</StorefrontProvider>)

/** A page whose URL is the state: `onNavigate` records the URL and shows the page for it (the listing's new total). */
function Page({ initial, totals, visits }: { readonly initial: string; readonly totals: (search: string) => number; readonly visits: Array<string> }) {
  const [search, setSearch] = useState(initial)
  return (
    <main>
      <h1>Chairs</h1>
      <FacetsPanel facets={facets} query={listingQueryOf(new URLSearchParams(search))} total={totals(search)} path="/chairs"
        onNavigate={(next) => {
          visits.push(next)
          setSearch(next)
        }} />
    </main>
  )
}

describe("FacetsPanel", () => {
  test("ticking values: the URL carries them (one key OR, keys AND), the focus stays, the count is announced; axe", async () => {
    const user = userEvent.setup()
    const visits: Array<string> = []
    const totals = (search: string) => 7 - new URLSearchParams(search).getAll("param").length * 2
    const { container } = inShop(<Page initial="sort=price_asc&page=3" totals={totals} visits={visits} />)
    await expectNoAxeViolations(container)
    const colour = screen.getByRole("group", { name: "Colour" })
    const status = screen.getByRole("status")
    expect(status.textContent).toBe("7 products")
    // a value no product would match (count 0) cannot be chosen
    expect(within(colour).getByRole("checkbox", { name: /White/ })).toBeDisabled()
    const black = within(colour).getByRole("checkbox", { name: "Black (3)" })
    await user.click(black)
    expect(visits).toEqual(["sort=price_asc&param=COLOR%3ABlack"])
    expect(black).toBeChecked()
    expect(black).toHaveFocus()
    expect(status.textContent).toBe("5 products")
    await user.click(within(colour).getByRole("checkbox", { name: "Red (2)" }))
    await user.click(within(screen.getByRole("group", { name: "Size" })).getByRole("checkbox", { name: "XL (1)" }))
    expect(visits.at(-1)).toBe("sort=price_asc&param=COLOR%3ABlack&param=COLOR%3ARed&param=SIZE%3AXL")
    expect(screen.getByRole("checkbox", { name: "XL (1)" })).toHaveFocus()
    expect(status.textContent).toBe("1 product")
    // the chosen filters are chips that remove themselves, and the summary counts them
    const chips = screen.getByRole("list", { name: "Chosen filters" })
    expect(within(chips).getAllByRole("link").map((link) => link.textContent)).toEqual(["Remove filter Colour: Black ×", "Remove filter Colour: Red ×", "Remove filter Size: XL ×"])
    expect(within(chips).getByRole("link", { name: /Colour: Red/ }).getAttribute("href")).toBe("/chairs?sort=price_asc&param=COLOR%3ABlack&param=SIZE%3AXL")
    expect(screen.getByText("Filters (3)")).toBeTruthy()
    await expectNoAxeViolations(container)
    await user.click(within(chips).getByRole("link", { name: /Colour: Black/ }))
    expect(visits.at(-1)).toBe("sort=price_asc&param=COLOR%3ARed&param=SIZE%3AXL")
    expect(screen.getByRole("checkbox", { name: "Black (3)" })).not.toBeChecked()
    // unticking a box takes its filter away
    await user.click(screen.getByRole("checkbox", { name: "Red (2)" }))
    expect(visits.at(-1)).toBe("sort=price_asc&param=SIZE%3AXL")
    await user.click(screen.getByRole("link", { name: "Clear filters" }))
    expect(visits.at(-1)).toBe("sort=price_asc")
    expect(screen.queryByRole("list", { name: "Chosen filters" })).toBeNull()
    expect(screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked)).toEqual([])
    expect(status.textContent).toBe("7 products")
  })

  test("without JavaScript: a GET form to the page that keeps the other parameters, and links for the chips", async () => {
    const { container } = inShop(
      <FacetsPanel facets={facets} query={listingQueryOf(new URLSearchParams("inStock=true&param=SIZE:M&page=2"))} total={4}
        path="/search" keep={[["q", "chair"]]} />
    )
    const form = container.querySelector("form")!
    expect(form.getAttribute("method")).toBe("get")
    expect(form.getAttribute("action")).toBe("/search")
    expect([...form.querySelectorAll("input[type=hidden]")].map((input) => [input.getAttribute("name"), input.getAttribute("value")]))
      .toEqual([["q", "chair"], ["inStock", "true"]])
    const apply = screen.getByRole("button", { name: "Show products" })
    expect(apply).not.toHaveAttribute("hidden")
    // what the form sends: the hidden fields and the ticked boxes (`param=KEY:VALUE` repeats); the page is left out
    expect(new URLSearchParams(new FormData(form) as unknown as Array<[string, string]>).toString()).toBe("q=chair&inStock=true&param=SIZE%3AM")
    expect(screen.getByRole("link", { name: /Size: M/ }).getAttribute("href")).toBe("/search?q=chair&inStock=true")
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/search?q=chair&inStock=true")
    await expectNoAxeViolations(container)
  })

  test("with JavaScript the apply button goes (a change navigates at once); nothing renders without facets or filters", async () => {
    const { container, rerender } = inShop(<FacetsPanel facets={facets} query={{}} total={7} path="/chairs" onNavigate={() => undefined} />)
    await act(async () => undefined)
    expect(screen.queryByRole("button", { name: "Show products" })).toBeNull()
    rerender(<StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="en" live={false}>
      <FacetsPanel facets={[]} query={{}} total={7} path="/chairs" />
    </StorefrontProvider>)
    expect(container.querySelector(".facets")).toBeNull()
  })

  test("the texts are the shop's language (Czech plural of the count, the disclosure's label)", () => {
    render(<StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="cs" live={false}>
      <FacetsPanel facets={facets} query={listingQueryOf(new URLSearchParams("param=COLOR:Red"))} total={3} path="/zidle" />
    </StorefrontProvider>)
    expect(screen.getByRole("status").textContent).toBe(translate("cs", "facets_result_count", { count: 3 }))
    expect(screen.getByRole("status").textContent).toBe("3 produkty")
    expect(screen.getByText("Filtry (1)")).toBeTruthy()
  })
})
