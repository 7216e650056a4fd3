/**
 * Catalogue browsing (ours, the spec is silent; see docs/FEATURES.md "Catalogue browsing"): the
 * sort orders, paging limits and filters of a category listing or a search, and the mapping between
 * a storefront page's URL search parameters and the typed query the catalogue calls take.
 *
 * A listing page's URL carries `sort`, `page`, `perPage`, `minPrice`, `maxPrice`, `inStock` and any
 * number of `param=KEY:VALUE`. {@link listingQueryOf} reads them leniently (a value the catalogue
 * calls would refuse is left out, so a hand-edited URL still shows a page) and
 * {@link listingSearchParams} writes a query back; the two round-trip.
 *
 * @module
 */

/** The sort orders of a listing or a search. */
export const listingSorts = ["popular", "price_asc", "price_desc", "title", "newest"] as const

/**
 * A sort order: `popular` (units ordered in all orders, then newest), `price_asc`, `price_desc`,
 * `title` (accent-insensitive), `newest` (the product's creation time).
 */
export type ListingSort = (typeof listingSorts)[number]

/** The sort order of a listing whose query names none. */
export const defaultListingSort: ListingSort = "popular"

/** How many products a listing page shows when the query does not say. */
export const defaultPerPage = 24

/** The most products one listing page shows. */
export const maxPerPage = 60

/** The highest page number a listing accepts. */
export const maxPage = 10_000

/** The most `param` filters one query carries. */
export const maxParamFilters = 20

/** The longest parameter value a filter names. */
export const maxParamValueLength = 100

/** A parameter key as filters name it: letters, digits, `_`, `.` or `-`, 1 to 40 of them (`COLOR`, `RAM`). */
export const paramKeyPattern = /^[A-Za-z0-9_.-]{1,40}$/

/** The query-string values of the in-stock filter: `true` or `1` turn it on, `false` or `0` leave it off. */
export const inStockFlagValues = ["true", "false", "1", "0"] as const

/**
 * A parameter filter: products that have a variant whose parameter `key` has `value`. Several
 * values of one key match any of them; filters on different keys must all match.
 */
export interface ParamFilter {
  /** The parameter's key, e.g. `COLOR`. */
  readonly key: string
  /** The value, exactly as the product's parameter has it, e.g. `Černá`. */
  readonly value: string
}

/** The sorting, paging and filters of a listing or a search. */
export interface ListingFilters {
  /** The sort order ({@link defaultListingSort} when absent). */
  readonly sort?: ListingSort
  /** The page, from 1 (1 when absent). */
  readonly page?: number
  /** Products per page, 1 to {@link maxPerPage} ({@link defaultPerPage} when absent). */
  readonly perPage?: number
  /** The lowest price shown (the listed variant's price, VAT included). */
  readonly minPrice?: number
  /** The highest price shown. */
  readonly maxPrice?: number
  /** Only products whose listed variant is in stock when true; no stock filter when false or absent. */
  readonly inStock?: boolean
  /** Parameter filters (see {@link ParamFilter}). */
  readonly param?: ReadonlyArray<ParamFilter>
}

/** Reads `KEY:VALUE` (split at the first colon); undefined when the key or value breaks the rules. */
export const paramFilterOf = (text: string): ParamFilter | undefined => {
  const colon = text.indexOf(":")
  if (colon < 0) return undefined
  const key = text.slice(0, colon)
  const value = text.slice(colon + 1)
  return paramKeyPattern.test(key) && value.length >= 1 && value.length <= maxParamValueLength ? { key, value } : undefined
}

/** Writes a filter as `KEY:VALUE`. */
export const paramFilterText = (filter: ParamFilter): string => `${filter.key}:${filter.value}`

/** Whether a text is a whole page number from 1 to {@link maxPage}, written as plain digits. */
const pageOf = (text: string, max: number): number | undefined => {
  if (!/^[1-9][0-9]{0,5}$/.test(text)) return undefined
  const n = Number(text)
  return n <= max ? n : undefined
}

/** A non-negative price as the catalogue calls read it (`"1299.5"`, `"0"`, `"1e-7"`). */
export const priceTextPattern = /^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$/

