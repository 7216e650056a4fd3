/**
 * `node test/bench/layoutCost.ts <name=url,name=url> <paths> [runs]`: what laying out a page costs the browser, shops
 * alternating run by run. Each run loads the page in a fresh Chromium context at Lighthouse's mobile viewport (412 x
 * 823 CSS px, 1.75 device pixels, touch) and at a desktop one (1280 x 800), traced, and prints the renderer main
 * thread's CPU time (the trace's `tdur`, so a loaded machine does not stretch it) in style recalculation
 * (`UpdateLayoutTree`) and layout (`Layout`) before the first paint and up to 2 s after `load`, the layout shifts
 * until then, and the layout shifts while the page is then scrolled to its end and back half a screen at a time (no
 * input: they would count). Figures only, no assertions; run it against shops you started (`PORT=46xx npm start`).
 *
 * @module
 */
import { chromium } from "playwright-core"
import { chromiumFlags, chromiumPath } from "../e2e/harness.ts"
import { median } from "./lighthouseTrace.ts"
import type { TraceEvent } from "./traceEvent.ts"

/** CPU ms of the page's style and layout events before its first paint and in all, from a trace of one load. */
const styleAndLayout = (events: ReadonlyArray<TraceEvent>) => {
  const names = new Map(events.filter((event) => event.name === "thread_name").map((event) => [`${event.pid}:${event.tid}`, String(event.args?.name)]))
  const navigation = events.find((event) => event.name === "navigationStart" && String((event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? "").startsWith("http"))
  const onMain = (event: TraceEvent) => event.pid === navigation?.pid && names.get(`${event.pid}:${event.tid}`) === "CrRendererMain" && event.ph === "X"
  const firstPaint = events.find((event) => event.name === "firstPaint" && event.pid === navigation?.pid)?.ts ?? Infinity
  const sum = (name: string, before: number) =>
    events.filter((event) => event.name === name && onMain(event) && event.ts < before).reduce((total, event) => total + (event.tdur ?? event.dur ?? 0), 0) / 1000
  return {
    styleFirst: sum("UpdateLayoutTree", firstPaint), layoutFirst: sum("Layout", firstPaint),
    style: sum("UpdateLayoutTree", Infinity), layout: sum("Layout", Infinity)
  }
}

const viewports = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }
} as const

const [armsArgument = "", pathsArgument = "/", runsArgument = "3"] = process.argv.slice(2)
const arms = armsArgument.split(",").filter((arm) => arm.includes("=")).map((arm) => {
  const [name, ...url] = arm.split("=")
  return { name: name!, url: url.join("=") }
})
const runs = Math.max(1, Number(runsArgument) || 3)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
const figures = new Map<string, Array<ReturnType<typeof styleAndLayout> & { cls: number; scrollCls: number }>>()
console.log("| arm | viewport | path | run | style CPU ms before the first paint | layout | style in all | layout in all | CLS at load | CLS while scrolled |")
console.log("|---|---|---|--:|--:|--:|--:|--:|--:|--:|")
try {
  for (let run = 1; run <= runs; run++) {
    for (const path of pathsArgument.split(",")) {
      for (const [viewportName, options] of Object.entries(viewports)) {
        for (const arm of run % 2 === 1 ? arms : [...arms].reverse()) {
          const context = await browser.newContext(options)
          const page = await context.newPage()
          await page.addInitScript(() => {
            const shifts = { load: 0, scroll: 0, scrolling: false }
            ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
                if (entry.hadRecentInput) continue
                if (shifts.scrolling) shifts.scroll += entry.value
                else shifts.load += entry.value
              }
            }).observe({ type: "layout-shift", buffered: true })
          })
          await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "blink.user_timing"] })
          await page.goto(`${arm.url}${path}`, { waitUntil: "load" })
          await page.waitForTimeout(2000)
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Array<TraceEvent> }
          await page.evaluate(async () => {
            const shifts = (window as unknown as { __shifts: { scrolling: boolean } }).__shifts
            shifts.scrolling = true
            const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
            while (scrollY + innerHeight < document.documentElement.scrollHeight - 2) {
              scrollBy(0, innerHeight / 2)
              await frame()
            }
            while (scrollY > 0) {
              scrollBy(0, -innerHeight / 2)
              await frame()
            }
            await frame()
          })
          const shifts = await page.evaluate(() => (window as unknown as { __shifts: { load: number; scroll: number } }).__shifts)
          const row = { ...styleAndLayout(trace.traceEvents), cls: shifts.load, scrollCls: shifts.scroll }
          console.log(`| ${arm.name} | ${viewportName} | ${path} | ${run} | ${row.styleFirst.toFixed(1)} | ${row.layoutFirst.toFixed(1)} | ${row.style.toFixed(1)} | ${row.layout.toFixed(1)} | ${row.cls.toFixed(4)} | ${row.scrollCls.toFixed(4)} |`)
          const key = `${arm.name} ${viewportName} ${path}`
          figures.set(key, [...(figures.get(key) ?? []), row])
          await context.close()
        }
      }
    }
  }
} finally {
  await browser.close()
}
console.log("")
for (const [key, rows] of figures) {
  const of = (pick: (row: (typeof rows)[number]) => number) => median(rows.map(pick)).toFixed(1)
  console.log(`${key}: CPU ms before the first paint style ${of((row) => row.styleFirst)}, layout ${of((row) => row.layoutFirst)}; in all style ${of((row) => row.style)}, layout ${of((row) => row.layout)}; CLS max ${Math.max(...rows.map((row) => row.cls)).toFixed(4)}, while scrolled max ${Math.max(...rows.map((row) => row.scrollCls)).toFixed(4)}`)
}
