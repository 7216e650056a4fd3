/**
 * A Chromium trace event (the Trace Event Format, as `Tracing.start` and Lighthouse's `--save-assets` write it), as
 * far as the bench scripts read it: name, phase, process and thread, timestamp, wall and thread durations (µs), and
 * the few `args` they look at; and {@link mainThreadWork}, the page's main-thread work after the first paint that
 * `hydrationTrace.ts` and `inspectorCost.ts` print.
 *
 * @module
 */

/** A trace event, as far as the bench scripts read it. */
export interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly pid: number
  readonly tid: number
  readonly ts: number
  readonly dur?: number
  readonly tdur?: number
  readonly args?: {
    readonly name?: string
    readonly data?: {
      readonly url?: string
      readonly documentLoaderURL?: string
      readonly functionName?: string
      readonly frame?: string
      readonly isOutermostMainFrame?: boolean
    }
  }
}

/** Lighthouse's mobile CPU slowdown, by which the bench scripts multiply a task's own CPU time. */
export const slowdown = 4

/** A trace event's own CPU time (its thread duration, else its wall duration) in ms, times {@link slowdown}. */
export const cpuTimesSlowdown = (event: TraceEvent): number => ((event.tdur ?? event.dur ?? 0) / 1000) * slowdown

/** The page's main-thread work in one load's trace. */
export interface MainThreadWork {
  /** The first contentful paint, ms after the navigation. */
  readonly fcp: number
  /** The sum over the tasks after the first paint of max(0, CPU x4 - 50) ms: Lantern's blocking time from CPU time. */
  readonly blocking: number
  /** All the main thread's tasks' CPU x4, ms. */
  readonly busy: number
  /** Each task counted in {@link blocking}: its start, its CPU x4 and its top-level events of 6 ms or more (x4). */
  readonly tasks: ReadonlyArray<string>
}

/**
 * The page's main-thread work in a trace: the busiest renderer main thread's tasks, their CPU time x4 (a loaded
 * machine stretches a task's wall time, hardly its CPU time), the blocking after the first contentful paint and what
 * each blocking task consists of.
 */
export const mainThreadWork = (events: ReadonlyArray<TraceEvent>): MainThreadWork => {
  const cpu = cpuTimesSlowdown
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`
  const renderers = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain").map(thread)
  const busyOf = new Map<string, number>()
  for (const event of events) if (event.name === "RunTask") busyOf.set(thread(event), (busyOf.get(thread(event)) ?? 0) + (event.dur ?? 0))
  const main = renderers.sort((a, b) => (busyOf.get(b) ?? 0) - (busyOf.get(a) ?? 0))[0]
  const onMain = events.filter((event) => thread(event) === main && event.ph === "X").sort((a, b) => a.ts - b.ts)
  const start = (events.find((event) => event.name === "navigationStart" && thread(event) === main) ?? onMain[0])?.ts ?? 0
  const fcp = events.find((event) => event.name === "firstContentfulPaint" && String(event.pid) === main?.split(":")[0])?.ts ?? start
  let blocking = 0
  let busy = 0
  const tasks: Array<string> = []
  for (const task of onMain.filter((event) => event.name === "RunTask")) {
    busy += cpu(task)
    if (task.ts < fcp || cpu(task) <= 50) continue
    blocking += cpu(task) - 50
    const end = task.ts + (task.dur ?? 0)
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && cpu(event) >= 6)
    const open: Array<number> = []
    const parts: Array<string> = []
    for (const event of inside) {
      while (open.length > 0 && open[open.length - 1]! <= event.ts) open.pop()
      const data = event.args?.data
      if (open.length <= 1) {
        parts.push(`${"·".repeat(open.length)}${event.name}${data?.url === undefined ? "" : `(${data.url.split("/").pop()})`}${data?.functionName === undefined ? "" : `[${data.functionName}]`} ${cpu(event).toFixed(0)}`)
      }
      open.push(event.ts + (event.dur ?? 0))
    }
    tasks.push(`@${((task.ts - start) / 1000).toFixed(0)} ms: ${cpu(task).toFixed(0)} ms (x${slowdown}) ${parts.slice(0, 8).join(", ")}`)
  }
  return { fcp: (fcp - start) / 1000, blocking, busy, tasks }
}
