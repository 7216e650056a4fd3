/**
 * The deadline of a wait inside a test: the rest of the running test's own timeout (vitest.config.ts `testTimeout`,
 * or the test's own), less a margin so that the wait fails with its own message (what it waited for) before the
 * test times out. A wait whose outcome depends on real work (the services' first start, a backend's answers) takes
 * as long as the machine needs: a fixed few seconds were too short on a loaded machine, which the test's timeout is
 * set for.
 */
import { TestRunner } from "vitest"

/** The margin left to the test after a wait's deadline (ms). */
const marginMs = 2_000

/** `{ timeout }` for Testing Library's `waitFor` and `find*`: the running test's time left, less the margin. */
export const untilTestTimeout = (): { readonly timeout: number } => {
  const test = TestRunner.getCurrentTest()
  if (test === undefined) throw new Error("untilTestTimeout: no test is running")
  const started = test.result?.startTime ?? performance.timeOrigin + performance.now()
  const left = test.timeout - (performance.timeOrigin + performance.now() - started)
  return { timeout: Math.max(1_000, left - marginMs) }
}
