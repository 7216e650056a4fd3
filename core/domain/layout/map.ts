/**
 * Outlet map defaults (spec §9).
 *
 * @module
 */

/** Default zoom level of the map (§9). */
export const mapDefaultZoom = 8

/** Default zoom-change level (§9). */
export const mapZoomChangeLevel = 0.5

/** Distance-change limit of the map (§9: 60; the unit is not shown). */
export const mapDistanceChangeLimit = 60
