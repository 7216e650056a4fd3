/**
 * `node test/bench/firstFrame.ts <page url> [runs]`: when Chromium shows a page's first frame, against when the page
 * was ready for it. Each run starts a fresh Chromium (the e2e harness's flags, as Lighthouse starts one per run) at
 * Lighthouse's mobile viewport, records a trace with Lighthouse's default categories plus the compositor scheduler's
 * state (`disabled-by-default-cc.debug.scheduler`) while it loads the page, and prints per run, in ms after the
 * navigation: DOMContentLoaded, load, the first main frame the compositor asked for (`BeginMainThreadFrame`), the
 * first activation of a committed layer tree, the first draw after it, the first paint, and what the compositor
 * scheduler was waiting for in between (the state machine's reasons, summed over the gap). A run is a stall when the
 * first paint comes more than 500 ms after DOMContentLoaded. `FIRST_FRAME_SCREENSHOTS=0` leaves out the screenshot
 * category Lighthouse records (`disabled-by-default-devtools.screenshot`), `FIRST_FRAME_CATEGORIES=a,b` adds
 * categories, `FIRST_FRAME_TRACES=dir` keeps each run's trace there (`run-<n>.trace.json`). Figures only, no assertions; run it against a shop you started (`PORT=4xxx npm start`).
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { chromiumFlags, chromiumPath } from "../e2e/harness.ts"
import type { TraceEvent } from "./traceEvent.ts"

/** Lighthouse 13's default trace categories (core/gather/gatherers/trace.js), the screenshots optional. */
const lighthouseCategories = (screenshots: boolean): ReadonlyArray<string> => [
  "-*", "disabled-by-default-lighthouse", "loading", "v8", "v8.execute", "blink.user_timing", "blink.console",
  "devtools.timeline", "disabled-by-default-devtools.timeline",
  ...(screenshots ? ["disabled-by-default-devtools.screenshot"] : []),
  "disabled-by-default-devtools.timeline.stack", "disabled-by-default-devtools.timeline.frame", "latencyInfo",
  "disabled-by-default-devtools.target-rundown", "disabled-by-default-devtools.v8-source-rundown-sources",
  "disabled-by-default-devtools.v8-source-rundown", "blink.webdx_feature_usage"
]

/** One load's first-frame timeline, in ms after its navigation (-1: not in the trace). */
export interface FirstFrame {
  readonly domContentLoaded: number
  readonly load: number
  readonly firstMainFrame: number
  readonly firstActivation: number
  readonly firstDrawAfterActivation: number
  readonly firstPaint: number
  /** What kept the compositor from drawing or asking for a main frame between DOMContentLoaded and the first paint. */
  readonly waits: ReadonlyArray<string>
}

/** Reads a trace of one navigation (Lighthouse's or this script's) into its first-frame timeline. */
export const firstFrameOf = (events: ReadonlyArray<TraceEvent>): FirstFrame | undefined => {
  const dataOf = (event: TraceEvent) => event.args?.data as Record<string, unknown> | undefined
  const navigation = events.find((event) => event.name === "navigationStart" && dataOf(event)?.["isLoadingMainFrame"] === true &&
    String(dataOf(event)?.["documentLoaderURL"] ?? "").startsWith("http"))
  if (navigation === undefined) return undefined
  const names = new Map(events.filter((event) => event.name === "thread_name").map((event) => [`${event.pid}:${event.tid}`, String(event.args?.name)]))
  const ms = (event: TraceEvent | undefined) => event === undefined ? -1 : Math.round((event.ts - navigation.ts) / 1000)
  const inRenderer = (name: string, thread?: string) => events.filter((event) => event.name === name && event.pid === navigation.pid &&
    event.ts >= navigation.ts && (thread === undefined || names.get(`${event.pid}:${event.tid}`) === thread))
  const frameId = (event: TraceEvent) => (event.args as { frame?: string } | undefined)?.frame
  const ofPage = (name: string) => inRenderer(name).find((event) => (frameId(event) ?? dataOf(event)?.["frame"]) === frameId(navigation))
  const activation = inRenderer("ActivateLayerTree", "Compositor")[0]
  const domContentLoaded = ms(ofPage("MarkDOMContent"))
  const firstPaint = ms(ofPage("firstPaint"))
  const waits = new Map<string, number>()
  let previous: { readonly at: number; readonly reasons: ReadonlyArray<string> } | undefined
  for (const event of inRenderer("SchedulerStateMachine")) {
    const at = ms(event)
    const state = (event.args as { cc_scheduler_state?: SchedulerState } | undefined)?.cc_scheduler_state
    if (state === undefined) continue
    if (previous !== undefined && previous.at >= domContentLoaded && at <= firstPaint) {
      for (const reason of previous.reasons) waits.set(reason, (waits.get(reason) ?? 0) + at - previous.at)
    }
    previous = { at, reasons: reasonsOf(state) }
  }
  return {
    domContentLoaded,
    load: ms(ofPage("MarkLoad")),
    firstMainFrame: ms(inRenderer("BeginMainThreadFrame", "CrRendererMain")[0]),
    firstActivation: ms(activation),
    firstDrawAfterActivation: ms(inRenderer("DrawFrame", "Compositor").find((event) => activation !== undefined && event.ts >= activation.ts)),
    firstPaint,
    waits: [...waits].sort((a, b) => b[1] - a[1]).map(([reason, time]) => `${reason} ${time}`)
  }
}

