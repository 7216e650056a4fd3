/**
 * The one bridge from an Effect service's published state to Jotai: a fiber in the provider's runtime
 * follows a `SubscriptionRef` and writes every value into an atom of the provider's store; the
 * runtime's disposal interrupts it. Everything else in `react/` reads atoms.
 *
 * @module
 */
import { Effect, Fiber, Stream, SubscriptionRef } from "effect"
import type { ManagedRuntime } from "effect"
import type { PrimitiveAtom } from "jotai"
import type { createStore } from "jotai"

/** A Jotai store. */
export type JotaiStore = ReturnType<typeof createStore>

/**
 * Follows the `SubscriptionRef` that `ref` yields (e.g. `Effect.map(Cart, (cart) => cart.state)`) into
 * `target`; returns a function that stops following.
 */
export const followState = <A, B extends A | undefined, R, ER>(
  runtime: ManagedRuntime.ManagedRuntime<R, ER>,
  store: JotaiStore,
  ref: Effect.Effect<SubscriptionRef.SubscriptionRef<A>, never, R>,
  target: PrimitiveAtom<B>
): (() => void) => {
  const fiber = runtime.runFork(
    Effect.flatMap(ref, (state) =>
      Stream.runForEach(SubscriptionRef.changes(state), (value) => Effect.sync(() => store.set(target, value as B)))
    )
  )
  return () => {
    runtime.runFork(Fiber.interrupt(fiber))
  }
}
