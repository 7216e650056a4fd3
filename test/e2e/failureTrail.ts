/**
 * What a shopper's page did, printed when its test fails: where it went, what the shop's API answered and how long
 * that took, what the page logged, and what it shows at the end (its main text and a screenshot under
 * `test-results/e2e/`). A failure in CI then says what the page was doing, not only which locator timed out.
 * `E2E_TRAIL=always` also prints the record (without the screenshot) when the page closes.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { onTestFailed } from "vitest"

const kept = 60

/** Starts recording `page` and prints the record if the running test fails. Call it inside a test. */
export const printTrailOnFailure = (page: Page, resultsDir: string): void => {
  const start = Date.now()
  const lines: Array<string> = []
  const note = (line: string) => {
    lines.push(`${String(Date.now() - start).padStart(6)} ms ${line}`)
    if (lines.length > kept) lines.shift()
  }
  const sent = new Map<object, number>()
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${frame.url()}`)
  })
  page.on("console", (message) => note(`console.${message.type()} ${message.text().slice(0, 300)}`))
  page.on("pageerror", (error) => note(`pageerror ${String(error).slice(0, 300)}`))
  page.on("request", (request) => {
    if (request.url().includes("/api/") || request.url().endsWith(".data")) sent.set(request, Date.now())
  })
  page.on("requestfailed", (request) => note(`failed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`))
  page.on("response", (response) => {
    const at = sent.get(response.request())
    if (at === undefined) return
    sent.delete(response.request())
    note(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname} in ${Date.now() - at} ms`)
  })
  const print = async ({ task }: { readonly task: { readonly name: string } }) => {
    if (page.isClosed()) return
    const name = task.name.replace(/[^\w-]+/g, "-").slice(0, 80)
    mkdirSync(resultsDir, { recursive: true })
    const screenshot = join(resultsDir, `${name}.png`)
    const shown = await page.locator("main").first().innerText({ timeout: 2000 }).catch((error: unknown) => `(no main: ${String(error).slice(0, 120)})`)
    await page.screenshot({ path: screenshot, fullPage: true, timeout: 5000 }).catch(() => undefined)
    const pending = [...sent.entries()].map(([request, at]) => `  pending ${(request as { url: () => string }).url()} for ${Date.now() - at} ms`)
    console.error([
      `── what the page did (${task.name})`,
      `at ${page.url()}; screenshot ${screenshot}`,
      `main shows: ${shown.replace(/\s+/g, " ").slice(0, 1500)}`,
      ...lines.map((line) => `  ${line}`),
      ...pending,
      "──"
    ].join("\n"))
  }
  onTestFailed(print)
  if (process.env["E2E_TRAIL"] === "always") page.once("close", () => console.error(["── what the page did", ...lines, "──"].join("\n")))
}
