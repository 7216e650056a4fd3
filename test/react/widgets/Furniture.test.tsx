// @vitest-environment happy-dom
/**
 * The page furniture (§2, §4, §9): the header hides 5000 ms after the shopper starts scrolling down; the floating
 * banner stays closed after its close until its 3-month cookie expires; the footer's accordions start closed on
 * mobile; the slider's thumbnails are 55×55 images and it reports impressions and hits; the COLOR parameter is a
 * swatch in the cart line and the cart drawer's item; dates follow the UI language.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Effect, Layer } from "effect"
import type { ReactElement } from "react"
import { afterEach, describe, expect, test, vi } from "vitest"
import type { BannerSlide } from "../../../core/api/entities/banner.ts"
import type { MenuItem } from "../../../core/api/menu.ts"
import { cookieExpiry, floatingBannerCookieLifetime, floatingBannerCookieName } from "../../../core/domain/layout/banners.ts"
import { shopById } from "../../../core/domain/shop.ts"
import type { UiLanguage } from "../../../core/messages/index.ts"
import type { CartLine } from "../../../core/services/cartState.ts"
import { makeMemoryStorage, Storage, type StorageShape } from "../../../core/services/Storage.ts"
import { CartLineView, type CartLineActions } from "../../../react/components/checkout/CartLines.tsx"
import { BannerSlider, FloatingBanner, FooterMenu, HidingHeader, ItemParams, LocalDate } from "../../../react/index.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { bannerSlides } from "../../support/products.ts"
import { renderWidget } from "./render.tsx"

const setWidth = (width: number) => Object.defineProperty(window, "innerWidth", { value: width, configurable: true, writable: true })
const setScrollY = (y: number) => Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true })

/** Fake timers for the delays; Testing Library advances them between user events when it sees Jest's. */
const fakeTimers = () => {
  vi.useFakeTimers({ now: 1_000_000 })
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setScrollY(0)
})

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe("HidingHeader (§9 header hide timer)", () => {
  const scrollTo = (y: number) => act(() => {
    setScrollY(y)
    fireEvent.scroll(window)
  })

  test("hides 5000 ms after scrolling down starts (not at 4999), shows again on scrolling up", async () => {
    fakeTimers()
    renderWidget(<HidingHeader className="site-header"><a href="/">Home</a></HidingHeader>)
    const header = screen.getByRole("banner")
    await scrollTo(200)
    await advance(2000)
    await scrollTo(900)
    await advance(2999)
    expect(header).toHaveAttribute("data-hidden", "false")
    await advance(1)
    expect(header).toHaveAttribute("data-hidden", "true")
    expect(header).toHaveClass("is-hidden")
    await scrollTo(850)
    expect(header).toHaveAttribute("data-hidden", "false")
  })

  test("stays shown while focus is in it", async () => {
    fakeTimers()
    renderWidget(<HidingHeader><a href="/">Home</a></HidingHeader>)
    act(() => screen.getByRole("link", { name: "Home" }).focus())
    await scrollTo(600)
    await advance(60_000)
    expect(screen.getByRole("banner")).toHaveAttribute("data-hidden", "false")
  })

  test("axe: no violations", async () => {
    const { container } = renderWidget(<HidingHeader><a href="/">Home</a></HidingHeader>)
    await expectNoAxeViolations(container)
  })
})

const floating: BannerSlide = {
  id: 9,
  url: "/cart",
  title: "Free delivery over 2 500 Kč",
  image_url: "/media/floating.svg",
  thumbnail_image_url: "/media/floating-thumb.svg",
  bg_color1: "#059669",
  bg_color2: "#064E3B"
}

