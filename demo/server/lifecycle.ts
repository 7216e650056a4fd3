/**
 * How the reference server runs and stops (`main.ts`): it serves until it is told to stop or its database is lost,
 * and a stop that does not finish within a grace period ends the process anyway, saying what still held it.
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
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
