// @vitest-environment node
/**
 * The widgets over the real services and the reference backend (in process, seeded database): the consent panel
 * records its consent and hides; the silver customer (no personal-collection consent) gets the data-protection
 * modal and closes it with its submit button; the legal customer gets the non-closable legal modal and approves it;
 * the adult gate's confirm is recorded on the server; add to cart and add to wishlist show their pending and done
 * states; reviews load more and a logged-in customer writes one; the legal customer's deactivation reloads the page
 * once (its own backend: the deactivated account cannot log in again).
 */
import "./domInNode.ts"
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Layer } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest"
import { webHandlerHttpClient, cookieJarLayer } from "../../../core/api/client.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer } from "../../../core/storefront.ts"
import {
  AddToCartButton,
  AddToWishlistButton,
  AdultContentGate,
  ConsentPanel,
  DataProtectionModal,
  LegalConditions,
  ProductReviews,
  Recommendations,
  useCustomer
} from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { untilTestTimeout } from "../../support/deadline.ts"
import { demoBackend, testBaseUrl, type Backend } from "../../support/server.ts"
import { renderWidget } from "./render.tsx"
import { PageRequests } from "../../../react/storefront/signals.tsx"

let backend: Backend

beforeAll(async () => {
  backend = await demoBackend()
})

afterAll(async () => {
  await backend.dispose()
})

afterEach(cleanup)

/** A fresh shopper (own cookie jar) of the CZ10MA shop on a backend (default the file's). */
const services = (on: Backend = backend) =>
  layer({
    shop: shopById("CZ10MA"),
    baseUrl: testBaseUrl,
    transport: cookieJarLayer().pipe(Layer.provide(webHandlerHttpClient(on.handler))),
    liveData: false
  })

/** Logs the shopper in once the services run. */
function LogIn({ email }: { readonly email: string }) {
  const customer = useCustomer()
  return (
    <button type="button" onClick={() => void customer.login({ email, password: "demo1234" })}>
      {customer.customer?.isLogged === true ? "Logged in" : "Log in as test"}
    </button>
  )
}

/** The legal modal once the shopper is logged in, with the page's performer of the core's reload requests. */
function LegalForCustomer({ reload }: { readonly reload: () => void }) {
  const customer = useCustomer()
  const flag = new Map<string, string>()
  return (
    <>
      <PageRequests reload={reload} reloadFlag={{ getItem: (key) => flag.get(key) ?? null, setItem: (key, value) => void flag.set(key, value) }} />
      <LegalConditions enabled={customer.customer?.isLogged === true} />
    </>
  )
}

/** Whether an element ever gets `aria-busy="true"` from now on. */
const watchBusy = (element: Element): (() => boolean) => {
  let seen = false
  const observer = new MutationObserver(() => {
    if (element.getAttribute("aria-busy") === "true") seen = true
  })
  observer.observe(element, { attributes: true, attributeFilter: ["aria-busy"] })
  return () => {
    observer.disconnect()
    return seen
  }
}

