/**
 * Loads of records by key in few statements when many come at once (a restart, a deploy, a spike: many shoppers'
 * first calls, each needing its session, none cached; the session middleware's loads). A load that finds fewer than `maxInFlight` of
 * its loader's statements running goes at once, alone, in the caller's fiber, as the one-key statement it always was
 * (no timer, no batch of one); a load that finds them all running waits for the next statement, which carries every
 * key that waited meanwhile (up to `maxBatch` of them) and is sent as soon as one running statement returns. A
 * waiting load's statement is therefore always sent after the load began, as its own statement would be: the read
 * cache's rule (a load overlapping an invalidation of its key is not kept) holds for it unchanged.
 *
 * Carts are not loaded so: a cart read is heavy (1.6-3 ms per cart in PGlite's worker), and a batch of the burst's
 * carts made every shopper wait for all of them (docs/BENCH-LOG.md, round burst19).
 *
 * @module
 */
import { performance } from "node:perf_hooks"
import { Deferred, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { writeDiagnosticsOn } from "../diagnostics.ts"
import { type Backend, Database } from "./Database.ts"
import { ReadCache } from "./ReadCache.ts"
import { onWritesWindow } from "./workerTimings.ts"

/** How a {@link LoadBatches} reads: one key alone, or many keys in one statement. */
export interface LoadBatchesOptions<K, V, E> {
  /** What is loaded (named in the diagnostic's lines). */
  readonly name: string
  /** The statement of one key (what a load that goes alone runs): its record, or undefined without one. */
  readonly one: (key: K) => Effect.Effect<V | undefined, E>
  /** The statement of many keys: the records found, by key (a key without one is absent). */
  readonly many: (keys: ReadonlyArray<K>) => Effect.Effect<ReadonlyMap<K, V>, E>
  /** At most this many statements of the loader run at once. */
  readonly maxInFlight: number
  /** At most this many keys go in one statement. */
  readonly maxBatch: number
}

/**
 * How many load statements run at once per kind of record, per database: PGlite runs one statement at a time in its
 * worker, so one goes alone and all that come meanwhile wait for the next; PostgreSQL runs a few side by side.
 */
export const loadBatchOptions: Readonly<Record<Backend, { readonly maxInFlight: number; readonly maxBatch: number }>> = {
  pglite: { maxInFlight: 1, maxBatch: 64 },
  pg: { maxInFlight: 2, maxBatch: 64 }
}

/** The keys waiting for one statement, each with where its record goes. */
interface Waiting<K, V, E> {
  readonly keys: Map<K, Deferred.Deferred<V | undefined, E>>
}

/** Counts of what a {@link LoadBatches} sent (tests, diagnostics). */
export interface LoadBatchCounts {
  /** Statements of one key sent alone. */
  readonly alone: number
  /** Statements of several waiting keys. */
  readonly batches: number
  /** Keys loaded by those batches. */
  readonly batchedKeys: number
  /** Keys waiting for a statement now. */
  readonly waiting: number
}

/** The loader of one kind of record; see the module documentation. */
export class LoadBatches<K, V, E> {
  private readonly options: LoadBatchesOptions<K, V, E>
  private readonly waiting: Array<Waiting<K, V, E>> = []
  private inFlight = 0
  private alone = 0
  private batches = 0
  private batchedKeys = 0

  constructor(options: LoadBatchesOptions<K, V, E>) {
    this.options = options
    if (writeDiagnosticsOn) this.reportPerWritesWindow()
  }

  /** The record under `key`, or undefined without one; see the module documentation. */
  load(key: K): Effect.Effect<V | undefined, E> {
    const loaded = this.loadNow(key)
    if (!writeDiagnosticsOn) return loaded
    return Effect.suspend(() => {
      const start = performance.now()
      return Effect.ensuring(loaded, Effect.sync(() => this.times.push(performance.now() - start)))
    })
  }

  private loadNow(key: K): Effect.Effect<V | undefined, E> {
    return Effect.uninterruptibleMask((restore) => {
      if (this.inFlight < this.options.maxInFlight) {
        this.inFlight++
        this.alone++
        return Effect.ensuring(restore(this.options.one(key)), Effect.sync(() => this.returned()))
      }
      let batch = this.waiting[this.waiting.length - 1]
      if (batch === undefined || batch.keys.size >= this.options.maxBatch) {
        batch = { keys: new Map() }
        this.waiting.push(batch)
      }
      let record = batch.keys.get(key)
      if (record === undefined) {
        record = Deferred.makeUnsafe<V | undefined, E>()
        batch.keys.set(key, record)
      }
      return restore(Deferred.await(record))
    })
  }

  /** The time of each load (from its call to its record) since the writes window opened; the diagnostic only. */
  private readonly times: Array<number> = []

  /**
   * The write diagnostic (STOREFRONT_WRITE_TIMINGS=1): prints to stderr, per writes window, the statements sent alone
   * and in batches, the keys those carried, and the loads' times (p50 / p99 / max).
   */
  private reportPerWritesWindow(): void {
    let opened = this.counts
    onWritesWindow((edge) => {
      if (edge === "open") {
        opened = this.counts
        this.times.length = 0
        return
      }
      const now = this.counts
      const times = this.times.splice(0).sort((a, b) => a - b)
      const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN).toFixed(2)
      process.stderr.write(
        `${this.options.name} loads: ${now.alone - opened.alone} statements alone, ${now.batches - opened.batches} batches of ` +
          `${now.batchedKeys - opened.batchedKeys} keys; ${times.length} loads p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)} ms\n`
      )
    })
  }

  /** What was sent so far. */
  get counts(): LoadBatchCounts {
    return {
      alone: this.alone,
      batches: this.batches,
      batchedKeys: this.batchedKeys,
      waiting: this.waiting.reduce((sum, batch) => sum + batch.keys.size, 0)
    }
  }

  /** A statement returned: the next waiting keys go. */
  private returned(): void {
    this.inFlight--
    const batch = this.waiting.shift()
    if (batch === undefined) return
    this.inFlight++
    this.batches++
    this.batchedKeys += batch.keys.size
    const keys = [...batch.keys.keys()]
    // its own root fiber: never in a waiting caller's fiber, never interrupted with one
    Effect.runFork(this.options.many(keys).pipe(
      Effect.exit,
      Effect.flatMap((exit) =>
        Effect.sync(() => {
          for (const [key, record] of batch.keys) {
            Deferred.doneUnsafe(record, exit._tag === "Success" ? Effect.succeed(exit.value.get(key)) : Effect.failCause(exit.cause))
          }
        })
      ),
      Effect.ensuring(Effect.sync(() => this.returned()))
    ))
  }
}

