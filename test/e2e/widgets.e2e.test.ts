/**
 * The widgets in real Chromium (CZ10MA, Czech texts): the product page's image lightbox opened and closed by
 * keyboard, the consent bar, the data-protection modal of a logged-in customer without the personal-collection
 * consent, and the adult-content gate of the drinks category; axe-core runs with each modal open.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { agreeConsent as agreeConsentOf, breakpoints, e2eSession, expectNoAxeViolations, hydrated, openFirstCategory, shopText } from "./harness.ts"

const e2e = e2eSession()

const czech = shopById("CZ10MA")
const t = shopText("CZ10MA")

/** A fresh shopper of CZ10MA at a viewport width, with the consent panel unanswered (no consent cookie). */
const shopper = (width: number = breakpoints.desktop) => e2e.shopper("CZ10MA", { width, consents: null })

/** Agrees to the consent bar once it works (the page has hydrated). */
const agreeConsent = (page: Page) => agreeConsentOf(page, "CZ10MA", 15_000)

/** The element that has focus: its accessible role and name as Playwright sees them is too much; its label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return element === null ? "" : element.getAttribute("aria-label") ?? element.textContent ?? ""
  })

describe("widgets", () => {
  it("the consent bar: at the top, agree hides it and it stays hidden after a reload", async () => {
    const { context, page, errors } = await shopper(breakpoints.mobile)
    await page.goto(`${e2e.shop.url}/`)
    const panel = page.getByRole("region", { name: t("sf_consent_title") })
    await expect.poll(() => panel.isVisible()).toBe(true)
    const box = await panel.boundingBox()
    expect(box?.y).toBeLessThan(200)
    await expectNoAxeViolations(page, "home with the consent bar (mobile)")
    await agreeConsent(page)
    // The recorded consents are kept in the first-party cookie the next page is rendered with.
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "sf_consents")?.value ?? "")
      .toContain(encodeURIComponent("\"gdpr_panel\":true"))
    await page.reload()
    expect(await panel.isVisible()).toBe(false)
    await hydrated(page)
    await page.waitForTimeout(1000)
    expect(await panel.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the product image lightbox opens with Enter, closes with Escape and with Enter on the image, and gives focus back", async () => {
    const { context, page, errors } = await shopper()
    await page.goto(`${e2e.shop.url}/`)
    await agreeConsent(page)
    await (await openFirstCategory(page, "CZ10MA")).first().locator("a").first().click()
    await page.waitForURL((url) => url.pathname.split("/").length === 3)
    const title = await page.locator(".product-page h1").innerText()
    const enlarge = page.getByRole("button", { name: t("widgets_enlarge_image", { title }) })
    const lightbox = page.getByRole("dialog", { name: t("click to close") })
    // The product page was reached by a client-side navigation, so it is interactive; the lightbox's code loads on
    // the first Enter (pressing again while it loads would toggle it).
    await enlarge.focus()
    await page.keyboard.press("Enter")
    await expect.poll(() => lightbox.isVisible(), { timeout: 15_000 }).toBe(true)
    await expectNoAxeViolations(page, "product page with the lightbox open")
    expect(await focused(page)).toBe(t("close"))
    await page.keyboard.press("Escape")
    await expect.poll(() => lightbox.isVisible()).toBe(false)
    expect(await focused(page)).toBe(t("widgets_enlarge_image", { title }))
    await page.keyboard.press("Enter")
    await expect.poll(() => lightbox.isVisible()).toBe(true)
    await page.keyboard.press("Tab")
    expect(await focused(page)).not.toBe(t("close"))
    await page.keyboard.press("Enter")
    await expect.poll(() => lightbox.isVisible()).toBe(false)
    expect(await focused(page)).toBe(t("widgets_enlarge_image", { title }))
    expect(errors).toEqual([])
    await context.close()
  })

  it("the data-protection modal: shown to the silver customer, focus stays in it, a link records its consent, submit closes it for good", async () => {
    const { context, page, errors } = await shopper(breakpoints.tablet)
    await page.goto(`${e2e.shop.url}${czech.urlKeys.login}`)
    await agreeConsent(page)
    await page.getByLabel(t("sf_email")).fill("silver@example.cz")
    await page.getByLabel(t("sf_password")).fill("demo1234")
    await page.getByRole("button", { name: t("sf_login") }).last().click()
    await page.waitForURL((url) => url.pathname === czech.urlKeys.clientMyAccount)
    const modal = page.getByRole("dialog", { name: t("widgets_data_protection_title") })
    await expect.poll(() => modal.isVisible(), { timeout: 15_000 }).toBe(true)
    await expectNoAxeViolations(page, "account page with the data-protection modal open")
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true)
    }
    await page.keyboard.press("Escape")
    await expect.poll(() => modal.isVisible()).toBe(true)
    await modal.getByRole("link", { name: t("personal_information") }).click()
    await page.waitForURL((url) => url.hash === "#detail")
    await expect.poll(() => modal.isVisible()).toBe(true)
    await modal.getByRole("button", { name: t("consent_modal_submit") }).click()
    await expect.poll(() => modal.isVisible(), { timeout: 15_000 }).toBe(false)
    await page.reload()
    await hydrated(page)
    await page.waitForTimeout(1000)
    await expect.poll(() => modal.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the adult-content gate: covers a drinks category, leave goes to the home page, confirm lets the shopper in for good", async () => {
    const { context, page, errors } = await shopper()
    await page.goto(`${e2e.shop.url}/`)
    await agreeConsent(page)
    const drinks = "/destilaty"
    await page.goto(`${e2e.shop.url}${drinks}`)
    await hydrated(page)
    const gate = page.getByRole("dialog", { name: t("widgets_adult_title") })
    await expect.poll(() => gate.isVisible()).toBe(true)
    await expect.poll(() => gate.getByRole("button", { name: t("adult_content_reject") }).count()).toBe(2)
    await expectNoAxeViolations(page, "drinks category with the adult-content gate")
    await expect.poll(async () => {
      if (await gate.isVisible()) await gate.getByRole("button", { name: t("adult_content_reject") }).last().click()
      return new URL(page.url()).pathname
    }, { timeout: 15_000 }).toBe("/")
    await page.goto(`${e2e.shop.url}${drinks}`)
    await expect.poll(async () => {
      if (await gate.isVisible()) await gate.getByRole("button", { name: t("adult_content_confirm") }).first().click()
      return gate.isVisible()
    }, { timeout: 15_000 }).toBe(false)
    await page.reload()
    await hydrated(page)
    await page.waitForTimeout(500)
    await expect.poll(() => gate.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })
})
