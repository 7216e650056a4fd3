// @vitest-environment happy-dom
/**
 * The header's search box with suggestions, over the real services and a backend answering as the reference one
 * does: suggestions from 2 characters, one request for a burst of keystrokes, the combobox keys, and following a
 * product suggestion records the §7 search event.
 */
import { cleanup, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import { webHandlerHttpClient } from "../../../core/api/client.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer } from "../../../core/storefront.ts"
import { SearchCombobox } from "../../../react/components/header/SearchCombobox.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { productSummary } from "../../support/products.ts"

await import("../../../react/storefront/services.ts")

const shop = shopById("CZ10MA")
const baseUrl = "http://shop.test"

const backend = () => {
  const sent: Array<{ readonly method: string; readonly path: string; readonly query: string; readonly body: unknown }> = []
  const handler = async (request: Request) => {
    const url = new URL(request.url)
    sent.push({ method: request.method, path: url.pathname, query: url.searchParams.get("q") ?? "", body: request.method === "PUT" ? await request.json() : undefined })
    if (url.pathname === "/api/catalogue/suggest") {
      return Response.json({
        products: [productSummary(5, "Oak chair"), productSummary(9, "Folding chair")],
        categories: [{ categoryId: 3, parentId: null, code: "garden", urlKey: "zahrada", title: "Garden", productCount: 12 }]
      })
    }
    return url.pathname === "/api/searching/put/" ? new Response(null, { status: 204 }) : Response.json({ _tag: "NotFound" }, { status: 404 })
  }
  return { sent, handler }
}

const renderBox = () => {
  const { sent, handler } = backend()
  const navigate = vi.fn<(url: string) => void>()
  const services = layer({ shop, baseUrl, transport: webHandlerHttpClient(handler), liveData: false, session: { csrfToken: "csrf", cartId: 1 } })
  const view = render(
    <StorefrontProvider shop={shop} baseUrl={baseUrl} language="en" layer={services}>
      <main>
        <h1>Shop</h1>
        <form role="search" action="/search"><SearchCombobox navigate={navigate} /></form>
      </main>
    </StorefrontProvider>
  )
  return { sent, navigate, container: view.container }
}

const suggestRequests = <R extends { readonly path: string }>(sent: ReadonlyArray<R>) => sent.filter((r) => r.path === "/api/catalogue/suggest")

afterEach(cleanup)

describe("SearchCombobox", () => {
  test("suggests from 2 characters with one request per burst of typing; arrows and Enter follow a product and record the search event; axe", async () => {
    const user = userEvent.setup()
    const { sent, navigate, container } = renderBox()
    const box = screen.getByRole("combobox", { name: "Search" })
    expect(box.getAttribute("aria-expanded")).toBe("false")
    await user.type(box, "c")
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(suggestRequests(sent)).toHaveLength(0)
    await user.type(box, "hair")
    const options = await screen.findAllByRole("option")
    expect(options.map((o) => o.textContent)).toEqual(["Oak chair", "Folding chair", "Garden"])
    expect(suggestRequests(sent).map((r) => r.query)).toEqual(["chair"])
    expect(box.getAttribute("aria-expanded")).toBe("true")
    await expectNoAxeViolations(container)

    await user.keyboard("{ArrowDown}{ArrowDown}")
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]!.id)
    expect(options[1]!.getAttribute("aria-selected")).toBe("true")
    await user.keyboard("{ArrowUp}{ArrowUp}")
    expect(box.getAttribute("aria-activedescendant")).toBe(options[2]!.id)
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}")
    expect(navigate).toHaveBeenCalledWith("/zahrada/folding-chair")
    await vi.waitFor(() => expect(sent.filter((r) => r.path === "/api/searching/put/")).toHaveLength(1))
    expect(sent.find((r) => r.path === "/api/searching/put/")!.body).toEqual({ event: "resultClick", token: "chair", type: "product", itemId: 9 })
    expect(box.getAttribute("aria-expanded")).toBe("false")
  })

  test("Escape closes the list and keeps the text; a click on a category follows it without a search event", async () => {
    const user = userEvent.setup()
    const { sent, navigate } = renderBox()
    const box = screen.getByRole("combobox", { name: "Search" })
    await user.type(box, "ch")
    await screen.findAllByRole("option")
    await user.keyboard("{Escape}")
    expect(screen.queryAllByRole("option")).toHaveLength(0)
    expect(box).toHaveProperty("value", "ch")
    expect(box.getAttribute("aria-expanded")).toBe("false")
    await user.keyboard("{ArrowDown}")
    expect(box.getAttribute("aria-expanded")).toBe("true")
    await user.click(screen.getByRole("option", { name: "Garden" }))
    expect(navigate).toHaveBeenCalledWith("/zahrada")
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent.filter((r) => r.path === "/api/searching/put/")).toHaveLength(0)
  })
})