const priceOf = (text: string): number | undefined => {
  if (!priceTextPattern.test(text)) return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

const isSort = (text: string): text is ListingSort => (listingSorts as ReadonlyArray<string>).includes(text)

/** The same filter twice is kept once. */
const uniqueFilters = (filters: ReadonlyArray<ParamFilter>): ReadonlyArray<ParamFilter> => {
  const seen = new Set<string>()
  return filters.filter((filter) => {
    const text = paramFilterText(filter)
    if (seen.has(text)) return false
    seen.add(text)
    return true
  })
}

/**
 * The listing query of a storefront page's URL search parameters. Unknown parameters are ignored;
 * a value the catalogue calls would refuse (an unknown sort, page 0, a price with a sign, a
 * malformed `param`) is left out, a repeated single-valued parameter counts by its first value,
 * repeated identical `param` filters count once (at most {@link maxParamFilters}), and a price range
 * whose minimum is above its maximum is dropped whole.
 */
export const listingQueryOf = (searchParams: URLSearchParams): ListingFilters => {
  const first = (name: string): string | undefined => searchParams.get(name) ?? undefined
  const sortText = first("sort")
  const page = (text: string | undefined) => (text === undefined ? undefined : pageOf(text, maxPage))
  const perPageText = first("perPage")
  const perPage = perPageText === undefined ? undefined : pageOf(perPageText, maxPerPage)
  const price = (text: string | undefined) => (text === undefined ? undefined : priceOf(text))
  let minPrice = price(first("minPrice"))
  let maxPrice = price(first("maxPrice"))
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    minPrice = undefined
    maxPrice = undefined
  }
  const stock = first("inStock")
  const filters = uniqueFilters(searchParams.getAll("param").flatMap((text) => {
    const filter = paramFilterOf(text)
    return filter === undefined ? [] : [filter]
  })).slice(0, maxParamFilters)
  const pageNumber = page(first("page"))
  return {
    ...(sortText !== undefined && isSort(sortText) ? { sort: sortText } : {}),
    ...(pageNumber === undefined ? {} : { page: pageNumber }),
    ...(perPage === undefined ? {} : { perPage }),
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(stock === "true" || stock === "1" ? { inStock: true } : stock === "false" || stock === "0" ? { inStock: false } : {}),
    ...(filters.length === 0 ? {} : { param: filters })
  }
}

/**
 * The URL search parameters of a listing query, in a fixed order (`sort`, `page`, `perPage`,
 * `minPrice`, `maxPrice`, `inStock`, then each `param`); absent fields are left out.
 * `listingQueryOf(listingSearchParams(query))` gives the query back.
 */
export const listingSearchParams = (query: ListingFilters): URLSearchParams => {
  const params = new URLSearchParams()
  if (query.sort !== undefined) params.set("sort", query.sort)
  if (query.page !== undefined) params.set("page", String(query.page))
  if (query.perPage !== undefined) params.set("perPage", String(query.perPage))
  if (query.minPrice !== undefined) params.set("minPrice", String(query.minPrice))
  if (query.maxPrice !== undefined) params.set("maxPrice", String(query.maxPrice))
  if (query.inStock !== undefined) params.set("inStock", String(query.inStock))
  for (const filter of query.param ?? []) params.append("param", paramFilterText(filter))
  return params
}

/**
 * The query with one parameter filter added, or removed when it is already there (a facet's
 * checkbox); the page goes back to the first.
 */
export const toggleParamFilter = (query: ListingFilters, filter: ParamFilter): ListingFilters => {
  const current = query.param ?? []
  const present = current.some((f) => f.key === filter.key && f.value === filter.value)
  const param = present ? current.filter((f) => f.key !== filter.key || f.value !== filter.value) : [...current, filter]
  const { page: _page, param: _param, ...rest } = query
  return param.length === 0 ? rest : { ...rest, param }
}

/** Whether a filter is among the query's (a facet value shows checked). */
export const hasParamFilter = (query: ListingFilters, filter: ParamFilter): boolean =>
  (query.param ?? []).some((f) => f.key === filter.key && f.value === filter.value)

/** How many pages `total` products fill at `perPage` a page: at least 1 (an empty listing has one empty page). */
export const pageCountOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage))

/**
 * The filters grouped by key, keys in first-seen order: each key's values match any (OR), the keys
 * must all match (AND).
 */
export const filtersByKey = (filters: ReadonlyArray<ParamFilter>): ReadonlyArray<{ readonly key: string; readonly values: ReadonlyArray<string> }> => {
  const byKey = new Map<string, Array<string>>()
  for (const { key, value } of filters) {
    const values = byKey.get(key)
    if (values === undefined) byKey.set(key, [value])
    else if (!values.includes(value)) values.push(value)
  }
  return [...byKey].map(([key, values]) => ({ key, values }))
}
