/**
 * Where a fast cart write's time goes (a diagnostic, off unless STOREFRONT_WRITE_TIMINGS=1, `writeDiagnosticsOn`): for
 * each write the fast path answered, the time from its request's headers to its body read, the wait for its cart's turn
 * (`FastWrites.inTurn`), the decision, the wait for a statement slot (`WriteBatches`), the statement itself, the
 * answer's send and its flush (the response's `finish`); beside them the event loop's delay (`monitorEventLoopDelay`)
 * and the garbage collections (a `PerformanceObserver` of `gc` entries: kind 1 scavenge, 4 mark-compact, 8 incremental
 * marking). The writes from the first fast write after a report until no fast write has begun for a second (or SIGTERM) make
 * one writes window; at its end it prints to stderr each part's p50 / p99 / max over the window's writes and its mean
 * over the slowest 1 %, how many of those a collection overlapped, the collections of the window only (not those of
 * reads before it), the heap spaces' sizes at its start and end, and how many cart writes the fast path left to the
 * pipeline in it (`FastWrites.handOvers`, once {@link countHandOvers} names them); the PGlite worker prints its own
 * window (`db/workerTimings.ts`). With
 * STOREFRONT_WRITE_HEAP_PROFILE=<file> it also samples the heap from the first write on, keeping what survived a
 * young-generation collection, and writes the profile there on SIGTERM (what the scavenges copy and promote).
 * `npm run bench` passes both to the server it starts, e.g.
 * `STOREFRONT_WRITE_TIMINGS=1 BENCH_ONLY=writes BENCH_SECONDS=5 npm run bench`.
 *
 * @module
 */
import { Session } from "node:inspector"
import { writeFileSync } from "node:fs"
import { getHeapSpaceStatistics } from "node:v8"
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks"
import { writesWindow } from "../db/workerTimings.ts"
import { writeDiagnosticsOn } from "../diagnostics.ts"

/** The moments of one write (ms, `performance.now()`); a part not reached stays undefined. */
export interface WriteMoments {
  headers: number
  body?: number
  turn?: number
  queued?: number
  statement?: number
  answered?: number
  sent?: number
  finished?: number
  batchSize?: number
}

const parts = [
  ["body", "headers", "body"],
  ["turn", "body", "turn"],
  ["decide", "turn", "queued"],
  ["slot", "queued", "statement"],
  ["statement", "statement", "answered"],
  ["toSend", "answered", "sent"],
  ["flush", "sent", "finished"],
  ["total", "headers", "finished"]
] as const

const done: Array<WriteMoments> = []
const gcs: Array<{ start: number; duration: number; kind: number }> = []
// fast writes begun so far, and at the last check: a window closes after a second in which none began
let begun = 0
let lastCount = 0
// the event loop's delay, monitored from the first write on (loading this module costs nothing)
let loop: ReturnType<typeof monitorEventLoopDelay> | undefined

/** The writes window in progress: when it opened, its heap spaces then, the hand-overs counted then. */
let current: { readonly start: number; readonly cpu: NodeJS.CpuUsage; readonly heap: string; readonly handOvers: HandOvers | undefined } | undefined
type HandOvers = { readonly beforeBody: number; readonly afterBody: number }
let handOvers: (() => HandOvers) | undefined

