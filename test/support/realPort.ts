/**
 * The reference backend on a real 127.0.0.1 port with a fresh database, for tests that run a plain Node
 * process (the examples) against it, or that drive the fast paths as main.ts installs them. Call in a test file: it
 * registers its own start and stop hooks.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { createServer } from "node:http"
import { afterAll, beforeAll } from "vitest"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { CurrentFastReads, type FastReads, withFastReads } from "../../demo/server/http/fastReads.ts"
import { CurrentFastWrites, type FastWrites } from "../../demo/server/http/fastWrites.ts"
import { freshDatabase } from "./server.ts"

/** What {@link useRealPortBackend} serves with: the fast paths in front of the pipeline, the database layer. */
export interface RealPortOptions {
  /** The read fast path, installed in front of the pipeline as main.ts does; none by default. */
  readonly fastReads?: FastReads | undefined
  /** The write fast path (only with `fastReads`, as in main.ts); none by default. */
  readonly fastWrites?: FastWrites | undefined
  /** The database layer (e.g. a fresh database with a round-trip counter merged in); a fresh database by default. */
  readonly database?: ReturnType<typeof freshDatabase> | undefined
}

/**
 * Starts the backend before the file's tests: `baseUrl()` is its origin once started, `runtime` runs effects with its
 * database (and whatever `options.database` adds).
 */
export const useRealPortBackend = (options: RealPortOptions = {}) => {
  const { fastReads, fastWrites } = options
  const ServerLive = HttpRouter.serve(AppRoutes, { disableLogger: true }).pipe(
    Layer.provide(Layer.succeed(CurrentFastReads, fastReads)),
    Layer.provide(Layer.succeed(CurrentFastWrites, fastWrites)),
    Layer.provideMerge(NodeHttpServer.layer(
      () => fastReads === undefined ? createServer() : withFastReads(createServer(), fastReads, fastWrites),
      { host: "127.0.0.1", port: 0 }
    )),
    Layer.provideMerge(options.database ?? freshDatabase())
  )
  const runtime = ManagedRuntime.make(ServerLive)
  let url = ""
  beforeAll(async () => {
    const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (server) => server.address))
    if (address._tag === "UnixPathAddress") throw new Error("expected a TCP address")
    url = `http://127.0.0.1:${address.port}`
  }, 240_000)
  afterAll(() => runtime.dispose())
  return { baseUrl: () => url, runtime }
}
