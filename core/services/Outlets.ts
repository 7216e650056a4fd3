/**
 * The post outlet picker service (spec §3 post outlet, §5 "starts at 2 characters", §7 POST
 * /api/post-outlet/find, §8 "post-outlet search failures are silently ignored", §9 purchase price
 * 2500, debounce 500 ms, at most 15 shown, keys tab/enter/escape/up/down): the domain's picker state
 * machine, fed by typed queries searched 500 ms after the last keystroke (on the Clock). The latest
 * query wins: a newer keystroke cancels the pending or in-flight search of an older one.
 *
 * @module
 */
import { Clock, Context, Effect, FiberHandle, Layer, SubscriptionRef } from "effect"
import { ShopApiClient } from "../api/client.ts"
import type { PostOutlet } from "../api/entities/outlet.ts"
import {
  initialOutletPicker,
  outletPickerReducer,
  outletSearchDebounceMs,
  outletSearchParams,
  shouldSearch,
  type OutletPickerEvent,
  type OutletPickerKey,
  type OutletPickerState
} from "../domain/outlet.ts"

/** What the outlet picker reads: the domain's picker state and whether a search is pending or in flight. */
export interface OutletsState extends OutletPickerState<PostOutlet> {
  /** A search is waiting for its debounce or in flight. */
  readonly searching: boolean
}

/** The picker before anything is typed. */
export const initialOutletsState: OutletsState = { ...initialOutletPicker<PostOutlet>(), searching: false }

/** The outlet picker service's state and actions. */
export interface OutletsShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<OutletsState>
  /** The shopper typed: the query is stored at once and searched 500 ms later unless typing goes on (§9). */
  readonly type: (query: string) => Effect.Effect<OutletsState>
  /** A picker key (§9). */
  readonly key: (key: OutletPickerKey) => Effect.Effect<OutletsState>
  /** The pointer is over the shown outlet `index`. */
  readonly point: (index: number) => Effect.Effect<OutletsState>
  /** The shown outlet `index` was clicked. */
  readonly choose: (index: number) => Effect.Effect<OutletsState>
  /** The input lost focus. */
  readonly blur: Effect.Effect<OutletsState>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const state = yield* SubscriptionRef.make(initialOutletsState)
  const search = yield* FiberHandle.make<void, never>()

  const dispatch = (event: OutletPickerEvent<PostOutlet>, searching?: boolean) =>
    SubscriptionRef.updateAndGet(state, (s) => ({
      ...outletPickerReducer(s, event),
      searching: searching ?? s.searching
    }))

  const searchFor = (query: string) =>
    Effect.gen(function*() {
      yield* Effect.sleep(outletSearchDebounceMs)
      const params = outletSearchParams(query, yield* Clock.currentTimeMillis)
      const found = yield* api.outlets.find({ payload: params }).pipe(
        Effect.map((result) => result.outlets),
        Effect.tapError((error) => Effect.logDebug("post outlet search failed (ignored, §8)", error)),
        Effect.option
      )
      if (found._tag === "Some") yield* dispatch({ type: "resultsArrived", query, outlets: found.value }, false)
      else yield* SubscriptionRef.update(state, (s) => ({ ...s, searching: false }))
    })

  const type = (query: string) =>
    Effect.gen(function*() {
      if (!shouldSearch(query)) {
        yield* FiberHandle.clear(search)
        return yield* dispatch({ type: "queryTyped", query }, false)
      }
      const next = yield* dispatch({ type: "queryTyped", query }, true)
      yield* FiberHandle.run(search, searchFor(query))
      return next
    }).pipe(Effect.withSpan("Outlets.type"))

  return Outlets.of({
    state,
    type,
    key: (key) => dispatch({ type: "key", key }),
    point: (index) => dispatch({ type: "pointed", index }),
    choose: (index) => dispatch({ type: "chosen", index }),
    blur: dispatch({ type: "blurred" })
  })
})

/** The post outlet picker service: see {@link OutletsShape}. */
export class Outlets extends Context.Service<Outlets, OutletsShape>()("storefront/Outlets") {
  /** Over the shop API client. */
  static readonly layer = Layer.effect(Outlets, make)
}
