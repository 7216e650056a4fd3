/**
 * The pick-up point map (§2 shipping step, §9): Leaflet with the branches as markers, clustered with
 * supercluster, opening at the default zoom on the shopper's point or the shop's fallback location.
 * It works offline: the country outlines come bundled (Natural Earth through world-atlas); map tiles
 * are drawn only when the app configures a tile URL. A move that the §9 rule counts as a change
 * reports the new view. Loaded lazily (default export for `React.lazy`): Leaflet and the outlines
 * stay out of every page until the map is shown.
 *
 * @module
 */
import L from "leaflet"
import Supercluster, { type ClusterProperties, type PointFeature } from "supercluster"
import { feature } from "topojson-client"
import type { GeometryCollection, Topology } from "topojson-specification"
import { useEffect, useRef } from "react"
import { mappableBranches, mapViewChanged, type MapView } from "../../../core/domain/pickupMap.ts"

/** A branch the map can show. */
export interface MapBranch {
  readonly id: string
  readonly name?: string | undefined
  readonly lat?: number | undefined
  readonly lng?: number | undefined
}

/** A map tile source (off by default: no tile server is assumed reachable). */
export interface TileSource {
  /** A Leaflet tile URL template, e.g. `https://tiles.example/{z}/{x}/{y}.png`. */
  readonly url: string
  /** The attribution the tile provider asks for. */
  readonly attribution?: string
}

/** Props of the pick-up point map (the default export of this module, loaded lazily by `PickupPointPicker`). */
export interface PickupMapProps {
  /** The branches to show; those without a valid location are left out. */
  readonly branches: ReadonlyArray<MapBranch>
  /** Where the map opens (§9 `initialMapView`). */
  readonly initialView: MapView
  /** The shopper chose a branch (marker click, or Enter on a focused marker). */
  readonly onChoose: (branchId: string) => void
  /** The map moved far enough to count as a new view (§9 zoom-change level, distance-change limit). */
  readonly onViewChange?: ((view: MapView) => void) | undefined
  /** Tiles to draw under the outlines; none by default. */
  readonly tiles?: TileSource | undefined
  /** The accessible name of the map region. */
  readonly label: string
  /** The accessible name of a branch marker. */
  readonly markerLabel: (name: string) => string
  /** The accessible name of a cluster marker of `count` branches (activating it zooms in). */
  readonly clusterLabel: (count: number) => string
  /** Extra class names. */
  readonly className?: string | undefined
}

type BranchProps = { readonly branchId: string; readonly name: string }

const loadOutlines = async (): Promise<GeoJSON.FeatureCollection> => {
  const topology = (await import("world-atlas/countries-110m.json")).default as unknown as Topology<{ countries: GeometryCollection }>
  return feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection
}

const viewOf = (map: L.Map): MapView => {
  const center = map.getCenter()
  return { center: { lat: center.lat, lng: center.lng }, zoom: map.getZoom() }
}

/** Runs `action` when a marker is clicked, or activated with Enter or Space while focused (a marker is a button). */
const activate = (marker: L.Marker, action: () => void) => {
  marker.on("click", action)
  marker.on("keydown", (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key !== "Enter" && event.originalEvent.key !== " ") return
    event.originalEvent.preventDefault()
    action()
  })
}

/** The pick-up point map; see the module comment. */
export default function PickupMap(props: PickupMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | undefined>(undefined)
  const markers = useRef<L.LayerGroup | undefined>(undefined)
  const latest = useRef(props)
  latest.current = props
  const draw = useRef<() => void>(() => undefined)

  useEffect(() => {
    const element = container.current
    if (element === null) return
    const { initialView, tiles } = latest.current
    const created = L.map(element, { center: initialView.center, zoom: initialView.zoom, zoomSnap: 0.25, attributionControl: tiles !== undefined })
    map.current = created
    markers.current = L.layerGroup().addTo(created)
    if (tiles !== undefined) L.tileLayer(tiles.url, tiles.attribution === undefined ? {} : { attribution: tiles.attribution }).addTo(created)
    let active = true
    void loadOutlines().then((outlines) => {
      if (active) L.geoJSON(outlines, { interactive: false, style: { className: "pickup-map-country", weight: 1 } }).addTo(created).bringToBack()
    }).catch(() => undefined)
    let reported = initialView
    created.on("moveend", () => {
      draw.current()
      const current = viewOf(created)
      if (mapViewChanged(reported, current)) {
        reported = current
        latest.current.onViewChange?.(current)
      }
    })
    return () => {
      active = false
      created.remove()
      map.current = undefined
    }
  }, [])

  useEffect(() => {
    const points = mappableBranches(props.branches).map((branch): PointFeature<BranchProps> => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [branch.lng, branch.lat] },
      properties: { branchId: branch.id, name: branch.name ?? branch.id }
    }))
    const index = new Supercluster<BranchProps>({ radius: 48, maxZoom: 16 }).load(points)
    // Markers shown, by what they show: a redraw after the map moved keeps the ones still wanted, so a focused
    // marker keeps its element and the keyboard focus.
    const shownMarkers = new Map<string, L.Marker>()
    markers.current?.clearLayers()
    draw.current = () => {
      const shown = map.current
      const layer = markers.current
      if (shown === undefined || layer === undefined) return
      const bounds = shown.getBounds()
      const { markerLabel, clusterLabel } = latest.current
      const clusters = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(shown.getZoom()))
      const wanted = new Set<string>()
      for (const cluster of clusters) {
        const [lng, lat] = cluster.geometry.coordinates as [number, number]
        const properties = cluster.properties as Partial<ClusterProperties> & Partial<BranchProps>
        if (properties.cluster === true && properties.cluster_id !== undefined) {
          const count = properties.point_count ?? 0
          const clusterId = properties.cluster_id
          const key = `cluster ${clusterId}`
          wanted.add(key)
          if (shownMarkers.has(key)) continue
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: "pickup-map-cluster", html: String(count), iconSize: [36, 36] }),
            title: clusterLabel(count),
            alt: clusterLabel(count)
          })
          activate(marker, () => shown.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18)))
          layer.addLayer(marker)
          shownMarkers.set(key, marker)
          marker.getElement()?.setAttribute("aria-label", clusterLabel(count))
        } else if (properties.branchId !== undefined) {
          const branchId = properties.branchId
          const key = `branch ${branchId}`
          wanted.add(key)
          if (shownMarkers.has(key)) continue
          const label = markerLabel(properties.name ?? branchId)
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: "pickup-map-marker", html: "", iconSize: [22, 22] }),
            title: label,
            alt: label
          })
          activate(marker, () => latest.current.onChoose(branchId))
          layer.addLayer(marker)
          shownMarkers.set(key, marker)
          marker.getElement()?.setAttribute("aria-label", label)
        }
      }
      for (const [key, marker] of shownMarkers) {
        if (wanted.has(key)) continue
        layer.removeLayer(marker)
        shownMarkers.delete(key)
      }
    }
    draw.current()
  }, [props.branches])

  return <div ref={container} className={["pickup-map", props.className].filter(Boolean).join(" ")} role="region" aria-label={props.label} />
}