describe("FloatingBanner (§4, §9: closed by a 3-month cookie)", () => {
  /** The banner under running services whose storage port is `storage` (shared between renders). */
  const renderBanner = (storage: StorageShape, ui: ReactElement) =>
    render(
      <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="http://shop.test" language="en" liveData={false}
        storage={Layer.succeed(Storage, storage)}>
        {ui}
      </StorefrontProvider>
    )
  const cookieIn = (storage: StorageShape) => Effect.runPromise(storage.get("cookies", floatingBannerCookieName))

  test("close hides it and writes the cookie for 3 calendar months; it stays closed until the cookie expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 31, 10) })
    const storage = Effect.runSync(makeMemoryStorage())
    const user = userEvent.setup()
    const seen: Array<number> = []
    const first = renderBanner(storage, <FloatingBanner slide={floating} onImpression={(slide) => seen.push(slide.id)} />)
    const banner = screen.getByRole("complementary", { name: "Special offer" })
    expect(within(banner).getByRole("link", { name: "Free delivery over 2 500 Kč" })).toHaveAttribute("href", "/cart")
    expect(seen).toEqual([9])
    await user.click(within(banner).getByRole("button", { name: "Close the offer" }))
    expect(screen.queryByRole("complementary")).toBeNull()
    const expiresAt = Date.UTC(2026, 3, 30, 10)
    expect(cookieExpiry(Date.now(), floatingBannerCookieLifetime)).toBe(expiresAt)
    await waitFor(async () => expect(await cookieIn(storage)).toBe("1"))
    first.unmount()

    // A later page (its HTML made before the server saw the cookie) learns of it from the storage port.
    vi.setSystemTime(expiresAt - 1)
    const second = renderBanner(storage, <FloatingBanner slide={floating} />)
    await waitFor(() => expect(screen.queryByRole("complementary")).toBeNull())
    second.unmount()
    // The server read the cookie: nothing is drawn at all.
    const third = renderBanner(storage, <FloatingBanner slide={floating} closed />)
    expect(third.container).toBeEmptyDOMElement()
    third.unmount()

    vi.setSystemTime(expiresAt)
    expect(await cookieIn(storage)).toBeUndefined()
    renderBanner(storage, <FloatingBanner slide={floating} />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole("complementary", { name: "Special offer" })).toBeInTheDocument()
  })

  test("axe: no violations", async () => {
    const { container } = renderWidget(<FloatingBanner slide={floating} />)
    await expectNoAxeViolations(container)
  })
})

const footerItems: ReadonlyArray<MenuItem> = [
  { menuItemId: 1, parentId: null, title: "Contact", url: "/contact", cssClass: null, hasSheet: false },
  { menuItemId: 2, parentId: null, title: "Terms", url: "/terms", cssClass: null, hasSheet: false },
  { menuItemId: 3, parentId: null, title: "About us", url: "/about", cssClass: null, hasSheet: false },
  { menuItemId: 4, parentId: 3, title: "Careers", url: "/careers", cssClass: null, hasSheet: false },
  { menuItemId: 5, parentId: 3, title: "Press", url: "/press", cssClass: null, hasSheet: false }
]

describe("FooterMenu (§4 accordions by device)", () => {
  const renderFooter = () =>
    renderWidget(
      <FooterMenu items={footerItems} groups={[{ key: "service", title: "Customer service", links: [{ to: "/tracking", title: "Order tracking" }] }]}
        after={[{ key: "pay", title: "Payment methods", content: <p>Visa</p> }]} />
    )
  const toggles = () => within(screen.getByRole("navigation", { name: "Footer" })).getAllByRole("button")

  test("mobile: every group starts closed; the shopper opens one", async () => {
    setWidth(375)
    const user = userEvent.setup()
    renderFooter()
    await waitFor(() => expect(toggles().map((button) => button.getAttribute("aria-expanded"))).toEqual(["false", "false", "false", "false"]))
    expect(toggles().map((button) => button.textContent)).toEqual(["Customer service", "About us", "Information", "Payment methods"])
    expect(screen.queryByRole("link", { name: "Careers" })).toBeNull()
    await user.click(screen.getByRole("button", { name: "About us" }))
    expect(screen.getByRole("button", { name: "About us" })).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/careers")
    expect(screen.queryByRole("link", { name: "Terms" })).toBeNull()
  })

  test("tablet and desktop: open, the loose entries under Information; axe", async () => {
    setWidth(1280)
    const { container } = renderFooter()
    await waitFor(() => expect(toggles().every((button) => button.getAttribute("aria-expanded") === "true")).toBe(true))
    const information = screen.getByRole("button", { name: "Information" })
    const panel = document.getElementById(information.getAttribute("aria-controls") ?? "")
    expect(within(panel!).getAllByRole("link").map((link) => link.textContent)).toEqual(["Contact", "Terms"])
    await expectNoAxeViolations(container)
  })
})

