/**
 * The child runs of test/server/testDatabases.test.ts: one file that makes test databases, with the suite's global
 * setup (which names the run and drops its databases when it ends).
 */
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["makesDatabases.run.ts"],
    globalSetup: ["../globalSetup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
