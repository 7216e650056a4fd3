/**
 * Cross-sell tracking (spec §7 POST /api/xsell/track; §9 events kept 30 days, only for purchased products; §6 only
 * with gdpr_personalization consent).
 *
 * A click on a cross-sell placement is stored in local storage (the storage port) with its time on the Clock. When
 * an order is placed, the stored events of the purchased products are taken out of the store and each is reported
 * once with the order id; the others stay until they expire after 30 days.
 *
 * @module
 */
import { Clock, Context, Effect, Layer, Schema, Semaphore } from "effect"
import { ShopApiClient } from "../api/client.ts"
import { trackingAllowed, type Consents } from "../domain/consent.ts"
import {
  crossSellPayloadsForPurchase,
  pruneExpiredCrossSellEvents,
  recordCrossSellClick,
  retainCrossSellEvents,
  type CrossSellEvent,
  type CrossSellPurchase,
  type CrossSellVisitor
} from "../domain/crossSell.ts"
import { Storage } from "./Storage.ts"

/** The local-storage key of the stored cross-sell events (not shown; ours). */
export const crossSellStorageKey = "storefront.crossSellEvents"

/** A click on a cross-sell placement: a stored event without its time, which the Clock gives. */
export type CrossSellClick = Omit<CrossSellEvent, "clickedAtMs">

/** What reporting a purchase did. */
export interface CrossSellReport {
  /** Events reported. */
  readonly sent: number
  /** Events whose report failed (logged, not retried: they are not kept). */
  readonly failed: number
}

/** The cross-sell tracker's configuration. */
export interface CrossSellOptionsShape {
  /** The current consents; clicks are kept and reported only with gdpr_personalization (§6). */
  readonly consents: Effect.Effect<Consents>
  /** The shopper (customer id or tracking cookie) and the analytics client id, read when a purchase is reported. */
  readonly visitor: Effect.Effect<CrossSellVisitor>
}

/** The cross-sell tracker's configuration as a service. */
export class CrossSellOptions extends Context.Service<CrossSellOptions, CrossSellOptionsShape>()(
  "storefront/CrossSellOptions"
) {
  /** The given options. */
  static readonly layer = (options: CrossSellOptionsShape) => Layer.succeed(CrossSellOptions, options)
}

/** The cross-sell tracker's actions. None fails: storage degrades to empty, report failures are logged. */
export interface CrossSellShape {
  /** Records a click (now, on the Clock), replacing an earlier one for the same product; expired events are dropped. */
  readonly recordClick: (click: CrossSellClick) => Effect.Effect<void>
  /**
   * Reports a purchase (§7, §9): the stored, unexpired events of the purchased products are removed from the store,
   * then each is sent once to POST /api/xsell/track with the order id. Nothing without consent.
   */
  readonly purchase: (purchase: CrossSellPurchase) => Effect.Effect<CrossSellReport>
  /** The stored events still kept now (30 days, §9). */
  readonly events: Effect.Effect<ReadonlyArray<CrossSellEvent>>
}

const StoredEvent = Schema.Struct({
  productId: Schema.Union([Schema.String, Schema.Finite]),
  placement: Schema.String,
  bookmarkId: Schema.String,
  mId: Schema.String,
  sId: Schema.String,
  clickedAtMs: Schema.Finite
})

/** Decodes the store: a JSON array of events; anything unreadable counts as empty, unreadable entries are skipped. */
const decodeStored = (text: string | undefined): ReadonlyArray<CrossSellEvent> => {
  if (text === undefined) return []
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return []
  }
  return Array.isArray(json) ? json.filter(Schema.is(StoredEvent)) : []
}

const sameEvent = (a: CrossSellEvent, b: CrossSellEvent): boolean =>
  String(a.productId) === String(b.productId) && a.clickedAtMs === b.clickedAtMs

const make = Effect.gen(function*() {
  const options = yield* CrossSellOptions
  const storage = yield* Storage
  const api = yield* ShopApiClient
  const lock = yield* Semaphore.make(1)
  const exclusive = Semaphore.withPermits(lock, 1)

  const read = Effect.map(storage.get("localStorage", crossSellStorageKey), decodeStored)
  const write = (events: ReadonlyArray<CrossSellEvent>) =>
    events.length === 0
      ? storage.remove("localStorage", crossSellStorageKey)
      : storage.set("localStorage", crossSellStorageKey, JSON.stringify(events))
  const allowed = Effect.map(options.consents, trackingAllowed)

  const recordClick = (click: CrossSellClick): Effect.Effect<void> =>
    Effect.gen(function*() {
      if (!(yield* allowed)) return
      const now = yield* Clock.currentTimeMillis
      yield* exclusive(Effect.flatMap(read, (stored) => write(recordCrossSellClick(stored, { ...click, clickedAtMs: now }, now))))
    })

  const purchase = (order: CrossSellPurchase): Effect.Effect<CrossSellReport> =>
    Effect.gen(function*() {
      if (!(yield* allowed)) return { sent: 0, failed: 0 }
      const visitor = yield* options.visitor
      const now = yield* Clock.currentTimeMillis
      // Taken out of the store first, so a second report of the same order finds nothing to send again.
      const payloads = yield* exclusive(
        Effect.gen(function*() {
          const stored = yield* read
          const retained = retainCrossSellEvents(stored, order.productIds, now)
          yield* write(pruneExpiredCrossSellEvents(stored, now).filter((event) => !retained.some((r) => sameEvent(r, event))))
          return crossSellPayloadsForPurchase(stored, order, visitor, now)
        })
      )
      const results = yield* Effect.forEach(payloads, (payload) =>
        api.crossSell.track({ payload }).pipe(
          Effect.as(true),
          Effect.catchCause((cause) =>
            Effect.as(Effect.logWarning("cross-sell: report failed", { placement: payload.placement, cause }), false)
          )
        ))
      const sent = results.filter((ok) => ok).length
      return { sent, failed: results.length - sent }
    })

  const events = Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    return pruneExpiredCrossSellEvents(yield* read, now)
  })

  return CrossSell.of({ recordClick, purchase, events })
})

/** The cross-sell tracker (needs {@link CrossSellOptions}, {@link Storage} and the shop API client). */
export class CrossSell extends Context.Service<CrossSell, CrossSellShape>()("storefront/CrossSell") {
  /** The tracker over the derived shop API client and the storage port. */
  static readonly layer = Layer.effect(CrossSell, make)
}
