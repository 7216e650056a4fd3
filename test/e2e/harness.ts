/**
 * End-to-end harness: starts the shop (API and pages, one process) on a free 127.0.0.1 port with a
 * fresh embedded database, and Debian's Chromium through playwright-core; runs axe-core on pages.
 * {@link e2eSession} does the set-up of a test file: the shop and the browser for all its tests, a
 * fresh shopper per test, logging in, axe assertions and screenshots.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"
import { afterAll, beforeAll, expect } from "vitest"
import { shopById, type ShopId } from "../../core/domain/shop.ts"
import { seededTemplateFileVariable } from "../../demo/server/db/Database.ts"
import { translate, uiLanguageOf, type MessageKey } from "../../core/messages/index.ts"
import { hydratedAttribute } from "../../demo/web/app/lib/hydrated.ts"
import { printTrailOnFailure } from "./failureTrail.ts"

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)))

/** Where Chromium lives (Debian's package; CHROME_PATH overrides). */
export const chromiumPath = process.env["CHROME_PATH"] ?? "/usr/bin/chromium"

/** The flags the machines' Chromium runs with. */
export const chromiumFlags = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"
]

/** The three breakpoints of §2 as viewport widths: mobile, tablet, desktop. */
export const breakpoints = { mobile: 390, tablet: 820, desktop: 1280 } as const

/** A port of 127.0.0.1 that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** How long {@link startShop} waits for the shop to answer (the e2e hooks allow 180 s for it and Chromium). */
export const startTimeoutMs = 150_000

/**
 * How long {@link startShop}'s `stop` waits after SIGTERM before it kills the shop (a shop that hangs never blocks a
 * run): longer than the shop's own grace (`demo/server/lifecycle.ts`, 10 s), after which it exits printing what held it.
 */
export const stopGraceMs = 15_000

/**
 * Sends SIGTERM and waits for the exit; a shop still running after `graceMs` has its last output (which includes what
 * the shop prints about a slow shutdown) printed and is killed with SIGKILL.
 */
export const stopWithin = async (child: ChildProcess, graceMs: number, output: () => string): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once("exit", done))
  child.kill("SIGTERM")
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((done) => { timer = setTimeout(() => done(true), graceMs) })
  ])
  clearTimeout(timer)
  if (!late) return
  console.error(`the shop (pid ${child.pid}) did not exit within ${graceMs} ms of SIGTERM; killing it. Its last output:\n${output().slice(-4000)}`)
  child.kill("SIGKILL")
  await exited
}

/** A running shop. */
export interface Shop {
  readonly url: string
  readonly stop: () => Promise<void>
}

/**
 * The seeded database's dump this run's global setup built or found cached (test/support/globalSetup.ts): each shop
 * starts from it (demo/server/main.ts STOREFRONT_PGLITE_TEMPLATE) instead of migrating and seeding its own database.
 */
export const templateEnv = (): Record<string, string> => {
  const template = process.env[seededTemplateFileVariable] ?? ""
  return template === "" ? {} : { STOREFRONT_PGLITE_TEMPLATE: template }
}

/**
 * Starts the shop on a free port with a fresh database (restored from the run's seeded template when there is one);
 * resolves once it answers. `env` adds start-up settings
 * (e.g. the test-only captcha answer or the mail drop directory of demo/server/main.ts).
 */
