/**
 * The product watchdog (spec §2 clientWatchdog; what it watches is not shown, ours): a customer watches a product
 * variant for its price to fall to a limit and/or for it to come back in stock, and the account lists what fired.
 *
 * @module
 */

/** The most watchdogs one customer keeps (ours). */
export const maxWatchdogsPerCustomer = 50

/** What a watchdog watches: a price limit (none: the price is not watched) and/or availability. */
export interface WatchdogRequest {
  /** The price the customer waits for, in the shop's currency; null when the price is not watched. */
  readonly priceLimit: number | null
  /** Whether the customer waits for the variant to be in stock. */
  readonly watchAvailability: boolean
}

/** Why a watchdog request is refused: it watches nothing, or its price limit is not a positive amount. */
export type WatchdogRequestProblem = "nothingWatched" | "priceLimit"

/**
 * What is wrong with a watchdog request (undefined: nothing). A request must watch the price or the availability;
 * a price limit is a finite amount above 0 with at most two decimals.
 */
export const watchdogRequestProblem = (request: WatchdogRequest): WatchdogRequestProblem | undefined => {
  const { priceLimit, watchAvailability } = request
  if (priceLimit !== null) {
    // Whole cents, read with a tolerance: 0.14 * 100 is 14.000000000000002 in binary floating point.
    if (!Number.isFinite(priceLimit) || priceLimit <= 0 || Math.abs(Math.round(priceLimit * 100) - priceLimit * 100) > 1e-6) {
      return "priceLimit"
    }
    return undefined
  }
  return watchAvailability ? undefined : "nothingWatched"
}

/** The facts a watchdog's alerts are read from. */
export interface WatchdogFacts extends WatchdogRequest {
  /** The variant's price now. */
  readonly price: number
  /** Whether the variant is in stock now. */
  readonly inStock: boolean
}

/** What fired: the price reached the limit, the variant is back in stock. */
export interface WatchdogAlerts {
  /** The price is at or below the watched limit. */
  readonly priceReached: boolean
  /** Availability is watched and the variant is in stock. */
  readonly inStock: boolean
  /** Either fired. */
  readonly fired: boolean
}

/** The alerts of a watchdog: the price at or below the limit (when watched), the variant in stock (when watched). */
export const watchdogAlerts = (facts: WatchdogFacts): WatchdogAlerts => {
  const priceReached = facts.priceLimit !== null && facts.price <= facts.priceLimit
  const inStock = facts.watchAvailability && facts.inStock
  return { priceReached, inStock, fired: priceReached || inStock }
}

/** Watchdogs in the order the account lists them: fired ones first, then newest first (by `createdTs`, then id). */
export const sortWatchdogs = <W extends WatchdogFacts & { readonly createdTs: number; readonly watchdogId: number }>(
  watchdogs: ReadonlyArray<W>
): ReadonlyArray<W> =>
  [...watchdogs].sort((a, b) =>
    Number(watchdogAlerts(b).fired) - Number(watchdogAlerts(a).fired) ||
    b.createdTs - a.createdTs ||
    b.watchdogId - a.watchdogId
  )
