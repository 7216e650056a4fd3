/**
 * The worker thread that runs a PGlite database for `PgliteClient` in worker mode (`pgliteEngine.ts`): PostgreSQL's
 * statement work then runs on a core of its own while the server's thread decodes requests and writes answers.
 *
 * It opens the database named by its `workerData` ({@link WorkerSetup}), says {@link Ready} on its port, then answers
 * each {@link Request} in the order received with a {@link Reply} of the same id. The replies to the requests that
 * arrived together travel together, up to {@link repliesPerMessage} in one message ({@link Replies}): each message
 * wakes the server's thread, and the worker never idles while it holds a reply. The notifications on the channels it
 * listens to travel in the reply of the call that delivered them (PGlite delivers one only while a call runs), and the
 * server's thread hands them out before it settles that call, as PGlite in-process does before the call's promise
 * settles: one message per call, where a cart write delivers two notifications.
 *
 * @module
 */
import { parentPort, workerData } from "node:worker_threads"
import type { PGlite } from "@electric-sql/pglite"
import { openPglite, PgliteStatements } from "./pgliteStatements.ts"
import { writeDiagnosticsOn } from "../diagnostics.ts"
import { type WindowEdge, WorkerTimings } from "./workerTimings.ts"

/** What the worker opens: the data directory (or `memory://`) and a data-directory dump to start from. */
export interface WorkerSetup {
  readonly dataDir: string
  /** The dump's bytes (transferred, not copied). */
  readonly loadDataDir: ArrayBuffer | undefined
}

/** A failure as it crosses threads: the message and the own scalar fields of PGlite's error (`code`, `constraint`...). */
export type ErrorData = Readonly<Record<string, string | number | boolean | undefined>> & { readonly message: string }

/** The worker's first message: the database is open, or could not be opened. */
export type Ready = { readonly ready: true } | { readonly ready: false; readonly error: ErrorData }

/** A call of the server's thread. */
export type Request =
  | {
    readonly id: number
    readonly op: "run"
    readonly sql: string
    readonly values: ReadonlyArray<unknown>
    readonly oids: ReadonlyArray<number>
    readonly rowMode: "object" | "array"
    /** When the server's thread sent it (ms since the epoch; only for the write-timings diagnostic). */
    readonly sent?: number
  }
  | { readonly id: number; readonly op: "listen"; readonly channel: string; readonly listener: number }
  | { readonly id: number; readonly op: "unlisten"; readonly listener: number }
  | { readonly id: number; readonly op: "dump"; readonly compression: "none" | "gzip" | "auto" }
  | { readonly id: number; readonly op: "close" }

/**
 * The answer to the request of the same id: its result (a dump as an `ArrayBuffer`) or its failure, and the
 * notifications delivered while it ran, in order, as listener numbers and payloads in turn; `posted` (ms since the
 * epoch, only for the write-timings diagnostic) when the worker sent it.
 */
export type Reply =
  | { readonly id: number; readonly result: unknown; readonly notes?: ReadonlyArray<number | string> | undefined; posted?: number }
  | { readonly id: number; readonly error: ErrorData; readonly notes?: ReadonlyArray<number | string> | undefined; posted?: number }

/** A writes window's start or end, for the write-timings diagnostic (`workerTimings.ts`); no reply. */
export type TimingsWindow = { readonly timings: WindowEdge }

/** The replies the worker sends in one message, in the order of their requests. */
export type Replies = ReadonlyArray<Reply>

/** A failure's message and own scalar fields, which structured clone keeps (PGlite's `DatabaseError` is a class). */
export const errorData = (cause: unknown): ErrorData => {
  if (typeof cause !== "object" || cause === null) return { message: String(cause) }
  const data: Record<string, string | number | boolean | undefined> = {}
  for (const [key, value] of Object.entries(cause)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") data[key] = value
  }
  data["name"] = (cause as Error).name
  return { ...data, message: String((cause as Error).message) }
}

/**
 * The most replies one message holds: a reply waits at most for the other statements of its message, so the server's
 * thread gets work before the worker drains a long queue (without a bound, replayed cart writes at 50 in flight ran
 * about a fifth fewer per second than with one message per reply; with 8, as many, with fewer wake-ups).
 */
export const repliesPerMessage = 8

const serve = (db: PGlite, port: NonNullable<typeof parentPort>) => {
  const statements = new PgliteStatements(db)
  const timings = writeDiagnosticsOn
    ? new WorkerTimings(() => (db as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0)
    : undefined
  const arrivals: Array<number> = []
  const unlistens = new Map<number, () => Promise<void>>()
  let notes: Array<number | string> = []
  const answer = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case "run":
        return statements.run(request.sql, request.values, request.oids, request.rowMode)
      case "listen":
        unlistens.set(request.listener, await statements.listen(request.channel, (payload) => notes.push(request.listener, payload)))
        return undefined
      case "unlisten": {
        const unlisten = unlistens.get(request.listener)
        unlistens.delete(request.listener)
        if (unlisten !== undefined && !db.closed) await unlisten()
        return undefined
      }
      case "dump":
        return (await db.dumpDataDir(request.compression)).arrayBuffer()
      case "close":
        if (!db.closed) await db.close()
        return undefined
    }
  }
  const delivered = () => {
    if (notes.length === 0) return undefined
    const taken = notes
    notes = []
    return taken
  }
  // The requests that arrived together, answered in the order received; their replies are sent together.
  const queue: Array<Request> = []
  let outbox: Array<Reply> = []
  let draining = false
  // when each reply in the outbox was ready (the write-timings diagnostic)
  let ready: Array<number> = []
  const send = () => {
    if (outbox.length === 0) return
    const replies: Replies = outbox
    outbox = []
    if (timings !== undefined) {
      const now = performance.now()
      for (const [i, reply] of replies.entries()) {
        reply.posted = performance.timeOrigin + now
        timings.held(now - ready[i]!)
      }
      ready = []
    }
    port.postMessage(replies)
  }
  const drain = async () => {
    for (let request = queue.shift(); request !== undefined; request = queue.shift()) {
      const arrived = arrivals.shift()
      const started = timings === undefined ? 0 : performance.now()
      let reply: Reply
      try {
        reply = { id: request.id, result: await answer(request), notes: delivered() }
      } catch (cause) {
        reply = { id: request.id, error: errorData(cause), notes: delivered() }
      }
      const ended = timings === undefined ? 0 : performance.now()
      if (timings !== undefined && request.op === "run") timings.ran(arrived ?? started, started, ended, request.sent)
      if ("result" in reply && reply.result instanceof ArrayBuffer) {
        send()
        port.postMessage([reply] satisfies Replies, [reply.result])
      } else {
        outbox.push(reply)
        if (timings !== undefined) ready.push(ended)
      }
      if (outbox.length >= repliesPerMessage) send()
    }
    send()
    draining = false
  }
  port.on("message", (request: Request | TimingsWindow) => {
    if ("timings" in request) return timings?.window(request.timings)
    if (timings !== undefined) arrivals.push(performance.now())
    queue.push(request)
    if (draining) return
    draining = true
    // after every request that arrived with this one is queued: the port hands them out one callback each
    setImmediate(drain)
  })
}

if (parentPort !== null) {
  const port = parentPort
  const setup = workerData as WorkerSetup
  openPglite(setup.dataDir, setup.loadDataDir === undefined ? undefined : new Blob([setup.loadDataDir])).then(
    (db) => {
      serve(db, port)
      port.postMessage({ ready: true } satisfies Ready)
    },
    (cause) => port.postMessage({ ready: false, error: errorData(cause) } satisfies Ready)
  )
}
