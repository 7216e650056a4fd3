/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling) on the home, category, product and
 * cart pages of a shop started on a free port, in Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium).
 * Lighthouse is fetched from the npm registry on first use (`npx lighthouse@13`), so it is not an install-time
 * dependency of the repository.
 *
 * Each page is measured `LIGHTHOUSE_RUNS` times (default 3) and its median run is reported, as Lighthouse's
 * documentation on variability recommends (https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md):
 * the run closest to the median first contentful paint and the median time to interactive (Lighthouse's own
 * `computeMedianRun`), so one run's scores and metrics are printed together, never a mix of runs. Per page it prints
 * the median run's four category scores, its CLS, FCP, LCP, TBT and speed index, the lowest and highest performance
 * score and TBT of the runs, the load average of the machine before the page's first run (Lighthouse's simulated
 * throttling multiplies a loaded machine's main-thread time), and the audits that cost the median run's performance
 * score. `LIGHTHOUSE_PAGES=product,cart` measures only those pages (a run of all four pages three times takes about
 * 12 minutes); `LIGHTHOUSE_REPORTS=dir` keeps each page's median run's JSON report there (`<page>.json`).
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags, chromiumPath, startShop } from "../e2e/harness.ts"

/** The part of a Lighthouse report read here. */
interface Report {
  readonly categories: Record<string, { score: number | null }>
  readonly audits: Record<string, { numericValue?: number; score?: number | null; displayValue?: string }>
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Lighthouse's median run: the run closest (Euclidean distance, each metric relative to its median) to the median FCP
 * and the median time to interactive; the total blocking time stands in for TTI when a report has no `interactive`.
 */
const medianRun = (runs: ReadonlyArray<Report>): number => {
  const fcp = (run: Report) => run.audits["first-contentful-paint"]?.numericValue ?? 0
  const late = (run: Report) => run.audits["interactive"]?.numericValue ?? run.audits["total-blocking-time"]?.numericValue ?? 0
  const fcpMedian = median(runs.map(fcp)) || 1
  const lateMedian = median(runs.map(late)) || 1
  const distance = (run: Report) => Math.hypot(fcp(run) / fcpMedian - 1, late(run) / lateMedian - 1)
  return runs.reduce((best, run, index) => (distance(run) < distance(runs[best]!) ? index : best), 0)
}

const runs = Math.max(1, Number(process.env["LIGHTHOUSE_RUNS"] ?? "3") || 3)
const only = (process.env["LIGHTHOUSE_PAGES"] ?? "").split(",").map((name) => name.trim()).filter((name) => name !== "")
const shop = await startShop()
const kept = process.env["LIGHTHOUSE_REPORTS"]
if (kept !== undefined) mkdirSync(kept, { recursive: true })
const dir = mkdtempSync(join(tmpdir(), "sf-lighthouse-"))
try {
  const html = await (await fetch(`${shop.url}/search?q=%20`)).text()
  const product = /href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "/"
  const pages = ([
    ["home", "/"],
    ["category", `/${product.split("/")[1]}`],
    ["product", product],
    ["cart", "/kosik"]
  ] as const).filter(([name]) => only.length === 0 || only.includes(name))
  console.log(`Median of ${runs} run(s) per page (min-max of the runs in brackets).`)
  console.log("| page | load avg | performance | accessibility | best practices | SEO | CLS | FCP ms | LCP ms | TBT ms | SI ms |")
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
  const costs: Array<string> = []
  for (const [name, path] of pages) {
    const load = loadavg()[0]!.toFixed(1)
    const reports: Array<Report> = []
    const files: Array<string> = []
    for (let run = 1; run <= runs; run++) {
      const file = join(dir, `${name}-${run}.json`)
      execFileSync("npx", [
        "--yes", "lighthouse@13", `${shop.url}${path}`, "--quiet",
        `--chrome-flags=${chromiumFlags.join(" ")}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--output=json", `--output-path=${file}`
      ], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"] })
      reports.push(JSON.parse(readFileSync(file, "utf8")) as Report)
      files.push(file)
    }
    const chosen = medianRun(reports)
    const result = reports[chosen]!
    if (kept !== undefined) copyFileSync(files[chosen]!, join(kept, `${name}.json`))
    const scoreOf = (report: Report, key: string) => Math.round((report.categories[key]?.score ?? 0) * 100)
    const auditOf = (report: Report, key: string) => report.audits[key]?.numericValue ?? Number.NaN
    const spread = (values: ReadonlyArray<number>) => runs === 1 ? "" : ` (${Math.min(...values)}-${Math.max(...values)})`
    const score = (key: string) => scoreOf(result, key)
    const audit = (key: string) => auditOf(result, key)
    const performances = reports.map((report) => scoreOf(report, "performance"))
    const blocking = reports.map((report) => Math.round(auditOf(report, "total-blocking-time")))
    console.log(`| ${name} | ${load} | ${score("performance")}${spread(performances)} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${audit("cumulative-layout-shift").toFixed(3)} | ${Math.round(audit("first-contentful-paint"))} | ${Math.round(audit("largest-contentful-paint"))} | ${Math.round(audit("total-blocking-time"))}${spread(blocking)} | ${Math.round(audit("speed-index"))} |`)
    // Every failing audit and every opportunity of the median run, with what it says it would save (or its value).
    const failing = Object.entries(result.audits)
      .filter(([, entry]) => entry.score !== null && entry.score !== undefined && entry.score < 0.9)
      .map(([key, entry]) => `${key}${entry.displayValue ? ` (${entry.displayValue})` : ""}`)
    costs.push(`${name}: ${failing.join("; ") || "no failing audit"}`)
  }
  console.log("")
  for (const line of costs) console.log(line)
} finally {
  rmSync(dir, { recursive: true, force: true })
  await shop.stop()
}
