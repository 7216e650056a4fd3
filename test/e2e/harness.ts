/**
 * End-to-end harness: starts the shop (API and pages, one process) on a free 127.0.0.1 port with a
 * fresh embedded database, and Debian's Chromium through playwright-core; runs axe-core on pages.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium, type Browser, type Page } from "playwright-core"

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

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** A running shop. */
export interface Shop {
  readonly url: string
  readonly stop: () => Promise<void>
}

/**
 * Starts the shop on a free port with a fresh database; resolves once it answers. `env` adds start-up settings
 * (e.g. the test-only captcha answer or the mail drop directory of demo/server/main.ts).
 */
export const startShop = async (env: Readonly<Record<string, string>> = {}): Promise<Shop> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "sf-e2e-"))
  const child: ChildProcess = spawn(process.execPath, ["demo/server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PGLITE_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout?.on("data", (chunk) => { output += String(chunk) })
  child.stderr?.on("data", (chunk) => { output += String(chunk) })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the shop exited: ${output}`)
    try {
      if ((await fetch(`${url}/api/session`, { signal: AbortSignal.timeout(2000) })).ok) break
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error(`the shop did not start: ${output}`)
    await new Promise((done) => setTimeout(done, 200))
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM")
      await new Promise((done) => child.once("exit", done))
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
  page.on("pageerror", (error) => errors.push(`pageerror: ${String(error)}`))
  page.on("console", (message) => {
    if (message.type() === "error" && !ignore(message.text())) errors.push(`console: ${message.text()}`)
  })
  return errors
}
