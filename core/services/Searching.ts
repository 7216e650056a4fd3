/**
 * The search events service (spec §7 PUT /api/searching/put/): tells the shop which result of a search the shopper
 * followed. The event is a side note to the shopper's navigation, so a failed call is only logged (debug) and never
 * reaches the page.
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
import { ShopApiClient } from "../api/client.ts"
import { searchResultEvent } from "../domain/searching.ts"

/** The search events service's actions. */
export interface SearchingShape {
  /** Records that the shopper followed the product `variantId` among the results of `query`; nothing for a blank query. */
  readonly resultFollowed: (query: string, variantId: number) => Effect.Effect<void>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient

  const resultFollowed = (query: string, variantId: number) =>
    Effect.gen(function*() {
      const event = searchResultEvent(query, variantId)
      if (event === undefined) return
      yield* api.searching.put({ payload: event }).pipe(
        Effect.catch((error) => Effect.logDebug("search event not recorded", error))
      )
    }).pipe(Effect.withSpan("Searching.resultFollowed"))

  return Searching.of({ resultFollowed })
})

/** The search events: see {@link SearchingShape}. */
export class Searching extends Context.Service<Searching, SearchingShape>()("storefront/Searching") {
  /** Over the shop API client. */
  static readonly layer = Layer.effect(Searching, make)
}