const slides = bannerSlides(2)

describe("BannerSlider thumbnails and counting", () => {
  test("thumbnails are 55×55 images of the slides; impressions as slides show, a hit on a click", async () => {
    setWidth(1280)
    fakeTimers()
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const impressions: Array<number> = []
    const hits: Array<number> = []
    renderWidget(<BannerSlider slides={slides} onImpression={(slide) => impressions.push(slide.id)} onHit={(slide) => hits.push(slide.id)} />)
    const thumbnail = screen.getByRole("button", { name: "Show offer 2: Offer 2" })
    const image = thumbnail.querySelector("img")
    expect(image).toHaveAttribute("src", "/media/banner-2-thumb.png")
    expect(image).toHaveAttribute("width", "55")
    expect(image).toHaveAttribute("height", "55")
    expect(impressions).toEqual([1])
    await advance(7000)
    expect(impressions).toEqual([1, 2])
    const link = screen.getByRole("link", { name: "Offer 2" })
    link.addEventListener("click", (event) => event.preventDefault())
    await user.click(link)
    expect(hits).toEqual([2])
  })
})

describe("ItemParams (§3: COLOR as a swatch)", () => {
  test("the COLOR parameter shows its hex colour as a swatch, with its title and value; others as text", async () => {
    const { container } = renderWidget(
      <ItemParams params={[{ key: "COLOR", title: "Colour", value: "Black", css: "#111111" }, { key: "SIZE", title: "Size", value: "42", measure: "EU" }]} />
    )
    const [color, size] = screen.getAllByRole("listitem")
    expect(color).toHaveTextContent("Colour: Black")
    expect(color!.querySelector(".swatch")).toHaveStyle({ backgroundColor: "#111111" })
    expect(size).toHaveTextContent("Size: 42 EU")
    expect(size!.querySelector(".swatch")).toBeNull()
    await expectNoAxeViolations(container)
  })

  test("the cart line shows the swatch (it showed 'title: value' text only)", () => {
    const line: CartLine = {
      lineId: "5", count: 1, input: "1", pending: false, stock: 10, correction: undefined,
      article: { articleId: 5, cartItemId: 5, count: 1, title: "Camera X", linePrice: 100, params: [{ key: "COLOR", title: "Colour", value: "Red", css: "#cc0000" }] }
    }
    const actions = { typeAmount: async () => undefined, remove: async () => undefined, addBundle: async () => undefined, removeBundle: async () => undefined }
    const { container } = renderWidget(<ul><CartLineView line={line} actions={actions as unknown as CartLineActions} /></ul>)
    expect(container.querySelector("[data-param='COLOR'] .swatch")).toHaveStyle({ backgroundColor: "#cc0000" })
    expect(container.querySelector("[data-param='COLOR']")).toHaveTextContent("Colour: Red")
  })
})

describe("LocalDate (dates in the UI language)", () => {
  test.each<[UiLanguage, string]>([["en", "Mar 5, 2026"], ["cs", "5. 3. 2026"], ["pl", "5 mar 2026"]])("%s: %s", (language, shown) => {
    renderWidget(<LocalDate value="2026-03-05T23:30:00.000Z" />, { language })
    const time = screen.getByText(shown)
    expect(time.tagName).toBe("TIME")
    expect(time).toHaveAttribute("datetime", "2026-03-05T23:30:00.000Z")
  })
})
