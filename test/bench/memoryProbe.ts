/**
 * Preloaded into the benchmarked server (`node --expose-gc --import ./test/bench/memoryProbe.ts`): on SIGUSR2 it runs
 * the garbage collection V8 runs under memory pressure (a last-resort major GC, which also gives the heap pages V8
 * keeps pooled back to the system) in the main thread and in every worker thread the preload also runs in (the
 * server's PGlite worker), then writes the process's memory figures as JSON to the file named by
 * `BENCH_MEMORY_PROBE`. The bench reads RSS before and after it: the first is what the process holds, the second what
 * it still needs (what a leak would grow). Nothing of it runs in a server started without this preload.
 *
 * @module
 */
import { renameSync, writeFileSync } from "node:fs"
import { BroadcastChannel, isMainThread } from "node:worker_threads"

/** What the probe writes after each collection. */
export interface MemoryFigures {
  /** RSS, heap and buffer figures (bytes) after the collection, as `process.memoryUsage()` gives them. */
  readonly usage: NodeJS.MemoryUsage
  /** How many collections the probe has run (tells a fresh answer from the previous one). */
  readonly sequence: number
  /** How many worker threads collected too. */
  readonly workers: number
}

const target = process.env["BENCH_MEMORY_PROBE"]
/** How long the main thread waits for the workers' answers; a worker busy with a statement answers after it. */
const workerAnswerMs = 2_000
const collect = () =>
  (globalThis as { gc?: (options: object) => void }).gc?.({ type: "major", execution: "sync", flavor: "last-resort" })

if (target !== undefined) {
  const channel = new BroadcastChannel("storefront-bench-memory-probe")
  channel.unref()
  if (isMainThread) {
    let sequence = 0
    process.on("SIGUSR2", () => {
      let workers = 0
      const countAnswer = (event: Event) => {
        if ((event as Event & { readonly data: unknown }).data === "collected") workers++
      }
      channel.addEventListener("message", countAnswer)
      channel.postMessage("collect")
      setTimeout(() => {
        channel.removeEventListener("message", countAnswer)
        collect()
        const figures: MemoryFigures = { usage: process.memoryUsage(), sequence: ++sequence, workers }
        writeFileSync(`${target}.partial`, JSON.stringify(figures))
        renameSync(`${target}.partial`, target)
      }, workerAnswerMs)
    })
  } else {
    channel.addEventListener("message", (event: Event) => {
      if ((event as Event & { readonly data: unknown }).data !== "collect") return
      collect()
      channel.postMessage("collected")
    })
  }
}
