/**
 * The parameter facets of a category listing (docs/FEATURES.md "Category listing"): a group per parameter key
 * (fieldset and legend) with a checkbox per value and its count, the chosen filters as removable chips, a "clear
 * filters" link and the number of products in a polite live region. The URL is the state (`param=KEY:VALUE`
 * repeats, by the core's listing rules): without JavaScript the panel is a GET form and its chips are links the
 * server renders; with JavaScript (`onNavigate`) a change goes to the new URL at once, without a reload, and the
 * focused checkbox keeps the focus. On a phone the groups fold behind a "Filters (n)" disclosure (a native
 * `details`, so it opens without JavaScript too).
 *
 * @module
 */
import { useEffect, useState, type FormEvent, type MouseEvent } from "react"
import type { ParamFacet } from "../../../core/api/entities/catalogue.ts"
import {
  filtersByKey,
  hasParamFilter,
  listingSearchParams,
  paramFilterText,
  toggleParamFilter,
  type ListingFilters,
  type ParamFilter
} from "../../../core/domain/listing.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

export type { ParamFacet } from "../../../core/api/entities/catalogue.ts"
export type { ListingFilters, ParamFilter } from "../../../core/domain/listing.ts"

/** Props of {@link FacetsPanel}. */
export interface FacetsPanelProps {
  /** The listing's facets as the catalogue answered them (keys with at least two values). */
  readonly facets: ReadonlyArray<ParamFacet>
  /** The listing's query as the page's URL carries it (the chosen filters, sort, price, stock). */
  readonly query: ListingFilters
  /** How many products the listing shows with the query's filters. */
  readonly total: number
  /** The listing page's path: the form's action and the links' base. */
  readonly path: string
  /** Other URL parameters the page keeps, first in its URLs (a search's `q`). */
  readonly keep?: ReadonlyArray<readonly [string, string]>
  /**
   * Goes to the listing with these URL search parameters without reloading the page (the app's router). Absent:
   * the form is sent and the links followed as plain HTML does.
   */
  readonly onNavigate?: (search: string) => void
}

/** The query without the parameter filters and the page: what choosing a value keeps. */
const withoutFilters = (query: ListingFilters): ListingFilters => {
  const { param: _param, page: _page, ...rest } = query
  return rest
}

const searchOf = (keep: ReadonlyArray<readonly [string, string]>, query: ListingFilters): string =>
  new URLSearchParams([...keep.map(([name, value]) => [name, value]), ...listingSearchParams(query)]).toString()

const hrefOf = (path: string, search: string): string => (search === "" ? path : `${path}?${search}`)


/** The facets panel of a listing (see the module's description). */
export function FacetsPanel({ facets, query, total, path, keep = [], onNavigate }: FacetsPanelProps) {
  const { t } = useShopText()
  const Link = useLink()
  const queryText = listingSearchParams(query).toString()
  // What the shopper chose while the page for it loads: valid only as long as the URL it started from is current.
  const [pending, setPending] = useState<{ readonly from: string; readonly query: ListingFilters }>()
  const [lastToggled, setLastToggled] = useState<string>()
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(onNavigate !== undefined), [onNavigate])
  const current = pending !== undefined && pending.from === queryText ? pending.query : query
  const chosen = current.param ?? []
  const titleOf = (key: string) => facets.find((facet) => facet.key === key)?.title ?? key

  const go = (next: ListingFilters) => {
    if (onNavigate === undefined) return
    setPending({ from: queryText, query: next })
    onNavigate(searchOf(keep, next))
  }
  const toggle = (filter: ParamFilter) => {
    setLastToggled(paramFilterText(filter))
    go(toggleParamFilter(current, filter))
  }
  const follow = (next: ListingFilters) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (onNavigate === undefined || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    go(next)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (onNavigate === undefined) return
    event.preventDefault()
    go(current)
  }

  if (facets.length === 0 && chosen.length === 0) return null
  const hidden = [...new URLSearchParams(searchOf(keep, withoutFilters(current)))]
  const cleared = withoutFilters(current)
  return (
    <section className="facets" aria-label={t("facets_title")}>
      <p className="facets-count" role="status" aria-live="polite">{t("facets_result_count", { count: total })}</p>
      {chosen.length > 0 && (
        <div className="facets-chosen">
          <ul className="chips facet-chips" aria-label={t("facets_chosen")}>
            {filtersByKey(chosen).flatMap(({ key, values }) => values.map((value) => {
              const next = toggleParamFilter(current, { key, value })
              return (
                <li key={`${key}:${value}`}>
                  <Link to={hrefOf(path, searchOf(keep, next))} onClick={follow(next)}>
                    <span className="visually-hidden">{t("facets_remove")} </span>{titleOf(key)}: {value} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              )
            }))}
          </ul>
          <Link className="facets-clear" to={hrefOf(path, searchOf(keep, cleared))} onClick={follow(cleared)}>{t("facets_clear")}</Link>
        </div>
      )}
      <details className="facets-disclosure">
        <summary className="button facets-toggle">{t("facets_toggle", { count: chosen.length })}</summary>
        <form method="get" action={path} className="facets-form" onSubmit={submit}>
          {hidden.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />)}
          {facets.map((facet) => (
            <fieldset key={facet.key} className="facet">
              <legend>{facet.title}</legend>
              <ul>
                {facet.values.map((option) => {
                  const filter = { key: facet.key, value: option.value }
                  const checked = hasParamFilter(current, filter)
                  const text = paramFilterText(filter)
                  return (
                    <li key={option.value}>
                      <label>
                        <input type="checkbox" name="param" value={text} checked={checked}
                          disabled={option.count === 0 && !checked && lastToggled !== text}
                          onChange={() => toggle(filter)} />
                        {option.css !== null && <span className="facet-swatch" aria-hidden="true" style={{ background: option.css }} />}
                        {" "}{option.value} <span className="facet-count">({option.count})</span>
                      </label>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          ))}
          <button type="submit" className="button" hidden={enhanced}>{t("facets_apply")}</button>
        </form>
      </details>
    </section>
  )
}
