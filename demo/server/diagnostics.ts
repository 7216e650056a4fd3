/**
 * The one switch of the write diagnostics, STOREFRONT_WRITE_TIMINGS=1: where a fast write's time goes
 * (http/writeTimings.ts), the PGlite worker's side of it (db/workerTimings.ts, read in the worker thread too, which
 * sees the process's environment) and why writes were left to the pipeline (db/sessionCacheCounts.ts). Off, each of
 * them costs one test of this constant where it would record something. It imports nothing, so the worker reads it
 * without loading the HTTP layer's diagnostics.
 *
 * @module
 */

/** Whether the write diagnostics run (STOREFRONT_WRITE_TIMINGS=1). */
export const writeDiagnosticsOn = process.env["STOREFRONT_WRITE_TIMINGS"] === "1"
