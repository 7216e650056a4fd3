/**
 * The reference backend on a real 127.0.0.1 port with a fresh database, for tests that run a plain Node
 * process (the examples) against it. Call in a test file: it registers its own start and stop hooks.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { createServer } from "node:http"
import { afterAll, beforeAll } from "vitest"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { freshDatabase } from "./server.ts"

/** Starts the backend before the file's tests; `baseUrl()` is its origin once started. */
export const useRealPortBackend = (): { readonly baseUrl: () => string } => {
  const ServerLive = HttpRouter.serve(AppRoutes, { disableLogger: true }).pipe(
    Layer.provide(freshDatabase()),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { host: "127.0.0.1", port: 0 }))
  )
  const runtime = ManagedRuntime.make(ServerLive)
  let url = ""
  beforeAll(async () => {
    const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (server) => server.address))
    if (address._tag === "UnixPathAddress") throw new Error("expected a TCP address")
    url = `http://127.0.0.1:${address.port}`
  }, 240_000)
  afterAll(() => runtime.dispose())
  return { baseUrl: () => url }
}
