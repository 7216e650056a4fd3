/**
 * Banner counters (spec §7 PUT /api/banner/impression and /api/banner/hit with `bannerId`): a view and a click of a
 * slider banner, counted on the shop. The calls change counters, so they run in the session (CSRF token, bootstrapped
 * when missing). Counting is best effort: a failure is logged, never raised.
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import { ensureSession } from "./session.ts"

/** The banner counters. */
export interface BannersShape {
  /** Counts a view of the banner (§7 impression). */
  readonly impression: (bannerId: number) => Effect.Effect<void>
  /** Counts a click on the banner (§7 hit). */
  readonly hit: (bannerId: number) => Effect.Effect<void>
}

/** The banner counters over the shop API (needs the shop API client and its call state). */
export class Banners extends Context.Service<Banners, BannersShape>()("storefront/Banners") {
  /** The counters over the derived shop API client. */
  static readonly layer = Layer.effect(
    Banners,
    Effect.gen(function*() {
      const api = yield* ShopApiClient
      const callState = yield* ShopCallState
      const count = (kind: "impression" | "hit", bannerId: number): Effect.Effect<void> =>
        ensureSession(api, callState).pipe(
          Effect.andThen(api.banner[kind]({ payload: { bannerId } })),
          Effect.asVoid,
          Effect.catchCause((cause) => Effect.logWarning(`banner ${kind} not counted`, { bannerId, cause }))
        )
      return Banners.of({ impression: (id) => count("impression", id), hit: (id) => count("hit", id) })
    })
  )
}
