/**
 * Starts the reference shop backend on 127.0.0.1 (PORT, default 3000): PGlite under .data/pglite
 * by default, in a worker thread of its own (PGLITE_WORKER=0 runs it in the server's thread), PostgreSQL when
 * DATABASE_URL is set; migrations and the first-start seed run before
 * it listens. Prints its URL. STOREFRONT_MAIL_DROP_DIR also writes each outgoing e-mail into that directory;
 * STOREFRONT_TEST_CAPTCHA_ANSWER (end-to-end tests only) makes every captcha's answer that text.
 * STOREFRONT_PGLITE_TEMPLATE (tests only, off by default) names a PGlite data-directory dump (the seeded template of
 * test/support/globalSetup.ts): a PGlite database whose data directory is still empty starts from it instead of
 * running initdb, the migrations and the seed (pending migrations still run; an existing database ignores it).
 * STOREFRONT_FIRST_SWEEP_SECONDS (the bench) runs the first housekeeping sweep that long after start instead of a minute.
 *
 * @module
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Duration, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { createServer } from "node:http"
import { layerFromTemplate } from "./db/Database.ts"
import { housekeepingLayer } from "./db/Housekeeping.ts"
import { writeDiagnosticsOn } from "./diagnostics.ts"
import { CaptchaTestAnswer, captchaTestAnswerOf, captchaTestAnswerVariable } from "./domain/captcha.ts"
import { MailDropDir, mailDropDirVariable } from "./domain/outbox.ts"
import { AppRoutes } from "./http/app.ts"
import { CurrentFastReads, FastReads, withFastReads } from "./http/fastReads.ts"
import { CurrentFastWrites, FastWrites } from "./http/fastWrites.ts"
import { LiveStreamsEnd } from "./http/live.ts"
import { countHandOvers } from "./http/writeTimings.ts"
import { closeIdleConnectionsOnStop, exitAfterGraceOnSignals, ResponseClosingOnStop, serveUntilLost, stopSignal } from "./lifecycle.ts"

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? "127.0.0.1"
const mailDropDir = process.env[mailDropDirVariable]?.trim() || undefined
const captchaTestAnswer = captchaTestAnswerOf(process.env[captchaTestAnswerVariable])
const pgliteTemplate = process.env["STOREFRONT_PGLITE_TEMPLATE"]?.trim() || undefined
const firstSweepSeconds = Number(process.env["STOREFRONT_FIRST_SWEEP_SECONDS"]?.trim() || Number.NaN)

// The database is migrated and seeded before the port opens: a request that arrives while it starts
// is refused rather than left hanging on a server without a handler.
// Serving logs "Listening on http://host:port" once the port is open (PORT=0 picks a free one; the
// crash and scale-out tests read that line to find the server).
// Cached GET answers are replayed before the Effect pipeline (http/fastReads.ts); STOREFRONT_FAST_READS=0 turns it off.
// The two hot cart writes are served before it too (http/fastWrites.ts); STOREFRONT_FAST_WRITES=0 turns that off.
const fastReads = process.env["STOREFRONT_FAST_READS"] === "0" ? undefined : new FastReads()
const fastWrites = fastReads === undefined || process.env["STOREFRONT_FAST_WRITES"] === "0" ? undefined : new FastWrites()
if (writeDiagnosticsOn && fastWrites !== undefined) countHandOvers(() => fastWrites.handOvers)
// On a stop, the live-data streams (which never finish by themselves) end at once, every answer closes its keep-alive
// connection, and other requests in flight get drainMs to finish before they are interrupted (the HTTP server's
// default, 20 s, is longer than a supervisor waits).
const drainMs = 3_000
const httpServer = () => createServer({ ServerResponse: ResponseClosingOnStop })
// Expired sessions, idempotency keys, captchas and recovery tokens are swept in the background (db/Housekeeping.ts).
const housekeeping = housekeepingLayer(firstSweepSeconds >= 0 ? Duration.seconds(firstSweepSeconds) : undefined)
const ServerLive = Layer.merge(HttpRouter.serve(AppRoutes, { disableLogger: true }), housekeeping).pipe(
  Layer.provide(NodeHttpServer.layer(() => closeIdleConnectionsOnStop(fastReads === undefined ? httpServer() : withFastReads(httpServer(), fastReads, fastWrites)), { host, port, gracefulShutdownTimeout: drainMs })),
  Layer.provide(Layer.succeed(LiveStreamsEnd, stopSignal())),
  Layer.provide(Layer.succeed(CurrentFastReads, fastReads)),
  Layer.provide(Layer.succeed(CurrentFastWrites, fastWrites)),
  Layer.provideMerge(layerFromTemplate(pgliteTemplate)),
  Layer.provide(Layer.succeed(MailDropDir, mailDropDir)),
  Layer.provide(Layer.succeed(CaptchaTestAnswer, captchaTestAnswer))
)

// SIGTERM and SIGINT interrupt the server (its requests, timers and fibers), close PGlite, then end its worker thread;
// a stop still running after the grace period ends the process, printing what held it (lifecycle.ts).
exitAfterGraceOnSignals()
serveUntilLost(ServerLive).pipe(NodeRuntime.runMain)
