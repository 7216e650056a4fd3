/**
 * What the Lighthouse benches read from their runs the same way: the median of some figures, and the blocking sums of a
 * run's trace.
 *
 * @module
 */
import type { TraceEvent } from "./traceEvent.ts"

/** The median of `values` (the mean of the middle two for an even count). */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The sums over the main renderer thread's tasks after the first contentful paint of max(0, 4 x duration - 50 ms),
 * by wall time (`dur`) and by the thread's own CPU time (`tdur`), in ms.
 */
export const blockingOfTrace = (events: ReadonlyArray<TraceEvent>): { readonly wall: number; readonly cpu: number } => {
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`
  const renderers = new Set(events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain").map(thread))
  const busy = new Map<string, number>()
  for (const event of events) {
    if (event.name === "RunTask" && renderers.has(thread(event))) busy.set(thread(event), (busy.get(thread(event)) ?? 0) + (event.dur ?? 0))
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0]
  const fcp = events.find((event) => event.name === "firstContentfulPaint" && `${event.pid}` === main?.split(":")[0])?.ts ?? 0
  let wall = 0
  let cpu = 0
  for (const task of events) {
    if (task.name !== "RunTask" || task.ph !== "X" || thread(task) !== main || task.ts < fcp) continue
    wall += Math.max(0, (4 * (task.dur ?? 0)) / 1000 - 50)
    cpu += Math.max(0, (4 * (task.tdur ?? task.dur ?? 0)) / 1000 - 50)
  }
  return { wall, cpu }
}
