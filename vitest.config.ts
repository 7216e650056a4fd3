import { enableCompileCache } from "node:module"
import { availableParallelism } from "node:os"
import { join } from "node:path"
import { defineConfig } from "vitest/config"
import { LongestWorkFirst } from "./test/support/sequencer.ts"

// Node's on-disk cache of compiled modules, for this process and (through the environment) the workers and
// the Node processes the tests start (the docs/examples runs): a later start of the same modules skips most
// of their compilation. Node checks each entry against the source, so a changed file is compiled afresh.
process.env["NODE_COMPILE_CACHE"] ??= join(import.meta.dirname, "node_modules", ".cache", "node-compile-cache")
enableCompileCache(process.env["NODE_COMPILE_CACHE"])

/** The pure rules and the contract: no database, no DOM, no globals they change. */
const pure = ["test/core/**/*.test.ts", "test/contract/**/*.test.ts"]
/**
 * The components in happy-dom: their files share a worker and its loaded React, Effect and DOM; test/support/setupDom.ts
 * gives each file a clean document, storage, timers and globals. The React files that build their DOM inside Node
 * (`domInNode.ts`) stay isolated.
 */
const dom = ["test/react/**/*.test.tsx"]
/** The React files that build their DOM inside Node (`test/react/widgets/domInNode.ts`) or render on the server. */
const domInNode = [
  "test/react/account/accountProducts.test.tsx",
  "test/react/widgets/Connected.test.tsx",
  "test/react/widgets/Tracking.test.tsx",
  "test/react/widgets/TrustedHtml.server.test.tsx"
]
/** The packed package (npm pack, an install, a type check and a Vite build in a fresh project). */
const packageTest = ["test/package/consumer.test.ts"]
/** The server, the services over it and the security checks: each file builds its own backend and database. */
const backend = ["test/server/**/*.test.ts", "test/services/**/*.test.ts", "test/security/**/*.test.ts"]

export default defineConfig({
  test: {
    exclude: ["test/e2e/**", "test/bench/**", "test/crash/**", "test/scale/**", "**/node_modules/**"],
    setupFiles: ["test/support/setup.ts"],
    globalSetup: ["test/support/globalSetup.ts"],
    sequence: { sequencer: LongestWorkFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every core (vitest's default leaves one to the main process, which mostly waits).
    maxWorkers: availableParallelism(),
    projects: [
      {
        // A worker process per test file costs more than most of these files' tests (loading Effect, the
        // server's modules, PGlite's WebAssembly): these files share their workers and what is loaded there.
        // Each file still gets its own backend and database (issue 9: the whole suite within four minutes).
        test: { name: "pure", include: pure, isolate: false }
      },
      {
        test: { name: "backend", include: backend, isolate: false, setupFiles: ["test/support/setupBackend.ts"] }
      },
      {
        test: {
          name: "dom",
          include: dom,
          exclude: domInNode,
          isolate: false,
          setupFiles: ["test/support/setup.ts", "test/support/setupDom.ts"]
        }
      },
      {
        // Its own project for its global setup: the package's build starts as the run does, beside the templates'.
        test: { name: "package", include: packageTest, globalSetup: ["test/support/packageBuild.ts"] }
      },
      {
        // The DOM built inside Node, fake timers and stubbed globals: a fresh worker per file.
        test: { name: "isolated", include: ["test/**/*.test.ts", ...domInNode], exclude: [...pure, ...backend, ...packageTest] }
      }
    ]
  }
})
