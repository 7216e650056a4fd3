import { defineConfig } from "vitest/config"

/**
 * The crash-safety and scale-out tests (`npm run test:crash`, `npm run test:scale`): they start the server as child
 * processes and kill them, so they run apart from `npm test`, one file at a time.
 */
export default defineConfig({
  test: {
    include: ["test/crash/**/*.test.ts", "test/scale/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000
  }
})
