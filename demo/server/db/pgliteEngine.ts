/**
 * Where a `PgliteClient`'s database runs: in the server's own thread ({@link inProcess}) or in a worker thread of its
 * own ({@link inWorker}, `pgliteWorker.ts`), where PostgreSQL's statement work runs on another core while the
 * server's thread decodes requests and writes answers. Both run statements through `PgliteStatements`, so they send
 * PGlite the same protocol messages and decode the same results.
 *
 * @module
 */
import { Worker } from "node:worker_threads"
import type { PGlite, Results } from "@electric-sql/pglite"
import type { PgliteReuse } from "./PgliteClient.ts"
import type { ErrorData, Ready, Replies, Reply, Request, TimingsWindow, WorkerSetup } from "./pgliteWorker.ts"
import { writeDiagnosticsOn } from "../diagnostics.ts"
import { onWritesWindow, ReplyTransit } from "./workerTimings.ts"

/** A database the driver runs statements on, one at a time (the driver's connection lock). */
export interface PgliteEngine {
  /** Runs `sql` with `values` bound to the types `oids` (0: inferred by the server). */
  readonly run: (sql: string, values: ReadonlyArray<unknown>, oids: ReadonlyArray<number>, rowMode: "object" | "array") => Promise<Results<any>>
  /** Runs `LISTEN channel`; `callback` gets each payload. Resolves to the UNLISTEN. */
  readonly listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>
  /** The data directory as a tar dump (`PGlite.dumpDataDir`). */
  readonly dumpDataDir: (compression: "none" | "gzip" | "auto") => Promise<Blob>
  /** Closes the database (flushed to disk); once closed every call fails. */
  readonly close: () => Promise<void>
  /** Whether the database is closed, or its worker gone. */
  readonly closed: boolean
  /**
   * Settles with the reason when the database is lost without being closed (its worker thread died); never for a
   * database in this thread.
   */
  readonly lost: Promise<Error>
  /** The PGlite instance when it runs in this thread. */
  readonly pglite: PGlite | undefined
  /** The worker thread PGlite runs in, when it runs in one. */
  readonly thread: Worker | undefined
  /**
   * Whether the engine queues its calls and runs them one at a time in the order received, so the next may be sent
   * before the previous one is answered (the worker); else the caller waits for each answer before the next call.
   */
  readonly queues: boolean
}

/**
 * The database in this thread: taken from `reuse` when it keeps one, else opened (and given to `reuse`). PGlite's code
 * is loaded here, on first use, so a server whose database runs in a worker does not load it twice.
 */
export const inProcess = async (dataDir: string, loadDataDir: Blob | undefined, reuse: PgliteReuse | undefined): Promise<PgliteEngine> => {
  const { openPglite, PgliteStatements } = await import("./pgliteStatements.ts")
  let db = await reuse?.take()
  if (db === undefined) {
    db = await openPglite(dataDir, loadDataDir)
    await reuse?.opened(db)
  }
  const pglite = db
  const statements = new PgliteStatements(pglite)
  return {
    run: (sql, values, oids, rowMode) => statements.run(sql, values, oids, rowMode),
    listen: (channel, callback) => statements.listen(channel, callback),
    dumpDataDir: (compression) => pglite.dumpDataDir(compression),
    close: () => pglite.closed ? Promise.resolve() : reuse !== undefined ? reuse.release(pglite) : pglite.close(),
    get closed() {
      return pglite.closed
    },
    lost: new Promise<Error>(() => undefined),
    pglite,
    thread: undefined,
    queues: false
  }
}

/** An error carrying PGlite's fields again (`code`, `constraint`...), so the driver classifies it as in-process. */
const revived = (data: ErrorData): Error => Object.assign(new Error(data.message), data)

/** SQLSTATE `connection_failure`: the driver maps it to a `ConnectionError`, as `@effect/sql-pg` does. */
const connectionFailure = "08006"

interface Pending {
  readonly resolve: (value: any) => void
  readonly reject: (error: Error) => void
}

/**
 * The server's Node flags a worker accepts: its preloads (`--import`, e.g. the bench's memory probe) and profiling
 * flags. V8's process-wide flags (`--expose-gc`) are refused in a worker's `execArgv` and apply to it anyway.
 */
const workerExecArgv = (flags: ReadonlyArray<string>): Array<string> =>
  flags.flatMap((flag, index) =>
    /^--(cpu|heap)-prof/.test(flag) || flag.startsWith("--import=") ? [flag]
      : flag === "--import" && index + 1 < flags.length ? [flag, flags[index + 1]!]
      : []
  )

