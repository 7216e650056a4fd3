/**
 * The category listing's parameter facets in real Chromium (FEATURES "Category listing"): a shopper ticks a value,
 * the listing and its count change without a reload, the URL carries the filter, a reload keeps it and clearing
 * brings the whole listing back; on a phone the groups fold behind "Filters (n)"; without JavaScript the same
 * panel is a GET form; axe-core at 375, 768 and 1280 px.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { formatPrice } from "../../core/domain/money.ts"
import { shopById } from "../../core/domain/shop.ts"
import { e2eSession, expectNoAxeViolations, screenshot, shopText } from "./harness.ts"

const session = e2eSession()
const shopId = "CZ10MA"
const t = shopText(shopId)
const category = "/mobily-a-tablety"

interface ListingAnswer {
  readonly total: number
  readonly facets: ReadonlyArray<{ readonly key: string; readonly title: string; readonly values: ReadonlyArray<{ readonly value: string; readonly count: number }> }>
}

/** The listing as the catalogue answers it (what the page must show). */
const listing = async (search = ""): Promise<ListingAnswer> => {
  const answer = await fetch(`${session.shop.url}/api/catalogue/listing?category=${category.slice(1)}${search}`, { headers: { cookie: `sf_shop=${shopId}` } })
  expect(answer.status).toBe(200)
  return (await answer.json()) as ListingAnswer
}

