/**
 * A small `SqlClient` driver over PGlite (PostgreSQL compiled to WASM, running in-process).
 *
 * `@effect/sql-pglite` does not work with effect 4.1, so this module implements the `effect/sql`
 * connection contract directly over PGlite's `query` API. It reuses the PostgreSQL statement
 * compiler of `@effect/sql-pg`, so a statement compiles to the same SQL text on both backends, and
 * it binds parameters and decodes results the way `@effect/sql-pg` does:
 *
 * - parameters are typed like `@effect/sql-pg` types them: a whole number in the int4 range binds as
 *   `int4`, a larger safe integer or a `bigint` as `int8`, any other number as `float8`, a boolean
 *   as `bool`, a `Date` as `timestamptz`, a `Uint8Array` as `bytea`, a string untyped (the server
 *   infers it from the statement), arrays as arrays of their element type; a plain object is
 *   refused (wrap JSON with `JSON.stringify` or `PgClient.json`), exactly as on a real server;
 * - results decode `int8` to `bigint`, `numeric` to a decimal string, `date` to `YYYY-MM-DD`,
 *   `timestamptz` to `Date` and `json`/`jsonb` to parsed values, as `@effect/sql-pg` does.
 *
 * PGlite is a single connection: every statement and every transaction takes one permit of a
 * semaphore, so statements from concurrent fibers are serialized and a transaction
 * (`sql.withTransaction`) owns the connection until it commits or rolls back.
 *
 * PGlite runs in the caller's thread, or with `worker: true` in a worker thread of its own
 * (`pgliteEngine.ts`): the same statements, results, SQLSTATEs and notifications, with PostgreSQL's
 * work on another core; a worker that dies fails every statement with a `ConnectionError`.
 *
 * @module
 */
import type { Worker } from "node:worker_threads"
import type { PGlite, Results } from "@electric-sql/pglite"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Context, Effect, Layer, Queue, Scope, Semaphore, Stream } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient } from "effect/sql"
import type { SqlConnection } from "effect/sql"
import {
  AuthorizationError,
  ConnectionError,
  ConstraintError,
  DeadlockError,
  LockTimeoutError,
  SerializationError,
  SqlError,
  SqlSyntaxError,
  StatementTimeoutError,
  UniqueViolation,
  UnknownError,
  type SqlErrorReason
} from "effect/sql/SqlError"
import { inProcess, inWorker, type PgliteEngine } from "./pgliteEngine.ts"

/** The data directory that keeps a PGlite database in memory only (nothing is written to disk). */
export const memoryDataDir = "memory://"

/** Options of a PGlite client. */
export interface PgliteClientConfig {
  /**
   * Where the database lives: a file-system directory (created when missing) or
   * {@link memoryDataDir} for a throw-away in-memory database.
   */
  readonly dataDir: string
  /**
   * A dump of a data directory (`pglite.dumpDataDir()`) to start from instead of running initdb;
   * restoring one takes about 0.5 s where a fresh initdb takes several seconds.
   */
  readonly loadDataDir?: Blob | undefined
  /** Extra attributes added to the tracing span of every statement. */
  readonly spanAttributes?: Record<string, unknown> | undefined
  /** Databases kept open for reuse instead of opened and closed (tests: test/support/pglitePool.ts; not with `worker`). */
  readonly reuse?: PgliteReuse | undefined
  /** Runs PGlite in a worker thread of its own (`pgliteWorker.ts`) instead of the caller's thread. */
  readonly worker?: boolean | undefined
}

/**
 * A keeper of open in-memory databases (tests): a client takes one instead of opening one, and gives it back
 * instead of closing it, so the keeper can reset it for the next client.
 */
export interface PgliteReuse {
  /** An open database for a new client, or `undefined` to open one from the config. */
  readonly take: () => Promise<PGlite | undefined>
  /** A database the client opened itself, before its first statement. */
  readonly opened: (db: PGlite) => Promise<void>
  /** Called with the client's database when its scope closes, instead of closing it. */
  readonly release: (db: PGlite) => Promise<void>
}

