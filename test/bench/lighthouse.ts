/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling) on the home, category, product and
 * cart pages of a shop started on a free port, in Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium).
 * Lighthouse is fetched from the npm registry on first use (`npx lighthouse@13`), so it is not an install-time
 * dependency of the repository. What runs per measured load, exactly: `npx --yes lighthouse@13 <url> --quiet
 * --chrome-flags="<the e2e harness's Chromium flags: headless, no sandbox, no GPU, no QUIC, no first-run, background
 * networking, component update or sync>" --only-categories=performance,accessibility,best-practices,seo --output=json
 * --save-assets`: Lighthouse's defaults otherwise (mobile form factor, simulated throttling with its 4x CPU slowdown),
 * one fresh Chromium per run.
 *
 * Before the first measured load the shop is warmed (`warmShop.ts`: each page loaded once in Chromium at
 * Lighthouse's mobile viewport, and every URL its HTML names fetched), as a shop that has served for a while is: a
 * fresh server pays 3 to 4 s of CPU on the first loads of the four pages (each script compressed once per encoding,
 * each image width rendered once, each route's first server render), which would otherwise land inside the first
 * measured runs. It then waits until the shop has run 70 s, so its first housekeeping sweep (a minute after start,
 * 0.3 s of CPU) is over too. `LIGHTHOUSE_WARM=0` measures the cold shop as before. Both are printed.
 *
 * Each page is measured `LIGHTHOUSE_RUNS` times (default 3) and its median run is reported, as Lighthouse's
 * documentation on variability recommends (https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md):
 * the run closest to the median first contentful paint and the median time to interactive (Lighthouse's own
 * `computeMedianRun`), so one run's scores and metrics are printed together, never a mix of runs. Per page it prints
 * the median run's four category scores, its CLS, FCP, LCP, TBT and speed index, the lowest and highest performance
 * score and TBT of the runs, the load average of the machine before the page's first run (Lighthouse's simulated
 * throttling multiplies a loaded machine's main-thread time), and the audits that cost the median run's performance
 * score. From each run's trace it also prints two sums over the page's main-thread tasks after the first contentful
 * paint: max(0, 4 x wall time - 50 ms), close to what Lantern makes of them, and max(0, 4 x thread CPU time - 50 ms),
 * the page's own work: where the first is far above the second, the machine stretched the tasks (the renderer waited
 * for a core), not the page (`lighthouseStretch.ts` shows who held the cores). `LIGHTHOUSE_PAGES=product,cart`
 * measures only those pages (a run of all four pages three times takes about 12 minutes);
 * `LIGHTHOUSE_REPORTS=dir` keeps each page's median run's JSON report and trace there (`<page>.json`,
 * `<page>.trace.json`), and every run's trace (`<page>-<run>.trace.json`).
 *
 * `LIGHTHOUSE_TRACE_CATEGORIES=viz,disabled-by-default-cc.debug.scheduler` adds trace categories to Lighthouse's
 * (`--additional-trace-categories`), for reading a kept trace; the measured runs should go without it.
 *
 * Per page it also prints in how many runs Chromium showed the first frame more than 500 ms after DOMContentLoaded
 * (`firstFrame.ts`), with each run's first paint: on this machine's headless Chromium the display compositor throttles
 * the renderer's begin-frames to one a second at times around the navigation, and a page ready at 0.4 s is then
 * first painted at the next tick, about 1.3 or 2.3 s after the navigation; such a run's FCP and speed index are
 * Chromium's wait, not the page.
 *
 * `LIGHTHOUSE_CHROME_NICE=-10` starts the measured Chromium at that scheduling priority (`nice -n -10`, as root),
 * above Lighthouse's own Node process (30-40 % of a core while it records) and anything else on the machine: on two
 * cores the renderer otherwise waits for a core inside its tasks, and Lantern counts the wait as blocking time. It is
 * off by default; the line above the table says which was measured.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags, chromiumPath, startShop } from "../e2e/harness.ts"
import { describeWarmed, warmShop } from "./warmShop.ts"
import { firstFrameOf, type FirstFrame } from "./firstFrame.ts"
import { blockingOfTrace, median } from "./lighthouseTrace.ts"
import type { TraceEvent } from "./traceEvent.ts"

/** The part of a Lighthouse report read here. */
interface Report {
  readonly categories: Record<string, { score: number | null }>
  readonly audits: Record<string, { numericValue?: number; score?: number | null; displayValue?: string }>
}

