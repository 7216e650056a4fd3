/**
 * Cross-sell tracking (spec §7 POST /api/xsell/track, §9 retention): clicks on cross-sell
 * placements are stored, and when a clicked product is bought they are reported with the order.
 *
 * @module
 */

/** Path of the cross-sell tracking call (§7). */
export const crossSellTrackPath = "/api/xsell/track"

/** The hit type of a cross-sell tracking call (§7). */
export const crossSellHitType = "P"

/** How long stored cross-sell events are kept, in ms: 30 days (§9). */
export const crossSellRetentionMs = 2_592_000_000

/** A stored click on a cross-sell placement. */
export interface CrossSellEvent {
  /** The product that was clicked. */
  readonly productId: string | number
  /** Where the product was offered. */
  readonly placement: string
  /** The recommendation's bookmark id. */
  readonly bookmarkId: string
  /** The recommendation model id (`m_id`). */
  readonly mId: string
  /** The recommendation strategy id (`s_id`). */
  readonly sId: string
  /** When the click happened, in ms since the epoch. */
  readonly clickedAtMs: number
}

/** The identities a cross-sell tracking call is sent for. */
export interface CrossSellVisitor {
  /** The shopper (customer id or tracking cookie). */
  readonly user: string
  /** The analytics client id. */
  readonly gaClientId: string
}

/** The body of POST /api/xsell/track (§7). */
export type CrossSellTrackPayload = {
  /** The shopper. */
  readonly user: string
  /** The analytics client id. */
  readonly ga_client_id: string
  /** Always {@link crossSellHitType}. */
  readonly hit_type: typeof crossSellHitType
  /** Where the product was offered. */
  readonly placement: string
  /** The order id. */
  readonly transaction_id: string | number
  /** The recommendation's bookmark id. */
  readonly bookmark_id: string
  /** The recommendation model id. */
  readonly m_id: string
  /** The recommendation strategy id. */
  readonly s_id: string
}

/** The payload reporting a stored click with the order it led to (§7). */
export const crossSellTrackPayload = (
  visitor: CrossSellVisitor,
  event: CrossSellEvent,
  transactionId: string | number
): CrossSellTrackPayload => ({
  user: visitor.user,
  ga_client_id: visitor.gaClientId,
  hit_type: crossSellHitType,
  placement: event.placement,
  transaction_id: transactionId,
  bookmark_id: event.bookmarkId,
  m_id: event.mId,
  s_id: event.sId
})

/**
 * Whether a stored event is still kept at `nowMs` (§9): at most 30 days old. Events dated in the
 * future (clock skew) are kept; events with a non-finite time are not.
 */
export const isCrossSellEventFresh = (event: CrossSellEvent, nowMs: number): boolean =>
  Number.isFinite(event.clickedAtMs) && nowMs - event.clickedAtMs <= crossSellRetentionMs

/** The stored events without the expired ones (§9). */
export const pruneExpiredCrossSellEvents = (
  stored: ReadonlyArray<CrossSellEvent>,
  nowMs: number
): ReadonlyArray<CrossSellEvent> => stored.filter((event) => isCrossSellEventFresh(event, nowMs))

/**
 * The stored events that count for a purchase (§9): not expired and for a purchased product
 * (ids compared as strings, so 42 and "42" match).
 */
export const retainCrossSellEvents = (
  stored: ReadonlyArray<CrossSellEvent>,
  purchasedProductIds: ReadonlyArray<string | number>,
  nowMs: number
): ReadonlyArray<CrossSellEvent> => {
  const purchased = new Set(purchasedProductIds.map(String))
  return stored.filter((event) => isCrossSellEventFresh(event, nowMs) && purchased.has(String(event.productId)))
}

/**
 * The store after a click (§9): expired events dropped, an earlier event for the same product
 * replaced by the new click, which goes last (unless it is itself already expired at `nowMs`).
 */
export const recordCrossSellClick = (
  stored: ReadonlyArray<CrossSellEvent>,
  click: CrossSellEvent,
  nowMs: number
): ReadonlyArray<CrossSellEvent> => [
  ...pruneExpiredCrossSellEvents(stored, nowMs).filter((event) => String(event.productId) !== String(click.productId)),
  ...(isCrossSellEventFresh(click, nowMs) ? [click] : [])
]

/** A completed purchase, as the cross-sell rules read it. */
export interface CrossSellPurchase {
  /** The order id. */
  readonly transactionId: string | number
  /** The purchased products. */
  readonly productIds: ReadonlyArray<string | number>
}

/** The tracking payloads to send for a purchase: one per retained event (§7, §9). */
export const crossSellPayloadsForPurchase = (
  stored: ReadonlyArray<CrossSellEvent>,
  purchase: CrossSellPurchase,
  visitor: CrossSellVisitor,
  nowMs: number
): ReadonlyArray<CrossSellTrackPayload> =>
  retainCrossSellEvents(stored, purchase.productIds, nowMs).map((event) =>
    crossSellTrackPayload(visitor, event, purchase.transactionId)
  )
