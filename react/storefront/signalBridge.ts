/**
 * The signals' half of the bridge (loaded with the services): a fiber in the provider's runtime subscribes to the
 * core's {@link Signals} and delivers each signal into the provider's store ({@link deliverSignal}), where
 * `PageRequests` and the header's drawers pick it up.
 *
 * @module
 */
import { Effect, Fiber, Stream } from "effect"
import type { ManagedRuntime } from "effect"
import { Signals } from "../../core/services/Signals.ts"
import type { JotaiStore } from "./bridge.ts"
import { deliverSignal } from "./signals.tsx"

/**
 * Follows the runtime's signals into `store`; resolves, once subscribed (no signal published afterwards is missed),
 * with a function that stops following.
 */
export const followSignals = <ER>(
  runtime: ManagedRuntime.ManagedRuntime<Signals, ER>,
  store: JotaiStore
): Promise<() => void> =>
  new Promise((resolve, reject) => {
    const fiber = runtime.runFork(
      Effect.scoped(Effect.gen(function*() {
        const stream = yield* (yield* Signals).subscribe
        yield* Effect.sync(() => resolve(() => void runtime.runFork(Fiber.interrupt(fiber))))
        yield* Stream.runForEach(stream, (signal) => Effect.sync(() => deliverSignal(store, signal)))
      }))
    )
    fiber.addObserver((exit) => {
      if (exit._tag === "Failure") reject(new Error("the storefront's signals could not be followed"))
    })
  })
