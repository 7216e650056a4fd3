// @vitest-environment happy-dom
/**
 * A checkout step's virtual pageview (§2) on a page whose services wait for the shopper (`start="interaction"`): with
 * the browser's data layer it is pushed to `window.dataLayer` after the tag manager's load delay (§9) without starting
 * the services (no call to the shop API goes out), with the shop's step location and the step's title.
 */
import { cleanup, render } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { tagManagerLoadDelayMs } from "../../core/domain/tagManager.ts"
import { StorefrontProvider } from "../../react/storefront/StorefrontProvider.tsx"
import { useCheckoutStepTracking } from "../../react/storefront/tracking.ts"

const host = window as unknown as { dataLayer?: Array<unknown>; fetch: typeof fetch }
const shop = shopById("CZ10MA")
let calls: Array<string>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  delete host.dataLayer
  calls = []
  host.fetch = vi.fn((input: RequestInfo | URL) => {
    calls.push(String(input))
    return Promise.resolve(new Response("{}", { status: 200 }))
  }) as unknown as typeof fetch
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function CartStep() {
  useCheckoutStepTracking("preview", "Košík")
  return <h1>Košík</h1>
}

describe("a checkout step's virtual pageview", () => {
  test("reaches window.dataLayer after the load delay without starting the services", async () => {
    render(
      <StorefrontProvider shop={shop} baseUrl="http://shop.test" language="cs" session={{ csrfToken: "", cartId: 0 }}
        dataLayer="browser" start="interaction" tracking={{ stepTitles: { preview: "Košík" } }}>
        <CartStep />
      </StorefrontProvider>
    )
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(tagManagerLoadDelayMs - 1)
    expect(host.dataLayer ?? []).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(host.dataLayer).toEqual([{
      event: "virtualPageview",
      virtualPageURL: shop.urlKeys.cart,
      virtualPageTitle: "Košík",
      checkoutStep: "preview",
      checkoutStepNumber: 1
    }])
    // The step's tag data and checkout event wait for the services, which wait for the shopper.
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls).toEqual([])
  })
})
