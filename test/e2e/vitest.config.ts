import { defineConfig } from "vitest/config"

/** The end-to-end suite: real Chromium (Debian's) against a server started on a free port. */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    // The seeded database's dump, built once per run (or found cached), which every file's shop starts from.
    globalSetup: ["test/support/globalSetup.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false
  }
})
