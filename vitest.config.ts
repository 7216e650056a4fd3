import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "test/bench/**", "test/crash/**", "test/scale/**", "**/node_modules/**"],
    setupFiles: ["test/support/setup.ts"],
    globalSetup: ["test/support/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