/** The first facet and its value with the most products (fewer than all, so choosing it changes the listing). */
const chosenValue = async () => {
  const all = await listing()
  const facet = all.facets[0]!
  const value = [...facet.values].filter((v) => v.count < all.total).sort((a, b) => b.count - a.count)[0]!
  return { all, facet, value }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const heading = (page: Page) => page.getByRole("heading", { level: 1 })
const status = (page: Page) => page.locator(".facets [role=status]")
const applyButton = (page: Page) => page.getByRole("button", { name: t("facets_apply") })

/** Waits until the panel has hydrated (its apply button goes: a change navigates at once). */
const hydrated = (page: Page) => expect.poll(() => applyButton(page).isHidden(), { timeout: 30_000 }).toBe(true)

describe("category listing: parameter facets", () => {
  it("ticking a value narrows the listing without a reload; the URL carries it, a reload keeps it, clearing restores it; axe at three widths", async () => {
    const { all, facet, value } = await chosenValue()
    const filtered = await listing(`&param=${encodeURIComponent(`${facet.key}:${value.value}`)}`)
    expect(filtered.total).toBe(value.count)
    const { page, errors, context } = await session.shopper(shopId, { width: 1280 })
    await page.goto(`${session.shop.url}${category}`)
    await hydrated(page)
    await expect.poll(() => heading(page).textContent()).toContain(`(${all.total})`)
    expect(await status(page).textContent()).toBe(t("facets_result_count", { count: all.total }))
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true })
    const box = page.getByRole("group", { name: facet.title }).getByRole("checkbox", { name: new RegExp(`^${escaped(value.value)} \\(`) })
    await box.click()
    await page.waitForURL((url) => url.searchParams.getAll("param").includes(`${facet.key}:${value.value}`))
    await expect.poll(() => status(page).textContent()).toBe(t("facets_result_count", { count: value.count }))
    await expect.poll(() => heading(page).textContent()).toContain(`(${value.count})`)
    expect(await page.locator(".product-grid > *").count()).toBe(Math.min(value.count, 24))
    expect(await box.isChecked()).toBe(true)
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    // the chosen value is a removable chip
    await expect.poll(() => page.getByRole("list", { name: t("facets_chosen") }).getByRole("link").textContent()).toContain(value.value)

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      if (width === 375) {
        // on a phone the groups fold behind the disclosure, which names how many filters are chosen
        const toggle = page.locator("summary.facets-toggle")
        expect(await toggle.textContent()).toBe(t("facets_toggle", { count: 1 }))
        expect(await box.isVisible()).toBe(false)
        await toggle.click()
        await expect.poll(() => box.isVisible()).toBe(true)
        expect(await toggle.evaluate((element) => (element.parentElement as HTMLDetailsElement).open)).toBe(true)
      } else {
        expect(await page.locator("summary.facets-toggle").isVisible()).toBe(false)
        expect(await box.isVisible()).toBe(true)
      }
      await expectNoAxeViolations(page, `the filtered category at ${width} px`)
      await screenshot(page, `catalog-facets-${width}`)
    }

    await page.reload()
    await hydrated(page)
    expect(await box.isChecked()).toBe(true)
    expect(await status(page).textContent()).toBe(t("facets_result_count", { count: value.count }))

    await page.getByRole("link", { name: t("facets_clear") }).click()
    await page.waitForURL((url) => url.pathname === category && !url.searchParams.has("param"))
    await expect.poll(() => status(page).textContent()).toBe(t("facets_result_count", { count: all.total }))
    await expect.poll(() => heading(page).textContent()).toContain(`(${all.total})`)
    expect(await box.isChecked()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it("without JavaScript the panel is a GET form: on a phone the disclosure opens, a ticked value is sent, its chip removes it", async () => {
    const { all, facet, value } = await chosenValue()
    const { page, context } = await session.shopper(shopId, { width: 375, javaScript: false })
    await page.goto(`${session.shop.url}${category}?sort=price_asc`)
    await page.locator("summary.facets-toggle").click()
    await page.getByRole("group", { name: facet.title }).getByRole("checkbox", { name: new RegExp(`^${escaped(value.value)} \\(`) }).check()
    await applyButton(page).click()
    await page.waitForURL((url) => url.searchParams.getAll("param").includes(`${facet.key}:${value.value}`))
    expect(new URL(page.url()).searchParams.get("sort")).toBe("price_asc")
    expect(await status(page).textContent()).toBe(t("facets_result_count", { count: value.count }))
    await page.getByRole("list", { name: t("facets_chosen") }).getByRole("link").click()
    await page.waitForURL((url) => !url.searchParams.has("param"))
    expect(await status(page).textContent()).toBe(t("facets_result_count", { count: all.total }))
    await context.close()
  })

  it("a product page of a shop with a financing provider shows 'from X a month' after it has loaded, and the plans in a disclosure; axe", async () => {
    const { products } = (await listing()) as unknown as { readonly products: ReadonlyArray<{ readonly url: string; readonly price: number; readonly variantId: number }> }
    const product = products[0]!
    const answer = await fetch(`${session.shop.url}/api/finance-offer/financial-offers?price=${product.price}&variantId=${product.variantId}`, { headers: { cookie: `sf_shop=${shopId}` } })
    const { offers } = (await answer.json()) as { readonly offers: ReadonlyArray<{ readonly monthlyPayment: number }> }
    expect(offers.length).toBeGreaterThan(0)
    const lowest = Math.min(...offers.map((offer) => offer.monthlyPayment))
    const { page, errors, context } = await session.shopper(shopId, { width: 375 })
    const html = await (await page.goto(`${session.shop.url}${product.url}`))!.text()
    // not in the server's page: it loads after the first paint (the head's inline stylesheet names its class)
    expect(html.slice(html.indexOf("</head>"))).not.toContain("financing-offer")
    const summary = page.locator(".financing-offer summary")
    await summary.waitFor({ timeout: 30_000 })
    expect((await summary.textContent())?.replace(/\s/gu, " ")).toBe(t("fin_from_monthly", { amount: formatPrice(lowest, shopById(shopId)) }).replace(/\s/gu, " "))
    await summary.click()
    const table = page.getByRole("table", { name: t("fin_variants_title") })
    await expect.poll(() => table.isVisible()).toBe(true)
    expect(await table.locator("tbody tr").count()).toBe(offers.length)
    await expectNoAxeViolations(page, "the product page with its financing offer open at 375 px")
    await screenshot(page, "catalog-financing-375")
    expect(errors).toEqual([])
    await context.close()
  })
})