export const startShop = async (env: Readonly<Record<string, string>> = {}): Promise<Shop> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "sf-e2e-"))
  const child: ChildProcess = spawn(process.execPath, ["demo/server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...templateEnv(), ...env, PORT: String(port), HOST: "127.0.0.1", PGLITE_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout?.on("data", (chunk) => { output += String(chunk) })
  child.stderr?.on("data", (chunk) => { output += String(chunk) })
  const url = `http://127.0.0.1:${port}`
  // Migrating and seeding a fresh database takes 20 s on an idle machine and over a minute on a loaded one (restoring
  // the template a few seconds).
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited: ${output}`)
    try {
      if ((await fetch(`${url}/api/session`, { signal: AbortSignal.timeout(2000) })).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      rmSync(dataDir, { recursive: true, force: true })
      throw new Error(`the shop did not start within ${startTimeoutMs} ms: ${output}`)
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  return {
    url,
    stop: async () => {
      await stopWithin(child, stopGraceMs, () => output)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Launches Chromium. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })

const axeSource = readFileSync(join(root, "node_modules/axe-core/axe.min.js"), "utf8")

/** One axe violation, shortened. */
export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly nodes: ReadonlyArray<string>
}

/** Runs axe-core (WCAG 2.x A and AA) on the page and returns its violations. */
export const axeViolations = async (page: Page): Promise<ReadonlyArray<AxeViolation>> => {
  // Evaluated through the DevTools protocol, which the shop's Content-Security-Policy does not govern (a script tag would be refused).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: Array<string> }> }> }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }
    })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))
  })
}

/** Collects the page's console errors and failed responses (4xx/5xx) for assertions. */
export const watchErrors = (page: Page, ignore: (text: string) => boolean = () => false): Array<string> => {
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(`pageerror: ${String(error)} (${page.url()})`))
  page.on("console", (message) => {
    // A failed request's message does not name it: its location does (which call answered 403 under load).
    const where = message.location().url
    if (message.type() === "error" && !ignore(message.text())) errors.push(`console: ${message.text()}${where ? ` (${where})` : ""}`)
  })
  return errors
}

/** The texts of a shop's language: `t(key, params)` as the shop's pages show them. */
export const shopText = (shopId: ShopId) => (key: MessageKey, params?: Readonly<Record<string, string | number>>): string =>
  (translate as (language: string, key: string, params?: object) => string)(uiLanguageOf(shopById(shopId)), key, params)

/**
 * The product cards of the page that say the shop's "in stock" text exactly. A plain `hasText` filter matches the
 * out-of-stock cards too: Playwright matches text as a case-insensitive substring, and most shops' "out of stock"
 * contains their "in stock" ("Ni na zalogi" / "Na zalogi", "Není skladem" / "Skladem", "Niedostępny" / "Dostępny").
 */
export const inStockCards = (page: Page, shopId: ShopId) =>
  page.locator(".product-card").filter({ has: page.getByText(shopText(shopId)("sf_in_stock"), { exact: true }) })

/**
 * Opens the first category of the menu from the page shown and waits until its listing shows; returns the listing's
 * in-stock cards ({@link inStockCards} within the listing). The URL changes before React has rendered the new route:
 * waiting for the URL alone let a test take the first in-stock card of the page it came from (the home page's first
 * carousel, a digital product without pick-up points).
 */
export const openFirstCategory = async (page: Page, shopId: ShopId) => {
  const link = page.getByRole("navigation", { name: shopText(shopId)("sf_categories") }).getByRole("link").first()
  const path = new URL((await link.getAttribute("href")) ?? "/", page.url()).pathname
  await link.click()
  await page.waitForURL((url) => url.pathname === path)
  const listing = page.locator(".listing-main")
  await listing.waitFor()
  return listing.locator(".product-card").filter({ has: page.getByText(shopText(shopId)("sf_in_stock"), { exact: true }) })
}

/** Asserts that axe-core finds no violation on the page; `where` names the page in the failure. */
export const expectNoAxeViolations = async (page: Page, where: string): Promise<void> => {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([])
}

/** Where the e2e files write their screenshots (docs/screenshots). */
export const screenshotsDir = join(root, "docs/screenshots")

/** Saves a full-page screenshot of the page as docs/screenshots/`name`.png. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotsDir, { recursive: true })
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true })
}

/** A fresh shopper: a browser context of its own (own cookies), its page and the page's collected errors. */
export interface Shopper {
  readonly context: BrowserContext
  readonly page: Page
  readonly errors: Array<string>
}

/** How {@link E2eSession.shopper} sets a shopper up. */
export interface ShopperOptions {
  /** Viewport width (px; 900 px high); the desktop breakpoint unless given. */
  readonly width?: number
  /** Whether the page runs JavaScript (default true). */
  readonly javaScript?: boolean
  /** The consents recorded in the storefront's consent cookie; default `{ gdpr_panel: true }` (panel answered); null: no cookie, the panel shows. */
  readonly consents?: Readonly<Record<string, boolean>> | null
  /** More cookies of the shop's origin. */
  readonly cookies?: ReadonlyArray<{ readonly name: string; readonly value: string }>
  /** Console errors not to collect; default: those of a 404 answer. */
  readonly ignoreErrors?: (text: string) => boolean
}

/** The shop and browser of one test file, with what its tests do with them. */
export interface E2eSession {
  /** The running shop (from the file's `beforeAll` on). */
  readonly shop: Shop
  /** The running Chromium (from the file's `beforeAll` on). */
  readonly browser: Browser
  /** A fresh shopper of `shopId` (its shop cookie set). */
  readonly shopper: (shopId: ShopId, options?: ShopperOptions) => Promise<Shopper>
  /**
   * Logs in through the shop's login page until its account page shows (a click before the page has hydrated only
   * reloads the login page, so the form is sent again until it works).
   */
  readonly logIn: (page: Page, shopId: ShopId, email: string, password?: string) => Promise<void>
}

/** How {@link e2eSession} sets a test file up. */
export interface E2eSessionOptions {
  /**
   * A shop already running there (e.g. `npm start`) instead of a fresh one: for a machine so loaded that a fresh
   * database seeds slower than {@link startShop} waits. Unset or empty: a fresh shop.
   */
  readonly url?: string | undefined
  /**
   * One page load before the tests, until the consent panel's agree works (the page has hydrated and the services'
   * chunk runs): the server compresses each built asset on its first request, which keeps that one-time cost out of
   * the first test's timings.
   */
  readonly warm?: boolean
}

/** Loads the home page in a fresh page of `browser` until its consent panel's agree button works (see {@link E2eSessionOptions.warm}). */
const warmUp = async (browser: Browser, url: string): Promise<void> => {
  const warm = await browser.newPage()
  await warm.goto(`${url}/`, { timeout: 120_000 })
  const agree = warm.getByRole("button", { name: shopText("CZ10MA")("sf_consent_agree") })
  for (let tries = 0; tries < 90 && (await agree.isVisible()); tries++) {
    await agree.click().catch(() => undefined)
    await warm.waitForTimeout(1000)
  }
  await warm.close()
}

/**
 * Sets up a test file: its `beforeAll` starts the shop (`env` as in {@link startShop}) and Chromium, its `afterAll`
 * stops both. Call it at the top level of the file.
 */
export const e2eSession = (env: Readonly<Record<string, string>> = {}, options: E2eSessionOptions = {}): E2eSession => {
  let shop: Shop | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    const running = options.url ?? ""
    shop = running === "" ? await startShop(env) : { url: running, stop: () => Promise.resolve() }
    browser = await launchChromium()
    if (options.warm === true) await warmUp(browser, shop.url)
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.stop()
  })
  const session: E2eSession = {
    get shop() {
      if (shop === undefined) throw new Error("the shop is not started: e2eSession's beforeAll has not run")
      return shop
    },
    get browser() {
      if (browser === undefined) throw new Error("Chromium is not launched: e2eSession's beforeAll has not run")
      return browser
    },
    shopper: async (shopId, options = {}) => {
      const url = session.shop.url
      const context = await session.browser.newContext({
        viewport: { width: options.width ?? breakpoints.desktop, height: 900 },
        javaScriptEnabled: options.javaScript ?? true
      })
      const consents = options.consents === undefined ? { gdpr_panel: true } : options.consents
      await context.addCookies([
        { name: "sf_shop", value: shopId, url },
        ...(consents === null ? [] : [{ name: "sf_consents", value: encodeURIComponent(JSON.stringify(consents)), url }]),
        ...(options.cookies ?? []).map((cookie) => ({ ...cookie, url }))
      ])
      const page = await context.newPage()
      const errors = watchErrors(page, options.ignoreErrors ?? ((text) => text.includes("404")))
      printTrailOnFailure(page, join(root, "test-results/e2e"))
      return { context, page, errors }
    },
    logIn: async (page, shopId, email, password = "demo1234") => {
      const t = shopText(shopId)
      const keys = shopById(shopId).urlKeys
      await page.goto(`${session.shop.url}${keys.login}`)
      // A click before hydration reaches only the server's HTML: the form would wait out the 10 s below and start over.
      await hydrated(page)
      await expect.poll(async () => {
        if (new URL(page.url()).pathname === keys.clientMyAccount) return true
        await page.getByLabel(t("sf_email")).last().fill(email)
        await page.getByLabel(t("sf_password")).last().fill(password)
        await page.getByRole("button", { name: t("sf_login") }).last().click()
        // A login answers in well under a second on an idle machine but can take 10 s on a loaded one: sending the form
        // again before it answered starts the login over.
        await page.waitForURL((url) => url.pathname === keys.clientMyAccount, { timeout: 10_000 }).catch(() => undefined)
        return new URL(page.url()).pathname === keys.clientMyAccount
      }, { timeout: 60_000 }).toBe(true)
    }
  }
  return session
}

/**
 * Waits until React has hydrated the page (the root's marker on `<html>`, demo/web/app/lib/hydrated.ts): the first
 * load's modules start after the first paint, so a page may hydrate well after its `load` event, and a click before
 * that reaches only the server's HTML.
 */
export const hydrated = async (page: Page, timeout = 30_000): Promise<void> => {
  await page.waitForFunction((name) => document.documentElement.hasAttribute(name), hydratedAttribute, { timeout })
}

/**
 * Agrees to the consent panel until it is gone (a click that lands before the page has hydrated does nothing, so it
 * clicks again); passes at once when the panel does not show.
 */
export const agreeConsent = async (page: Page, shopId: ShopId, timeout = 30_000): Promise<void> => {
  const agree = page.getByRole("button", { name: shopText(shopId)("sf_consent_agree") })
  // Agree shows busy (its name is then the loading text) until the services, started by the click, have posted it;
  // the panel is gone once they have.
  const panel = page.getByRole("region", { name: shopText(shopId)("sf_consent_title") })
  await expect.poll(async () => {
    if (await agree.isVisible()) await agree.click({ timeout: 2000 }).catch(() => undefined)
    return panel.isVisible()
  }, { timeout, interval: 500 }).toBe(false)
}

/**
 * On the checkout's shipping step with a delivery and a payment chosen: ticks every order consent, places the order
 * and waits for the confirmation step.
 */
export const placeOrder = async (page: Page, shopId: ShopId): Promise<void> => {
  const t = shopText(shopId)
  const consents = page.getByRole("group", { name: t("sf_order_consents") })
  for (const box of await consents.getByRole("checkbox").all()) {
    if (!(await box.isChecked())) await box.click()
  }
  await page.getByRole("button", { name: t("sf_place_order") }).click()
  await page.waitForURL((url) => url.pathname === `${shopById(shopId).urlKeys.cart}/4`, { timeout: 30_000 })
}

/** Empties the cart through the cart page of `shopUrl` once it has hydrated, one remove button at a time. */
export const emptyCart = async (page: Page, shopUrl: string, shopId: ShopId): Promise<void> => {
  const removeName = new RegExp(`^${shopText(shopId)("sf_remove_item", { item: "" }).trim()}`)
  await page.goto(`${shopUrl}${shopById(shopId).urlKeys.cart}`)
  await hydrated(page)
  for (let guard = 0; guard < 30; guard++) {
    const remove = page.getByRole("button", { name: removeName }).first()
    if (!(await remove.isVisible().catch(() => false))) break
    await remove.click()
    await page.waitForTimeout(300)
  }
}

/** From the cart page through the checkout's customer step (as it stands) to the shipping step. */
export const toShippingStep = async (page: Page, shopUrl: string, shopId: ShopId): Promise<void> => {
  const t = shopText(shopId)
  const keys = shopById(shopId).urlKeys
  await page.goto(`${shopUrl}${keys.cart}`)
  await hydrated(page)
  await page.getByRole("button", { name: t("sf_continue_to_checkout") }).click()
  await page.waitForURL((url) => url.pathname === `${keys.cart}/1`)
  await page.getByRole("button", { name: t("sf_continue"), exact: true }).click({ timeout: 20_000 })
  await page.waitForURL((url) => url.pathname === `${keys.cart}/3`, { timeout: 20_000 })
}
