/**
 * A diagnostic for a shutdown that does not finish: once SIGTERM has come, a shop still running `afterMs` later prints
 * to stderr what keeps its event loop alive (`process.getActiveResourcesInfo()`, each active handle's kind, and where
 * each timer still pending that was set after the SIGTERM was set, with its delay), so a bench or test that then
 * kills it with SIGKILL (test/e2e/harness.ts, after 10 s) has that in the shop's output. Nothing is tracked before
 * the SIGTERM.
 *
 * @module
 */
import { createHook } from "node:async_hooks"

/** How many frames of each pending timer's stack are printed. */
const stackFrames = 12

/** Arms the diagnostic: after SIGTERM, an unref'd timer of `afterMs` prints the active resources if the process still runs. */
export const reportSlowShutdown = (afterMs = 5_000): void => {
  process.once("SIGTERM", () => {
    const timers = new Map<number, { readonly delay: unknown; readonly stack: string }>()
    const hook = createHook({
      init(asyncId, type, _trigger, resource) {
        if (type !== "Timeout") return
        const stack = (new Error().stack ?? "").split("\n").slice(1)
          .filter((frame) => !/node:internal\/async_hooks|initAsyncResource|new Timeout|AsyncHook\.init/.test(frame)).slice(0, stackFrames).join("\n")
        timers.set(asyncId, { delay: (resource as { _idleTimeout?: unknown })._idleTimeout, stack })
      },
      destroy(asyncId) {
        timers.delete(asyncId)
      }
    })
    setTimeout(() => {
      hook.disable()
      const handles = (process as unknown as { _getActiveHandles?: () => Array<object> })._getActiveHandles?.() ?? []
      console.error([
        `shutdown: still running ${afterMs} ms after SIGTERM`,
        `active resources: ${process.getActiveResourcesInfo().join(", ") || "none"}`,
        `active handles: ${handles.map((handle) => handle.constructor?.name ?? typeof handle).join(", ") || "none"}`,
        `timers set since the SIGTERM and still pending: ${timers.size}`,
        ...[...timers.values()].slice(0, 5).map((timer) => `timer of ${String(timer.delay)} ms set at:\n${timer.stack}`)
      ].join("\n"))
    }, afterMs).unref()
    hook.enable()
  })
}
