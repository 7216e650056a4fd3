/**
 * Hydration races of the PL10MA purchase, forced instead of waited for: a product page loaded as a whole document
 * (the click on a product card landed before the listing had hydrated: the listing's scripts are held back), and a
 * product page whose lazily hydrated parts (the header with the wishlist counter and the cart badge, the footer, the
 * parts below the fold) load only after the shopper has added the product to the cart and the wishlist, so they
 * hydrate after the store has changed. Either must hydrate without a mismatch (React error 418). `HYDRATION_RACE_RUNS`
 * repeats each. And the cart page whose server-side read of the cart failed (§4): it renders the cart loading, not
 * empty, hydrates without a mismatch and shows the lines once the browser has read the cart.
 */
import { describe, expect, it } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { failingCartReadCookie, failingCartReadVariable } from "../../demo/web/app/lib/testFaults.server.ts"
import { agreeConsent, e2eSession, hydrated, inStockCards, openFirstCategory, shopText as text } from "./harness.ts"

/** The value the server's test fault is armed with: a cart page request carrying it in the cookie fails its cart read. */
const failingCartRead = "e2e-cart-read"
const e2e = e2eSession({ [failingCartReadVariable]: failingCartRead }, { warm: true })

const runs = Number(process.env["HYDRATION_RACE_RUNS"] ?? "1")
const shopId = "PL10MA"
const t = text(shopId)

/** A PL10MA gold customer who agreed to the consent panel and logged in, on a page of their own. */
const loggedInShopper = async () => {
  const shopper = await e2e.shopper(shopId, { consents: null })
  await shopper.page.goto(`${e2e.shop.url}/`)
  await agreeConsent(shopper.page, shopId, 15_000)
  await e2e.logIn(shopper.page, shopId, `gold@example.${shopById(shopId).country.toLowerCase()}`)
  return shopper
}

describe("hydration races on the product page", () => {
  it("PL10MA: a logged-in customer's product page, opened from a listing whose scripts are held back, hydrates without a mismatch", async () => {
    const { context, page, errors } = await loggedInShopper()
    for (let run = 0; run < runs; run++) {
      await page.goto(`${e2e.shop.url}/`)
      await hydrated(page)
      const categoryUrl = await page.getByRole("navigation", { name: t("sf_categories") }).getByRole("link").first().getAttribute("href")
      // The listing's scripts are held until the product page has replaced it: its card links stay plain links.
      let release = () => {}
      const released = new Promise<void>((done) => { release = done })
      const held = (url: URL) => url.pathname.endsWith(".js")
      await page.route(held, async (route) => {
        await released
        await route.continue().catch(() => undefined)
      })
      // Held scripts hold the listing's `load` event too.
      await page.goto(`${e2e.shop.url}${categoryUrl}`, { waitUntil: "domcontentloaded" })
      const card = inStockCards(page, shopId).first().locator("a").first()
      await card.waitFor()
      await page.unroute(held)
      await card.click()
      await page.waitForURL((url) => url.pathname.split("/").length === 3)
      release()
      await hydrated(page)
      await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
      await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)
      await page.waitForTimeout(3000)
      expect(errors, `run ${run + 1}: ${page.url()}`).toEqual([])
    }
    await context.close()
  })

  it("PL10MA: the product page's lazily hydrated parts (header, footer, below the fold) hydrate after the add to cart and to the wishlist without a mismatch", async () => {
    const { context, page, errors } = await loggedInShopper()
    for (let run = 0; run < runs; run++) {
      await page.goto(`${e2e.shop.url}/`)
      await hydrated(page)
      const productUrl = await (await openFirstCategory(page, shopId)).first().locator("a").first().getAttribute("href")
      let release = () => {}
      const released = new Promise<void>((done) => { release = done })
      const late = (url: URL) => /\/(Header|Footer|Watchdogs|Reviews|ProductLists|CartPanel|Carousel)-[^/]*\.js$/.test(url.pathname)
      await page.route(late, async (route) => {
        await released
        await route.continue()
      })
      await page.goto(`${e2e.shop.url}${productUrl}`)
      await hydrated(page)
      await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
      await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)
      await page.getByRole("button", { name: t("sf_add_to_wishlist") }).click()
      await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_wishlist") }).isVisible(), { timeout: 15_000 }).toBe(true)
      release()
      await page.waitForTimeout(3000)
      await page.unroute(late)
      expect(errors, `run ${run + 1}: ${page.url()}`).toEqual([])
      // What the cart page seeds into the store while it renders reaches the server's HTML (and hydration).
      const cartHtml = await (await context.request.get(`${e2e.shop.url}${shopById(shopId).urlKeys.cart}`)).text()
      expect(cartHtml).toContain(`class="cart-line"`)
    }
    await context.close()
  })
})

describe("the cart page when the server's read of the cart fails", () => {
  it("PL10MA: a cart with a line renders loading (not empty) from the server, hydrates without a mismatch and then shows the line", async () => {
    const { context, page, errors } = await loggedInShopper()
    await page.goto(`${e2e.shop.url}/`)
    await hydrated(page)
    const productUrl = await (await openFirstCategory(page, shopId)).first().locator("a").first().getAttribute("href")
    await page.goto(`${e2e.shop.url}${productUrl}`)
    await hydrated(page)
    await page.getByRole("button", { name: t("sf_add_to_cart") }).click()
    await expect.poll(() => page.getByRole("status").filter({ hasText: t("sf_added_to_cart") }).count(), { timeout: 15_000 }).toBe(1)

    const cartUrl = `${e2e.shop.url}${shopById(shopId).urlKeys.cart}`
    const withoutFault = await (await context.request.get(cartUrl)).text()
    expect(withoutFault).toContain(`class="cart-line"`)
    await context.addCookies([{ name: failingCartReadCookie, value: failingCartRead, url: e2e.shop.url }])
    const html = await (await context.request.get(cartUrl)).text()
    expect(html).toContain(`class="load-state" aria-busy="true"`)
    expect(html).not.toContain(`class="cart-line"`)
    expect(html).not.toContain(t("sf_cart_empty"))

    await page.goto(cartUrl)
    await hydrated(page)
    const quantity = page.getByRole("textbox", { name: t("sf_quantity") }).first()
    await expect.poll(() => quantity.isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.locator(".cart-page .load-state").getAttribute("aria-busy")).toBe("false")
    expect(await page.getByText(t("sf_cart_empty")).count()).toBe(0)
    expect(await page.getByRole("alert").filter({ hasText: t("sig_cart_fatal") }).count()).toBe(0)
    await page.waitForTimeout(1000)
    expect(errors).toEqual([])
    await context.clearCookies({ name: failingCartReadCookie })
    await context.close()
  })
})