/**
 * A `SqlClient` backed by PGlite, with the PGlite instance and the LISTEN/NOTIFY helpers it
 * supports. Obtain it with {@link make} or {@link layer}.
 */
export interface PgliteClient extends SqlClient.SqlClient {
  /** The configuration the client was opened with. */
  readonly config: PgliteClientConfig
  /**
   * The underlying PGlite instance when it runs in this thread (`undefined` with `worker`). Statements sent to it
   * directly bypass the connection lock.
   */
  readonly pglite: PGlite | undefined
  /** The worker thread PGlite runs in (`worker: true`), else `undefined`. */
  readonly thread: Worker | undefined
  /** The data directory as a tar dump (`PGlite.dumpDataDir`), taken under the connection lock. */
  readonly dumpDataDir: (compression?: "none" | "gzip" | "auto") => Effect.Effect<Blob, SqlError>
  /**
   * Runs `LISTEN channel` and returns the queue its notification payloads arrive on, once the
   * server has confirmed the LISTEN. Closing the scope runs `UNLISTEN` and ends the queue.
   */
  readonly listen: (channel: string) => Effect.Effect<Queue.Dequeue<string>, SqlError, Scope.Scope>
  /** Sends `payload` on `channel` with `pg_notify` (delivered at commit inside a transaction). */
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError>
  /**
   * Fails with a `ConnectionError` when the database is lost while the client is open (its worker thread died: every
   * statement fails from then on); never completes for a database in this thread.
   */
  readonly lost: Effect.Effect<never, SqlError>
  /**
   * Calls `observer` with the SQL of every statement sent to the database, one round trip each (in this thread or to
   * the worker), until the returned function is called: how tests count a request's round trips in both modes.
   */
  readonly observeStatements: (observer: (sql: string) => void) => () => void
}

/** The service tag of {@link PgliteClient}. */
export const PgliteClient = Context.Service<PgliteClient>("demo/server/db/PgliteClient")

/** Channel names accepted by LISTEN/NOTIFY helpers: lower-case SQL identifiers of at most 63 bytes. */
export const channelNamePattern = /^[a-z_][a-z0-9_]{0,62}$/

/** Fails with a `SqlError` unless `channel` matches {@link channelNamePattern}. */
export const validateChannel = (channel: string, operation: string): Effect.Effect<void, SqlError> =>
  channelNamePattern.test(channel)
    ? Effect.void
    : Effect.fail(
      new SqlError({
        reason: new UnknownError({
          cause: new Error(`Invalid channel name ${JSON.stringify(channel)}`),
          message: `Channel names must match ${String(channelNamePattern)}`,
          operation
        })
      })
    )

// -----------------------------------------------------------------------------------------------
// errors
// -----------------------------------------------------------------------------------------------

interface PgErrorLike {
  readonly code?: unknown
  readonly constraint?: unknown
  readonly message?: unknown
}

const classify = (cause: unknown, operation: string): SqlErrorReason => {
  const error = (typeof cause === "object" && cause !== null ? cause : {}) as PgErrorLike
  const code = typeof error.code === "string" ? error.code : undefined
  const message = typeof error.message === "string" ? error.message : String(cause)
  const props = { cause, message, operation }
  if (code === undefined) {
    return /closed/i.test(message) ? new ConnectionError(props) : new UnknownError(props)
  }
  if (code.startsWith("08")) return new ConnectionError(props)
  if (code === "42501") return new AuthorizationError(props)
  if (code.startsWith("42")) return new SqlSyntaxError(props)
  if (code === "23505") {
    const constraint = typeof error.constraint === "string" && error.constraint.trim() !== ""
      ? error.constraint.trim()
      : "unknown"
    return new UniqueViolation({ ...props, constraint })
  }
  if (code.startsWith("23")) return new ConstraintError(props)
  if (code === "40P01") return new DeadlockError(props)
  if (code === "40001") return new SerializationError(props)
  if (code === "55P03") return new LockTimeoutError(props)
  if (code === "57014") return new StatementTimeoutError(props)
  return new UnknownError(props)
}

