/**
 * `node test/bench/inspectorCost.ts <page url> [runs] [arms]`: what an attached inspector adds to a page's main-thread
 * work. Loads the page `runs` times (default 5) per arm in Debian's Chromium over a bare DevTools connection, tracing
 * each load like `hydrationTrace.ts` (the tasks' thread CPU x4 after the first paint): arm `plain` enables no domain
 * (a shopper's browser), `runtime` enables Runtime (what Playwright does on every page, so `hydrationTrace.ts`
 * measures that), `debugger` enables Runtime and Debugger (what Lighthouse's script gathering does). With Runtime alone
 * V8 collects source positions lazily during module evaluation (the `V8.CollectSourcePositions` events); with the
 * debugger it compiles them eagerly. Figures only; run it against a shop you started (`PORT=4xxx npm start`).
 *
 * @module
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumPath } from "../e2e/harness.ts"
import { cpuTimesSlowdown, mainThreadWork, slowdown, type MainThreadWork, type TraceEvent } from "./traceEvent.ts"

/** One load's figures. */
interface Run extends MainThreadWork {
  readonly sourcePositions: number
}

const url = process.argv[2] ?? ""
if (url === "") throw new Error("usage: node test/bench/inspectorCost.ts <page url> [runs] [arms, comma-separated]")
const runs = Math.max(1, Number(process.argv[3] ?? "5") || 5)
const arms = (process.argv[4] ?? "plain,runtime,debugger").split(",")
const port = Number(process.env["INSPECTOR_COST_PORT"] ?? "9333")

const analyse = (events: ReadonlyArray<TraceEvent>): Run => ({
  ...mainThreadWork(events),
  sourcePositions: events.filter((event) => event.name === "V8.CollectSourcePositions").reduce((sum, event) => sum + cpuTimesSlowdown(event), 0)
})

const dir = mkdtempSync(join(tmpdir(), "sf-inspector-cost-"))
const chrome = spawn(chromiumPath, ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`, `--user-data-dir=${dir}`, "about:blank"], { stdio: "ignore" })
let socket: WebSocket | undefined
try {
  let version: { readonly webSocketDebuggerUrl: string } | undefined
  for (let attempt = 0; version === undefined && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    version = await fetch(`http://127.0.0.1:${port}/json/version`).then((response) => response.json() as Promise<{ webSocketDebuggerUrl: string }>, () => undefined)
  }
  if (version === undefined) throw new Error("Chromium did not open its DevTools port")
  const ws = new WebSocket(version.webSocketDebuggerUrl)
  socket = ws
  await new Promise((resolve) => ws.addEventListener("open", resolve, { once: true }))
  let lastId = 0
  const pending = new Map<number, (result: any) => void>()
  let listener: (message: any) => void = () => undefined
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data))
    const answer = message.id === undefined ? undefined : pending.get(message.id)
    if (answer === undefined) listener(message)
    else {
      pending.delete(message.id)
      answer(message.result ?? message.error)
    }
  })
  const send = (method: string, params: object = {}, sessionId?: string) => new Promise<any>((resolve) => {
    const id = ++lastId
    pending.set(id, resolve)
    ws.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }))
  })
  await fetch(url)
  const results = new Map<string, Array<Run>>(arms.map((arm) => [arm, []]))
  // Arms alternate load by load, so a change of the machine's load falls on every arm alike.
  for (let run = 0; run < runs; run++) {
    for (const arm of arms) {
      const { browserContextId } = await send("Target.createBrowserContext")
      const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId })
      const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true })
      await send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true }, sessionId)
      if (arm !== "plain") await send("Runtime.enable", {}, sessionId)
      if (arm === "debugger") await send("Debugger.enable", {}, sessionId)
      const events: Array<TraceEvent> = []
      const complete = new Promise<void>((resolve) => {
        listener = (message) => {
          if (message.method === "Tracing.dataCollected") events.push(...message.params.value)
          if (message.method === "Tracing.tracingComplete") resolve()
        }
      })
      await send("Tracing.start", {
        traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading", "v8", "disabled-by-default-v8.compile"] },
        transferMode: "ReportEvents"
      })
      await send("Page.navigate", { url }, sessionId)
      await new Promise((resolve) => setTimeout(resolve, 7000))
      await send("Tracing.end")
      await complete
      results.get(arm)!.push(analyse(events))
      await send("Target.disposeBrowserContext", { browserContextId })
    }
  }
  for (const [arm, loads] of results) {
    loads.sort((a, b) => a.blocking - b.blocking)
    const middle = loads[Math.floor(loads.length / 2)]!
    console.log(`${arm}: blocking after the first paint ${loads.map((load) => load.blocking.toFixed(0)).join(", ")} ms (x${slowdown}); main thread ${loads.map((load) => load.busy.toFixed(0)).join(", ")} ms; source positions collected ${loads.map((load) => load.sourcePositions.toFixed(0)).join(", ")} ms`)
    console.log(`  median run's tasks after the first paint above 50 ms (x${slowdown}):`)
    for (const task of middle.tasks) console.log(`    ${task}`)
  }
} finally {
  socket?.close()
  chrome.kill()
  rmSync(dir, { recursive: true, force: true })
}
