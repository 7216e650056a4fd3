// @vitest-environment happy-dom
/**
 * §7 PUT /api/searching/put/: the shopper follows a result of a search and the Searching service records which one,
 * over the real services and a backend answering as the reference one does (204).
 */
import { cleanup, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import { webHandlerHttpClient } from "../../../core/api/client.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer } from "../../../core/storefront.ts"
import { SearchResults } from "../../../react/components/widgets/SearchResults.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { productSummary } from "../../support/products.ts"

await import("../../../react/storefront/services.ts")

const shop = shopById("CZ10MA")
const baseUrl = "http://shop.test"

afterEach(cleanup)

describe("SearchResults", () => {
  test("following a result sends the search event with the search's token and the product; axe", async () => {
    const sent: Array<{ readonly method: string; readonly path: string; readonly body: unknown }> = []
    const handler = async (request: Request) => {
      const path = new URL(request.url).pathname
      sent.push({ method: request.method, path, body: request.method === "PUT" ? await request.json() : undefined })
      return path === "/api/searching/put/" ? new Response(null, { status: 204 }) : Response.json({ _tag: "NotFound" }, { status: 404 })
    }
    const services = layer({ shop, baseUrl, transport: webHandlerHttpClient(handler), liveData: false, session: { csrfToken: "csrf", cartId: 1 } })
    const { container } = render(
      <StorefrontProvider shop={shop} baseUrl={baseUrl} language="en" layer={services}>
        <main>
          <h1>Results</h1>
          <SearchResults query="  Garden   CHAIR " products={[productSummary(5, "Oak chair"), productSummary(9, "Folding chair")]} />
        </main>
      </StorefrontProvider>
    )
    await expectNoAxeViolations(container)
    const link = screen.getByRole("link", { name: "Folding chair" })
    link.addEventListener("click", (event) => event.preventDefault())
    await userEvent.click(link)
    await vi.waitFor(() => expect(sent.filter((r) => r.path === "/api/searching/put/")).toHaveLength(1))
    const put = sent.find((r) => r.path === "/api/searching/put/")!
    expect(put.method).toBe("PUT")
    expect(put.body).toEqual({ event: "resultClick", token: "garden chair", type: "product", itemId: 9 })
    // a click beside the links (the brand, the price) is not following a result
    await userEvent.click(screen.getAllByText("Garden & Co")[0]!)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent.filter((r) => r.path === "/api/searching/put/")).toHaveLength(1)
  })
})
