/**
 * The payment provider's screens in the browser (§4, §7): a logged-in customer in CZ10MA buys on instalments (CZG)
 * through the revolving offer, the provider's terms, the extra data (refused first by the client's Schema check), a
 * wrong and then the right one-time code (the demo provider shows it), and sees the confirmation. Screenshots of
 * each screen at 375 and 1280 px go to docs/screenshots; axe runs on each.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { simulatedProviderOtpCode } from "../../core/domain/payment.ts"
import { axeViolations, breakpoints, e2eSession, hydrated, inStockCards, placeOrder, screenshotsDir, shopText, toShippingStep } from "./harness.ts"

const shopId = "CZ10MA"
const t = shopText(shopId)

const e2e = e2eSession()

/** Screenshots at 375 and 1280 px and axe at both. */
const screen = async (page: Page, name: string) => {
  for (const width of [375, breakpoints.desktop]) {
    await page.setViewportSize({ width, height: 900 })
    await page.locator(".provider-screens").scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotsDir}/provider-${name}-${width}.png` })
    expect(await axeViolations(page), `axe on ${name} at ${width}`).toEqual([])
  }
}

/** Adds an in-stock product of at least `min` Kč (the provider's lower limit for CZG) to the cart. */
const addProductOfAtLeast = async (page: Page, min: number) => {
  await page.goto(`${e2e.shop.url}/`)
  const categories = await page.getByRole("navigation", { name: t("sf_categories") }).getByRole("link").evaluateAll(
    (links) => links.map((link) => link.getAttribute("href") ?? "")
  )
  for (const category of categories.slice(0, 8)) {
    await page.goto(`${e2e.shop.url}${category}`)
    const cards = inStockCards(page, shopId)
    for (const card of await cards.all()) {
      const price = Number((await card.locator(".price").first().innerText()).replace(/[^0-9,]/g, "").replace(",", "."))
      if (price >= min) {
        await card.locator("a").first().click()
        await hydrated(page)
        await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
        await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)
        return
      }
    }
  }
  throw new Error(`no product of at least ${min} Kč`)
}

describe("the payment provider's screens", () => {
  it("CZ10MA: buys on instalments (CZG) through offer, terms, extra data, a wrong then the right code", async () => {
    // The consent panel answered; a session without an order answers 404 to the purchase lookup (§8: ignored).
    const { context, page, errors } = await e2e.shopper(shopId)
    await page.goto(`${e2e.shop.url}/`, { timeout: 120_000 })
    await e2e.logIn(page, shopId, "gold@example.cz")
    await addProductOfAtLeast(page, 3_100)

    await toShippingStep(page, e2e.shop.url, shopId)
    const own = page.getByRole("group", { name: t("sf_delivery"), exact: true })
    await own.getByRole("radio").last().click()
    await expect.poll(() => own.getByRole("status").isVisible(), { timeout: 15_000 }).toBe(true)

    const payments = page.getByRole("group", { name: t("sf_payment") })
    await payments.getByRole("radio", { name: /splátky/ }).click()
    // The order waits for the provider's screens.
    await expect.poll(() => page.getByRole("button", { name: t("sf_place_order") }).isDisabled(), { timeout: 15_000 }).toBe(true)

    // The offer (after the 2 s check) and the terms.
    const offer = page.getByRole("region", { name: /splát/ })
    await expect.poll(() => offer.getByText(t("pp_offer_monthly")).isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await offer.innerText()).toMatch(/Kč/)
    await screen(page, "offer-terms")
    const terms = page.getByRole("form", { name: t("pp_terms_title") })
    await terms.getByRole("button", { name: t("pp_terms_submit") }).click()
    await expect.poll(() => terms.getByRole("alert").innerText()).toBe(t("pp_terms_required"))
    await terms.getByRole("checkbox", { name: t("pp_terms_accept") }).check()
    await terms.getByRole("button", { name: t("pp_terms_submit") }).click()

    // The extra data: refused by the Schema check field by field, then sent.
    const data = page.getByRole("form", { name: t("pp_data_title") })
    await data.waitFor({ timeout: 15_000 })
    await data.getByLabel(t("pp_phone")).fill("12")
    await data.getByRole("button", { name: t("pp_data_submit") }).click()
    await expect.poll(() => data.getByText(t("pp_phone_invalid")).isVisible()).toBe(true)
    await expect.poll(() => data.getByText(t("pp_employment_invalid")).isVisible()).toBe(true)
    await screen(page, "data-errors")
    await data.getByLabel(t("pp_phone")).fill("+420 601 234 567")
    await data.getByLabel(t("pp_birth_date")).fill("1990-05-17")
    await data.getByLabel(t("pp_monthly_income")).fill("42000")
    await data.getByLabel(t("pp_employment")).selectOption("employed")
    await data.getByRole("button", { name: t("pp_data_submit") }).click()

    // The one-time code: the demo provider shows it; a wrong one is refused and the shopper tries again.
    const otp = page.getByRole("form", { name: t("pp_otp_title") })
    await otp.waitFor({ timeout: 15_000 })
    await expect.poll(() => otp.getByRole("note").innerText()).toContain(simulatedProviderOtpCode)
    await otp.getByLabel(t("pp_otp_label")).fill("999999")
    await otp.getByRole("button", { name: t("pp_otp_submit") }).click()
    await expect.poll(() => otp.getByText(t("err_payment_provider_otp_invalid")).isVisible(), { timeout: 15_000 }).toBe(true)
    await screen(page, "otp-wrong")
    await otp.getByLabel(t("pp_otp_label")).fill(simulatedProviderOtpCode)
    await otp.getByRole("button", { name: t("pp_otp_submit") }).click()
    await expect.poll(() => page.getByText(t("pp_otp_confirmed")).isVisible(), { timeout: 15_000 }).toBe(true)
    await screen(page, "done")

    await placeOrder(page, shopId)
    const placed = await page.getByRole("main").getByRole("heading", { level: 2 }).innerText()
    expect(/\d{4,}/.exec(placed)?.[0], placed).toBeDefined()
    expect(errors).toEqual([])
    await context.close()
  })
})
