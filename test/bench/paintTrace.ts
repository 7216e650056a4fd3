/**
 * `node test/bench/paintTrace.ts <page url> [runs]`: what a page's style, layout and paint cost while it loads, by
 * CPU time x4 (Lighthouse's mobile slowdown), in Debian's Chromium at Lighthouse's phone viewport, each run in a fresh
 * browser context (cold cache). Prints per run the main thread's time in style recalculation (`UpdateLayoutTree`),
 * layout, pre-paint and paint, the first layout (its own CPU time, the objects it laid out, the task around it) and
 * the blocking time Lantern would read from the tasks' CPU time (each task over 50 ms x4 counts what exceeds 50),
 * then the medians. `PAINT_NO_JS=1` blocks every script (`*.js`, inline scripts still run), so what is left is the
 * document's own cost; `PAINT_TRANSFORM=<module>` rewrites the document's HTML before Chromium reads it (the module's
 * default export, `(html: string) => string`), for trying a change without a build. Figures only, no assertions; run
 * it against a shop you started (`PORT=4xxx npm start`).
 *
 * @module
 */
import { writeFileSync } from "node:fs"
import { chromium } from "playwright-core"
import { chromiumPath } from "../e2e/harness.ts"

/** A trace event, as far as it is read here. */
interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly pid: number
  readonly tid: number
  readonly ts: number
  readonly dur?: number
  readonly tdur?: number
  readonly args?: { readonly name?: string; readonly beginData?: { readonly dirtyObjects?: number; readonly totalObjects?: number } }
}

/** One load's figures (ms, CPU time x4). */
interface Run {
  readonly style: number
  readonly layout: number
  readonly prePaint: number
  readonly paint: number
  readonly firstLayout: number
  readonly firstLayoutObjects: number
  readonly firstLayoutTask: number
  readonly firstLayoutTaskWall: number
  readonly blocking: number
  readonly busy: number
  readonly longTasks: ReadonlyArray<string>
}

const slowdown = 4
const url = process.argv[2] ?? ""
if (url === "") throw new Error("usage: node test/bench/paintTrace.ts <page url> [runs]")
const runs = Math.max(1, Number(process.argv[3] ?? "5") || 5)
const noJs = process.env["PAINT_NO_JS"] === "1"
const transformPath = process.env["PAINT_TRANSFORM"]
const transform: (html: string) => string = transformPath === undefined
  ? (html) => html
  : ((await import(transformPath)) as { default: (html: string) => string }).default
const cpu = (event: TraceEvent) => ((event.tdur ?? event.dur ?? 0) / 1000) * slowdown
const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const analyse = (events: ReadonlyArray<TraceEvent>): Run => {
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`
  const renderers = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain").map(thread)
  const busyOf = new Map<string, number>()
  for (const event of events) if (event.name === "RunTask") busyOf.set(thread(event), (busyOf.get(thread(event)) ?? 0) + (event.dur ?? 0))
  const main = renderers.sort((a, b) => (busyOf.get(b) ?? 0) - (busyOf.get(a) ?? 0))[0]
  const onMain = events.filter((event) => thread(event) === main && event.ph === "X").sort((a, b) => a.ts - b.ts)
  const total = (name: string) => onMain.filter((event) => event.name === name).reduce((sum, event) => sum + cpu(event), 0)
  const tasks = onMain.filter((event) => event.name === "RunTask")
  const first = onMain.filter((event) => event.name === "Layout").sort((a, b) => cpu(b) - cpu(a))[0]
  const around = first === undefined ? undefined : tasks.find((task) => task.ts <= first.ts && task.ts + (task.dur ?? 0) >= first.ts)
  const longTasks: Array<string> = []
  let blocking = 0
  for (const task of tasks) {
    if (cpu(task) <= 50) continue
    blocking += cpu(task) - 50
    const end = task.ts + (task.dur ?? 0)
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && cpu(event) >= 2)
    const depth: Array<number> = []
    const parts: Array<string> = []
    for (const event of inside) {
      while (depth.length > 0 && depth[depth.length - 1]! <= event.ts) depth.pop()
      if (depth.length === 0) parts.push(`${event.name} ${cpu(event).toFixed(0)}`)
      depth.push(event.ts + (event.dur ?? 0))
    }
    longTasks.push(`${cpu(task).toFixed(0)}: ${parts.slice(0, 10).join(", ")}`)
  }
  return {
    style: total("UpdateLayoutTree"),
    layout: total("Layout"),
    prePaint: total("PrePaint"),
    paint: total("Paint"),
    firstLayout: first === undefined ? 0 : cpu(first),
    firstLayoutObjects: first?.args?.beginData?.totalObjects ?? 0,
    firstLayoutTask: around === undefined ? 0 : cpu(around),
    firstLayoutTaskWall: ((around?.dur ?? 0) / 1000) * slowdown,
    blocking,
    busy: tasks.reduce((sum, task) => sum + cpu(task), 0),
    longTasks
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] })
const results: Array<Run> = []
try {
  await fetch(url)
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    if (noJs) await context.route("**/*.js", (route) => route.abort())
    if (transformPath !== undefined) {
      await context.route(url, async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, body: transform(await response.text()) })
      })
    }
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const events: Array<TraceEvent> = []
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as ReadonlyArray<TraceEvent>)))
    await cdp.send("Tracing.start", { categories: process.env["PAINT_CATEGORIES"] ?? "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" })
    await page.goto(url, { waitUntil: "load" })
    await page.waitForTimeout(noJs ? 1500 : 4000)
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve))
    await cdp.send("Tracing.end")
    await complete
    await context.close()
    if (run === 0 && process.env["PAINT_SAVE"] !== undefined) writeFileSync(process.env["PAINT_SAVE"], JSON.stringify({ traceEvents: events }))
    results.push(analyse(events))
  }
} finally {
  await browser.close()
}
const show = (value: number) => value.toFixed(0).padStart(5)
console.log(`x${slowdown} CPU ms | style | layout | pre-paint | paint | largest layout (objects) | its task (wall) | blocking | main thread`)
for (const run of results) {
  console.log(`run        | ${show(run.style)} | ${show(run.layout)} | ${show(run.prePaint)} | ${show(run.paint)} | ${show(run.firstLayout)} (${run.firstLayoutObjects}) | ${show(run.firstLayoutTask)} (${show(run.firstLayoutTaskWall)}) | ${show(run.blocking)} | ${show(run.busy)}`)
}
const of = (key: keyof Omit<Run, "longTasks">) => median(results.map((run) => run[key]))
console.log(`median     | ${show(of("style"))} | ${show(of("layout"))} | ${show(of("prePaint"))} | ${show(of("paint"))} | ${show(of("firstLayout"))} (${of("firstLayoutObjects")}) | ${show(of("firstLayoutTask"))} (${show(of("firstLayoutTaskWall"))}) | ${show(of("blocking"))} | ${show(of("busy"))}`)
const middle = [...results].sort((a, b) => a.blocking - b.blocking)[Math.floor(results.length / 2)]!
console.log(`the median-blocking run's tasks over 50 ms (x${slowdown}):`)
for (const task of middle.longTasks) console.log(`  ${task}`)