/** Wraps a PGlite failure in a `SqlError`, classified by its SQLSTATE like `@effect/sql-pg` does. */
export const toSqlError = (cause: unknown, operation: string): SqlError =>
  new SqlError({ reason: classify(cause, operation) })

// -----------------------------------------------------------------------------------------------
// parameters
// -----------------------------------------------------------------------------------------------

const INT32_MIN = -2147483648
const INT32_MAX = 2147483647
const OID = PgTypes.OID

class ParameterError extends Error {}

interface Bound {
  readonly oid: number
  readonly value: unknown
}

const bindScalar = (value: unknown): Bound => {
  if (PgTypes.isParameter(value)) {
    if (value.value === null || value.value === undefined) return { oid: value.oid, value: null }
    if (value.oid === OID.json || value.oid === OID.jsonb) return { oid: value.oid, value: JSON.stringify(value.value) }
    return { oid: value.oid, value: value.value }
  }
  if (value === null || value === undefined) return { oid: 0, value: null }
  switch (typeof value) {
    case "boolean":
      return { oid: OID.bool, value }
    case "bigint":
      return { oid: OID.int8, value }
    case "number":
      if (Number.isInteger(value)) {
        if (value >= INT32_MIN && value <= INT32_MAX) return { oid: OID.int4, value }
        if (Number.isSafeInteger(value)) return { oid: OID.int8, value: BigInt(value) }
      }
      return { oid: OID.float8, value }
    case "string":
      return { oid: 0, value }
  }
  if (value instanceof Date) return { oid: OID.timestamptz, value }
  if (value instanceof Uint8Array) return { oid: OID.bytea, value }
  throw new ParameterError(`Cannot infer a PostgreSQL type for ${String(value)}`)
}

const bindParameter = (value: unknown): Bound => {
  if (!Array.isArray(value)) return bindScalar(value)
  if (value.length === 0) return { oid: 0, value: "{}" }
  let elementOid: number | undefined
  const values: Array<unknown> = []
  for (const element of value as ReadonlyArray<unknown>) {
    if (Array.isArray(element)) throw new ParameterError("Nested array parameters are not supported")
    const bound = bindScalar(element)
    values.push(bound.value)
    if (bound.value === null) continue
    const oid = bound.oid === 0 ? OID.text : bound.oid
    if (elementOid === undefined) elementOid = oid
    else if (elementOid !== oid) throw new ParameterError("Array parameters must have one element type")
  }
  if (elementOid === undefined) return { oid: 0, value: "{}" }
  const arrayOid = PgTypes.arrayOidFor(elementOid)
  if (arrayOid === undefined) throw new ParameterError(`No array type for element OID ${elementOid}`)
  return { oid: arrayOid, value: values }
}

const bindAll = (params: ReadonlyArray<unknown>): { readonly values: Array<unknown>; readonly oids: Array<number> } => {
  const values: Array<unknown> = []
  const oids: Array<number> = []
  for (const param of params) {
    const bound = bindParameter(param)
    values.push(bound.value)
    oids.push(bound.oid)
  }
  return { values, oids }
}

// -----------------------------------------------------------------------------------------------
// connection
// -----------------------------------------------------------------------------------------------

type RowTransform = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

/** How a connection sends a statement it has bound: runs `start` and waits for the promise it returns. */
type Sender = (start: () => Promise<Results<any>>) => Effect.Effect<Results<any>, SqlError>

const awaitResult = (promise: Promise<Results<any>>): Effect.Effect<Results<any>, SqlError> =>
  Effect.tryPromise({ try: () => promise, catch: (cause) => toSqlError(cause, "execute") })

/** Sends and waits: the caller holds the connection lock for the whole statement. */
const sendHeld: Sender = (start) => Effect.suspend(() => awaitResult(start()))

/**
 * Sends under the connection lock and waits for the result without it: for an engine that runs its calls one at a
 * time in the order sent (PGlite's worker), so the next statement is queued while this one runs.
 */
