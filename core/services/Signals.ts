/**
 * The storefront's signals: what the core asks the page to do (navigate, reload, open a drawer) and
 * what one service tells the others (the session changed after login or logout, the cart changed).
 * The React layer subscribes and performs navigation; services subscribe to refresh their state (the
 * stale-cart-after-login trap: Cart and Wishlist reload on `SessionChanged`).
 *
 * @module
 */
import { Context, Effect, Layer, PubSub, Stream } from "effect"
import type { Scope } from "effect"
import type { Drawer } from "../domain/layout.ts"
import { isSafeRedirectTarget } from "../domain/redirect.ts"

/** Why the session changed. */
export type SessionChangeReason = "login" | "logout" | "registration"

/** Navigate to a same-origin path (§2 login redirects, §5 wishlist login, §8 locked login, wishlist errors). */
export interface RedirectSignal {
  /** Discriminator. */
  readonly _tag: "Redirect"
  /** The same-origin path to go to (checked with the redirect rules). */
  readonly url: string
}

/** Reload the page (§4: deactivating the account after declining a legal text). */
export interface ReloadSignal {
  /** Discriminator. */
  readonly _tag: "Reload"
}

/** Open a header drawer (§8: wishlist errors with redirect false open the wishlist drawer). */
export interface OpenDrawerSignal {
  /** Discriminator. */
  readonly _tag: "OpenDrawer"
  /** The drawer to open. */
  readonly drawer: Drawer
}

/**
 * The session changed (login, registration or logout): the call state already carries the new csrf
 * token and cart id, so every service holding session data must refresh it.
 */
export interface SessionChangedSignal {
  /** Discriminator. */
  readonly _tag: "SessionChanged"
  /** What changed it. */
  readonly reason: SessionChangeReason
  /** The customer id of the new session; null for a guest; undefined when the bootstrap failed. */
  readonly customerId: number | null | undefined
  /** The cart id of the new session; undefined when the bootstrap failed. */
  readonly cartId: number | undefined
}

/** Something changed the cart outside the Cart service (e.g. moving a wishlist item to the cart). */
export interface CartChangedSignal {
  /** Discriminator. */
  readonly _tag: "CartChanged"
  /** Who changed it (e.g. `wishlist`). */
  readonly source: string
}

/** Every signal of the storefront. */
export type Signal = RedirectSignal | ReloadSignal | OpenDrawerSignal | SessionChangedSignal | CartChangedSignal

/** Builds a {@link RedirectSignal}. */
export const redirectSignal = (url: string): RedirectSignal => ({ _tag: "Redirect", url })

/** The {@link ReloadSignal}. */
export const reloadSignal: ReloadSignal = { _tag: "Reload" }

/** Builds an {@link OpenDrawerSignal}. */
export const openDrawerSignal = (drawer: Drawer): OpenDrawerSignal => ({ _tag: "OpenDrawer", drawer })

/** What the signals service offers. */
export interface SignalsShape {
  /**
   * Publishes a signal to every current subscriber. A redirect to anything but a same-origin path
   * is dropped (no open redirect, whatever a service computed).
   */
  readonly publish: (signal: Signal) => Effect.Effect<void>
  /**
   * Subscribes now (in the caller's scope) and returns the stream of the signals published from
   * then on. Subscribing before forking the consumer means no signal is missed.
   */
  readonly subscribe: Effect.Effect<Stream.Stream<Signal>, never, Scope.Scope>
}

/** The storefront's signal hub (in memory; one per runtime). */
export class Signals extends Context.Service<Signals, SignalsShape>()("storefront/Signals") {
  /** An unbounded in-memory hub. */
  static readonly layer = Layer.effect(
    Signals,
    Effect.gen(function*() {
      const hub = yield* PubSub.unbounded<Signal>()
      return Signals.of({
        publish: (signal) =>
          signal._tag === "Redirect" && !isSafeRedirectTarget(signal.url)
            ? Effect.logWarning(`dropped a redirect to a target that is not a same-origin path: ${signal.url}`)
            : Effect.asVoid(PubSub.publish(hub, signal)),
        subscribe: Effect.map(PubSub.subscribe(hub), Stream.fromSubscription)
      })
    })
  )
}

/** Runs `handle` for every signal published from now on, in a fiber tied to the caller's scope. */
export const onSignal = <R>(
  signals: SignalsShape,
  handle: (signal: Signal) => Effect.Effect<void, never, R>
): Effect.Effect<void, never, Scope.Scope | R> =>
  Effect.gen(function*() {
    const stream = yield* signals.subscribe
    yield* Effect.forkScoped(Stream.runForEach(stream, handle))
  })
