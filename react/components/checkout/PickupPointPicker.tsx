/**
 * Choosing a pick-up point for one delivery (§2 shipping step): a search field (a town, street or
 * name; from 2 characters) with place suggestions, the list of branches (cash-and-carry shops and
 * parcel boxes marked) and a map. The list follows the map: when the map moves by the §9 rule, the
 * branches nearest to its centre are listed. The map (Leaflet) loads only when the shopper opens it.
 *
 * @module
 */
import { lazy, Suspense, useId, useMemo, useState } from "react"
import type { Branch } from "../../../core/api/entities/delivery.ts"
import type { GeoSuggestion } from "../../../core/api/deliveries.ts"
import { outletMinQueryLength } from "../../../core/domain/outlet.ts"
import { initialMapView, nearestBranches, type MapView } from "../../../core/domain/pickupMap.ts"
import type { GeoPoint } from "../../../core/domain/shop.ts"
import { useShopText } from "../../storefront/text.tsx"
import type { TileSource } from "./PickupMap.tsx"

// The map and Leaflet's stylesheet load together, when the shopper first opens the map (the consumer's bundler loads
// the stylesheet; a stylesheet import kept out of the module keeps it out of the published type declarations).
const PickupMap = lazy(() => Promise.all([import("./PickupMap.tsx"), import("leaflet/dist/leaflet.css")]).then(([module]) => module))

/** How many branches the list shows at once. */
export const listedBranchCount = 30

/** Props of {@link PickupPointPicker}. */
export interface PickupPointPickerProps {
  /** The branches last listed or found. */
  readonly branches: ReadonlyArray<Branch>
  /** The places last suggested. */
  readonly suggestions: ReadonlyArray<GeoSuggestion>
  /** The shopper's geocoded shipping point, if known (where the map opens). */
  readonly shippingPoint?: { readonly lat: number; readonly lng: number } | undefined
  /** Searches branches and places for a text of at least 2 characters. */
  readonly onSearch: (term: string) => void
  /** The shopper chose a branch. */
  readonly onChoose: (branch: Branch) => void
  /** Map tiles (off by default: the outlines are drawn offline). */
  readonly tiles?: TileSource | undefined
  /** The id of the element, for the opener's aria-controls. */
  readonly id?: string | undefined
}

/** Search, suggestions, list and map of pick-up points. */
export function PickupPointPicker(props: PickupPointPickerProps) {
  const { t, shop } = useShopText()
  const id = useId()
  const [term, setTerm] = useState("")
  const [view, setView] = useState<"list" | "map">("list")
  const [mapView, setMapView] = useState<MapView>(() => initialMapView(shop, props.shippingPoint))
  // Where the list is centred once the map moved (or a place was chosen); undefined: the search's order.
  const [listCenter, setListCenter] = useState<GeoPoint | undefined>(undefined)
  const listed = useMemo(
    () => (listCenter !== undefined ? nearestBranches(props.branches, listCenter, listedBranchCount) : props.branches.slice(0, listedBranchCount)),
    [listCenter, props.branches]
  )
  const search = (text: string) => {
    setTerm(text)
    setListCenter(undefined)
    if (Array.from(text.trim()).length >= outletMinQueryLength) props.onSearch(text.trim())
  }
  const goTo = (place: GeoSuggestion) => {
    const center = { lat: place.lat, lng: place.lng }
    setMapView({ center, zoom: initialMapView(shop).zoom })
    setListCenter(center)
    setView("map")
  }
  const branchText = (branch: Branch) =>
    [branch.name ?? branch.id, branch.cashAndCarry === true ? `(${t("sf_cash_and_carry")})` : branch.pupType === "box" ? `(${t("delivery_method_privileged_pup")})` : ""]
      .filter((part) => part !== "").join(" ")
  const showSuggestions = term.trim().length >= outletMinQueryLength && props.suggestions.length > 0
  return (
    <div id={props.id} className="pickup-picker">
      <p className="field">
        <label htmlFor={`${id}-search`}>{t("sf_search_pickup")}</label>
        <input id={`${id}-search`} type="search" value={term} autoComplete="off" onChange={(e) => search(e.currentTarget.value)} />
      </p>
      {showSuggestions && (
        <nav aria-label={t("sf_suggestions")} className="pickup-places">
          <ul>
            {props.suggestions.slice(0, 5).map((place) => (
              <li key={`${place.title}-${place.lat}-${place.lng}`}>
                <button type="button" className="link-button" onClick={() => goTo(place)}>{t("pu_show_place", { place: place.title })}</button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div role="group" aria-label={t("sf_pickup_points")} className="pickup-views">
        <button type="button" className="button" aria-pressed={view === "list"} onClick={() => setView("list")}>{t("pu_list")}</button>
        <button type="button" className="button" aria-pressed={view === "map"} onClick={() => setView("map")}>{t("pu_map")}</button>
      </div>
      {view === "map" && (
        <Suspense fallback={<p className="spinner" role="status">{t("loading")}</p>}>
          <PickupMap
            key={`${mapView.center.lat},${mapView.center.lng}`}
            branches={props.branches}
            initialView={mapView}
            tiles={props.tiles}
            label={t("pu_map_label")}
            markerLabel={(name) => t("pu_choose_branch", { name })}
            clusterLabel={(count) => t("pu_cluster", { count })}
            onChoose={(branchId) => {
              const branch = props.branches.find((b) => String(b.id) === branchId)
              if (branch !== undefined) props.onChoose(branch)
            }}
            onViewChange={(moved) => setListCenter(moved.center)}
          />
        </Suspense>
      )}
      {listed.length === 0 ? <p role="status">{t("pu_no_branches")}</p> : (
        <ul aria-label={t("sf_pickup_points")} className="branches">
          {listed.map((branch) => (
            <li key={branch.id}>
              <button type="button" className="link-button" aria-label={t("pu_choose_branch", { name: branchText(branch) })} onClick={() => props.onChoose(branch)}>
                <strong>{branchText(branch)}</strong>
              </button>
              <span className="hint"> {[branch.address, branch.zip, branch.city].filter((part) => part !== undefined && part !== "").join(", ")}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
