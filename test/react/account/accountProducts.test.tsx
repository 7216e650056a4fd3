/**
 * The account's product components against the real backend in process, as a shopper uses them: the gold demo
 * customer's watchdogs (fired first, one removed), watching a product from its page (a request that watches nothing
 * is refused before any call), digital content (licence keys loaded on request, an API key created once and
 * disabled) and the ranking list (best rated first, a review edited in place). axe checks each.
 */
import "../widgets/domInNode.ts"
import { cleanup, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Effect, Layer } from "effect"
import { useEffect, useState, type ReactElement } from "react"
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest"
import { cookieJarLayer, webHandlerHttpClient } from "../../../core/api/client.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { layer, type StorefrontServices } from "../../../core/storefront.ts"
import { DigitalContent, Rankings, WatchProduct, Watchdogs, useCustomer, useRunWith } from "../../../react/index.ts"
import type { ServicesModule } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { untilTestTimeout } from "../../support/deadline.ts"
import { demoBackend, testBaseUrl, type Backend } from "../../support/server.ts"
import { renderWidget } from "../widgets/render.tsx"

let backend: Backend

beforeAll(async () => {
  backend = await demoBackend()
})

afterAll(async () => {
  await backend.dispose()
})

afterEach(cleanup)

/** A fresh shopper (own cookie jar) of the CZ10MA shop on the backend. */
const services = () =>
  layer({
    shop: shopById("CZ10MA"),
    baseUrl: testBaseUrl,
    transport: cookieJarLayer().pipe(Layer.provide(webHandlerHttpClient(backend.handler))),
    liveData: false
  })

/** Logs in as a demo customer, loads what a page's loader would, then renders the page's component with it. */
function AsCustomer<A>({ email, load, children }: {
  readonly email: string
  readonly load: (services: ServicesModule) => Effect.Effect<A, unknown, StorefrontServices>
  readonly children: (loaded: A) => ReactElement
}) {
  const customer = useCustomer()
  const run = useRunWith()
  const [loaded, setLoaded] = useState<{ readonly value: A } | undefined>(undefined)
  const loggedIn = customer.customer?.isLogged === true
  useEffect(() => {
    if (!loggedIn) void customer.login({ email, password: "demo1234" })
    else void run(load).then((value) => setLoaded({ value }))
  }, [loggedIn])
  return loaded === undefined ? <p>Loading the page</p> : children(loaded.value)
}