const sendQueued = (semaphore: Semaphore.Semaphore): Sender => (start) =>
  Effect.flatMap(
    semaphore.withPermit(Effect.sync(() => {
      const promise = start()
      // the result may be awaited after an interruption left nobody waiting
      promise.catch(() => undefined)
      return promise
    })),
    awaitResult
  )

/** The connection: parameters bound here, the statement run by the engine (in this thread or PGlite's worker). */
class PgliteConnection implements SqlConnection.Connection {
  readonly engine: PgliteEngine
  private readonly send: Sender
  private readonly observers: ReadonlySet<(sql: string) => void>

  constructor(engine: PgliteEngine, send: Sender, observers: ReadonlySet<(sql: string) => void>) {
    this.engine = engine
    this.send = send
    this.observers = observers
  }

  run(sql: string, params: ReadonlyArray<unknown>, rowMode: "object" | "array"): Effect.Effect<Results<any>, SqlError> {
    return Effect.suspend(() => {
      let bound: ReturnType<typeof bindAll>
      try {
        bound = bindAll(params)
      } catch (cause) {
        return Effect.fail(toSqlError(cause, "bind"))
      }
      if (this.observers.size > 0) for (const observer of this.observers) observer(sql)
      return this.send(() => this.engine.run(sql, bound.values, bound.oids, rowMode))
    })
  }

  execute(sql: string, params: ReadonlyArray<unknown>, transformRows: RowTransform) {
    return Effect.map(this.run(sql, params, "object"), (result) =>
      transformRows ? transformRows(result.rows) : result.rows)
  }

  executeRaw(sql: string, params: ReadonlyArray<unknown>) {
    return this.run(sql, params, "object")
  }

  executeWithoutTransform(sql: string, params: ReadonlyArray<unknown>) {
    return Effect.map(this.run(sql, params, "object"), (result) => result.rows)
  }

  executeValues(sql: string, params: ReadonlyArray<unknown>) {
    return Effect.map(this.run(sql, params, "array"), (result) => result.rows as ReadonlyArray<ReadonlyArray<unknown>>)
  }

  executeValuesUnprepared(sql: string, params: ReadonlyArray<unknown>) {
    return this.executeValues(sql, params)
  }

  executeUnprepared(sql: string, params: ReadonlyArray<unknown>, transformRows: RowTransform) {
    return this.execute(sql, params, transformRows)
  }

  executeStream(sql: string, params: ReadonlyArray<unknown>, transformRows: RowTransform) {
    // PGlite has no server-side cursors over its query API: the rows are read at once and streamed.
    return Stream.unwrap(Effect.map(this.execute(sql, params, transformRows), (rows) => Stream.fromIterable(rows)))
  }
}

/** PostgreSQL answers `COMMIT` of an aborted transaction with `ROLLBACK`: that is a failure. */
const commit = (conn: SqlConnection.Connection): Effect.Effect<void, SqlError> =>
  Effect.flatMap(conn.executeRaw("COMMIT", []), (result) =>
    (result as Results).command === "ROLLBACK"
      ? Effect.fail(
        new SqlError({
          reason: new UnknownError({
            cause: new Error("COMMIT rolled back an aborted transaction"),
            message: "PgliteClient: COMMIT rolled back an aborted transaction",
            operation: "commit"
          })
        })
      )
      : Effect.void)

/**
 * Opens a PGlite database at `config.dataDir` and builds a {@link PgliteClient} over it. The
 * database is closed (and flushed to disk) when the scope closes, after the running statement.
 */
