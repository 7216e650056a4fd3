/**
 * A diagnostic for a shutdown that does not finish: once SIGTERM has come, a shop still running `afterMs` later prints
 * to stderr what keeps its event loop alive (`process.getActiveResourcesInfo()`, and each active handle's kind), so a
 * bench or test that then kills it with SIGKILL (test/e2e/harness.ts, after 10 s) has that in the shop's output.
 *
 * @module
 */

/** Arms the diagnostic: after SIGTERM, an unref'd timer of `afterMs` prints the active resources if the process still runs. */
export const reportSlowShutdown = (afterMs = 5_000): void => {
  process.once("SIGTERM", () => {
    setTimeout(() => {
      const handles = (process as unknown as { _getActiveHandles?: () => Array<object> })._getActiveHandles?.() ?? []
      console.error([
        `shutdown: still running ${afterMs} ms after SIGTERM`,
        `active resources: ${process.getActiveResourcesInfo().join(", ") || "none"}`,
        `active handles: ${handles.map((handle) => handle.constructor?.name ?? typeof handle).join(", ") || "none"}`
      ].join("\n"))
    }, afterMs).unref()
  })
}
