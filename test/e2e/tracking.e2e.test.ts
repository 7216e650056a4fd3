/**
 * Tracking in real Chromium (§1 tracking, tag manager and cross-sell; §2 virtual pageviews; §4 tag data per step;
 * §6 only with gdpr_personalization; §7 tracking API): a product view reaches the tracking API (the operator listing
 * shows it) and the recently-viewed list of the next product page; the checkout steps push their virtual pageviews to
 * `window.dataLayer`, the confirmation's tag data carries the order number; without consent nothing is tracked.
 */
import type { Page } from "playwright-core"
import { beforeAll, describe, expect, it } from "vitest"
import { shopById, type ShopId } from "../../core/domain/shop.ts"
import { e2eSession, hydrated, openFirstCategory, shopText } from "./harness.ts"

const operatorToken = "tracking-e2e-operator"
const shopId: ShopId = "CZ10MA"
const keys = shopById(shopId).urlKeys

const e2e = e2eSession({ OPERATOR_TOKEN: operatorToken })

beforeAll(async () => {
  // The server compresses each built asset on its first request: one page load keeps that out of the tests' timings.
  const warm = await e2e.browser.newPage()
  await warm.goto(`${e2e.shop.url}/`, { timeout: 120_000 })
  await warm.close()
})

const t = shopText(shopId)

/** A fresh shopper whose consents are recorded in the storefront's consent cookie (personalisation as given). */
const shopper = (personalisation: boolean) =>
  e2e.shopper(shopId, { consents: { gdpr_panel: true, gdpr_personalization: personalisation } })

/** The product pages of the first category: their paths. */
const productPaths = async (page: Page): Promise<ReadonlyArray<string>> => {
  await page.goto(`${e2e.shop.url}/`)
  const links = (await openFirstCategory(page, shopId)).locator("a.product-link, h2 a, h3 a")
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
  return [...new Set(hrefs)]
}

