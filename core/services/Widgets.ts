/**
 * The header widgets' data (spec §2 cart and wishlist drawers, §7 GET /api/widgets/getWidgetsData
 * with its 8 s timeout in the contract, §8 "Widgets-data failures are silently ignored"): the cart
 * drawer's articles, and the wishlist drawer's items and count, handed to the Wishlist service (one
 * source of truth: the widgets data counts as a wishlist fetch for the 60 s cache).
 *
 * A failed load keeps the state as it was and reports nothing. The data reloads when the session
 * changes (login, logout) and when the cart changed outside the Cart service.
 *
 * @module
 */
import { Clock, Context, Effect, Layer, SubscriptionRef } from "effect"
import { ShopApiClient } from "../api/client.ts"
import type { WidgetCartItem } from "../api/entities/cart.ts"
import { onSignal, Signals } from "./Signals.ts"
import { Wishlist } from "./Wishlist.ts"

export { initialWidgetsState, type WidgetsState } from "./widgetsState.ts"
import { initialWidgetsState, type WidgetsState } from "./widgetsState.ts"

/** The widgets service's state and actions. */
export interface WidgetsShape {
  /** The published state (the wishlist part is in the Wishlist service's state). */
  readonly state: SubscriptionRef.SubscriptionRef<WidgetsState>
  /** Loads the widgets data (`extended` flag, §7); a failure is ignored and keeps the state (§8). */
  readonly load: (options?: { readonly extended?: boolean }) => Effect.Effect<WidgetsState>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const signals = yield* Signals
  const wishlist = yield* Wishlist
  const state = yield* SubscriptionRef.make(initialWidgetsState)

  const load = (options?: { readonly extended?: boolean }) =>
    Effect.gen(function*() {
      yield* SubscriptionRef.update(state, (s) => ({ ...s, loading: true }))
      const query = options?.extended === undefined ? {} : { extended: options.extended }
      return yield* api.widgets.getWidgetsData({ query }).pipe(
        Effect.matchEffect({
          onFailure: (error) =>
            Effect.andThen(
              Effect.logDebug("widgets data failed (ignored, §8)", error),
              SubscriptionRef.updateAndGet(state, (s) => ({ ...s, loading: false }))
            ),
          onSuccess: (data) =>
            Effect.gen(function*() {
              if (data.wishList !== undefined) yield* wishlist.hydrate(data.wishList)
              const loadedAt = yield* Clock.currentTimeMillis
              return yield* SubscriptionRef.updateAndGet(state, (s) => ({
                cartArticles: data.cart?.articles ?? s.cartArticles,
                loadedAt,
                loading: false
              }))
            })
        })
      )
    }).pipe(Effect.withSpan("Widgets.load"))

  yield* onSignal(signals, (signal) =>
    signal._tag === "SessionChanged" || signal._tag === "CartChanged" ? Effect.asVoid(load()) : Effect.void)

  return Widgets.of({ state, load })
})

/** The header widgets' data service: see {@link WidgetsShape}. */
export class Widgets extends Context.Service<Widgets, WidgetsShape>()("storefront/Widgets") {
  /** Over the shop API client, the signals hub and the wishlist service. */
  static readonly layer = Layer.effect(Widgets, make)
}
