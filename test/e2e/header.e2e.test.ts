/**
 * The header in real Chromium (§2, §9): a drawer opens on hover, only one is open at a time, it hides 900 ms after
 * the pointer leaves; the login drawer opens by keyboard, a customer logs in from it and logs out through the account
 * menu's CSRF-carrying link, by keyboard only; the mega-menu's layer loads on hover and leads to a sub-category;
 * on a phone the drawers stay closed and the mobile search and menu exclude each other; axe-core with drawers and a
 * layer open.
 */
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { logoutCsrfParam } from "../../core/domain/customer.ts"
import { shopById, type ShopId } from "../../core/domain/shop.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { translate, uiLanguageOf, type MessageKey } from "../../core/messages/index.ts"
import { agreeConsent, axeViolations, breakpoints, hydrated, launchChromium, startShop, watchErrors, type Shop } from "./harness.ts"

let shop: Shop
let browser: Browser

beforeAll(async () => {
  shop = await startShop()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await shop?.stop()
})

const text = (shopId: ShopId) => (key: MessageKey, params?: Record<string, string | number>) =>
  (translate as (l: string, k: string, p?: object) => string)(uiLanguageOf(shopById(shopId)), key, params)

/** A fresh shopper in `shopId` at a width, on the home page with the consent panel answered. */
const visit = async (shopId: ShopId, width: number = breakpoints.desktop) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.addCookies([{ name: "sf_shop", value: shopId, url: shop.url }])
  const page = await context.newPage()
  // The cart asks for the purchase of the session; a session without an order answers 404 (§8: ignored).
  const errors = watchErrors(page, (message) => message.includes("404"))
  await page.goto(`${shop.url}/`)
  await hydrated(page)
  const agree = page.getByRole("button", { name: text(shopId)("sf_consent_agree") })
  await expect.poll(() => agree.isVisible()).toBe(true)
  // The panel, above the header, must be gone before a test hovers the header (it would move up under the pointer).
  await agreeConsent(page, shopId, 15_000).catch(async (error: unknown) => {
    await page.screenshot({ path: "/tmp/header-debug-consent.png" })
    throw error
  })
  return { context, page, errors }
}

/** Hovers `target` until `shown` is visible (the header hydrates from its own chunk right after the page). */
const hoverUntilVisible = async (page: Page, target: Locator, shown: Locator) => {
  await expect.poll(async () => {
    await page.mouse.move(5, 880)
    await target.hover()
    await shown.waitFor({ state: "visible", timeout: 1500 }).catch(() => undefined)
    return shown.isVisible()
  }, { timeout: 15_000 }).toBe(true)
}

/** Moves the focus out of the page's controls (a following Tab starts from the top). */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

const expectNoAxeViolations = async (page: Page, where: string) => {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([])
}

/** Presses Tab until `target` has the focus (at most 40 times). */
const tabTo = async (page: Page, target: Locator) => {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press("Tab")
  }
  throw new Error("Tab never reached the element")
}

