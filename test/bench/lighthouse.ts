/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling) on the home, category, product and
 * cart pages of a shop started on a free port, in Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium).
 * Lighthouse is fetched from the npm registry on first use (`npx lighthouse@13`), so it is not an install-time
 * dependency of the repository. Prints each page's four category scores and its CLS, FCP, LCP and TBT.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags, chromiumPath, startShop } from "../e2e/harness.ts"

const shop = await startShop()
const dir = mkdtempSync(join(tmpdir(), "sf-lighthouse-"))
try {
  const html = await (await fetch(`${shop.url}/search?q=%20`)).text()
  const product = /href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "/"
  const pages: ReadonlyArray<readonly [string, string]> = [
    ["home", "/"],
    ["category", `/${product.split("/")[1]}`],
    ["product", product],
    ["cart", "/kosik"]
  ]
  console.log("| page | performance | accessibility | best practices | SEO | CLS | FCP ms | LCP ms | TBT ms |")
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
  for (const [name, path] of pages) {
    const report = join(dir, `${name}.json`)
    execFileSync("npx", [
      "--yes", "lighthouse@13", `${shop.url}${path}`, "--quiet",
      `--chrome-flags=${chromiumFlags.join(" ")}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json", `--output-path=${report}`
    ], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"] })
    const result = JSON.parse(readFileSync(report, "utf8")) as {
      categories: Record<string, { score: number | null }>
      audits: Record<string, { numericValue?: number }>
    }
    const score = (key: string) => Math.round((result.categories[key]?.score ?? 0) * 100)
    const audit = (key: string) => result.audits[key]?.numericValue ?? Number.NaN
    console.log(`| ${name} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${audit("cumulative-layout-shift").toFixed(3)} | ${Math.round(audit("first-contentful-paint"))} | ${Math.round(audit("largest-contentful-paint"))} | ${Math.round(audit("total-blocking-time"))} |`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
  await shop.stop()
}
