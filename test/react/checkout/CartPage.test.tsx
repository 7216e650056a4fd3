// @vitest-environment happy-dom
/**
 * The cart page (demo route) when the server could not read the cart for its first render (§4 loading and fatal error
 * flags, §8 cart resolve failure), as a shopper meets it over the real services and a backend answering load-cart:
 * the page never says the cart is empty; it shows the cart loading while the browser reads it again, the lines once
 * that read answers, and the fatal-error alert whose retry loads the lines when that read fails too.
 */
import { act, cleanup, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { createRoutesStub, Outlet } from "react-router"
import { afterEach, describe, expect, test } from "vitest"
import { webHandlerHttpClient } from "../../../core/api/client.ts"
import { cartApiPrefix } from "../../../core/api/cart.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer } from "../../../core/storefront.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import CartPage from "../../../demo/web/app/routes/cart.tsx"
import type { RootData } from "../../../demo/web/app/lib/i18n.ts"

await import("../../../react/storefront/services.ts")

afterEach(cleanup)

const shop = shopById("CZ10MA")
const baseUrl = "http://shop.test"
const loadCartPath = `${cartApiPrefix}/load-cart`
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const threeLines = {
  cart: {
    cartId: "1",
    articles: [
      { articleId: 11, cartItemId: 11, count: 1, title: "Camera X", url: "/camera-x", linePrice: 100 },
      { articleId: 12, cartItemId: 12, count: 2, title: "Tripod", url: "/tripod", linePrice: 200 },
      { articleId: 13, cartItemId: 13, count: 3, title: "Lens cap", url: "/lens-cap", linePrice: 300 }
    ]
  }
}
/** A 200 whose body is not a cart answer (not retried by the client: the read fails at once). */
const malformed = () => json({ cart: "not a cart" })

const rootData = {
  shopId: shop.shopId, language: "en", csrfToken: "csrf", cartId: 1, customerId: null, categories: [], menu: [],
  cartArticles: [], debug: false, consents: {}, favicon: []
} as unknown as RootData

/**
 * The cart page whose loader answered `loaded` (the server's read), under a live provider whose services call a
 * backend answering load-cart with `answers` in turn (the last one from then on). Returns the load-cart calls made.
 */
const renderCartPage = (loaded: { readonly response: unknown; readonly failed: boolean }, answers: ReadonlyArray<() => Response | Promise<Response>>) => {
  let calls = 0
  const handler = async (request: Request) => {
    if (new URL(request.url).pathname !== loadCartPath) return json({ _tag: "NotFound" }, 404)
    calls += 1
    return answers[Math.min(calls, answers.length) - 1]!()
  }
  const services = layer({ shop, baseUrl, transport: webHandlerHttpClient(handler), liveData: false, session: { csrfToken: "csrf", cartId: 1 } })
  const Stub = createRoutesStub([{
    id: "root",
    path: "/",
    loader: () => rootData,
    HydrateFallback: () => null,
    Component: () => (
      <StorefrontProvider shop={shop} baseUrl={baseUrl} language="en" layer={services}>
        <Outlet />
      </StorefrontProvider>
    ),
    children: [{ path: shop.urlKeys.cart.replace(/^\//, ""), loader: () => loaded, Component: CartPage }]
  }])
  render(<Stub initialEntries={[shop.urlKeys.cart]} />)
  return { calls: () => calls }
}

const cartRegion = async () => (await screen.findByRole("heading", { name: "Cart" })).closest("section")!
const busy = (section: HTMLElement) => section.querySelector(".load-state")?.getAttribute("aria-busy")
const lineTitles = () => screen.queryAllByRole("link").map((link) => link.textContent).filter((text) => ["Camera X", "Tripod", "Lens cap"].includes(text ?? ""))

describe("the cart page when the server's read of the cart failed", () => {
  test("shows the cart loading, never empty, and the lines once the browser's read answers", async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const page = renderCartPage({ response: null, failed: true }, [async () => {
      await held
      return json(threeLines)
    }])
    const section = await cartRegion()
    // the page's own read is on its way (or about to be): the content is busy, no "empty" text, no alert
    expect(busy(section)).toBe("true")
    expect(screen.queryByText(/Your cart is empty/)).toBeNull()
    expect(screen.queryByRole("alert")).toBeNull()
    release()
    await screen.findByRole("link", { name: "Tripod" })
    expect(lineTitles()).toEqual(["Camera X", "Tripod", "Lens cap"])
    expect(busy(section)).toBe("false")
    expect(screen.queryByText(/Your cart is empty/)).toBeNull()
    expect(page.calls()).toBe(1)
  })

  test("the browser's read failing too: the fatal-error alert with its retry, not 'empty'; the retry loads the lines", async () => {
    const user = userEvent.setup()
    const page = renderCartPage({ response: null, failed: true }, [malformed, () => json(threeLines)])
    const fatal = (await screen.findByText("Your cart could not be loaded.")).closest("[role=alert]")
    expect(fatal).not.toBeNull()
    // §8: and the generic flash
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContainEqual(expect.stringContaining("Something went wrong"))
    expect(screen.queryByText(/Your cart is empty/)).toBeNull()
    expect(lineTitles()).toEqual([])
    await user.click(screen.getByRole("button", { name: "Try again" }))
    await screen.findByRole("link", { name: "Lens cap" })
    expect(lineTitles()).toEqual(["Camera X", "Tripod", "Lens cap"])
    expect(screen.queryByText("Your cart could not be loaded.")).toBeNull()
    expect(screen.queryByText(/Your cart is empty/)).toBeNull()
    expect(page.calls()).toBe(2)
  })

  test("a shopper without a session (nothing read, nothing failed) sees the empty cart and no read is made", async () => {
    const page = renderCartPage({ response: null, failed: false }, [() => json(threeLines)])
    await screen.findByText(/Your cart is empty/)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(page.calls()).toBe(0)
    expect(screen.queryByText(/Your cart is empty/)).not.toBeNull()
  })

  test("the server's read answered: its lines at once, no read from the browser", async () => {
    const page = renderCartPage({ response: threeLines, failed: false }, [() => json(threeLines)])
    await screen.findByRole("link", { name: "Camera X" })
    expect(lineTitles()).toEqual(["Camera X", "Tripod", "Lens cap"])
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(page.calls()).toBe(0)
  })
})
