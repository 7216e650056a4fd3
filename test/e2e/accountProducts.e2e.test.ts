/**
 * The account's product pages in real Chromium (§2 clientDigitalContent, clientWatchdog, clientRankingList, and the
 * reviews and watchdog of the product page): the gold demo customer opens each page from my account at 375 and 1280
 * px and sees the seeded data (licence keys, watchdogs, their reviews); a customer watches a product from its page
 * and stops watching it on the watchdog page; a review written on a product page shows in the ranking list. axe-core
 * on each page; screenshots into docs/screenshots. A customer buys digital content: the shipping step has no delivery to
 * choose and says it comes electronically.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { shopById, type ShopId } from "../../core/domain/shop.ts"
import type { MessageKey } from "../../core/messages/index.ts"
import { e2eSession, emptyCart, expectNoAxeViolations, hydrated, placeOrder, screenshot, shopText, toShippingStep } from "./harness.ts"

const e2e = e2eSession()

const shopId: ShopId = "CZ10MA"
const keys = shopById(shopId).urlKeys
const t = shopText(shopId)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A message of `key` with any text for its placeholder `name`. */
const anyText = (key: MessageKey, name: string) =>
  new RegExp(`^${t(key, { [name]: "\u0000" }).split("\u0000").map(escape).join(".+")}$`)

const shopper = (width: number) => e2e.shopper(shopId, { width })

const logIn = (page: Page, email: string) => e2e.logIn(page, shopId, email)

/** Clicks `button` until `done` shows (a click before the page's services have loaded does nothing). */
const clickUntil = async (page: Page, button: () => ReturnType<Page["getByRole"]>, done: () => ReturnType<Page["getByText"]>) => {
  await expect.poll(async () => {
    if (await done().count() > 0) return true
    if (await button().isEnabled().catch(() => false)) await button().click().catch(() => undefined)
    await done().first().waitFor({ timeout: 2_000 }).catch(() => undefined)
    return await done().count() > 0
  }, { timeout: 30_000 }).toBe(true)
}

const aProduct = async (): Promise<{ readonly url: string; readonly title: string }> => {
  const answer = await fetch(`${e2e.shop.url}/api/catalogue/search?q=%20&perPage=24`, { headers: { "x-shop-id": shopId } })
  const found = await answer.json() as { products: ReadonlyArray<{ url: string; title: string; inStock: number }> }
  // The vip customer has reviewed nothing yet, so any product takes their review.
  return found.products.find((product) => product.inStock > 0)!
}

