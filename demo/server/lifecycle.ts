/**
 * How the reference server runs and stops (`main.ts`): it serves until it is told to stop or its database is lost,
 * and a stop that does not finish within a grace period ends the process anyway, saying what still held it.
 *
 * @module
 */
import { type IncomingMessage, type Server, ServerResponse } from "node:http"
import { Context, Deferred, Effect, Layer } from "effect"
import type { SqlError } from "effect/sql/SqlError"
import { Database } from "./db/Database.ts"

/** How long a stop may take (the HTTP server's drain, PGlite's close) before the process is ended: 10 s. */
export const shutdownGraceMs = 10_000

/**
 * Ends the process with exit code 1 `graceMs` from now unless it has exited by then, printing `reason` and the
 * resources that kept it alive (`process.getActiveResourcesInfo()`). The timer itself keeps nothing alive.
 */
export const exitAfterGrace = (reason: string, graceMs: number = shutdownGraceMs): void => {
  setTimeout(() => {
    console.error(
      `server: still running ${graceMs} ms after ${reason}; active resources: ${process.getActiveResourcesInfo().join(", ") || "none"}; exiting`
    )
    process.exit(1)
  }, graceMs).unref()
}

/** Arms {@link exitAfterGrace} on the first SIGTERM and the first SIGINT (the Effect runtime's own handlers start the stop). */
export const exitAfterGraceOnSignals = (graceMs: number = shutdownGraceMs): void => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => exitAfterGrace(signal, graceMs))
}

/** Calls `action` once, on the process's first SIGTERM or SIGINT (the stop's start). */
export const onStopSignal = (action: () => void): void => {
  let called = false
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (called) return
      called = true
      action()
    })
  }
}

/** An effect that completes once the process gets its first SIGTERM or SIGINT ({@link onStopSignal}). */
export const stopSignal = (): Effect.Effect<void> => {
  const stopping = Deferred.makeUnsafe<void>()
  onStopSignal(() => Deferred.doneUnsafe(stopping, Effect.void))
  return Deferred.await(stopping)
}

let stopping = false
onStopSignal(() => {
  stopping = true
})

/**
 * The server's responses: once the stop has started ({@link onStopSignal}), each answers `Connection: close` and its
 * connection closes after it, so a client sends its next request to the server that answers next instead of onto a
 * connection that is about to close. (`createServer({ ServerResponse: ResponseClosingOnStop })`.)
 */
export class ResponseClosingOnStop<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(...args: Array<any>): this {
    if (stopping) this.shouldKeepAlive = false
    return (super.writeHead as (...args: Array<any>) => this)(...args)
  }
}

/**
 * Once the stop starts ({@link onStopSignal}), closes `server`'s idle keep-alive connections every `everyMs`: closing
 * the server closes only those idle at that moment, and one whose answer had begun before the stop (a live-data
 * stream) would otherwise stay open after it until its client or the keep-alive timeout (5 s) closes it, holding the
 * drain. Answers `server`.
 */
export const closeIdleConnectionsOnStop = <S extends Server>(server: S, everyMs = 100): S => {
  onStopSignal(() => setInterval(() => server.closeIdleConnections(), everyMs).unref())
  return server
}

/** What a server does when its database is lost, before its scope closes: say so, and arm {@link exitAfterGrace}. */
export const stopLoudly = (error: SqlError): void => {
  console.error(`server: the database was lost (${error.message}); stopping`)
  exitAfterGrace("the database was lost")
}

/**
 * Builds `server` and runs until interrupted (a signal), or fails when its {@link Database} is lost (PGlite's worker
 * thread died): `onLost` runs ({@link stopLoudly}), then the server stops with that error (logged, exit code 1), for a
 * supervisor to restart it, instead of answering every request with an error.
 */
export const serveUntilLost = <E, RIn>(
  server: Layer.Layer<Database, E, RIn>,
  onLost: (error: SqlError) => void = stopLoudly
): Effect.Effect<never, E | SqlError, RIn> =>
  Effect.scoped(
    Effect.flatMap(Layer.build(server), (context) =>
      Context.get(context, Database).lost.pipe(Effect.tapError((error) => Effect.sync(() => onLost(error)))))
  )
