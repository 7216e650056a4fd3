// @vitest-environment happy-dom
/**
 * The `?debug` panel of the demo storefront (issue 8): it lists what the page pushes to `window.dataLayer` and the
 * tracking events it sends to the tracking API (GET with `_event`, POST with the JSON body as the tracking client
 * posts it, as bytes), as they happen, and leaves other calls out.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import DebugPanel from "../../demo/web/app/components/DebugPanel.tsx"
import type { RootData } from "../../demo/web/app/lib/i18n.ts"
import { expectNoAxeViolations } from "../support/axe.ts"

const root: RootData = {
  shopId: "CZ10MA",
  language: "en",
  csrfToken: "",
  cartId: 0,
  customerId: null,
  categories: [],
  menu: [],
  cartArticles: [],
  debug: true,
  consents: {},
  favicon: []
}

const host = window as unknown as { dataLayer?: Array<unknown>; fetch: typeof fetch }
let sent: Array<string>

beforeEach(() => {
  delete host.dataLayer
  sent = []
  host.fetch = vi.fn((input: RequestInfo | URL) => {
    sent.push(String(input))
    return Promise.resolve(new Response(null, { status: 204 }))
  }) as unknown as typeof fetch
})

afterEach(cleanup)

const renderPanel = () => {
  const router = createMemoryRouter([{ id: "root", path: "/", Component: DebugPanel, loader: () => root }], {
    hydrationData: { loaderData: { root } }
  })
  return render(<RouterProvider router={router} />)
}

describe("the debug panel", () => {
  test("shows the dataLayer and the tracking events live; other calls are not listed", async () => {
    host.dataLayer = [{ event: "gtm.js" }]
    const { container, unmount } = renderPanel()
    const panel = screen.getByRole("complementary", { name: "Debug panel" })
    expect(within(panel).getByText("Tag-manager dataLayer (1)")).toBeTruthy()
    expect(within(panel).getByText("Tracking events sent (0)")).toBeTruthy()

    act(() => void host.dataLayer!.push({ event: "virtualPageview", checkoutStep: "customer" }))
    expect(within(panel).getByText("Tag-manager dataLayer (2)")).toBeTruthy()
    expect(panel.textContent).toContain("\"checkoutStep\": \"customer\"")

    const event = { event_type: "view_item", properties: { variant_id: 11 } }
    await act(async () => {
      await window.fetch(new URL(`http://shop.test/tracking-api/track?_event=${encodeURIComponent(JSON.stringify(event))}`))
      await window.fetch(new URL("http://shop.test/tracking-api/track"), {
        method: "POST",
        body: new TextEncoder().encode(JSON.stringify({ event_type: "checkout", properties: { step_number: 3 } }))
      })
      await window.fetch("/api/cart/load-cart")
    })
    expect(within(panel).getByText("Tracking events sent (2)")).toBeTruthy()
    const items = within(panel).getAllByRole("listitem").map((item) => item.textContent ?? "")
    expect(items[0]).toMatch(/^GET \{\s+"event_type": "view_item"/)
    expect(items[1]).toMatch(/^POST \{\s+"event_type": "checkout"/)
    // Every call still went out.
    expect(sent).toHaveLength(3)
    await expectNoAxeViolations(container)
    unmount()
  })
})