/**
 * The database in a worker thread of its own. Calls cross a `MessagePort` (structured clone; a dump's bytes are
 * transferred). When the worker exits or crashes, every call in flight and every later one fails with SQLSTATE 08006
 * (a `ConnectionError`), never hangs. The worker keeps the process alive only while a call is in flight, as the
 * in-process database holds no handle of its own.
 */
export const inWorker = (dataDir: string, loadDataDir: Blob | undefined): Promise<PgliteEngine> =>
  (loadDataDir === undefined ? Promise.resolve(undefined) : loadDataDir.arrayBuffer()).then((bytes) =>
    new Promise<PgliteEngine>((resolveEngine, rejectEngine) => {
      const setup: WorkerSetup = { dataDir, loadDataDir: bytes }
      const worker = new Worker(new URL("./pgliteWorker.ts", import.meta.url), {
        workerData: setup,
        transferList: bytes === undefined ? [] : [bytes],
        execArgv: workerExecArgv(process.execArgv),
        name: "pglite"
      })
      const pending = new Map<number, Pending>()
      const listeners = new Map<number, (payload: string) => void>()
      let nextId = 0
      let started = false
      let closing = false
      let crash: Error | undefined
      let gone: Error | undefined
      // the write-timings diagnostic's windows, passed on to the worker (no reply)
      const transit = writeDiagnosticsOn ? new ReplyTransit() : undefined
      const stopTimings = transit === undefined ? undefined : onWritesWindow((edge) => {
        transit.window(edge)
        if (gone === undefined) worker.postMessage({ timings: edge } satisfies TimingsWindow)
      })
      let markLost: (reason: Error) => void = () => undefined
      const lost = new Promise<Error>((resolve) => {
        markLost = resolve
      })

      const call = <A>(request: Request): Promise<A> => {
        if (gone !== undefined) return Promise.reject(gone)
        return new Promise<A>((resolve, reject) => {
          if (pending.size === 0) worker.ref()
          pending.set(request.id, { resolve, reject })
          worker.postMessage(request)
        })
      }

      const settle = (reply: Reply) => {
        const notes = reply.notes
        if (notes !== undefined) {
          for (let i = 0; i < notes.length; i += 2) listeners.get(notes[i] as number)?.(notes[i + 1] as string)
        }
        const waiting = pending.get(reply.id)
        pending.delete(reply.id)
        if (waiting === undefined) return
        if ("error" in reply) waiting.reject(revived(reply.error))
        else waiting.resolve(reply.result)
      }

      worker.on("message", (message: Ready | Replies) => {
        if ("ready" in message) {
          if (message.ready) {
            started = true
            worker.unref()
            resolveEngine(engine)
          } else {
            rejectEngine(revived(message.error))
            void worker.terminate()
          }
        } else {
          if (transit !== undefined) for (const reply of message) if (reply.posted !== undefined) transit.received(reply.posted)
          for (const reply of message) settle(reply)
          if (pending.size === 0) worker.unref()
        }
      })
      worker.on("error", (error) => {
        crash = error
      })
      worker.on("exit", (exitCode) => {
        const message = closing
          ? "PGlite is closed"
          : `PGlite's worker thread exited (code ${exitCode})${crash === undefined ? "" : `: ${crash.message}`}`
        gone = Object.assign(new Error(message), { code: connectionFailure, cause: crash })
        stopTimings?.()
        listeners.clear()
        const failed = [...pending.values()]
        pending.clear()
        for (const waiting of failed) waiting.reject(gone)
        if (!started) rejectEngine(gone)
        else if (!closing) markLost(gone)
      })

      const engine: PgliteEngine = {
        run: (sql, values, oids, rowMode) =>
          call(transit === undefined
            ? { id: ++nextId, op: "run", sql, values, oids, rowMode }
            : { id: ++nextId, op: "run", sql, values, oids, rowMode, sent: performance.timeOrigin + performance.now() }),
        listen: async (channel, callback) => {
          const listener = ++nextId
          listeners.set(listener, callback)
          try {
            await call({ id: listener, op: "listen", channel, listener })
          } catch (error) {
            listeners.delete(listener)
            throw error
          }
          return async () => {
            listeners.delete(listener)
            await call({ id: ++nextId, op: "unlisten", listener })
          }
        },
        dumpDataDir: (compression) => call<ArrayBuffer>({ id: ++nextId, op: "dump", compression }).then((bytes) => new Blob([bytes])),
        close: async () => {
          if (gone !== undefined) return
          try {
            await call({ id: ++nextId, op: "close" })
          } finally {
            closing = true
            await worker.terminate()
          }
        },
        get closed() {
          return closing || gone !== undefined
        },
        lost,
        pglite: undefined,
        thread: worker,
        queues: true
      }
    }))
