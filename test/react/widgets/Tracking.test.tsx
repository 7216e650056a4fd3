// @vitest-environment node
/**
 * Tracking from components over the real services and the reference backend (in process): a followed
 * recommendation is kept as a cross-sell click (§7, §9; only with gdpr_personalization, §6); a product view tracked
 * by the product page's hook reaches the recently-viewed list of the shopper's tracking cookie; a variant card tells
 * its `onFollow` when its link is followed.
 */
import "./domInNode.ts"
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Effect, Layer } from "effect"
import type { ReactNode } from "react"
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest"
import { cookieJarLayer, webHandlerHttpClient } from "../../../core/api/client.ts"
import type { ProductVariant } from "../../../core/api/productApi.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { defaultTrackingCookieName } from "../../../core/domain/tracking.ts"
import { Storage } from "../../../core/services/Storage.ts"
import { layer } from "../../../core/storefront.ts"
import { ConsentPanel, LinkProvider, Recommendations, VariantCard, useRunWith, type LinkProps } from "../../../react/index.ts"
import { BannerSlider } from "../../../react/components/widgets/BannerSlider.tsx"
import { useProductViewTracking } from "../../../react/storefront/tracking.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { demoBackend, testBaseUrl, type Backend } from "../../support/server.ts"
import { renderWidget } from "./render.tsx"

let backend: Backend

beforeAll(async () => {
  backend = await demoBackend()
})

afterAll(async () => {
  await backend.dispose()
})

afterEach(cleanup)

/** The shopper's tracking cookie, known in advance (the tracking client keeps a stored UUID, §9). */
const visitor = "8a1f0c2e-4b7d-4e21-9c3a-5f6e7d8c9b0a"

/** A fresh shopper of the CZ10MA shop on the backend, with the tracking cookie already set. */
const services = () =>
  layer({
    shop: shopById("CZ10MA"),
    baseUrl: testBaseUrl,
    transport: cookieJarLayer().pipe(Layer.provide(webHandlerHttpClient(backend.handler))),
    liveData: false,
    storage: Storage.layerMemoryWith({ cookies: { [defaultTrackingCookieName]: { value: visitor } } })
  })

/** Links that stay on the page (the test has no router): the click is the user's, the navigation is dropped. */
function StayingLink({ to, children, onClick, ...rest }: LinkProps) {
  return <a href={to} {...rest} onClick={(event) => { onClick?.(event); event.preventDefault() }}>{children}</a>
}

const withLinks = (children: ReactNode) => <LinkProvider link={StayingLink}>{children}</LinkProvider>

const seedVariants = async (): Promise<ReadonlyArray<{ readonly variantId: number; readonly productId: number; readonly title: string; readonly price: number }>> => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/catalogue/search?q=%20&perPage=2`, { headers: { "x-shop-id": "CZ10MA" } }))
  return ((await response.json()) as { products: ReadonlyArray<{ variantId: number; productId: number; title: string; price: number }> }).products
}

/** Shows the cross-sell clicks the shopper's storage keeps, on request. */
function KeptClicks() {
  const run = useRunWith()
  return (
    <button type="button" onClick={(event) => {
      const button = event.currentTarget
      void run((m) => m.CrossSell.use((c) => c.events)).then((events) => {
        button.textContent = `Kept: ${events.map((e) => `${String(e.productId)}@${e.placement}#${e.sId}`).join(",")}`
      })
    }}>Show kept clicks</button>
  )
}

/** The product page's view tracking, for one product. */
function ProductView({ product }: { readonly product: { readonly variantId: number; readonly productId: number; readonly title: string; readonly price: number } }) {
  useProductViewTracking(product)
  return <p>{product.title}</p>
}

describe("tracking from components", () => {
  test("a variant card tells onFollow when the shopper follows its link", async () => {
    const user = userEvent.setup()
    const onFollow = vi.fn()
    const variant: ProductVariant = { id: 1, variantId: 11, title: "Steel kettle", mainCategoryUrlKey: "kitchen", variantUrl: "steel-kettle", price: 499 }
    const { container } = renderWidget(withLinks(<VariantCard variant={variant} onFollow={onFollow} />))
    expect(onFollow).not.toHaveBeenCalled()
    await user.click(screen.getByRole("link", { name: "Steel kettle" }))
    expect(onFollow).toHaveBeenCalledExactlyOnceWith(variant)
    await expectNoAxeViolations(container)
  })

  test("the banner slider tells which slide is shown and which is followed (promo impressions and hits)", async () => {
    const user = userEvent.setup()
    const onSlideShown = vi.fn()
    const onSlideFollow = vi.fn()
    const slides = [{ id: 1, url: "/spring", title: "Spring sale" }, { id: 2, url: "/tv", title: "TV week" }]
    renderWidget(withLinks(<BannerSlider slides={slides} onImpression={onSlideShown} onHit={onSlideFollow} />))
    expect(onSlideShown.mock.calls).toEqual([[slides[0]]])
    await user.click(screen.getByRole("button", { name: "Next offer" }))
    expect(onSlideShown.mock.calls).toEqual([[slides[0]], [slides[1]]])
    await user.click(screen.getByRole("link", { name: "TV week" }))
    expect(onSlideFollow).toHaveBeenCalledExactlyOnceWith(slides[1])
  })

  test("a followed recommendation is kept as a cross-sell click, with its placement and position", async () => {
    const user = userEvent.setup()
    const [basis] = await seedVariants()
    renderWidget(withLinks(<>
      <ConsentPanel />
      <Recommendations title="Recommended for you" variantId={basis!.variantId} />
      <KeptClicks />
    </>), { layer: services() })
    const agree = screen.getByRole("button", { name: "I agree" })
    await waitFor(() => expect(agree).toBeEnabled(), { timeout: 10_000 })
    await user.click(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" }))
    await user.click(agree)
    const heading = await screen.findByRole("heading", { name: "Recommended for you" }, { timeout: 10_000 })
    const list = heading.closest("section")!
    const first = within(list).getAllByRole("link", { hidden: true })[0]!
    const followedId = first.getAttribute("href")
    await user.click(first)
    const show = screen.getByRole("button", { name: "Show kept clicks" })
    await user.click(show)
    await waitFor(() => expect(show).toHaveTextContent(/^Kept: \d+@product_detail#1$/), { timeout: 10_000 })
    expect(followedId).toBeTruthy()
  })

  test("the product page's view is tracked once consent is given; the recently-viewed API then lists it for the shopper", async () => {
    const user = userEvent.setup()
    const [, product] = await seedVariants()
    renderWidget(<><ConsentPanel /><ProductView product={product!} /></>, { layer: services() })
    const agree = screen.getByRole("button", { name: "I agree" })
    await waitFor(() => expect(agree).toBeEnabled(), { timeout: 10_000 })
    const viewed = async () => {
      const response = await backend.handler(new Request(`${testBaseUrl}/recently-viewed-api/retrieve?maxItems=10`, {
        headers: { cookie: `${defaultTrackingCookieName}=${visitor}` }
      }))
      return ((await response.json()) as { ids: ReadonlyArray<number> }).ids
    }
    // Without the personalisation consent nothing is sent (§6).
    await Effect.runPromise(Effect.sleep(300))
    expect(await viewed()).not.toContain(product!.variantId)
    await user.click(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" }))
    await user.click(agree)
    await waitFor(async () => expect(await viewed()).toContain(product!.variantId), { timeout: 10_000 })
  })
})