/** The operator's listing of the tracking events. */
const operatorEvents = async (): Promise<ReadonlyArray<{ eventType: string; cookieId: string; properties: Record<string, unknown> }>> => {
  const response = await fetch(`${e2e.shop.url}/api/tracking-events`, { headers: { authorization: `Bearer ${operatorToken}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { events: Array<{ eventType: string; cookieId: string; properties: Record<string, unknown> }> }).events
}

/** What the page's tag manager pushed. */
const dataLayerOf = (page: Page): Promise<ReadonlyArray<Record<string, unknown>>> =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).map((e) => JSON.parse(JSON.stringify(e)) as Record<string, unknown>))

describe("tracking in the browser", () => {
  it("a viewed product is tracked and shows in recently viewed on the next product page; the operator lists the view", async () => {
    const { context, page, errors } = await shopper(true)
    const [first, second] = await productPaths(page)
    expect(second, "two products in the first category").toBeDefined()
    await page.goto(`${e2e.shop.url}${first}`)
    const firstTitle = await page.locator("h1").innerText()
    // The view is sent once the services run and the consent is known.
    await expect.poll(async () => (await operatorEvents()).some((e) => e.eventType === "view_item" && e.properties["title"] === firstTitle), { timeout: 20_000 }).toBe(true)
    const cookie = (await context.cookies(e2e.shop.url)).find((c) => c.name === "__exponea_etc__")
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/)
    const view = (await operatorEvents()).find((e) => e.eventType === "view_item" && e.properties["title"] === firstTitle)
    expect(view?.cookieId).toBe(cookie?.value)

    await page.goto(`${e2e.shop.url}${second}`)
    const recently = page.getByRole("region", { name: t("widgets_recently_viewed") })
    await expect.poll(() => recently.getByRole("heading", { name: firstTitle }).count(), { timeout: 20_000 }).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it("without the personalisation consent nothing is sent and no tracking cookie is set (§6)", async () => {
    const { context, page } = await shopper(false)
    const [first] = await productPaths(page)
    const sent: Array<string> = []
    page.on("request", (request) => {
      if (request.url().includes("/tracking-api/")) sent.push(request.url())
    })
    await page.goto(`${e2e.shop.url}${first}`)
    await page.getByRole("button", { name: t("sf_add_to_cart") }).waitFor()
    await hydrated(page)
    await page.waitForTimeout(2500)
    expect(sent).toEqual([])
    expect((await context.cookies(e2e.shop.url)).some((c) => c.name === "__exponea_etc__")).toBe(false)
    await context.close()
  })

  it("the checkout steps push their virtual pageviews; the confirmation's tag data carries the order number", async () => {
    const { context, page, errors } = await shopper(true)
    await e2e.logIn(page, shopId, "gold@example.cz")
    const [first] = await productPaths(page)
    await page.goto(`${e2e.shop.url}${first}`)
    await hydrated(page)
    await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)

    await page.goto(`${e2e.shop.url}${keys.cart}`)
    // The storefront's own (localised) pageviews; the server's step data carries one more, unlocalised, with a pageType.
    const pageviews = async () => (await dataLayerOf(page)).filter((e) => e["event"] === "virtualPageview" && !("pageType" in e))
    await expect.poll(async () => (await pageviews()).map((e) => e["checkoutStep"]), { timeout: 15_000 }).toEqual(["preview"])
    expect((await pageviews())[0]).toMatchObject({ virtualPageURL: keys.cart, virtualPageTitle: t("cart_step-preview"), checkoutStepNumber: 1 })

    await page.getByRole("button", { name: t("sf_continue_to_checkout") }).click()
    await page.waitForURL((url) => url.pathname === `${keys.cart}/1`)
    await page.getByRole("button", { name: t("sf_continue"), exact: true }).waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await pageviews()).map((e) => e["checkoutStep"]), { timeout: 15_000 }).toEqual(["preview", "customer"])
    await page.getByRole("button", { name: t("sf_continue"), exact: true }).click()
    await page.waitForURL((url) => url.pathname === `${keys.cart}/3`, { timeout: 20_000 })
    await expect.poll(async () => (await pageviews()).map((e) => e["checkoutStep"]), { timeout: 15_000 }).toEqual(["preview", "customer", "shipping"])
    expect((await pageviews())[2]).toMatchObject({ virtualPageURL: `${keys.cart}/3`, virtualPageTitle: t("cart_step-shipping"), checkoutStepNumber: 3 })

    const own = page.getByRole("group", { name: t("sf_delivery"), exact: true })
    await own.getByRole("radio").last().click()
    await expect.poll(() => own.getByRole("status").isVisible(), { timeout: 15_000 }).toBe(true)
    const payments = page.getByRole("group", { name: t("sf_payment") })
    await payments.getByRole("radio", { disabled: false }).first().click()
    await expect.poll(() => payments.getByRole("radio", { checked: true }).count(), { timeout: 15_000 }).toBe(1)
    const consents = page.getByRole("group", { name: t("sf_order_consents") })
    for (const box of await consents.getByRole("checkbox").all()) {
      if (!(await box.isChecked())) await box.click()
    }
    await page.getByRole("button", { name: t("sf_place_order") }).click()
    await page.waitForURL((url) => url.pathname === `${keys.cart}/4`, { timeout: 30_000 })
    const order = /\d{4,}/.exec(await page.getByRole("main").getByRole("heading", { level: 2 }).innerText())?.[0]
    expect(order).toBeDefined()
    await expect.poll(async () => (await pageviews()).map((e) => e["checkoutStep"]), { timeout: 15_000 })
      .toEqual(["preview", "customer", "shipping", "confirmation"])
    expect((await pageviews())[3]).toMatchObject({ checkoutStepNumber: 5 })
    // Step 5's tag data (prefetched with the placeholder on step 3) carries the order number, no placeholder is left.
    await expect.poll(async () => JSON.stringify(await dataLayerOf(page)).includes(order!), { timeout: 15_000 }).toBe(true)
    expect(JSON.stringify(await dataLayerOf(page))).not.toContain("__PURCHASE_ID__")
    // The purchase is tracked, one event per line, with the order number.
    await expect.poll(async () => (await operatorEvents()).some((e) => e.eventType === "purchase_item" && String(e.properties["purchase_id"]) === order), { timeout: 20_000 }).toBe(true)
    expect((await operatorEvents()).some((e) => e.eventType === "checkout" && e.properties["step_number"] === 3)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the ?debug panel lists the dataLayer and the tracking events as they are sent (POST in debug mode)", async () => {
    const { context, page } = await shopper(true)
    const [first] = await productPaths(page)
    await page.goto(`${e2e.shop.url}${first}?debug`)
    const title = await page.locator("h1").innerText()
    const panel = page.getByRole("complementary", { name: t("pg_debug_title") })
    await expect.poll(() => panel.innerText(), { timeout: 20_000 }).toContain("view_item")
    expect(await panel.innerText()).toContain("POST")
    expect(await panel.innerText()).toContain(title)
    await context.close()
  })
})
