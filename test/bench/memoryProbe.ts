/**
 * Preloaded into the benchmarked server (`node --expose-gc --import ./test/bench/memoryProbe.ts`): on SIGUSR2 it runs
 * the garbage collection V8 runs under memory pressure (a last-resort major GC, which also gives the heap pages V8
 * keeps pooled back to the system) and writes the process's memory figures as JSON to the file named by
 * `BENCH_MEMORY_PROBE`. The bench reads RSS before and after it: the first is what the process holds, the second what
 * it still needs (what a leak would grow). Nothing of it runs in a server started without this preload.
 *
 * @module
 */
import { writeFileSync } from "node:fs"

/** What the probe writes after each collection. */
export interface MemoryFigures {
  /** RSS, heap and buffer figures (bytes) after the collection, as `process.memoryUsage()` gives them. */
  readonly usage: NodeJS.MemoryUsage
  /** How many collections the probe has run (tells a fresh answer from the previous one). */
  readonly sequence: number
}

const target = process.env["BENCH_MEMORY_PROBE"]
let sequence = 0

if (target !== undefined) {
  process.on("SIGUSR2", () => {
    const collect = (globalThis as { gc?: (options: object) => void }).gc
    collect?.({ type: "major", execution: "sync", flavor: "last-resort" })
    const figures: MemoryFigures = { usage: process.memoryUsage(), sequence: ++sequence }
    writeFileSync(target, JSON.stringify(figures))
  })
}
