/**
 * The account's club pages in real Chromium (§2 account menu per shop): the menu entries each shop enables and their
 * pages (loyalty clubs in CZ10MA, SK10MA and HU10MA; the VIP club with its 365-day notice in SI10SI; questionnaires in
 * CZ10MA; card management in CZ10MA and PL10MA), a page a shop does not enable answering 404, a billing profile edited
 * with the business fields (the registration number hidden in HR10MA), a card added (a wrong Luhn digit refused
 * first) and removed, a questionnaire filled in; axe-core on every page and screenshots at 375 and 1280 px.
 */
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { accountMenu } from "../../core/domain/customer.ts"
import { shopById, shopIds, type ShopId } from "../../core/domain/shop.ts"
import { demoEmail } from "../../demo/server/db/seed/seed.ts"
import { e2eSession, expectNoAxeViolations, hydrated, screenshot as shot, shopText as text } from "./harness.ts"

const e2e = e2eSession()

const widths = { mobile: 375, desktop: 1280 } as const

const shopper = (shopId: ShopId, width: number = widths.desktop) => e2e.shopper(shopId, { width })

/** Logs in as the shop's demo customer `account` (demo/server/db/README.md). */
const logIn = (page: Page, shopId: ShopId, account: string) => e2e.logIn(page, shopId, demoEmail(account, shopById(shopId).country))

const clubKeys = ["clientLoyaltyClubs", "clientVipClub", "clientQuestionaireList", "manageCardList"] as const

/** The demo account whose data each page shows best. */
const accountFor = { clientLoyaltyClubs: "loyalty-trial", clientVipClub: "vip-plus", clientQuestionaireList: "gold", manageCardList: "gold" } as const

describe("account club pages per shop", () => {
  it("each shop's menu links exactly the club pages it enables; each opens with its heading and passes axe; the others answer 404", async () => {
    for (const shopId of shopIds) {
      const t = text(shopId)
      const keys = shopById(shopId).urlKeys
      const enabled = new Set(accountMenu(shopById(shopId)).map((entry) => entry.key))
      const { context, page, errors } = await shopper(shopId)
      await logIn(page, shopId, "gold")
      const menu = page.getByRole("navigation", { name: t("sf_account_menu") }).last()
      for (const key of clubKeys) {
        expect(await menu.getByRole("link", { name: t(`account_menu_${key}`), exact: true }).count(), `${shopId} ${key}`).toBe(enabled.has(key) ? 1 : 0)
      }
      for (const key of clubKeys) {
        const response = await page.goto(`${e2e.shop.url}${keys[key]}`)
        if (!enabled.has(key)) {
          expect(response?.status(), `${shopId} ${key}`).toBe(404)
          continue
        }
        expect(response?.status(), `${shopId} ${key}`).toBe(200)
        await expect.poll(() => page.getByRole("heading", { level: 1, name: t(`account_menu_${key}`) }).count()).toBe(1)
        await expectNoAxeViolations(page, `${shopId} ${key}`)
      }
      expect(errors).toEqual([])
      await context.close()
    }
  })

  it("screenshots of each page at 375 and 1280 px", async () => {
    const pages: ReadonlyArray<readonly [ShopId, (typeof clubKeys)[number], string]> = [
      ["CZ10MA", "clientLoyaltyClubs", "account-loyalty-clubs"],
      ["SI10SI", "clientVipClub", "account-vip-club"],
      ["CZ10MA", "clientQuestionaireList", "account-questionnaires"],
      ["CZ10MA", "manageCardList", "account-cards"]
    ]
    for (const [name, width] of Object.entries(widths)) {
      for (const [shopId, key, file] of pages) {
        const { context, page } = await shopper(shopId, width)
        await logIn(page, shopId, accountFor[key])
        await page.goto(`${e2e.shop.url}${shopById(shopId).urlKeys[key]}`)
        await expectNoAxeViolations(page, `${file} ${name}`)
        await shot(page, `${file}-${name}`)
        await context.close()
      }
    }
  })
})

