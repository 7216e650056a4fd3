// @vitest-environment happy-dom
/**
 * §7 /api/finance-offer/financial-offers on the product page: once the services are up the shopper sees "from X a
 * month" (the lowest plan) and opens the instalment plans; a shop that finances nothing (an empty answer) or a
 * failing call shows nothing. Over the real services and a backend answering as the reference one does.
 */
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import { webHandlerHttpClient } from "../../../core/api/client.ts"
import { formatPrice } from "../../../core/domain/money.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer } from "../../../core/storefront.ts"
import { FinancingOffer } from "../../../react/components/catalog/FinancingOffer.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"

await import("../../../react/storefront/services.ts")

const shop = shopById("CZ10MA")
const baseUrl = "http://shop.test"

afterEach(cleanup)

const offers = {
  offers: [
    { code: "CZG_6", title: "6 × 5 182 Kč", installmentCount: 6, monthlyPayment: 5182, interestRate: 0, rpsn: 0, description: "Nákup na splátky: 31 092 Kč" },
    { code: "CZG_12", title: "12 × 2 776 Kč", installmentCount: 12, monthlyPayment: 2776, interestRate: 12.9, rpsn: 13.69 },
    { code: "CZG_24", title: "24 × 1 477 Kč", installmentCount: 24, monthlyPayment: 1477, interestRate: 12.9, rpsn: 13.69 }
  ]
}

const renderOffer = (answer: (url: URL) => Response) => {
  const asked: Array<URL> = []
  const handler = async (request: Request) => {
    const url = new URL(request.url)
    asked.push(url)
    return answer(url)
  }
  const services = layer({ shop, baseUrl, transport: webHandlerHttpClient(handler), liveData: false, session: { csrfToken: "csrf", cartId: 1 } })
  const rendered = render(
    <StorefrontProvider shop={shop} baseUrl={baseUrl} language="en" layer={services}>
      <main><h1>Zenvo Note 31 Pro</h1><FinancingOffer price={31090} variantId={54} /></main>
    </StorefrontProvider>
  )
  return { ...rendered, asked }
}

describe("FinancingOffer", () => {
  test("'from X a month' is the lowest plan's payment; the disclosure lists every plan; axe", async () => {
    const user = userEvent.setup()
    const { container, asked } = renderOffer((url) =>
      url.pathname === "/api/finance-offer/financial-offers" ? Response.json(offers) : Response.json({ _tag: "NotFound" }, { status: 404 }))
    const from = `From ${formatPrice(1477, shop)} a month`
    // money is spaced with no-break spaces
    const spaced = (text: string | null | undefined) => text?.replace(/\s/gu, " ")
    await vi.waitFor(() => expect(spaced(container.querySelector("summary")?.textContent)).toBe(spaced(from)), { timeout: 5000 })
    const summary = container.querySelector("summary")!
    const call = asked.find((url) => url.pathname === "/api/finance-offer/financial-offers")!
    expect(Object.fromEntries(call.searchParams)).toEqual({ price: "31090", variantId: "54" })
    const details = summary.closest("details")!
    expect(details.open).toBe(false)
    await user.click(summary)
    expect(details.open).toBe(true)
    const table = screen.getByRole("table", { name: "Instalment options" })
    const rows = within(table).getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent))
    expect(rows.map((row) => row.map(spaced))).toEqual([
      ["6", formatPrice(5182, shop), "0%", "0%"],
      ["12", formatPrice(2776, shop), "12.9%", "13.69%"],
      ["24", formatPrice(1477, shop), "12.9%", "13.69%"]
    ].map((row) => row.map(spaced)))
    await expectNoAxeViolations(container)
  })

  test("a shop that finances nothing, or a failing call, shows nothing", async () => {
    for (const answer of [() => Response.json({ offers: [] }), () => new Response("down", { status: 503 })]) {
      const { container, asked } = renderOffer(answer)
      await vi.waitFor(() => expect(asked.some((url) => url.pathname === "/api/finance-offer/financial-offers")).toBe(true), { timeout: 5000 })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(container.querySelector("details")).toBeNull()
      expect(screen.queryByText(/a month/)).toBeNull()
      cleanup()
    }
  })
})
