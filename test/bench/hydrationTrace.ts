/**
 * `node test/bench/hydrationTrace.ts <page url> [runs] [out prefix]`: where a page's main-thread time goes after the
 * first paint, on a loaded machine. Loads the page `runs` times (default 5, each in a fresh browser context, so with a
 * cold cache like Lighthouse) in Debian's Chromium at a phone's viewport WITHOUT CPU throttling (like Lighthouse's
 * observed trace) and estimates Lantern's blocking time from each main-thread task's own CPU time (the trace's `tdur`)
 * times 4, Lighthouse's mobile slowdown: a loaded machine stretches a task's wall time (`dur`, what Lighthouse reads)
 * but hardly its CPU time, so two builds compare on a busy machine. Prints per run the observed FCP, the estimated
 * blocking time after it and the whole main-thread time (x4), then the median run's tasks above 50 ms (x4) with their
 * top-level trace events. The first run's trace (`<out>.json`, for Chromium's performance panel) and CPU profile
 * (`<out>.cpuprofile`, 100 µs samples) are kept. Figures only, no assertions; run it against a shop you started
 * (`PORT=4xxx npm start`).
 *
 * @module
 */
import { writeFileSync } from "node:fs"
import { chromium } from "playwright-core"
import { chromiumPath } from "../e2e/harness.ts"
import { mainThreadWork, slowdown, type MainThreadWork, type TraceEvent } from "./traceEvent.ts"

/** One load's figures. */
type Run = MainThreadWork

const url = process.argv[2] ?? ""
if (url === "") throw new Error("usage: node test/bench/hydrationTrace.ts <page url> [runs] [out prefix]")
const runs = Math.max(1, Number(process.argv[3] ?? "5") || 5)
const out = process.argv[4] ?? "hydration-trace"

const analyse = mainThreadWork

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] })
const results: Array<Run> = []
try {
  await fetch(url)
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const events: Array<TraceEvent> = []
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as ReadonlyArray<TraceEvent>)))
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,v8", transferMode: "ReportEvents" })
    if (run === 0) {
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 })
      await cdp.send("Profiler.start")
    }
    await page.goto(url, { waitUntil: "load" })
    await page.waitForTimeout(4000)
    if (run === 0) writeFileSync(`${out}.cpuprofile`, JSON.stringify((await cdp.send("Profiler.stop")).profile))
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve))
    await cdp.send("Tracing.end")
    await complete
    await context.close()
    if (run === 0) writeFileSync(`${out}.json`, JSON.stringify({ traceEvents: events }))
    results.push(analyse(events))
  }
} finally {
  await browser.close()
}
results.sort((a, b) => a.blocking - b.blocking)
for (const run of results) console.log(`FCP ${run.fcp.toFixed(0)} ms, blocking after it ${run.blocking.toFixed(0)} ms, main thread ${run.busy.toFixed(0)} ms (x${slowdown})`)
const middle = results[Math.floor(results.length / 2)]!
console.log(`median run: blocking ${middle.blocking.toFixed(0)} ms; its tasks after the first paint above 50 ms (x${slowdown}):`)
for (const task of middle.tasks) console.log(`  ${task}`)