describe("the header drawers", () => {
  it("hover opens a drawer, one at a time, hidden 900 ms after the pointer leaves; axe with each open", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await visit("CZ10MA")
    const cartLink = page.locator("a.cart-link")
    const cart = page.getByRole("region", { name: t("sf_cart"), exact: true })
    const login = page.getByRole("region", { name: t("sf_login"), exact: true })
    await hoverUntilVisible(page, cartLink, cart)
    expect(await cartLink.getAttribute("aria-expanded")).toBe("true")
    expect(await cartLink.getAttribute("aria-controls")).toBe(await cart.getAttribute("id"))
    await expect.poll(() => cart.getByRole("link", { name: t("sf_go_to_cart") }).isVisible()).toBe(true)
    await expectNoAxeViolations(page, "home with the cart drawer open")

    await page.locator("a.login-link").hover()
    await expect.poll(() => login.isVisible()).toBe(true)
    expect(await cart.isVisible()).toBe(false)
    await expect.poll(() => login.getByLabel(t("sf_email")).isVisible()).toBe(true)
    await expectNoAxeViolations(page, "home with the login drawer open")

    await page.mouse.move(10, 880)
    await page.waitForTimeout(500)
    expect(await login.isVisible()).toBe(true)
    await page.waitForTimeout(700)
    expect(await login.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it("by keyboard: the login drawer opens on focus, the customer logs in from it and logs out through the account menu", async () => {
    const t = text("CZ10MA")
    const czech = shopById("CZ10MA")
    const { context, page, errors } = await visit("CZ10MA")
    const loginLink = page.locator("a.login-link")
    const login = page.getByRole("region", { name: t("sf_login"), exact: true })
    await expect.poll(async () => {
      await blur(page)
      await tabTo(page, loginLink)
      return login.isVisible()
    }, { timeout: 15_000 }).toBe(true)
    expect(await loginLink.getAttribute("aria-expanded")).toBe("true")
    await page.keyboard.press("Escape")
    await expect.poll(() => login.isVisible()).toBe(false)
    expect(await loginLink.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press("Enter")
    await expect.poll(() => login.isVisible()).toBe(true)
    const email = login.getByLabel(t("sf_email"))
    await tabTo(page, email)
    await page.keyboard.type(`gold@example.${czech.country.toLowerCase()}`)
    await page.keyboard.press("Tab")
    await page.keyboard.type(demoPassword)
    await page.keyboard.press("Enter")

    const accountLink = page.locator("a.account-link")
    await expect.poll(() => accountLink.isVisible(), { timeout: 15_000 }).toBe(true)
    await hydrated(page)
    const menu = page.getByRole("region", { name: t("sf_account_menu"), exact: true })
    await expect.poll(async () => {
      await blur(page)
      await tabTo(page, accountLink)
      return menu.isVisible()
    }, { timeout: 15_000 }).toBe(true)
    const logout = menu.getByRole("link", { name: t("account_menu_logout") })
    await expect.poll(() => logout.isVisible()).toBe(true)
    await expect.poll(() => menu.getByRole("link", { name: t("account_menu_clientQuestionaireList") }).isVisible()).toBe(true)
    const href = new URL((await logout.getAttribute("href"))!, shop.url)
    expect(href.pathname).toBe(czech.urlKeys.logout)
    expect(href.searchParams.get(logoutCsrfParam)).toMatch(/\S{8,}/)
    await expectNoAxeViolations(page, "home with the account menu open")
    // A logout link with another token (another site's) logs nobody out: the page asks for a confirmation instead.
    const forged = await context.newPage()
    await forged.goto(`${shop.url}${czech.urlKeys.logout}?${logoutCsrfParam}=forged-token-123`)
    await forged.getByRole("alert").waitFor()
    await expect.poll(() => forged.getByRole("button", { name: t("sf_logout") }).isVisible()).toBe(true)
    const stillIn = await forged.evaluate(() => fetch("/api/session").then((response) => response.json() as Promise<{ customerId: number | null }>))
    expect(stillIn.customerId).not.toBeNull()
    await forged.close()
    await tabTo(page, logout)
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000, waitUntil: "load" })
    await expect.poll(() => loginLink.isVisible(), { timeout: 15_000 }).toBe(true)
    const session = await page.evaluate(() => fetch("/api/session").then((response) => response.json() as Promise<{ customerId: number | null }>))
    expect(session.customerId).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("the mega-menu", () => {
  it("a top item's layer loads on hover and leads to a sub-category; axe with the layer open", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await visit("CZ10MA")
    const nav = page.getByRole("navigation", { name: t("sf_categories") })
    const top = nav.locator(".menu-top > li").first()
    const layer = top.locator(".menu-layer")
    await hoverUntilVisible(page, top.locator(".menu-link"), layer)
    expect(await top.getByRole("button").getAttribute("aria-expanded")).toBe("true")
    const first = layer.getByRole("link").first()
    // The first hover starts the services (deferred until the shopper's first interaction): the sheet loads after them.
    await expect.poll(() => first.isVisible(), { timeout: 15_000 }).toBe(true)
    await expectNoAxeViolations(page, "home with a menu layer open")
    const target = (await first.getAttribute("href"))!
    await first.click()
    await page.waitForURL((url) => url.pathname === target)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("the search box", () => {
  it("suggests products as the shopper types; the arrow keys and Enter open one and record the search event; axe with the list open", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await visit("CZ10MA")
    const events: Array<unknown> = []
    page.on("request", (request) => {
      if (request.url().includes("/api/searching/put/")) events.push(request.postDataJSON())
    })
    const box = page.getByRole("combobox", { name: t("sf_search") })
    await box.click()
    await box.pressSequentially("Voltra", { delay: 30 })
    const list = page.getByRole("listbox", { name: t("sf_suggestions") })
    await expect.poll(() => list.getByRole("option").count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await box.getAttribute("aria-expanded")).toBe("true")
    await expectNoAxeViolations(page, "home with the search suggestions open")
    const first = list.getByRole("option").first()
    const title = (await first.textContent())!
    await page.keyboard.press("ArrowDown")
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"))
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe(title)
    // The event is sent once the services have started (on the first interaction): on a loaded machine after more than a second.
    await expect.poll(() => events.length, { timeout: 15_000 }).toBe(1)
    expect(events[0]).toMatchObject({ event: "resultClick", token: "voltra", type: "product" })
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("on a phone", () => {
  it("the drawers stay closed; the mobile search and menu exclude each other", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await visit("CZ10MA", breakpoints.mobile)
    const toggles = page.locator(".mobile-toggles")
    const menuToggle = toggles.getByRole("button", { name: t("sf_menu"), exact: true })
    const searchToggle = toggles.getByRole("button", { name: t("header_search_toggle"), exact: true })
    const nav = page.getByRole("navigation", { name: t("sf_categories") })
    await expect.poll(async () => {
      if ((await menuToggle.getAttribute("aria-expanded")) !== "true") await menuToggle.click()
      return nav.isVisible()
    }, { timeout: 15_000 }).toBe(true)
    expect(await page.getByRole("search").isVisible()).toBe(false)
    await expectNoAxeViolations(page, "phone with the menu open")
    await searchToggle.click()
    await expect.poll(() => page.getByRole("search").isVisible()).toBe(true)
    expect(await nav.isVisible()).toBe(false)
    expect(await menuToggle.getAttribute("aria-expanded")).toBe("false")

    await page.locator("a.cart-link").hover()
    await page.waitForTimeout(300)
    expect(await page.getByRole("region", { name: t("sf_cart"), exact: true }).isVisible()).toBe(false)
    await page.locator("a.cart-link").click()
    await page.waitForURL((url) => url.pathname === shopById("CZ10MA").urlKeys.cart)
    expect(errors).toEqual([])
    await context.close()
  })
})