describe("account product pages", () => {
  it("gold@example.cz opens digital content, watchdog and rankings from my account at 375 and 1280 px", async () => {
    for (const [name, width] of [["mobile", 375], ["desktop", 1280]] as const) {
      const { context, page, errors } = await shopper(width)
      await logIn(page, "gold@example.cz")
      const menu = page.getByRole("navigation", { name: t("sf_account_menu") }).last()
      for (const [key, href] of [["clientDigitalContent", keys.clientDigitalContent], ["clientWatchdog", keys.clientWatchdog], ["clientRankingList", keys.clientRankingList]] as const) {
        expect(await menu.getByRole("link", { name: t(`account_menu_${key}`) }).getAttribute("href")).toBe(href)
      }

      await menu.getByRole("link", { name: t("account_menu_clientDigitalContent") }).click()
      await page.waitForURL((url) => url.pathname === keys.clientDigitalContent)
      await expect.poll(() => page.getByRole("heading", { name: t("ap_license_keys") }).count()).toBeGreaterThan(0)
      expect(await page.locator(".sf-license-key").count()).toBeGreaterThanOrEqual(2)
      await expectNoAxeViolations(page, `digital content ${name}`)
      await screenshot(page, `account-digital-content-${name}`)

      await page.goto(`${e2e.shop.url}${keys.clientWatchdog}`)
      await hydrated(page)
      await expect.poll(() => page.getByRole("button", { name: anyText("ap_watchdog_remove", "title") }).count()).toBe(2)
      expect(await page.getByText(t("ap_watchdog_price_reached")).count()).toBe(1)
      await expectNoAxeViolations(page, `watchdog ${name}`)
      await screenshot(page, `account-watchdog-${name}`)

      await page.goto(`${e2e.shop.url}${keys.clientRankingList}`)
      await hydrated(page)
      await expect.poll(() => page.getByText(anyText("ap_rankings_average", "rating")).count()).toBe(1)
      expect(await page.getByRole("heading", { name: t("ap_rankings_to_rate") }).count()).toBe(1)
      expect(await page.getByRole("link", { name: anyText("ap_rankings_rate", "title") }).count()).toBeGreaterThan(0)
      await expectNoAxeViolations(page, `rankings ${name}`)
      await screenshot(page, `account-rankings-${name}`)
      expect(errors).toEqual([])
      await context.close()
    }
  }, 180_000)

  it("gold@example.cz buys digital content only: no delivery to choose, the step says it comes electronically; the order is placed", async () => {
    const { context, page, errors } = await shopper(1280)
    await logIn(page, "gold@example.cz")
    await emptyCart(page, e2e.shop.url, shopId)
    // Office software is digital content in the seed.
    const answer = await fetch(`${e2e.shop.url}/api/catalogue/search?q=Officio&perPage=24`, { headers: { "x-shop-id": shopId } })
    const found = await answer.json() as { products: ReadonlyArray<{ url: string; inStock: number }> }
    const digital = found.products.find((product) => product.inStock > 0)!
    await page.goto(`${e2e.shop.url}${digital.url}`)
    await hydrated(page)
    await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)

    await toShippingStep(page, e2e.shop.url, shopId)
    const electronic = page.getByRole("group", { name: t("sf_delivery_electronic") })
    await expect.poll(() => electronic.innerText(), { timeout: 20_000 }).toContain(t("sf_delivery_electronic_text"))
    expect(await page.getByRole("group", { name: t("sf_delivery"), exact: true }).count()).toBe(0)
    const payments = page.getByRole("group", { name: t("sf_payment") })
    await payments.getByRole("radio", { disabled: false }).first().click()
    await expect.poll(() => payments.getByRole("radio", { checked: true }).count(), { timeout: 15_000 }).toBe(1)
    await expectNoAxeViolations(page, "shipping step of digital content")
    await screenshot(page, "checkout-shipping-digital-desktop")
    await placeOrder(page, shopId)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it("a guest is sent to log in and back; a shop without digital content answers 404 for it", async () => {
    const { context, page } = await shopper(1280)
    await page.goto(`${e2e.shop.url}${keys.clientWatchdog}`)
    expect(new URL(page.url()).pathname).toBe(keys.login)
    expect(new URL(page.url()).searchParams.get("return")).toBe(keys.clientWatchdog)
    await context.close()
    const croatian = await e2e.browser.newContext()
    await croatian.addCookies([{ name: "sf_shop", value: "HR10MA", url: e2e.shop.url }])
    expect(shopById("HR10MA").features.digitalContent).toBe(false)
    const answer = await (await croatian.newPage()).goto(`${e2e.shop.url}${shopById("HR10MA").urlKeys.clientDigitalContent}`)
    expect(answer?.status()).toBe(404)
    await croatian.close()
  }, 60_000)

  it("vip@example.cz watches a product from its page, finds it in the watchdog and stops watching it; a review shows in the rankings", async () => {
    const { context, page, errors } = await shopper(1280)
    await logIn(page, "vip@example.cz")
    const product = await aProduct()
    await page.goto(`${e2e.shop.url}${product.url}`)
    await hydrated(page)
    const watch = page.getByRole("region", { name: t("ap_watch_title") })
    await watch.getByRole("checkbox", { name: t("ap_watch_stock") }).check()
    await clickUntil(page, () => watch.getByRole("button", { name: t("ap_watch_submit") }), () => page.getByText(t("ap_watch_done")))
    await expectNoAxeViolations(page, "product page, watching")

    await page.getByRole("radio", { name: t("widgets_stars", { count: 4 }) }).check()
    await page.getByRole("textbox", { name: t("widgets_review_text") }).fill("Spolehlivý a tichý.")
    await clickUntil(page, () => page.getByRole("button", { name: t("widgets_write_review") }), () => page.getByText(t("widgets_review_thanks")))

    await page.getByRole("link", { name: t("ap_watch_open") }).click()
    await page.waitForURL((url) => url.pathname === keys.clientWatchdog)
    const stop = () => page.getByRole("button", { name: anyText("ap_watchdog_remove", "title") })
    await expect.poll(() => stop().count()).toBe(1)
    await clickUntil(page, stop, () => page.getByText(anyText("ap_watchdog_removed", "title")))
    expect(await stop().count()).toBe(0)
    await expectNoAxeViolations(page, "watchdog after removing")

    await page.goto(`${e2e.shop.url}${keys.clientRankingList}`)
    await hydrated(page)
    await expect.poll(() => page.getByText("Spolehlivý a tichý.").count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)
})