const variantOfSeed = async (): Promise<{ readonly variantId: number; readonly productId: number }> => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/catalogue/search?q=%20&perPage=1`, { headers: { "x-shop-id": "CZ10MA" } }))
  const answer = await response.json() as { products: ReadonlyArray<{ variantId: number; productId: number }> }
  return answer.products[0]!
}

describe("connected widgets", () => {
  test("consent panel: agree posts the panel consent (and, ticked, the personalisation consent) and the panel hides", async () => {
    const onRecorded = vi.fn()
    const { container } = renderWidget(<ConsentPanel onRecorded={onRecorded} />, { layer: services() })
    await expectNoAxeViolations(container)
    const agree = screen.getByRole("button", { name: "I agree" })
    // Agree can be clicked before the services run (they start on the shopper's first interaction in the shop).
    expect(agree).toBeEnabled()
    await userEvent.click(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" }))
    await userEvent.click(agree)
    await waitFor(() => expect(screen.queryByRole("region", { name: "Privacy settings" })).toBeNull(), untilTestTimeout())
    await waitFor(() => expect(onRecorded).toHaveBeenLastCalledWith(expect.objectContaining({ gdpr_panel: true, gdpr_personalization: true })), untilTestTimeout())
  })

  test("data-protection modal for the silver customer: shown after login, its submit button closes it", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(<><LogIn email="silver@example.cz" /><DataProtectionModal /></>, { layer: services() })
    await user.click(await screen.findByRole("button", { name: "Log in as test" }))
    const dialog = await screen.findByRole("dialog", { name: "Your personal data" }, untilTestTimeout())
    await expectNoAxeViolations(container)
    await user.click(within(dialog).getByRole("button", { name: "Save and close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), untilTestTimeout())
  })

  test("legal modal for the legal customer: non-closable, approve closes it", async () => {
    const user = userEvent.setup()
    const reload = vi.fn()
    const { container } = renderWidget(<><LogIn email="legal@example.cz" /><LegalForCustomer reload={reload} /></>, { layer: services() })
    await user.click(await screen.findByRole("button", { name: "Log in as test" }))
    const dialog = await screen.findByRole("dialog", { name: "Updated terms and conditions" }, untilTestTimeout())
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull()
    await expectNoAxeViolations(container)
    await user.keyboard("{Escape}")
    expect(screen.getByRole("dialog")).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "I agree" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), untilTestTimeout())
    expect(reload).not.toHaveBeenCalled()
  })

  test("recommendations: none without the personalisation consent, shown once the shopper gives it", async () => {
    const user = userEvent.setup()
    const { variantId } = await variantOfSeed()
    const { container } = renderWidget(<><ConsentPanel /><Recommendations title="Recommended for you" variantId={variantId} /></>, { layer: services() })
    const agree = screen.getByRole("button", { name: "I agree" })
    await waitFor(() => expect(agree).toBeEnabled(), untilTestTimeout())
    expect(screen.queryByRole("heading", { name: "Recommended for you" })).toBeNull()
    await user.click(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" }))
    await user.click(agree)
    const heading = await screen.findByRole("heading", { name: "Recommended for you" }, untilTestTimeout())
    const list = within(heading.closest("section")!).getAllByRole("article", { hidden: true })
    expect(list.length).toBeGreaterThan(0)
    await expectNoAxeViolations(container)
  })

  test("adult gate: confirm is recorded and the gate goes", async () => {
    const user = userEvent.setup()
    const navigate = vi.fn()
    renderWidget(<AdultContentGate needed navigate={navigate} />, { layer: services() })
    await user.click((await screen.findAllByRole("button", { name: "I am 18 or older" }))[0]!)
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), untilTestTimeout())
    expect(navigate).not.toHaveBeenCalled()
  })

  test("add to cart: busy while adding, then added", async () => {
    const user = userEvent.setup()
    const { variantId } = await variantOfSeed()
    const { container } = renderWidget(<AddToCartButton variantId={variantId} amount={2} />, { layer: services() })
    const button = screen.getByRole("button", { name: "Add to cart" })
    const wasBusy = watchBusy(button)
    await user.click(button)
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Added to your cart."), untilTestTimeout())
    expect(wasBusy()).toBe(true)
    expect(button).toHaveAccessibleName("Add to cart")
    await expectNoAxeViolations(container)
  })

  test("add to wishlist: a guest gets the login link back to the page; a customer adds and sees the count", async () => {
    const user = userEvent.setup()
    const { variantId } = await variantOfSeed()
    renderWidget(<AddToWishlistButton variantId={variantId} loggedIn={false} returnTo="/kitchen/kettle" />)
    expect(screen.getByRole("link", { name: "Log in to save to your wishlist" })).toHaveAttribute("href", `${shopById("CZ10MA").urlKeys.login}?return=%2Fkitchen%2Fkettle`)
    cleanup()
    renderWidget(<><LogIn email="gold@example.cz" /><AddToWishlistButton variantId={variantId} loggedIn returnTo="/" /></>, { layer: services() })
    await user.click(await screen.findByRole("button", { name: "Log in as test" }))
    await screen.findByRole("button", { name: "Logged in" }, untilTestTimeout())
    await user.click(screen.getByRole("button", { name: "Add to wishlist" }))
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/Added to your wishlist\. Your wishlist has \d+ items\./), untilTestTimeout())
  })

  test("reviews: the first page as rendered, more on request, a logged-in customer writes one", async () => {
    const user = userEvent.setup()
    const page = async (productId: number, n: number) => (await backend.handler(new Request(`${testBaseUrl}/api/reviews/getProductReviews?productId=${productId}&page=${n}&limit=2`, { headers: { "x-shop-id": "CZ10MA" } }))).json() as Promise<{ reviews: ReadonlyArray<{ reviewId: number }>; count: number }>
    const search = await (await backend.handler(new Request(`${testBaseUrl}/api/catalogue/search?q=%20&perPage=48`, { headers: { "x-shop-id": "CZ10MA" } }))).json() as { products: ReadonlyArray<{ productId: number }> }
    let productId = 0
    let first = { reviews: [] as ReadonlyArray<{ reviewId: number }>, count: 0 }
    for (const product of search.products) {
      first = await page(product.productId, 1)
      productId = product.productId
      if (first.count > 2) break
    }
    expect(first.count).toBeGreaterThan(2)
    const { container } = renderWidget(<><LogIn email="loyalty@example.cz" /><ProductReviews productId={productId} initial={first as never} loggedIn returnTo="/" pageSize={2} /></>, { layer: services() })
    await expectNoAxeViolations(container)
    expect(screen.getAllByRole("listitem").length).toBe(first.reviews.length)
    await user.click(screen.getByRole("button", { name: "Show more reviews" }))
    await waitFor(() => expect(screen.getAllByRole("listitem").length).toBeGreaterThan(first.reviews.length), untilTestTimeout())
    await user.click(await screen.findByRole("button", { name: "Log in as test" }))
    await screen.findByRole("button", { name: "Logged in" }, untilTestTimeout())
    await user.click(screen.getByRole("radio", { name: "4 stars" }))
    await user.type(screen.getByRole("textbox", { name: "Your review" }), "Boils fast and quietly.")
    await user.click(screen.getByRole("button", { name: "Write a review" }))
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/Thank you for your review\.|already/), untilTestTimeout())
  })
})

describe("legal deactivation", () => {
  let own: Backend

  beforeAll(async () => {
    own = await demoBackend()
  })

  afterAll(async () => {
    await own.dispose()
  })

  test("the legal customer's deactivation reloads the page exactly once (the service's Reload signal, performed by PageRequests)", async () => {
    const user = userEvent.setup()
    const reload = vi.fn()
    renderWidget(<><LogIn email="legal@example.cz" /><LegalForCustomer reload={reload} /></>, { layer: services(own) })
    await user.click(await screen.findByRole("button", { name: "Log in as test" }))
    await screen.findByRole("button", { name: "Logged in" }, untilTestTimeout())
    const dialog = await screen.findByRole("dialog", { name: "Updated terms and conditions" }, untilTestTimeout())
    await user.click(within(dialog).getByRole("button", { name: "I disagree and close my account" }))
    await waitFor(() => expect(reload).toHaveBeenCalled(), untilTestTimeout())
    // Whatever else the deactivation sets off (the logout's SessionChanged, the legals loaded again) must not reload again.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(within(dialog).getByRole("button", { name: "Closing your account…" })).toBeDisabled()
  })
})
