/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling) on the home, category, product and
 * cart pages of a shop started on a free port, in Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium).
 * Lighthouse is fetched from the npm registry on first use (`npx lighthouse@13`), so it is not an install-time
 * dependency of the repository. Prints each page's four category scores and its CLS, FCP, LCP and TBT, the load
 * average of the machine before each page (Lighthouse's simulated throttling multiplies a loaded machine's main-thread
 * time), and the audits that cost the performance score. `LIGHTHOUSE_REPORTS=dir` keeps the JSON reports there.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags, chromiumPath, startShop } from "../e2e/harness.ts"

const shop = await startShop()
const kept = process.env["LIGHTHOUSE_REPORTS"]
if (kept !== undefined) mkdirSync(kept, { recursive: true })
const dir = kept ?? mkdtempSync(join(tmpdir(), "sf-lighthouse-"))
try {
  const html = await (await fetch(`${shop.url}/search?q=%20`)).text()
  const product = /href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "/"
  const pages: ReadonlyArray<readonly [string, string]> = [
    ["home", "/"],
    ["category", `/${product.split("/")[1]}`],
    ["product", product],
    ["cart", "/kosik"]
  ]
  console.log("| page | load avg | performance | accessibility | best practices | SEO | CLS | FCP ms | LCP ms | TBT ms | SI ms |")
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
  const costs: Array<string> = []
  for (const [name, path] of pages) {
    const report = join(dir, `${name}.json`)
    const load = loadavg()[0]!.toFixed(1)
    execFileSync("npx", [
      "--yes", "lighthouse@13", `${shop.url}${path}`, "--quiet",
      `--chrome-flags=${chromiumFlags.join(" ")}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json", `--output-path=${report}`
    ], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"] })
    const result = JSON.parse(readFileSync(report, "utf8")) as {
      categories: Record<string, { score: number | null }>
      audits: Record<string, { numericValue?: number; score?: number | null; title?: string; displayValue?: string; details?: { overallSavingsMs?: number } }>
    }
    const score = (key: string) => Math.round((result.categories[key]?.score ?? 0) * 100)
    const audit = (key: string) => result.audits[key]?.numericValue ?? Number.NaN
    console.log(`| ${name} | ${load} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${audit("cumulative-layout-shift").toFixed(3)} | ${Math.round(audit("first-contentful-paint"))} | ${Math.round(audit("largest-contentful-paint"))} | ${Math.round(audit("total-blocking-time"))} | ${Math.round(audit("speed-index"))} |`)
    // Every failing audit and every opportunity, with what it says it would save (or its value).
    const failing = Object.entries(result.audits)
      .filter(([, entry]) => entry.score !== null && entry.score !== undefined && entry.score < 0.9)
      .map(([key, entry]) => `${key}${entry.displayValue ? ` (${entry.displayValue})` : ""}`)
    costs.push(`${name}: ${failing.join("; ") || "no failing audit"}`)
  }
  console.log("")
  for (const line of costs) console.log(line)

} finally {
  if (kept === undefined) rmSync(dir, { recursive: true, force: true })
  await shop.stop()
}
