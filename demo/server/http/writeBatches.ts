/**
 * Group commit of the write fast path's one-statement cart changes (demo/server/http/fastWrites.ts): a change that
 * finds fewer than {@link WriteBatchOptions.inFlight} statements running goes at once, alone, in its own statement
 * (`lineCountStatement`, no added delay); the changes that become ready while those run queue up and go together, up
 * to {@link WriteBatchOptions.maxBatch} at a time, as ONE set-based statement (`lineCountBatchStatement`): one round
 * trip, one commit and WAL flush for them all. Each change learns its own outcome from the statement's row: applied at
 * the version it decided, or nothing changed (its cart, stock, session or key moved on). A batch statement that fails
 * as a whole applied nothing: its changes run again one by one, in turn, each in its own statement as alone, so one
 * bad change never fails the others. A batch never holds two changes of one cart (the statement requires it): the
 * fast path keeps one cart's writes in turn anyway, and a second change of a cart queued waits for a later statement.
 *
 * @module
 */
import { Exit } from "effect"
import {
  batchable,
  batchVersions,
  type LineCountChange,
  lineCountBatchStatement,
  lineCountChangeStatement,
  type StatementText
} from "../domain/cart/mutation.ts"
import type { Backend } from "../db/Database.ts"
import type { StatementClient } from "./fastWrites.ts"
import { mark, type WriteMoments } from "./writeTimings.ts"

/** What a change in a batch comes to: the version it reached when applied, undefined when it changed nothing. */
export type ChangeOutcome = Exit.Exit<number | undefined, unknown>

/** How batches are made. */
export interface WriteBatchOptions {
  /** How many statements (single or batched) run at once; the others' changes queue up. */
  readonly inFlight: number
  /** The most changes one batch statement carries. */
  readonly maxBatch: number
}

/**
 * The {@link WriteBatchOptions} of each backend the server runs on (`Database.backend`), chosen where the write fast
 * path is attached (`CurrentSessionLive`):
 *
 * - PostgreSQL: four statements at once, so commits (and their WAL flushes) overlap on the pool's connections; on the
 *   cart-writes bench (50 connections) 4 gave the most writes per second of 1, 2, 3, 4, 8 and 10: fewer make bigger
 *   batches and less database CPU per write but wait on each commit.
 * - PGlite: two statements at once. Its worker thread runs one statement at a time, so more in flight only wait there,
 *   while the writes each took alone cost the worker about three times a batched write; but with one, the worker idles
 *   between a statement's answer and the next batch (the answer's trip to the main thread, the next statement's trip
 *   back), so a second statement waiting in the worker keeps it busy. On the whole bench (PGlite, quiet machine, runs
 *   interleaved 1 2 4 4 2 1) 2 made 2,120 and 2,203 writes/s (p99 104 and 87 ms) against 1,728 and 1,443 with 1 (p99
 *   165 and 251) and 1,699 and 1,474 with 4 (p99 117 and 165); a loaded machine's writes-only runs had put 1 first.
 *
 * Batches carry at most 64 changes on both.
 */
export const writeBatchOptions: Readonly<Record<Backend, WriteBatchOptions>> = {
  pg: { inFlight: 4, maxBatch: 64 },
  pglite: { inFlight: 2, maxBatch: 64 }
}

interface Queued {
  readonly change: LineCountChange
  readonly done: (outcome: ChangeOutcome) => void
  readonly moments?: WriteMoments | undefined
}

const versionOf = (rows: ReadonlyArray<Record<string, unknown>>): number | undefined => {
  const version = rows[0]?.["version"]
  return version === undefined || version === null ? undefined : Number(version)
}

/** The group commit of one process's fast cart writes; see the module documentation. */
export class WriteBatches {
  private running = 0
  private mostRunning = 0
  private readonly queue: Array<Queued> = []
  private readonly sizes = new Map<number, number>()
  private retried = 0

  private readonly client: StatementClient
  private readonly options: WriteBatchOptions

  /** Batches the changes made on `client` as `options` says. */
  constructor(client: StatementClient, options: WriteBatchOptions) {
    this.client = client
    this.options = options
  }

  /** How many statements carried how many changes so far (size -> statements; diagnostics, tests). */
  get batchSizes(): ReadonlyMap<number, number> {
    return this.sizes
  }

  /** The most statements that ran at once so far (diagnostics, tests). */
  get mostInFlight(): number {
    return this.mostRunning
  }

  /** How many changes wait for a statement (diagnostics, tests). */
  get waiting(): number {
    return this.queue.length
  }

  /** How many batch statements failed as a whole and had their changes run one by one (diagnostics, tests). */
  get batchesRetried(): number {
    return this.retried
  }

  /** Makes `change` (alone, or in a batch with the changes ready with it) and answers its outcome. */
  make(change: LineCountChange, moments?: WriteMoments): Promise<ChangeOutcome> {
    return new Promise((done) => {
      this.queue.push({ change, done, moments })
      this.next()
    })
  }

  private next(): void {
    while (this.running < this.options.inFlight && this.queue.length > 0) {
      const first = this.queue[0]!
      // a change a batch cannot carry goes alone
      const batch = batchable(first.change)
        ? this.takeBatchable()
        : this.queue.splice(0, 1)
      this.running++
      this.mostRunning = Math.max(this.mostRunning, this.running)
      this.sizes.set(batch.length, (this.sizes.get(batch.length) ?? 0) + 1)
      for (const queued of batch) {
        mark(queued.moments, "statement")
        if (queued.moments !== undefined) queued.moments.batchSize = batch.length
      }
      void this.run(batch).finally(() => {
        this.running--
        this.next()
      })
    }
  }

  // the batchable changes in the queue's order, at most one per cart (a later change of a cart waits for a later
  // statement: one statement's rows must be of distinct carts)
  private takeBatchable(): Array<Queued> {
    const batch: Array<Queued> = []
    const carts = new Set<number>()
    const left: Array<Queued> = []
    for (const queued of this.queue) {
      const cartId = queued.change.after.cartId
      if (batch.length < this.options.maxBatch && batchable(queued.change) && !carts.has(cartId)) {
        carts.add(cartId)
        batch.push(queued)
      } else {
        left.push(queued)
      }
    }
    this.queue.splice(0, this.queue.length, ...left)
    return batch
  }

  private statement(statement: StatementText): Promise<Exit.Exit<ReadonlyArray<Record<string, unknown>>, unknown>> {
    return this.client.run(statement).catch((error: unknown) => Exit.die(error))
  }

  private async run(batch: ReadonlyArray<Queued>): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!)
    const exit = await this.statement(lineCountBatchStatement(batch.map((queued) => queued.change)))
    for (const queued of batch) mark(queued.moments, "answered")
    if (Exit.isFailure(exit)) {
      // interrupted only (the server stopping): so is every write of it
      if (exit.cause.reasons.length > 0 && exit.cause.reasons.every((reason) => reason._tag === "Interrupt")) {
        for (const queued of batch) queued.done(Exit.failCause(exit.cause))
        return
      }
      this.retried++
      for (const queued of batch) await this.alone(queued)
      return
    }
    const versions = batchVersions(exit.value)
    for (const queued of batch) queued.done(Exit.succeed(versions.get(queued.change.after.cartId)))
  }

  private async alone(queued: Queued): Promise<void> {
    const exit = await this.statement(lineCountChangeStatement(queued.change))
    mark(queued.moments, "answered")
    queued.done(Exit.map(exit, versionOf))
  }
}