describe("account product components (§2)", () => {
  test("watchdogs: fired first, with price now and what is watched; stop watching one", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(
      <AsCustomer email="gold@example.cz" load={(m) => m.AccountProducts.use((s) => s.watchdogs)}>
        {(watchdogs) => <Watchdogs initial={watchdogs} />}
      </AsCustomer>,
      { layer: services() }
    )
    const cards = await screen.findAllByRole("listitem", {}, untilTestTimeout()).then(() =>
      screen.getAllByRole("button", { name: /^Stop watching / }).map((button) => button.closest("li")!))
    expect(cards.length).toBe(2)
    expect(within(cards[0]!).getByText("The price has reached your limit")).toBeTruthy()
    expect(within(cards[1]!).getByText(/^Availability ·/)).toBeTruthy()
    expect(within(cards[1]!).getAllByText("Waiting").length).toBeGreaterThan(0)
    await expectNoAxeViolations(container)
    const title = within(cards[1]!).getByRole("heading").textContent ?? ""
    await user.click(within(cards[1]!).getByRole("button", { name: `Stop watching ${title}` }))
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(`You no longer watch ${title}.`), untilTestTimeout())
    expect(screen.getAllByRole("button", { name: /^Stop watching / }).length).toBe(1)
  }, 60_000)

  test("watch a product: a guest is sent to log in; a customer must choose what to watch, then watches it", async () => {
    const user = userEvent.setup()
    const guest = renderWidget(<WatchProduct variantId={1} price={100} loggedIn={false} returnTo="/p/x" />)
    expect(screen.getByRole("link", { name: "Log in to watch this product" }).getAttribute("href"))
      .toBe(`${shopById("CZ10MA").urlKeys.login}?return=%2Fp%2Fx`)
    await expectNoAxeViolations(guest.container)
    cleanup()
    const variantId = await (async () => {
      const answer = await backend.handler(new Request(`${testBaseUrl}/api/catalogue/search?q=%20&perPage=4`, { headers: { "x-shop-id": "CZ10MA" } }))
      const found = await answer.json() as { products: ReadonlyArray<{ variantId: number }> }
      return found.products[0]!.variantId
    })()
    const { container } = renderWidget(
      <AsCustomer email="silver@example.cz" load={() => Effect.succeed(null)}>
        {() => <WatchProduct variantId={variantId} price={100} loggedIn returnTo="/" />}
      </AsCustomer>,
      { layer: services() }
    )
    await screen.findByRole("button", { name: "Watch" }, untilTestTimeout())
    await expectNoAxeViolations(container)
    await user.click(screen.getByRole("checkbox", { name: "Tell me when the price drops to" }))
    await user.click(screen.getByRole("button", { name: "Watch" }))
    expect(screen.getByRole("status")).toHaveTextContent("Choose a price or availability to watch.")
    await user.click(screen.getByRole("checkbox", { name: "Tell me when it is in stock" }))
    await user.click(screen.getByRole("button", { name: "Watch" }))
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Watching."), untilTestTimeout())
    expect(within(screen.getByRole("status")).getByRole("link", { name: "Open the watchdog" }).getAttribute("href")).toBe(shopById("CZ10MA").urlKeys.clientWatchdog)
  }, 60_000)

  test("digital content: keys load on request with their validity; an API key is shown once, then disabled", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(
      <AsCustomer email="gold@example.cz" load={(m) => m.AccountProducts.use((s) => s.digitalContent)}>
        {(list) => <DigitalContent initial={list} keys={{}} today="2026-01-01" />}
      </AsCustomer>,
      { layer: services() }
    )
    const show = await screen.findByRole("button", { name: "Show licence keys" }, untilTestTimeout())
    expect(screen.getByText(/2 pcs/)).toBeTruthy()
    await expectNoAxeViolations(container)
    await user.click(show)
    await screen.findByRole("heading", { name: "Licence keys" }, untilTestTimeout())
    const keys = container.querySelectorAll(".sf-license-key")
    expect(keys.length).toBe(2)
    expect(screen.getAllByText(/^(Never expires|Valid until .+)$/).length).toBe(2)
    expect(screen.getByText("You have no API key yet.")).toBeTruthy()
    await user.type(screen.getByRole("textbox", { name: "Key name (optional)" }), "Backup")
    await user.click(screen.getByRole("button", { name: "Create an API key" }))
    await waitFor(() => expect(container.querySelector(".sf-api-key-status")?.textContent).toMatch(/^Your new API key is sk_\S+\. Copy it now/), untilTestTimeout())
    const secret = /sk_\S+(?=\.)/.exec(container.querySelector(".sf-api-key-status")?.textContent ?? "")![0]
    expect(screen.getByText(`sk_…${secret.slice(-4)}`)).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "Disable the key" }))
    await screen.findByRole("button", { name: "Enable the key" }, untilTestTimeout())
    expect(screen.getByText("Disabled")).toBeTruthy()
    await expectNoAxeViolations(container)
  }, 60_000)

  test("rankings: best rated first with the average; a review edited in place; bought products to rate", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(
      <AsCustomer email="gold@example.cz" load={(m) => m.AccountProducts.use((s) => s.rankings)}>
        {(rankings) => <Rankings initial={rankings} />}
      </AsCustomer>,
      { layer: services() }
    )
    await screen.findByText(/^Your average rating: /, {}, untilTestTimeout())
    const ratings = screen.getAllByRole("img", { name: /^Rated \d out of 5$/ }).slice(1).map((img) => Number(/Rated (\d)/.exec(img.getAttribute("aria-label")!)![1]))
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
    expect(screen.getByRole("heading", { name: "Bought and not rated yet" })).toBeTruthy()
    expect(screen.getAllByRole("link", { name: /^Rate / }).length).toBeGreaterThan(0)
    await expectNoAxeViolations(container)
    const edit = screen.getAllByRole("button", { name: /^Edit the review of / }).at(-1)!
    await user.click(edit)
    const form = screen.getByRole("form")
    await user.click(within(form).getByRole("radio", { name: "5 stars" }))
    const text = within(form).getByRole("textbox", { name: "Your review" })
    await user.clear(text)
    await user.type(text, "Better than I first thought.")
    await expectNoAxeViolations(container)
    await user.click(within(form).getByRole("button", { name: "Save the review" }))
    await screen.findByText("Better than I first thought.", {}, untilTestTimeout())
    expect(screen.getByText("Your review is saved.")).toBeTruthy()
    const first = screen.getAllByRole("button", { name: /^Edit the review of / })[0]!.closest("li")!
    expect(within(first).getByRole("img").getAttribute("aria-label")).toBe("Rated 5 out of 5")
  }, 60_000)
})