/** Names the counters of writes the fast path left to the pipeline (`FastWrites.handOvers`), printed per window. */
export const countHandOvers = (counters: () => HandOvers): void => {
  handOvers = counters
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

/** Old space used / new space size (used) / large objects used, MiB. */
const heapSpaces = (): string => {
  const spaces = new Map(getHeapSpaceStatistics().map((space) => [space.space_name, space]))
  const old = spaces.get("old_space")
  const young = spaces.get("new_space")
  const large = spaces.get("large_object_space")
  return `old ${mib(old?.space_used_size ?? 0)} used of ${mib(old?.space_size ?? 0)}, new ${mib(young?.space_size ?? 0)} (used ${mib(young?.space_used_size ?? 0)}), large ${mib(large?.space_used_size ?? 0)} MiB`
}

const openWindow = () => {
  gcs.length = 0
  loop?.reset()
  current = { start: performance.now(), cpu: process.threadCpuUsage(), heap: heapSpaces(), handOvers: handOvers?.() }
  writesWindow("open")
}

const quantile = (sorted: ReadonlyArray<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

const report = () => {
  const opened = current
  if (opened === undefined) return
  current = undefined
  writesWindow("close")
  const all = done.splice(0)
  const collections = gcs.splice(0)
  if (all.length === 0) return
  const total = (m: WriteMoments) => (m.finished ?? m.sent ?? m.headers) - m.headers
  const slowest = [...all].sort((a, b) => total(b) - total(a)).slice(0, Math.max(1, Math.floor(all.length / 100)))
  const seconds = (performance.now() - opened.start) / 1000
  const cpu = process.threadCpuUsage(opened.cpu)
  const lines = [`write timings: ${all.length} writes in a window of ${seconds.toFixed(1)} s; main thread CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`]
  lines.push(`  heap at the start: ${opened.heap}`)
  lines.push(`  heap at the end:   ${heapSpaces()}`)
  const now = handOvers?.()
  if (now !== undefined && opened.handOvers !== undefined) {
    lines.push(`  left to the pipeline: ${now.beforeBody - opened.handOvers.beforeBody} before their body, ${now.afterBody - opened.handOvers.afterBody} after it`)
  }
  for (const [name, from, to] of parts) {
    const values = all.flatMap((m) => (m[from] !== undefined && m[to] !== undefined ? [m[to]! - m[from]!] : [])).sort((a, b) => a - b)
    const slow = slowest.flatMap((m) => (m[from] !== undefined && m[to] !== undefined ? [m[to]! - m[from]!] : []))
    const mean = slow.reduce((a, b) => a + b, 0) / Math.max(1, slow.length)
    lines.push(`  ${name.padEnd(9)} p50 ${quantile(values, 0.5).toFixed(2)} p99 ${quantile(values, 0.99).toFixed(2)} max ${quantile(values, 1).toFixed(2)}; slowest 1 % mean ${mean.toFixed(2)} ms`)
  }
  const sizes = all.flatMap((m) => (m.batchSize === undefined ? [] : [m.batchSize])).sort((a, b) => a - b)
  const slowSizes = slowest.flatMap((m) => (m.batchSize === undefined ? [] : [m.batchSize]))
  lines.push(`  batch size p50 ${quantile(sizes, 0.5)} p99 ${quantile(sizes, 0.99)}; slowest 1 % mean ${(slowSizes.reduce((a, b) => a + b, 0) / Math.max(1, slowSizes.length)).toFixed(1)}`)
  if (loop !== undefined) {
    lines.push(`  event loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(2)} p99 ${(loop.percentile(99) / 1e6).toFixed(2)} max ${(loop.max / 1e6).toFixed(2)} ms`)
    loop.reset()
  }
  const kinds = new Map<number, Array<number>>()
  for (const gc of collections) kinds.set(gc.kind, [...(kinds.get(gc.kind) ?? []), gc.duration])
  for (const [kind, durations] of kinds) {
    const sum = durations.reduce((a, b) => a + b, 0)
    lines.push(`  gc kind ${kind}: ${durations.length}, total ${sum.toFixed(1)} ms, max ${Math.max(...durations).toFixed(2)} ms`)
  }
  // the slowest writes that a collection overlapped
  const overlapped = slowest.filter((m) => collections.some((gc) => gc.start < (m.finished ?? m.headers) && gc.start + gc.duration > m.headers)).length
  lines.push(`  slowest 1 % overlapped by a collection: ${overlapped} of ${slowest.length}`)
  process.stderr.write(lines.join("\n") + "\n")
}

const startOnce = () => {
  if (loop !== undefined) return
  loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  new PerformanceObserver((list) => {
    if (current === undefined) return
    for (const entry of list.getEntries()) gcs.push({ start: entry.startTime, duration: entry.duration, kind: ((entry as unknown as { detail: { kind: number } }).detail).kind })
  }).observe({ entryTypes: ["gc"] })
  const heapFile = process.env["STOREFRONT_WRITE_HEAP_PROFILE"]
  if (heapFile !== undefined) {
    const session = new Session()
    session.connect()
    session.post("HeapProfiler.enable")
    session.post("HeapProfiler.startSampling", { samplingInterval: 32768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false } as never)
    process.on("SIGTERM", () => {
      session.post("HeapProfiler.stopSampling", (error, result) => {
        if (error === null) writeFileSync(heapFile, JSON.stringify((result as { profile: unknown }).profile))
      })
    })
  }
  process.on("SIGTERM", report)
  setInterval(() => {
    if (current !== undefined && begun === lastCount) report()
    lastCount = begun
  }, 1000).unref()
}

/** A new write's moments, from its request's headers (undefined when the diagnostic is off). */
export const writeMoments = (): WriteMoments | undefined => {
  if (!writeDiagnosticsOn) return undefined
  startOnce()
  if (current === undefined) openWindow()
  begun++
  return { headers: performance.now() }
}

/** Marks `part` of `moments` now. */
export const mark = (moments: WriteMoments | undefined, part: Exclude<keyof WriteMoments, "headers" | "batchSize">): void => {
  if (moments === undefined) return
  moments[part] = performance.now()
  if (part === "finished") done.push(moments)
}
