/**
 * The post outlet picker in real Chromium (issues 7, 8): in CZ10MA a logged-in customer opens the picker of the
 * parcel-to-the-post-office delivery, types a town (the search starts at 2 characters, 500 ms after the last key),
 * moves through the found post offices with the arrow keys, chooses one with Enter, and reaches the next step with
 * it; the open picker passes axe and is photographed at 375 and 1280 px (into /tmp/shots, or SHOTS_DIR).
 *
 * E2E_SHOP_URL runs it against a shop already started (`npm start`; the test empties the customer's cart first), for
 * a machine so loaded that a fresh database seeds slower than the harness waits.
 */
import { mkdirSync } from "node:fs"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import type { ShopId } from "../../core/domain/shop.ts"
import { cities } from "../../demo/server/db/seed/data.ts"
import { axeViolations, e2eSession, emptyCart, hydrated, openFirstCategory, placeOrder, shopText, toShippingStep } from "./harness.ts"

const shots = process.env["SHOTS_DIR"] ?? "/tmp/shots"
mkdirSync(shots, { recursive: true })

const shopId: ShopId = "CZ10MA"
const t = shopText(shopId)

const e2e = e2eSession({}, { url: process.env["E2E_SHOP_URL"], warm: true })

/** Logs in, empties the cart and puts the first in-stock product of the first category into it. */
const cartWithOneProduct = async (page: Page) => {
  await e2e.logIn(page, shopId, "gold@example.cz")
  await emptyCart(page, e2e.shop.url, shopId)
  await page.goto(`${e2e.shop.url}/`)
  await (await openFirstCategory(page, shopId)).first().locator("a").first().click()
  await hydrated(page)
  await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
  await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)
}

describe("the post outlet picker", () => {
  it("CZ10MA: a post office found by typing and chosen by keyboard takes the order to the next step", async () => {
    // The consent panel answered; a session without an order answers 404 to the purchase lookup (§8: ignored).
    const { context, page, errors } = await e2e.shopper(shopId, { width: 1280 })
    await page.goto(`${e2e.shop.url}/`)
    await cartWithOneProduct(page)

    await toShippingStep(page, e2e.shop.url, shopId)

    const own = page.getByRole("group", { name: t("sf_delivery"), exact: true })
    const opener = own.getByRole("button", { name: t("outlet_choose") })
    await opener.click()
    await expect.poll(() => opener.getAttribute("aria-expanded")).toBe("true")
    const combobox = own.getByRole("combobox", { name: t("outlet_search_label") })
    await expect.poll(() => combobox.evaluate((element) => element === document.activeElement)).toBe(true)

    // One letter searches nothing; the town's first letters find its post offices.
    const town = cities.CZ[0]!.name
    await combobox.pressSequentially(town.slice(0, 1), { delay: 60 })
    await page.waitForTimeout(900)
    expect(await combobox.getAttribute("aria-expanded")).toBe("false")
    await combobox.pressSequentially(town.slice(1, 4), { delay: 60 })
    const listbox = own.getByRole("listbox", { name: t("outlet_list_label") })
    const options = listbox.getByRole("option")
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(1)
    const count = await options.count()
    expect(count).toBeLessThanOrEqual(15)
    await expect.poll(() => own.getByRole("status").filter({ hasText: t("outlet_found", { count }) }).count()).toBe(1)
    for (const option of await options.allInnerTexts()) expect(option).toMatch(/^\d{3} \d{2}\s/)

    await combobox.press("ArrowDown")
    await combobox.press("ArrowDown")
    await expect.poll(async () => {
      const active = await combobox.getAttribute("aria-activedescendant")
      return active === null ? "" : page.locator(`[id="${active}"]`).getAttribute("aria-selected")
    }).toBe("true")
    const activeId = (await combobox.getAttribute("aria-activedescendant"))!
    const chosenText = await page.locator(`[id="${activeId}"] .post-outlet-address`).innerText()
    expect((await options.nth(1).getAttribute("id"))).toBe(activeId)

    expect(await axeViolations(page), "axe on the open post outlet picker").toEqual([])
    await combobox.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/outlets-picker-open-1280.png` })
    await page.setViewportSize({ width: 375, height: 800 })
    await combobox.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/outlets-picker-open-375.png` })
    expect(await axeViolations(page), "axe on the open post outlet picker at 375 px").toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })

    await combobox.press("Enter")
    // The shop took it: the delivery shows the post office, the picker folds back to its button.
    await expect.poll(() => own.getByText(t("outlet_chosen", { outlet: "" }).trim()).innerText(), { timeout: 15_000 }).toContain(chosenText)
    await expect.poll(() => own.getByRole("status").first().innerText(), { timeout: 15_000 }).toContain(t("sf_selected"))
    const change = own.getByRole("button", { name: t("outlet_change") })
    expect(await change.getAttribute("aria-expanded")).toBe("false")
    expect(await change.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.screenshot({ path: `${shots}/outlets-picker-chosen-1280.png` })

    // The chosen post office stays after a reload (it is the cart's).
    await page.reload()
    await expect.poll(() => own.getByText(t("outlet_chosen", { outlet: "" }).trim()).innerText(), { timeout: 20_000 }).toContain(chosenText)

    const payments = page.getByRole("group", { name: t("sf_payment") })
    await payments.getByRole("radio", { disabled: false }).first().click()
    await expect.poll(() => payments.getByRole("radio", { checked: true }).count(), { timeout: 15_000 }).toBe(1)
    await placeOrder(page, shopId)
    expect(errors).toEqual([])
    await context.close()
  })
})
