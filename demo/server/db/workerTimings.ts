/**
 * The PGlite worker thread's side of the write-timings diagnostic (`http/writeTimings.ts`, off unless
 * STOREFRONT_WRITE_TIMINGS=1: `writeDiagnosticsOn`, which the engine and the worker read). The server's thread announces each writes window ({@link writesWindow}); the engine
 * passes the announcement to its worker (`pgliteEngine.ts`), which then prints to stderr, per window, its statements'
 * way through it (p50 / p99 / max): from the server's thread's send to the worker's receipt, the wait to its start,
 * its run time, its reply's wait for the others of its message; the engine prints the replies' way back (from the
 * worker's send to the server's thread's receipt, {@link ReplyTransit}). Beside them the worker's own CPU time, its
 * garbage collections, its event loop's delay (a statement runs synchronously, so a long one shows there too), its heap
 * spaces and its WebAssembly memory at the window's start and end ({@link WorkerTimings}).
 *
 * @module
 */
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks"
import { getHeapSpaceStatistics } from "node:v8"

/** A writes window's start or end. */
export type WindowEdge = "open" | "close"

const windowListeners = new Set<(edge: WindowEdge) => void>()

/** Calls `listener` at each writes window's start and end (the engine forwards them to its worker); answers the removal. */
export const onWritesWindow = (listener: (edge: WindowEdge) => void): (() => void) => {
  windowListeners.add(listener)
  return () => windowListeners.delete(listener)
}

/** Announces a writes window's start or end (the server's thread, `http/writeTimings.ts`). */
export const writesWindow = (edge: WindowEdge): void => {
  for (const listener of windowListeners) listener(edge)
}

const quantile = (sorted: ReadonlyArray<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

const spread = (values: Array<number>) => {
  values.sort((a, b) => a - b)
  return `p50 ${quantile(values, 0.5).toFixed(2)} p99 ${quantile(values, 0.99).toFixed(2)} max ${quantile(values, 1).toFixed(2)} ms`
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

/** What the worker records for the diagnostic, per writes window. */
export class WorkerTimings {
  private open: { readonly start: number; readonly cpu: NodeJS.CpuUsage; readonly heap: string } | undefined
  private readonly waits: Array<number> = []
  private readonly runs: Array<number> = []
  private readonly transits: Array<number> = []
  private readonly holds: Array<number> = []
  private readonly gcs: Array<{ readonly duration: number; readonly kind: number }> = []
  private readonly loop = monitorEventLoopDelay({ resolution: 5 })
  private readonly wasmBytes: () => number

  /** `wasmBytes` reads the size of the database's WebAssembly memory. */
  constructor(wasmBytes: () => number) {
    this.wasmBytes = wasmBytes
    this.loop.enable()
    new PerformanceObserver((list) => {
      if (this.open === undefined) return
      for (const entry of list.getEntries()) this.gcs.push({ duration: entry.duration, kind: (entry as unknown as { detail: { kind: number } }).detail.kind })
    }).observe({ entryTypes: ["gc"] })
  }

  /**
   * Records one statement: when its request arrived, started and ended (`performance.now()`), and when the server's
   * thread sent it (ms since the epoch).
   */
  ran(arrived: number, started: number, ended: number, sent: number | undefined): void {
    if (this.open === undefined) return
    this.waits.push(started - arrived)
    this.runs.push(ended - started)
    if (sent !== undefined) this.transits.push(performance.timeOrigin + arrived - sent)
  }

  /** Records how long a statement's reply waited in the outbox for the others of its message. */
  held(ms: number): void {
    if (this.open !== undefined) this.holds.push(ms)
  }

  /** Opens or closes a writes window; closing prints the window's figures. */
  window(edge: WindowEdge): void {
    if (edge === "open") {
      this.waits.length = 0
      this.runs.length = 0
      this.transits.length = 0
      this.holds.length = 0
      this.gcs.length = 0
      this.loop.reset()
      this.open = { start: performance.now(), cpu: process.threadCpuUsage(), heap: this.heap() }
      return
    }
    const opened = this.open
    if (opened === undefined) return
    this.open = undefined
    const cpu = process.threadCpuUsage(opened.cpu)
    const lines = [
      `pglite worker: ${this.runs.length} statements in a window of ${((performance.now() - opened.start) / 1000).toFixed(1)} s; thread CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
      `  to worker ${spread(this.transits)} (from the server's thread's send to the worker's receipt)`,
      `  wait      ${spread(this.waits)}`,
      `  statement ${spread(this.runs)}`,
      `  held      ${spread(this.holds)} (the reply waiting for the others of its message)`,
      `  event loop delay p99 ${(this.loop.percentile(99) / 1e6).toFixed(2)} max ${(this.loop.max / 1e6).toFixed(2)} ms`,
      `  heap at the start: ${opened.heap}`,
      `  heap at the end:   ${this.heap()}`
    ]
    const kinds = new Map<number, Array<number>>()
    for (const gc of this.gcs) kinds.set(gc.kind, [...(kinds.get(gc.kind) ?? []), gc.duration])
    for (const [kind, durations] of kinds) {
      lines.push(`  gc kind ${kind}: ${durations.length}, total ${durations.reduce((a, b) => a + b, 0).toFixed(1)} ms, max ${Math.max(...durations).toFixed(2)} ms`)
    }
    process.stderr.write(lines.join("\n") + "\n")
  }

  private heap(): string {
    const spaces = new Map(getHeapSpaceStatistics().map((space) => [space.space_name, space]))
    return `old ${mib(spaces.get("old_space")?.space_used_size ?? 0)}, new ${mib(spaces.get("new_space")?.space_size ?? 0)}, large ${
      mib(spaces.get("large_object_space")?.space_used_size ?? 0)
    } MiB; WebAssembly memory ${mib(this.wasmBytes())} MiB`
  }
}

/** The replies' way back to the server's thread (the engine's side of the diagnostic), printed per writes window. */
export class ReplyTransit {
  private readonly back: Array<number> = []
  private open = false

  /** Records a reply the worker sent at `posted` (ms since the epoch), received now. */
  received(posted: number): void {
    if (this.open) this.back.push(performance.timeOrigin + performance.now() - posted)
  }

  /** Opens or closes a writes window; closing prints its figures. */
  window(edge: WindowEdge): void {
    this.open = edge === "open"
    if (this.open) this.back.length = 0
    else process.stderr.write(`pglite replies: to the server's thread ${spread(this.back)} (from the worker's send to the receipt)\n`)
  }
}
