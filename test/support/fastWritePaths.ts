/**
 * What server tests of the write fast path do around their calls: send them through the pipeline instead, or move
 * the clock past the read cache's time to live.
 *
 * @module
 */
import { vi } from "vitest"
import { cacheTtlMs } from "../../demo/server/db/ReadCache.ts"
import type { FastWrites } from "../../demo/server/http/fastWrites.ts"

/** Runs `run` with `fastWrites` off: its cart writes all go through the pipeline (counted as left to it). */
export const throughPipeline = async <A>(fastWrites: FastWrites, run: () => Promise<A>): Promise<A> => {
  fastWrites.enabled = false
  try {
    return await run()
  } finally {
    fastWrites.enabled = true
  }
}

/** Moves the (faked) clock past the read cache's time to live: every cached session and cart has expired. */
export const afterTimeToLive = (): void => {
  vi.setSystemTime(Date.now() + cacheTtlMs * 1.5)
}
