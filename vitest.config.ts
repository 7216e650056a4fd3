import { defineConfig } from "vitest/config"

/** The pure rules and the contract: no database, no DOM, no globals they change. */
const pure = ["test/core/**/*.test.ts", "test/contract/**/*.test.ts"]

export default defineConfig({
  test: {
    exclude: ["test/e2e/**", "test/bench/**", "test/crash/**", "test/scale/**", "**/node_modules/**"],
    setupFiles: ["test/support/setup.ts"],
    globalSetup: ["test/support/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        // A worker process per test file costs more than most of these files' tests: they share their
        // workers and the modules loaded there (issue 9: the whole suite within four minutes).
        test: { name: "pure", include: pure, isolate: false }
      },
      {
        // Everything else keeps a fresh worker per file: servers, databases, the DOM, msw.
        test: { name: "isolated", include: ["test/**/*.test.ts", "test/**/*.test.tsx"], exclude: pure }
      }
    ]
  }
})