/** The loaders of each process's read cache, by name (made on their first load, on the client of that load). */
const loadersOf = new WeakMap<object, Map<string, LoadBatches<any, any, SqlError>>>()

/**
 * The record under `key` for the read cache: `one(key)`, except that the loads of one `name` that come while the
 * process's earlier ones run go together in one `many` statement ({@link LoadBatches}, made on the first load of that
 * name with its `one` and `many`). Inside a transaction, or without a read cache, the caller's own `one(key)`.
 */
export const batchedLoad = <K, V>(
  name: string,
  key: K,
  one: (key: K) => Effect.Effect<V | undefined, SqlError, SqlClient.SqlClient>,
  many: (keys: ReadonlyArray<K>) => Effect.Effect<ReadonlyMap<K, V>, SqlError, SqlClient.SqlClient>
): Effect.Effect<V | undefined, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cache = yield* Effect.serviceOption(ReadCache)
    if (cache._tag === "None" || (yield* Effect.serviceOption(sql.transactionService))._tag === "Some") return yield* one(key)
    let loaders = loadersOf.get(cache.value)
    if (loaders === undefined) {
      loaders = new Map()
      loadersOf.set(cache.value, loaders)
    }
    let loader = loaders.get(name) as LoadBatches<K, V, SqlError> | undefined
    if (loader === undefined) {
      const database = yield* Effect.serviceOption(Database)
      loader = new LoadBatches<K, V, SqlError>({
        name,
        one: (key) => Effect.provideService(one(key), SqlClient.SqlClient, sql),
        many: (keys) => Effect.provideService(many(keys), SqlClient.SqlClient, sql),
        ...loadBatchOptions[database._tag === "Some" ? database.value.backend : "pglite"]
      })
      loaders.set(name, loader)
    }
    return yield* loader.load(key)
  })

/** What the loaders of the read cache `cache` sent so far, by name (tests, diagnostics). */
export const loadCountsOf = (cache: object): Readonly<Record<string, LoadBatchCounts>> =>
  Object.fromEntries([...(loadersOf.get(cache) ?? new Map<string, LoadBatches<unknown, unknown, SqlError>>())].map(([name, loader]) => [name, loader.counts]))