/** The part of cc's `SchedulerStateMachine` trace state read here. */
interface SchedulerState {
  readonly observing_begin_frame_source?: boolean
  readonly state_machine?: {
    readonly major_state?: Record<string, string>
    readonly minor_state?: Record<string, unknown>
  }
}

/** The flags of the scheduler's state that hold a frame back, as short names. */
const reasonsOf = (state: SchedulerState): ReadonlyArray<string> => {
  const minor = state.state_machine?.minor_state ?? {}
  const major = state.state_machine?.major_state ?? {}
  const reasons: Array<string> = []
  if (minor["defer_begin_main_frame"] === true) reasons.push("defer_begin_main_frame")
  if (minor["visible"] === false) reasons.push("hidden")
  if (minor["can_draw"] === false) reasons.push("cannot_draw")
  if (minor["has_pending_tree"] === true) reasons.push("pending_tree")
  if (minor["has_pending_tree"] === true && minor["pending_tree_is_ready_for_activation"] === false) reasons.push("pending_tree_not_ready")
  if (minor["active_tree_needs_first_draw"] === true) reasons.push("active_tree_needs_first_draw")
  if (minor["active_tree_is_ready_to_draw"] === false) reasons.push("active_tree_not_ready_to_draw")
  if (Number(minor["pending_submit_frames"] ?? 0) > 0) reasons.push("awaiting_frame_ack")
  if (minor["needs_redraw"] === true) reasons.push("needs_redraw")
  if (minor["needs_begin_main_frame"] === true) reasons.push("needs_begin_main_frame")
  if (major["begin_main_frame_state"] !== undefined && major["begin_main_frame_state"] !== "BEGIN_MAIN_FRAME_IDLE") reasons.push(String(major["begin_main_frame_state"]).toLowerCase())
  if (state.observing_begin_frame_source === false) reasons.push("not_observing_begin_frames")
  if (reasons.length === 0) reasons.push("idle")
  return reasons
}

if (import.meta.main) {
  const url = process.argv[2] ?? ""
  if (url === "") throw new Error("usage: node test/bench/firstFrame.ts <page url> [runs]")
  const runs = Math.max(1, Number(process.argv[3] ?? "10") || 10)
  const screenshots = process.env["FIRST_FRAME_SCREENSHOTS"] !== "0"
  const keep = process.env["FIRST_FRAME_TRACES"]
  if (keep !== undefined) mkdirSync(keep, { recursive: true })
  const extra = (process.env["FIRST_FRAME_CATEGORIES"] ?? "").split(",").filter((category) => category !== "")
  const categories = [...lighthouseCategories(screenshots), "disabled-by-default-cc.debug.scheduler", ...extra]
  console.log(`${runs} loads of ${url}, a fresh Chromium each, screenshots ${screenshots ? "on" : "off"}; ms after the navigation`)
  console.log("| run | DCL | load | first main frame | first activation | first draw after it | first paint | stall | waits between DCL and first paint (ms) |")
  console.log("|--:|--:|--:|--:|--:|--:|--:|---|---|")
  let stalls = 0
  for (let run = 1; run <= runs; run++) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      await page.goto("about:blank")
      await browser.startTracing(page, { categories: [...categories] })
      await page.goto(url, { waitUntil: "load" })
      await page.waitForTimeout(3000)
      const buffer = await browser.stopTracing()
      if (keep !== undefined) writeFileSync(join(keep, `run-${run}.trace.json`), buffer)
      const trace = JSON.parse(buffer.toString("utf8")) as { traceEvents: Array<TraceEvent> }
      const frame = firstFrameOf(trace.traceEvents)
      if (frame === undefined) {
        console.log(`| ${run} | no navigation in the trace |`)
        continue
      }
      const stall = frame.firstPaint - frame.domContentLoaded > 500
      if (stall) stalls++
      console.log(`| ${run} | ${frame.domContentLoaded} | ${frame.load} | ${frame.firstMainFrame} | ${frame.firstActivation} | ${frame.firstDrawAfterActivation} | ${frame.firstPaint} | ${stall ? "STALL" : ""} | ${frame.waits.slice(0, 4).join(", ")} |`)
    } finally {
      await browser.close()
    }
  }
  console.log(`${stalls} of ${runs} runs painted more than 500 ms after DOMContentLoaded`)
}
