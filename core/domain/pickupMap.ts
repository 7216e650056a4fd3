/**
 * The pick-up point map (spec §9): the default zoom, where the map starts (the shopper's geocoded
 * shipping point, else the shop's fallback location) and when a moved map asks for the branches
 * again (the zoom changed by at least the zoom-change level, or the centre moved further than the
 * distance-change limit, read in kilometres: the spec does not give its unit). The constants are
 * those of `layout/map.ts`.
 *
 * @module
 */
import { mapDefaultZoom, mapDistanceChangeLimit, mapZoomChangeLevel } from "./layout/map.ts"
import type { GeoPoint } from "./shop.ts"

/** What the map shows: its centre and zoom. */
export interface MapView {
  readonly center: GeoPoint
  readonly zoom: number
}

const earthRadiusKm = 6371.0088
const radians = (degrees: number): number => (degrees * Math.PI) / 180

/** The great-circle distance between two points in kilometres (haversine). */
export const distanceKm = (a: GeoPoint, b: GeoPoint): number => {
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Whether a value is a point on the globe (finite latitude within ±90, longitude within ±180). */
export const isGeoPoint = (value: { readonly lat?: unknown; readonly lng?: unknown } | null | undefined): value is GeoPoint =>
  typeof value?.lat === "number" && typeof value.lng === "number" && Number.isFinite(value.lat) && Number.isFinite(value.lng) &&
  Math.abs(value.lat) <= 90 && Math.abs(value.lng) <= 180

/**
 * The view the map opens with (§9): the shopper's geocoded shipping point when it is a valid point,
 * else the shop's fallback location, at the default zoom.
 */
export const initialMapView = (
  shop: { readonly fallbackLocation: GeoPoint },
  shippingPoint?: { readonly lat?: unknown; readonly lng?: unknown } | null
): MapView => ({
  center: isGeoPoint(shippingPoint) ? { lat: shippingPoint.lat, lng: shippingPoint.lng } : shop.fallbackLocation,
  zoom: mapDefaultZoom
})

/**
 * How far below the zoom-change level a zoom difference may fall and still count as reaching it: the rounding of
 * floating-point zoom levels (0.5 added to a zoom and taken off again can give 0.49999999999999994).
 */
const zoomRounding = 1e-9

/**
 * Whether the branches are asked for again after the map moved from `loaded` (the view the shown
 * branches were loaded for) to `current` (§9): the zoom changed by at least the zoom-change level or
 * the centre moved further than the distance-change limit.
 */
export const mapViewChanged = (loaded: MapView, current: MapView): boolean =>
  Math.abs(current.zoom - loaded.zoom) >= mapZoomChangeLevel - zoomRounding ||
  distanceKm(loaded.center, current.center) > mapDistanceChangeLimit

/** The branches that can be drawn on the map: those with a valid location. */
export const mappableBranches = <B extends { readonly lat?: unknown; readonly lng?: unknown }>(
  branches: ReadonlyArray<B>
): ReadonlyArray<B & GeoPoint> => branches.filter((branch): branch is B & GeoPoint => isGeoPoint(branch))

/**
 * The branches nearest to a point, nearest first, at most `limit` of them (the list beside the map
 * follows the map's view); branches without a valid location come last, in their order.
 */
export const nearestBranches = <B extends { readonly lat?: unknown; readonly lng?: unknown }>(
  branches: ReadonlyArray<B>,
  center: GeoPoint,
  limit: number
): ReadonlyArray<B> => {
  const located = branches
    .map((branch, index) => ({ branch, index, distance: isGeoPoint(branch) ? distanceKm(center, branch) : Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
  return located.slice(0, Math.max(0, limit)).map((entry) => entry.branch)
}
