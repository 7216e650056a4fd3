/**
 * The page furniture in real Chromium (CZ10MA, Czech texts) at 375, 768 and 1280 px: the footer's accordions
 * (closed on mobile, open on tablet and desktop), the floating banner whose close survives a reload (its cookie
 * lives 3 calendar months), the new-arrivals carousel's arrows (disabled at the ends), the header that hides
 * 5000 ms after scrolling down, and axe on the home page with all of them.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { cookieExpiry, floatingBannerCookieLifetime, floatingBannerCookieName } from "../../core/domain/layout/banners.ts"
import { e2eSession, expectNoAxeViolations, shopText } from "./harness.ts"

const e2e = e2eSession()

const t = shopText("CZ10MA")

/** The widths of this file: mobile, tablet, desktop. */
const widths = [375, 768, 1280] as const

/** A fresh shopper (own cookies, consent given, the floating banner closed if asked) of CZ10MA at a viewport width. */
const shopper = (width: number, bannerClosed = false) =>
  e2e.shopper("CZ10MA", { width, cookies: bannerClosed ? [{ name: floatingBannerCookieName, value: "1" }] : [] })

/** Waits until React has taken over the document and the header's and footer's chunks have hydrated (the page keeps a live connection, so never "network idle"). */
const hydrated = async (page: Page) => {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")))
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer")
    return footer !== null && Object.keys(footer).some((key) => key.startsWith("__reactFiber"))
  })
}

/** Clicks `button` until `done` holds (a click before its part of the page hydrated does nothing). */
const clickUntil = async (button: ReturnType<Page["getByRole"]>, done: () => Promise<boolean>) => {
  await expect.poll(async () => {
    if (await done()) return true
    if (await button.isVisible() && await button.isEnabled()) await button.click()
    return done()
  }, { timeout: 15_000, interval: 600 }).toBe(true)
}

describe("page furniture", () => {
  for (const width of widths) {
    it(`${width} px: axe on home with the floating banner; footer accordions ${width < 640 ? "closed, opened by the shopper" : "open"}`, async () => {
      const { context, page, errors } = await shopper(width)
      await page.goto(`${e2e.shop.url}/`)
      await hydrated(page)
      const banner = page.getByRole("complementary", { name: t("furniture_floating_banner") })
      await expect.poll(() => banner.isVisible()).toBe(true)
      await expectNoAxeViolations(page, `home at ${width} px`)
      // The banner floats over the page's bottom edge: closed first, so the footer is in reach.
      await clickUntil(banner.getByRole("button", { name: t("furniture_floating_close") }), async () => (await banner.count()) === 0)
      const footer = page.getByRole("contentinfo")
      const service = footer.getByRole("button", { name: t("furniture_footer_service") })
      const contact = footer.getByRole("link", { name: t("pg_contact_title") })
      if (width < 640) {
        await expect.poll(() => service.getAttribute("aria-expanded")).toBe("false")
        expect(await contact.isVisible()).toBe(false)
        await clickUntil(service, async () => (await service.getAttribute("aria-expanded")) === "true")
      } else {
        await expect.poll(() => service.getAttribute("aria-expanded")).toBe("true")
      }
      expect(await contact.isVisible()).toBe(true)
      const payment = footer.getByRole("button", { name: t("furniture_footer_payment") })
      expect(await payment.getAttribute("aria-expanded")).toBe(width < 640 ? "false" : "true")
      await expectNoAxeViolations(page, `home's footer at ${width} px`)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it("the floating banner: close hides it, its cookie lives 3 calendar months, and it stays closed over a reload", async () => {
    const { context, page, errors } = await shopper(768)
    await page.goto(`${e2e.shop.url}/`)
    await hydrated(page)
    const banner = page.getByRole("complementary", { name: t("furniture_floating_banner") })
    await expect.poll(() => banner.isVisible()).toBe(true)
    const closedAt = Date.now()
    await clickUntil(banner.getByRole("button", { name: t("furniture_floating_close") }), async () => (await banner.count()) === 0)
    const cookie = await expect.poll(async () => (await context.cookies()).find((c) => c.name === floatingBannerCookieName)?.value).toBe("1")
      .then(async () => (await context.cookies()).find((c) => c.name === floatingBannerCookieName))
    const expected = cookieExpiry(closedAt, floatingBannerCookieLifetime) / 1000
    expect(Math.abs((cookie?.expires ?? 0) - expected)).toBeLessThan(120)
    await page.reload()
    await hydrated(page)
    expect(await banner.count()).toBe(0)
    await page.waitForTimeout(500)
    expect(await banner.count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  for (const width of widths) {
    it(`${width} px: the new-arrivals carousel's arrows are disabled at the ends and move it`, async () => {
      const { context, page, errors } = await shopper(width, true)
      await page.goto(`${e2e.shop.url}/`)
      await hydrated(page)
      const carousel = page.getByRole("group", { name: t("sf_newest") })
      const prev = carousel.getByRole("button", { name: t("sf_previous") })
      const next = carousel.getByRole("button", { name: t("sf_next") })
      await carousel.scrollIntoViewIfNeeded()
      expect(await prev.isDisabled()).toBe(true)
      expect(await next.isDisabled()).toBe(false)
      const firstShown = () => carousel.locator("li:not([inert])").first().textContent()
      const before = await firstShown()
      await clickUntil(next, async () => !(await prev.isDisabled()))
      expect(await firstShown()).not.toBe(before)
      // To the end: the next arrow disables there (clicks 500 ms apart, §9).
      for (let i = 0; i < 12 && !(await next.isDisabled()); i++) {
        await page.waitForTimeout(550)
        await next.click()
      }
      expect(await next.isDisabled()).toBe(true)
      expect(await prev.isDisabled()).toBe(false)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it("1280 px: the header hides 5000 ms after scrolling down and shows again on scrolling up", async () => {
    const { context, page, errors } = await shopper(1280, true)
    await page.goto(`${e2e.shop.url}/`)
    await hydrated(page)
    const header = page.getByRole("banner")
    await page.mouse.move(640, 800)
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.waitForTimeout(3000)
    expect(await header.getAttribute("data-hidden")).toBe("false")
    await expect.poll(() => header.getAttribute("data-hidden"), { timeout: 4000 }).toBe("true")
    const box = await header.boundingBox()
    await expect.poll(async () => ((await header.boundingBox())?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(1)
    await page.mouse.wheel(0, -200)
    await expect.poll(() => header.getAttribute("data-hidden")).toBe("false")
    expect(errors).toEqual([])
    await context.close()
  })
})