describe("using the club pages", () => {
  it("CZ10MA: a trial club is joined for good and another left again; the state shows after each", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await shopper("CZ10MA")
    await logIn(page, "CZ10MA", "loyalty-trial")
    await page.goto(`${e2e.shop.url}${shopById("CZ10MA").urlKeys.clientLoyaltyClubs}`)
    await hydrated(page)
    await page.getByRole("button", { name: t("clubs_join", { club: "Klub Zahrada" }) }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("clubs_joined") }).count()).toBe(1)
    await expect.poll(() => page.getByRole("button", { name: t("clubs_leave", { club: "Klub Zahrada" }) }).count()).toBe(1)
    await page.getByRole("button", { name: t("clubs_leave", { club: "Klub Zahrada" }) }).click()
    await expect.poll(() => page.getByRole("button", { name: t("clubs_join", { club: "Klub Zahrada" }) }).count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it("SI10SI: the VIP notice closes and stays closed after a reload (its cookie lives 365 days)", async () => {
    const t = text("SI10SI")
    const { context, page } = await shopper("SI10SI")
    await logIn(page, "SI10SI", "vip")
    await page.goto(`${e2e.shop.url}${shopById("SI10SI").urlKeys.clientVipClub}`)
    await expect.poll(() => page.getByText(t("clubs_vip_program", { program: t("clubs_vip_name_vip_program") })).count()).toBe(1)
    const close = page.getByRole("button", { name: t("clubs_vip_notice_close") })
    await expect.poll(async () => {
      if (await close.count() > 0) await close.click()
      return (await context.cookies()).some((cookie) => cookie.name === "vipNoticeClosed")
    }, { timeout: 15_000 }).toBe(true)
    const cookie = (await context.cookies()).find((c) => c.name === "vipNoticeClosed")!
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(366)
    await page.reload()
    expect(await page.getByRole("button", { name: t("clubs_vip_notice_close") }).count()).toBe(0)
    await context.close()
  })

  it("CZ10MA: a questionnaire refused without its required answers, then filled in and listed as answered", async () => {
    const t = text("CZ10MA")
    const { context, page, errors } = await shopper("CZ10MA")
    await logIn(page, "CZ10MA", "gold")
    await page.goto(`${e2e.shop.url}${shopById("CZ10MA").urlKeys.clientQuestionaireList}`)
    await page.getByRole("link", { name: t("clubs_fill", { title: "Doprava a vyzvednutí" }) }).click()
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Doprava a vyzvednutí" }).count()).toBe(1)
    await page.getByRole("group", { name: /Jak jste byli spokojeni s doručením/ }).getByRole("radio", { name: t("clubs_rating", { rating: 5 }) }).check()
    await page.getByRole("radio", { name: "Výdejní místo" }).check()
    await expectNoAxeViolations(page, "questionnaire")
    await page.getByRole("button", { name: t("clubs_send_answers") }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("clubs_answers_saved") }).count()).toBe(1)
    expect(await page.getByRole("link", { name: t("clubs_edit_answers", { title: "Doprava a vyzvednutí" }) }).count()).toBe(1)
    await page.getByRole("link", { name: t("clubs_edit_answers", { title: "Doprava a vyzvednutí" }) }).click()
    await expect.poll(() => page.getByRole("radio", { name: "Výdejní místo" }).isChecked()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it("PL10MA: a card with a wrong check digit is refused, the right one is saved and then removed", async () => {
    const t = text("PL10MA")
    const { context, page, errors } = await shopper("PL10MA")
    // gold: silver lacks the personal-collection consent, so the data-protection modal would cover the page.
    await logIn(page, "PL10MA", "gold")
    await page.goto(`${e2e.shop.url}${shopById("PL10MA").urlKeys.manageCardList}`)
    const form = page.locator("form.add-card")
    await form.getByLabel(t("clubs_card_number")).fill("5555 5555 5555 4445")
    await form.getByLabel(t("clubs_card_holder")).fill("Anna Kowalska")
    await form.getByLabel(t("clubs_card_expiry_month")).fill("12")
    await form.getByLabel(t("clubs_card_expiry_year")).fill("2099")
    await form.getByRole("button", { name: t("clubs_card_add") }).click()
    await expect.poll(() => page.getByText(t("clubs_card_number_invalid")).count()).toBe(1)
    await expectNoAxeViolations(page, "card refused")
    const retry = page.locator("form.add-card")
    await retry.getByLabel(t("clubs_card_number")).fill("5555 5555 5555 4444")
    await retry.getByRole("button", { name: t("clubs_card_add") }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("clubs_card_added") }).count()).toBe(1)
    await expect.poll(() => page.getByRole("button", { name: t("clubs_card_remove", { last4: "4444" }) }).count()).toBe(1)
    await page.getByRole("button", { name: t("clubs_card_remove", { last4: "4444" }) }).click()
    await expect.poll(() => page.getByRole("button", { name: t("clubs_card_remove", { last4: "4444" }) }).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("my account: billing profile with business fields", () => {
  for (const shopId of ["CZ10MA", "HR10MA"] as const) {
    it(`${shopId}: the company fields are saved (registration number ${shopId === "HR10MA" ? "not asked" : "asked"}), newsletter subscribed`, async () => {
      const t = text(shopId)
      const { context, page, errors } = await shopper(shopId)
      await logIn(page, shopId, "gold")
      const billing = page.locator("#detail form").first()
      await billing.getByLabel(t("pu_business_address")).check()
      await billing.getByLabel(t("pu_company_name")).fill("Zelená s.r.o.")
      expect(await billing.getByLabel(t("pu_company_registration_number")).count()).toBe(shopId === "HR10MA" ? 0 : 1)
      if (shopId !== "HR10MA") await billing.getByLabel(t("pu_company_registration_number")).fill("27082440")
      await billing.getByLabel(t("pu_company_tax_number")).fill("CZ27082440")
      await billing.getByRole("button", { name: t("pg_save") }).click()
      await expect.poll(() => page.getByRole("status").filter({ hasText: t("pg_saved") }).count()).toBe(1)
      await page.reload()
      const saved = page.locator("#detail form").first()
      expect(await saved.getByLabel(t("pu_company_name")).inputValue()).toBe("Zelená s.r.o.")
      expect(await saved.getByLabel(t("pu_business_address")).isChecked()).toBe(true)
      await page.getByLabel(t("clubs_newsletter_subscribe")).check()
      await page.getByRole("button", { name: t("clubs_newsletter_save") }).click()
      await expect.poll(() => page.getByRole("status").filter({ hasText: t("clubs_newsletter_saved") }).count()).toBe(1)
      await expectNoAxeViolations(page, `${shopId} account with business fields`)
      if (shopId === "CZ10MA") await shot(page, "account-business-desktop")
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
