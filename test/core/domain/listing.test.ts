import { fc, test } from "@fast-check/vitest"
import { Result, Schema } from "effect"
import { describe, expect } from "vitest"
import { ListingQuery, ParamFilterFromString, SearchQuery } from "../../../core/api/catalogue.ts"
import {
  defaultPerPage,
  filtersByKey,
  hasParamFilter,
  type ListingFilters,
  listingQueryOf,
  listingSearchParams,
  listingSorts,
  maxPage,
  maxParamFilters,
  maxPerPage,
  pageCountOf,
  type ParamFilter,
  paramFilterOf,
  paramFilterText,
  toggleParamFilter
} from "../../../core/domain/listing.ts"

const key = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/)
const value = fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }).filter((v) => v.length <= 100)
const filter: fc.Arbitrary<ParamFilter> = fc.record({ key, value })
const price = fc.double({ min: 0, max: 1e12, noNaN: true }).map((n) => (n === 0 ? 0 : n))

/** A query as a storefront builds it: valid values, each filter once, the price range in order. */
const query: fc.Arbitrary<ListingFilters> = fc
  .record(
    {
      sort: fc.constantFrom(...listingSorts),
      page: fc.integer({ min: 1, max: maxPage }),
      perPage: fc.integer({ min: 1, max: maxPerPage }),
      prices: fc.tuple(fc.option(price, { nil: undefined }), fc.option(price, { nil: undefined })),
      inStock: fc.boolean(),
      param: fc.uniqueArray(filter, { maxLength: maxParamFilters, selector: paramFilterText })
    },
    { requiredKeys: [] }
  )
  .map(({ prices, param, ...rest }) => {
    const [a, b] = prices ?? [undefined, undefined]
    const [minPrice, maxPrice] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]
    return {
      ...rest,
      ...(minPrice === undefined ? {} : { minPrice }),
      ...(maxPrice === undefined ? {} : { maxPrice }),
      ...(param === undefined || param.length === 0 ? {} : { param })
    }
  })

/** Any search parameters: the listing's names with any text, and other names. */
const anySearchParams = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("sort", "page", "perPage", "minPrice", "maxPrice", "inStock", "param", "q"), fc.string()),
      fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.integer().map(String), fc.double().map(String), filter.map(paramFilterText))
    ),
    { maxLength: 40 }
  )
  .map((entries) => new URLSearchParams(entries))

const accepts = (schema: Schema.Codec<any, any>, input: unknown) => Result.isSuccess(Schema.encodeUnknownResult(schema)(input))

describe("listing URL <-> query (issue 11)", () => {
  test.prop([query])("round trip: the query written to a URL reads back the same", (q) => {
    expect(listingQueryOf(listingSearchParams(q))).toEqual(q)
  })

  test.prop([anySearchParams])("any URL reads as a query the catalogue calls accept, and reads the same once rewritten", (params) => {
    const read = listingQueryOf(params)
    expect(accepts(ListingQuery, { category: "phones", ...read })).toBe(true)
    expect(accepts(SearchQuery, { q: "phone", ...read })).toBe(true)
    expect(listingQueryOf(listingSearchParams(read))).toEqual(read)
  })

  test.prop([query, filter])("toggling a filter adds it or removes it, goes back to the first page, and toggling again restores the filters", (q, f) => {
    const toggled = toggleParamFilter(q, f)
    expect(hasParamFilter(toggled, f)).toBe(!hasParamFilter(q, f))
    expect(toggled.page).toBeUndefined()
    const back = toggleParamFilter(toggled, f)
    const { page: _page, ...withoutPage } = q
    expect(new Set((back.param ?? []).map(paramFilterText))).toEqual(new Set((withoutPage.param ?? []).map(paramFilterText)))
    expect({ ...back, param: undefined }).toEqual({ ...withoutPage, param: undefined })
  })

  test("values left out: unknown sort, page 0, signed or blank prices, a reversed price range, malformed or repeated filters", () => {
    const read = listingQueryOf(new URLSearchParams(
      "sort=cheapest&page=0&perPage=61&minPrice=-1&maxPrice=%201&inStock=yes&param=COLOR&param=:x&param=RAM:8&param=RAM:8&param=RAM:8:16"
    ))
    expect(read).toEqual({ param: [{ key: "RAM", value: "8" }, { key: "RAM", value: "8:16" }] })
    expect(listingQueryOf(new URLSearchParams("minPrice=20&maxPrice=10"))).toEqual({})
    expect(listingQueryOf(new URLSearchParams("inStock=1&sort=title&sort=newest"))).toEqual({ inStock: true, sort: "title" })
    expect(defaultPerPage).toBe(24)
    expect(maxPerPage).toBe(60)
  })
})

describe("parameter filters", () => {
  test.prop([fc.oneof(fc.string(), filter.map(paramFilterText), fc.tuple(key, fc.string()).map(([k, v]) => `${k}:${v}`))])(
    "the contract reads KEY:VALUE exactly as the domain does",
    (text) => {
      const domain = paramFilterOf(text)
      const decoded = Schema.decodeUnknownResult(ParamFilterFromString)(text)
      expect(Result.isSuccess(decoded)).toBe(domain !== undefined)
      if (Result.isSuccess(decoded)) {
        expect(decoded.success).toEqual(domain)
        expect(Schema.encodeSync(ParamFilterFromString)(decoded.success)).toBe(text)
      }
    }
  )

  test.prop([fc.array(filter, { maxLength: 30 })])("grouped by key: keys once, in first-seen order, each with its distinct values", (filters) => {
    const groups = filtersByKey(filters)
    expect(groups.map((g) => g.key)).toEqual([...new Set(filters.map((f) => f.key))])
    for (const group of groups) {
      expect(group.values).toEqual([...new Set(filters.filter((f) => f.key === group.key).map((f) => f.value))])
    }
  })
})

describe("pages", () => {
  test.prop([fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: maxPerPage })])(
    "the pages hold every product: at least one page, none of them empty but an empty listing's",
    (total, perPage) => {
      const pages = pageCountOf(total, perPage)
      expect(pages).toBeGreaterThanOrEqual(1)
      expect(pages * perPage).toBeGreaterThanOrEqual(total)
      if (total > 0) expect((pages - 1) * perPage).toBeLessThan(total)
      else expect(pages).toBe(1)
    }
  )
})
