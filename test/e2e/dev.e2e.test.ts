/**
 * `npm run dev` (demo/web/dev.ts) as a developer starts it: Vite's dev server with hot reload and the API behind it.
 * Its pages render on the server and hydrate in Chromium, a link navigates on the client, and the API answers through
 * Vite's proxy. (The serving process's nonce and in-process API are absent there: a render that asked for them failed
 * every page with 500.)
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, expect, it } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { freePort, hydrated, launchChromium, shopText, startTimeoutMs, templateEnv } from "./harness.ts"

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)))
const dataDir = mkdtempSync(join(tmpdir(), "sf-e2e-dev-"))
let url = ""
let output = ""
let stop = (): Promise<void> => Promise.resolve()

beforeAll(async () => {
  const [port, apiPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, ["demo/web/dev.ts"], {
    cwd: root,
    env: { ...process.env, ...templateEnv(), PORT: String(port), API_PORT: String(apiPort), PGLITE_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: dev.ts starts the API and npx, npx starts Vite; one signal stops them all.
    detached: true
  })
  child.stdout.on("data", (chunk) => { output += String(chunk) })
  child.stderr.on("data", (chunk) => { output += String(chunk) })
  stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once("exit", done))
      process.kill(-child.pid!, "SIGTERM")
      await exited
    }
  }
  url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited: ${output}`)
    const status = await fetch(`${url}/api/session`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0)
    if (status === 200) break
    if (Date.now() > deadline) throw new Error(`npm run dev did not answer within ${startTimeoutMs} ms: ${output}`)
    await new Promise((done) => setTimeout(done, 500))
  }
}, 180_000)

afterAll(async () => {
  await stop()
  rmSync(dataDir, { recursive: true, force: true })
})

it("npm run dev: pages render on the server and hydrate, a link navigates on the client, the API answers through Vite", async () => {
  const shop = shopById("CZ10MA")
  const t = shopText("CZ10MA")
  const home = await fetch(`${url}/`)
  expect(home.status, output).toBe(200)
  expect(await home.text()).toContain(t("sf_categories"))
  expect((await fetch(`${url}${shop.urlKeys.cart}`)).status).toBe(200)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    // A fresh clone's first visit: Vite optimizes every dependency up front (demo/web/vite.config.ts), so the page
    // hydrates without the reload a late-found dependency forces.
    await page.goto(`${url}/`)
    await hydrated(page, 60_000)
    const category = page.getByRole("navigation", { name: t("sf_categories") }).getByRole("link").first()
    const href = await category.getAttribute("href")
    await category.click()
    await page.waitForURL((next) => next.pathname === href)
    await expect.poll(() => page.locator(".product-card").count(), { timeout: 30_000 }).toBeGreaterThan(0)
  } finally {
    await browser.close()
  }
}, 300_000)
