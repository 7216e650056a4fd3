import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { execFile } from "node:child_process"
import { createServer } from "node:http"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { freshDatabase } from "../support/server.ts"

const root = join(import.meta.dirname, "..", "..")
const ServerLive = HttpRouter.serve(AppRoutes, { disableLogger: true }).pipe(
  Layer.provide(freshDatabase()),
  Layer.provideMerge(NodeHttpServer.layer(createServer, { host: "127.0.0.1", port: 0 }))
)
const runtime = ManagedRuntime.make(ServerLive)
let baseUrl = ""

beforeAll(async () => {
  const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (server) => server.address))
  if (address._tag === "UnixPathAddress") throw new Error("expected a TCP address")
  baseUrl = `http://127.0.0.1:${address.port}`
})
afterAll(() => runtime.dispose())

describe("docs/examples/checkout.ts", () => {
  test("makes a whole purchase against a running backend over a real port and prints the order number", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, "docs/examples/checkout.ts"), baseUrl, "SK10MA"])
    expect(stdout).toContain("logged in as gold@example.sk")
    expect(stdout).toMatch(/added to cart: .+ \(\d+(\.\d+)? EUR\)/)
    expect(stdout).toMatch(/pick-up point: /)
    expect(stdout).toMatch(/^order number: \d+$/m)
  })
})
