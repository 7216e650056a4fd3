/**
 * What server tests of the write fast path do around their calls: send them through the pipeline instead, move
 * the clock past the read cache's time to live, or hold a lock while they come.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { expect, vi } from "vitest"
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

/** What runs effects against a test backend's database (`useRealPortBackend`'s `runtime`). */
export interface DatabaseRuntime {
  readonly runPromise: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
}

/**
 * Runs `run` while another transaction of `runtime` holds what `lock` locks (a cart's row, a table): the calls that
 * need it meanwhile all wait (on the embedded database, one connection, every statement waits). The hold ends once
 * `held` answers true; answers what `run` answered.
 */
export const whileLocked = async <A>(
  runtime: DatabaseRuntime,
  lock: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>,
  held: () => boolean,
  run: () => Promise<A>
): Promise<A> => {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked: () => void = () => {}
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve
  })
  const holder = runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* lock(sql)
      locked()
      yield* Effect.promise(() => gate)
    }))))
  await lockTaken
  try {
    const done = run()
    await expect.poll(held).toBe(true)
    release()
    await holder
    return await done
  } finally {
    release()
  }
}