export const make = (
  config: PgliteClientConfig
): Effect.Effect<PgliteClient, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const semaphore = yield* Semaphore.make(1)
    const db = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () =>
          config.worker !== true
            ? inProcess(config.dataDir, config.loadDataDir, config.reuse)
            : config.reuse === undefined
            ? inWorker(config.dataDir, config.loadDataDir)
            : Promise.reject(new Error("PgliteClient: reuse keeps databases of this thread, not of a worker")),
        catch: (cause) => new SqlError({ reason: new ConnectionError({ cause, message: "Could not open PGlite", operation: "connect" }) })
      }),
      (db) => semaphore.withPermit(Effect.promise(() => db.close()))
    )
    // The transaction's statements: its holder owns the connection. A borrowed statement takes the lock around its
    // whole run in this thread, and only while it is sent to a worker, which runs what it receives in order.
    const observers = new Set<(sql: string) => void>()
    const connection = new PgliteConnection(db, sendHeld, observers)
    const borrowed = db.queues ? new PgliteConnection(db, sendQueued(semaphore), observers) : undefined
    const lease: Effect.Effect<SqlConnection.Connection, SqlError, Scope.Scope> = Effect.uninterruptibleMask((restore) =>
      Effect.as(restore(semaphore.takeScoped(1)), connection)
    )
    const spanAttributes: Array<readonly [string, unknown]> = [
      ...(config.spanAttributes ? Object.entries(config.spanAttributes) : []),
      ["db.system.name", "postgresql"],
      ["db.namespace", config.dataDir]
    ]
    const client = yield* SqlClient.make({
      acquirer: lease,
      borrower: (f) => borrowed === undefined ? semaphore.withPermit(f(connection)) : f(borrowed),
      transactionAcquirer: lease,
      compiler: makeCompiler(),
      driver: "pglite",
      spanAttributes,
      prepareTransactionControls: true,
      commit,
      releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`
    })

    const listen = (channel: string): Effect.Effect<Queue.Dequeue<string>, SqlError, Scope.Scope> =>
      Effect.gen(function*() {
        yield* validateChannel(channel, "listen")
        const queue = yield* Queue.unbounded<string>()
        const callback = (payload: string) => {
          Queue.offerUnsafe(queue, payload)
        }
        // LISTEN goes through the connection lock so it never lands inside another fiber's transaction.
        const unlisten = yield* Effect.acquireRelease(
          semaphore.withPermit(
            Effect.tryPromise({
              try: () => db.listen(channel, callback),
              catch: (cause) => toSqlError(cause, "listen")
            })
          ),
          (unlisten) =>
            Effect.andThen(
              db.closed
                ? Effect.void
                : semaphore.withPermit(Effect.promise(() => unlisten().catch(() => undefined))),
              Queue.shutdown(queue)
            )
        )
        void unlisten
        return queue
      })

    const notify = (channel: string, payload: string): Effect.Effect<void, SqlError> =>
      Effect.andThen(validateChannel(channel, "notify"), Effect.asVoid(client`SELECT pg_notify(${channel}, ${payload})`))

    const dumpDataDir = (compression: "none" | "gzip" | "auto" = "none"): Effect.Effect<Blob, SqlError> =>
      semaphore.withPermit(Effect.tryPromise({ try: () => db.dumpDataDir(compression), catch: (cause) => toSqlError(cause, "dumpDataDir") }))

    const lost = Effect.flatMap(Effect.promise(() => db.lost), (reason) => Effect.fail(toSqlError(reason, "connect")))

    const observeStatements = (observer: (sql: string) => void) => {
      const added = (sql: string) => observer(sql)
      observers.add(added)
      return () => {
        observers.delete(added)
      }
    }

    return Object.assign(client, { config, pglite: db.pglite, thread: db.thread, listen, notify, dumpDataDir, lost, observeStatements }) as PgliteClient
  })

/**
 * A layer providing {@link PgliteClient} and `SqlClient` for a PGlite database at `config.dataDir`
 * (a directory, or {@link memoryDataDir}).
 */
export const layer = (config: PgliteClientConfig): Layer.Layer<PgliteClient | SqlClient.SqlClient, SqlError> =>
  Layer.effectContext(
    Effect.map(make(config), (client) =>
      Context.make(PgliteClient, client).pipe(Context.add(SqlClient.SqlClient, client)))
  ).pipe(Layer.provide(Reactivity.layer))