/** Where `--save-assets` writes the trace of the report at `file` (`x.json` → `x-0.trace.json`). */
const traceOf = (file: string) => file.replace(/\.json$/, "-0.trace.json")

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
const warm = process.env["LIGHTHOUSE_WARM"] !== "0"
const shop = await startShop()
const startedAt = performance.now()
const kept = process.env["LIGHTHOUSE_REPORTS"]
if (kept !== undefined) mkdirSync(kept, { recursive: true })
const dir = mkdtempSync(join(tmpdir(), "sf-lighthouse-"))
const nice = process.env["LIGHTHOUSE_CHROME_NICE"] ?? ""
const traceCategories = process.env["LIGHTHOUSE_TRACE_CATEGORIES"] ?? ""
/** The Chromium Lighthouse starts: Debian's, or a script starting it at the priority `LIGHTHOUSE_CHROME_NICE` asks. */
const chromeLauncher = (): string => {
  if (!/^-?\d+$/.test(nice)) return chromiumPath
  const script = join(dir, "chromium-niced")
  writeFileSync(script, `#!/bin/sh\nexec nice -n ${nice} ${chromiumPath} "$@"\n`)
  chmodSync(script, 0o755)
  return script
}
const chromePath = chromeLauncher()
try {
  const html = await (await fetch(`${shop.url}/search?q=%20`)).text()
  const product = /href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "/"
  const pages = ([
    ["home", "/"],
    ["category", `/${product.split("/")[1]}`],
    ["product", product],
    ["cart", "/kosik"]
  ] as const).filter(([name]) => only.length === 0 || only.includes(name))
  if (warm) {
    console.log(describeWarmed(await warmShop(shop.url, pages.map(([, path]) => path))))
    const wait = 70_000 - (performance.now() - startedAt)
    if (wait > 0) await new Promise((done) => setTimeout(done, wait))
    console.log(`shop warm; measuring from ${((performance.now() - startedAt) / 1000).toFixed(0)} s after it answered (its first housekeeping sweep is at 60 s)`)
  } else {
    console.log("LIGHTHOUSE_WARM=0: measuring the shop cold, right after it started")
  }
  console.log(chromePath === chromiumPath
    ? "Chromium at the default priority"
    : `Chromium at nice ${nice} (LIGHTHOUSE_CHROME_NICE), above Lighthouse's own process`)
  console.log(`Median of ${runs} run(s) per page (min-max of the runs in brackets).`)
  console.log("| page | load avg | performance | accessibility | best practices | SEO | CLS | FCP ms | LCP ms | TBT ms | SI ms | 4 x wall - 50 | 4 x CPU - 50 |")
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
  const costs: Array<string> = []
  for (const [name, path] of pages) {
    const load = loadavg()[0]!.toFixed(1)
    const reports: Array<Report> = []
    const files: Array<string> = []
    const traced: Array<{ readonly wall: number; readonly cpu: number }> = []
    const frames: Array<FirstFrame | undefined> = []
    for (let run = 1; run <= runs; run++) {
      const file = join(dir, `${name}-${run}.json`)
      execFileSync("npx", [
        "--yes", "lighthouse@13", `${shop.url}${path}`, "--quiet",
        `--chrome-flags=${chromiumFlags.join(" ")}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--output=json", `--output-path=${file}`, "--save-assets",
        ...(traceCategories === "" ? [] : [`--additional-trace-categories=${traceCategories}`])
      ], { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] })
      reports.push(JSON.parse(readFileSync(file, "utf8")) as Report)
      files.push(file)
      const events = (JSON.parse(readFileSync(traceOf(file), "utf8")) as { traceEvents: Array<TraceEvent> }).traceEvents
      traced.push(blockingOfTrace(events))
      frames.push(firstFrameOf(events))
    }
    const chosen = medianRun(reports)
    const result = reports[chosen]!
    if (kept !== undefined) {
      copyFileSync(files[chosen]!, join(kept, `${name}.json`))
      copyFileSync(traceOf(files[chosen]!), join(kept, `${name}.trace.json`))
      files.forEach((file, run) => copyFileSync(traceOf(file), join(kept, `${name}-${run + 1}.trace.json`)))
    }
    const scoreOf = (report: Report, key: string) => Math.round((report.categories[key]?.score ?? 0) * 100)
    const auditOf = (report: Report, key: string) => report.audits[key]?.numericValue ?? Number.NaN
    const spread = (values: ReadonlyArray<number>) => runs === 1 ? "" : ` (${Math.min(...values)}-${Math.max(...values)})`
    const score = (key: string) => scoreOf(result, key)
    const audit = (key: string) => auditOf(result, key)
    const performances = reports.map((report) => scoreOf(report, "performance"))
    const blocking = reports.map((report) => Math.round(auditOf(report, "total-blocking-time")))
    const walls = traced.map((sums) => Math.round(sums.wall))
    const cpus = traced.map((sums) => Math.round(sums.cpu))
    console.log(`| ${name} | ${load} | ${score("performance")}${spread(performances)} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${audit("cumulative-layout-shift").toFixed(3)} | ${Math.round(audit("first-contentful-paint"))} | ${Math.round(audit("largest-contentful-paint"))} | ${Math.round(audit("total-blocking-time"))}${spread(blocking)} | ${Math.round(audit("speed-index"))} | ${walls[chosen]}${spread(walls)} | ${cpus[chosen]}${spread(cpus)} |`)
    // Every failing audit and every opportunity of the median run, with what it says it would save (or its value).
    const failing = Object.entries(result.audits)
      .filter(([, entry]) => entry.score !== null && entry.score !== undefined && entry.score < 0.9)
      .map(([key, entry]) => `${key}${entry.displayValue ? ` (${entry.displayValue})` : ""}`)
    costs.push(`${name}: ${failing.join("; ") || "no failing audit"}`)
    const stalled = frames.filter((frame) => frame !== undefined && frame.firstPaint - frame.domContentLoaded > 500).length
    costs.push(`${name}: first paint more than 500 ms after DOMContentLoaded in ${stalled} of ${runs} runs (DCL / first paint ms: ${frames.map((frame) => frame === undefined ? "?" : `${frame.domContentLoaded} / ${frame.firstPaint}`).join(", ")})`)
  }
  console.log("")
  for (const line of costs) console.log(line)
} finally {
  rmSync(dir, { recursive: true, force: true })
  await shop.stop()
}
