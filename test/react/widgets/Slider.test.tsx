// @vitest-environment happy-dom
/**
 * The banner slider and the product carousel (§2, §4, §9) on fake timers: the slider rotates every 7000 ms on
 * desktop and tablet, never on mobile, not while hovered; thumbnails and arrows choose the slide and the active one
 * is marked. The carousel moves by 3 on desktop and 1 otherwise, ignores clicks within 500 ms, disables its arrows
 * at the ends and hides them when everything fits.
 */
import { act, cleanup, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import type { BannerSlide } from "../../../core/api/entities/banner.ts"
import { BannerSlider, Carousel } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"

const setWidth = (width: number) => Object.defineProperty(window, "innerWidth", { value: width, configurable: true })

/**
 * Fake timers for the delays; axe runs on real ones, in tests of their own. Testing Library lets a fake clock run
 * between user events only when it sees Jest's (`jest.advanceTimersByTime`): it gets Vitest's under that name.
 */
const fakeTimers = () => {
  vi.useFakeTimers({ now: 1_000_000 })
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const slides: ReadonlyArray<BannerSlide> = [1, 2, 3].map((id) => ({
  id,
  url: `/offer-${id}`,
  title: `Offer ${id}`,
  image_url: `/media/banner-${id}.png`,
  thumbnail_image_url: `/media/banner-${id}-thumb.png`
}))

const activeSlide = () => screen.getAllByRole("group", { hidden: true }).findIndex((slide) => !slide.hidden)
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe("BannerSlider", () => {
  test("desktop: rotates every 7000 ms, pauses while hovered, thumbnails and arrows choose the slide", async () => {
    setWidth(1280)
    fakeTimers()
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    renderWidget(<BannerSlider slides={slides} />)
    expect(activeSlide()).toBe(0)
    await advance(6999)
    expect(activeSlide()).toBe(0)
    await advance(1)
    expect(activeSlide()).toBe(1)
    expect(screen.getByRole("button", { name: "Show offer 2: Offer 2" })).toHaveAttribute("aria-current", "true")
    await user.hover(screen.getByRole("region", { name: "Offers" }))
    await advance(30_000)
    expect(activeSlide()).toBe(1)
    await user.unhover(screen.getByRole("region", { name: "Offers" }))
    await advance(7000)
    expect(activeSlide()).toBe(2)
    await user.click(screen.getByRole("button", { name: "Show offer 1: Offer 1" }))
    expect(activeSlide()).toBe(0)
    await user.click(screen.getByRole("button", { name: "Previous offer" }))
    expect(activeSlide()).toBe(2)
    await user.click(screen.getByRole("button", { name: "Next offer" }))
    expect(activeSlide()).toBe(0)
    expect(screen.getByRole("link", { name: "Offer 1" })).toHaveAttribute("href", "/offer-1")
  })

  test("axe: no violations", async () => {
    setWidth(1280)
    const { container } = renderWidget(<BannerSlider slides={slides} />)
    await expectNoAxeViolations(container)
  })

  test("mobile: no auto-rotation", async () => {
    setWidth(500)
    fakeTimers()
    renderWidget(<BannerSlider slides={slides} />)
    await advance(70_000)
    expect(activeSlide()).toBe(0)
  })

  test("tablet: rotates; no slides: nothing", async () => {
    setWidth(800)
    fakeTimers()
    renderWidget(<BannerSlider slides={slides} />)
    await advance(7000)
    await advance(7000)
    expect(activeSlide()).toBe(2)
    cleanup()
    const { container } = renderWidget(<BannerSlider slides={[]} />)
    expect(container).toBeEmptyDOMElement()
  })
})

const items = (n: number) => Array.from({ length: n }, (_, i) => <a key={i} href={`/p/${i + 1}`}>Product {i + 1}</a>)
const visibleLinks = () => screen.queryAllByRole("link").map((link) => link.textContent)

describe("Carousel", () => {
  test("desktop: 4 in view, steps of 3, clicks within 500 ms ignored, arrows disabled at the ends", async () => {
    setWidth(1280)
    fakeTimers()
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    renderWidget(<Carousel label="New arrivals">{items(10)}</Carousel>)
    await advance(0)
    const previous = screen.getByRole("button", { name: "Previous" })
    const next = screen.getByRole("button", { name: "Next" })
    expect(visibleLinks()).toEqual(["Product 1", "Product 2", "Product 3", "Product 4"])
    expect(previous).toBeDisabled()
    await user.click(next)
    expect(visibleLinks()).toEqual(["Product 4", "Product 5", "Product 6", "Product 7"])
    await user.click(next)
    expect(visibleLinks()[0]).toBe("Product 4")
    await advance(500)
    await user.click(next)
    expect(visibleLinks()).toEqual(["Product 7", "Product 8", "Product 9", "Product 10"])
    expect(next).toBeDisabled()
    expect(previous).toBeEnabled()
  })

  test("mobile: 2 in view, steps of 1", async () => {
    setWidth(500)
    fakeTimers()
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    renderWidget(<Carousel label="New arrivals">{items(5)}</Carousel>)
    await advance(0)
    await user.click(screen.getByRole("button", { name: "Next" }))
    expect(visibleLinks()).toEqual(["Product 2", "Product 3"])
  })

  test("axe: no violations", async () => {
    setWidth(1280)
    const { container } = renderWidget(<Carousel label="New arrivals">{items(10)}</Carousel>)
    await screen.findByRole("button", { name: "Previous" })
    await expectNoAxeViolations(container)
  })

  test("arrows hidden when everything fits", async () => {
    setWidth(1280)
    fakeTimers()
    renderWidget(<Carousel label="New arrivals">{items(3)}</Carousel>)
    await advance(0)
    expect(screen.queryByRole("button")).toBeNull()
    expect(visibleLinks()).toHaveLength(3)
  })
})
