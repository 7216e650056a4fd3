/**
 * `node test/bench/lighthousePair.ts <name=url,name=url> <paths> [runs] [out dir]`: Lighthouse 13 on two (or more) shops
 * you started and warmed (`PORT=46xx npm start` in each worktree), the arms alternating run by run (ABAB, then BABA), so
 * a machine that other work loads weighs on both alike. Each run is the bench's (`npx lighthouse@13`, the e2e
 * harness's Chromium flags, mobile, simulated throttling), performance only, its report and trace kept in `out dir`
 * (default a temporary one).
 *
 * Per run it prints the load average, the score, FCP, LCP, speed index and TBT, the two sums `bench:lighthouse` prints
 * over the page's main-thread tasks after the first contentful paint (4 x wall - 50, 4 x thread CPU - 50), and what
 * the rest of Chromium did after the navigation: Lighthouse's screenshots (one per frame Chromium presented), the
 * renderer's compositor frames, and the CPU ms of the display compositor (software compositing of each frame), of the
 * browser's main thread and of the page's main thread; and DOMContentLoaded / first paint (`firstFrame.ts`). Then per
 * arm and path the median score and TBT. Figures only, no assertions.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags } from "../e2e/harness.ts"
import { firstFrameOf } from "./firstFrame.ts"
import { blockingOfTrace, median } from "./lighthouseTrace.ts"
import type { TraceEvent } from "./traceEvent.ts"

/** What one run measured. */
interface Run {
  readonly performance: number
  readonly tbt: number
  readonly line: string
}

/** A run's figures read from its report and trace. */
const measure = (reportFile: string): Omit<Run, "line"> & { readonly cells: ReadonlyArray<string | number> } => {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue: number }>
  }
  const events = (JSON.parse(readFileSync(reportFile.replace(/\.json$/, "-0.trace.json"), "utf8")) as { traceEvents: Array<TraceEvent> }).traceEvents
  const threadName = new Map(events.filter((event) => event.name === "thread_name").map((event) => [`${event.pid}:${event.tid}`, event.args?.name]))
  const nameOf = (event: TraceEvent) => threadName.get(`${event.pid}:${event.tid}`)
  const navigation = events.find((event) => event.name === "navigationStart" && (event.args?.data?.documentLoaderURL ?? "").startsWith("http"))
  const start = navigation?.ts ?? 0
  const page = navigation?.pid
  const cpuOf = (thread: string, pid?: number) =>
    events.filter((event) => event.ph === "X" && event.name === "RunTask" && nameOf(event) === thread && (pid === undefined || event.pid === pid) && event.ts > start)
      .reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000
  const { wall, cpu } = blockingOfTrace(events)
  const audit = (key: string) => Math.round(report.audits[key]?.numericValue ?? Number.NaN)
  const frame = firstFrameOf(events)
  const performance = Math.round(report.categories.performance.score * 100)
  return {
    performance,
    tbt: audit("total-blocking-time"),
    cells: [
      performance, audit("first-contentful-paint"), audit("largest-contentful-paint"), audit("speed-index"), audit("total-blocking-time"),
      Math.round(wall), Math.round(cpu),
      events.filter((event) => event.name === "Screenshot" && event.ts > start).length,
      events.filter((event) => event.name === "DrawFrame" && event.pid === page && event.ts > start).length,
      cpuOf("VizCompositorThread").toFixed(0), cpuOf("CrBrowserMain").toFixed(0), cpuOf("CrRendererMain", page).toFixed(0),
      frame === undefined ? "?" : `${frame.domContentLoaded} / ${frame.firstPaint}`
    ]
  }
}

const [armsArgument = "", pathsArgument = "/", runsArgument = "3", outArgument] = process.argv.slice(2)
const arms = armsArgument.split(",").filter((arm) => arm.includes("=")).map((arm) => {
  const [name, ...url] = arm.split("=")
  return { name: name!, url: url.join("=") }
})
if (arms.length < 2) throw new Error("usage: node test/bench/lighthousePair.ts <name=url,name=url> <paths> [runs] [out dir]")
const paths = pathsArgument.split(",")
const runs = Math.max(1, Number(runsArgument) || 3)
const out = outArgument ?? mkdtempSync(join(tmpdir(), "lh-pair-"))
mkdirSync(out, { recursive: true })
const results = new Map<string, Array<Run>>()
console.log(`Lighthouse 13 per path, arms alternating, ${runs} run(s) each; reports and traces in ${out}`)
console.log("| arm | path | run | load | perf | FCP | LCP | SI | TBT | 4 x wall - 50 | 4 x CPU - 50 | screenshots | compositor frames | viz CPU ms | browser CPU ms | page main CPU ms | DCL / first paint |")
console.log("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|")
for (let run = 1; run <= runs; run++) {
  for (const path of paths) {
    for (const arm of run % 2 === 1 ? arms : [...arms].reverse()) {
      const file = join(out, `${arm.name}-${path.replace(/\W+/g, "_")}-${run}.json`)
      const load = loadavg()[0]!.toFixed(1)
      execFileSync("npx", [
        "--yes", "lighthouse@13", `${arm.url}${path}`, "--quiet", `--chrome-flags=${chromiumFlags.join(" ")}`,
        "--only-categories=performance", "--output=json", `--output-path=${file}`, "--save-assets"
      ], { stdio: ["ignore", "ignore", "inherit"] })
      const measured = measure(file)
      const line = `| ${arm.name} | ${path} | ${run} | ${load} | ${measured.cells.join(" | ")} |`
      console.log(line)
      const key = `${arm.name} ${path}`
      results.set(key, [...(results.get(key) ?? []), { performance: measured.performance, tbt: measured.tbt, line }])
    }
  }
}
console.log("")
for (const [key, measured] of results) {
  console.log(`${key}: performance median ${median(measured.map((run) => run.performance))} (${measured.map((run) => run.performance).join(", ")}), TBT median ${median(measured.map((run) => run.tbt))}`)
}
