/**
 * Mega-menu timings and cache (spec §2, §9). The spec gives two readings of the hover delays; both
 * are exported and the first is the default.
 *
 * @module
 */

/** Delays of the mega-menu (ms). */
export interface MenuDelays {
  /** Hover delay before a primary menu item opens its layer. */
  readonly primaryHoverMs: number
  /** Hover delay of secondary items (layer content). */
  readonly secondaryHoverMs: number
  /** Delay before the navigation opens. */
  readonly navOpenMs: number
  /** Delay before the navigation closes. */
  readonly navCloseMs: number
}

/**
 * First reading of §9: 300 ms primary, 100 ms secondary. That reading gives no navigation open and
 * close delays, so it takes the second reading's 750 ms and 100 ms.
 */
export const menuDelaysFirstReading: MenuDelays = { primaryHoverMs: 300, secondaryHoverMs: 100, navOpenMs: 750, navCloseMs: 100 }

/** Second reading of §9: 250 ms hover, 100 ms for layer content, navigation open 750 ms, close 100 ms. */
export const menuDelaysSecondReading: MenuDelays = { primaryHoverMs: 250, secondaryHoverMs: 100, navOpenMs: 750, navCloseMs: 100 }

/** The menu delays in use: the first reading of §9. */
export const menuDelays: MenuDelays = menuDelaysFirstReading

/** How long the menu stays cached in local storage, in seconds (§9). */
export const menuCacheSeconds = 3600

/**
 * Whether a menu cached at `storedAtMs` may still be used at `nowMs` (§9: 3600 s): its age is at
 * least 0 and below 3600 s. An entry stored "in the future" (clock change) counts as stale.
 */
export const menuCacheFresh = (storedAtMs: number, nowMs: number): boolean => {
  const age = nowMs - storedAtMs
  return age >= 0 && age < menuCacheSeconds * 1000
}
