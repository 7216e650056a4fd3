/**
 * Catalogue browsing (our addition where the spec is silent; see docs/FEATURES.md "Catalogue
 * browsing"): the shop's categories, a category listing with sorting, price, stock and parameter
 * filters, facets and paging, search, search suggestions and one product's page, all scoped to the
 * session's shop. Read-only GETs: a caller without a session stores nothing.
 *
 * The query Schemas are the server's validation: a value they refuse answers 400 with problem
 * details. `core/domain/listing.ts` maps a storefront page's URL to these queries and back.
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  inStockFlagValues,
  listingSorts,
  maxPage,
  maxParamFilters,
  maxParamValueLength,
  maxPerPage,
  paramFilterOf,
  paramFilterText,
  paramKeyPattern
} from "../domain/listing.ts"
import { CategorySummary, ParamFacet, ProductDetail, ProductSummary } from "./entities/catalogue.ts"
import { NotFound } from "./errors.ts"
import { NonNegativeDecimalFromString, PositiveIdFromString } from "./requestFields.ts"

export {
  type ListingFilters,
  type ListingSort,
  type ParamFilter,
  defaultListingSort,
  defaultPerPage,
  listingSorts,
  maxPage,
  maxPerPage
} from "../domain/listing.ts"
export {
  BundleOffer,
  CatalogueImage,
  CategorySummary,
  FacetValue,
  ParamFacet,
  ProductDetail,
  ProductParam,
  ProductSummary,
  ProductVariantOption
} from "./entities/catalogue.ts"
import { SafeString } from "./entities/text.ts"

/** A sort order in a query string or an answer. */
export const SortField = Schema.Literals(listingSorts)

/** A page number in a query string: `1` to `maxPage` as plain digits. */
export const PageField = PositiveIdFromString.check(Schema.isLessThanOrEqualTo(maxPage))

/** Products per page in a query string: `1` to `maxPerPage` as plain digits. */
export const PerPageField = PositiveIdFromString.check(Schema.isLessThanOrEqualTo(maxPerPage))

/**
 * The in-stock filter in a query string: `true` (or `1`) keeps only products in stock; `false` (or
 * `0`) filters nothing. Decodes to a boolean, encodes as `true` / `false`.
 */
export const InStockField = Schema.Literals(inStockFlagValues).pipe(
  Schema.decodeTo(
    Schema.Boolean,
    SchemaTransformation.transform({
      decode: (flag) => flag === "true" || flag === "1",
      encode: (on): "true" | "false" => (on ? "true" : "false")
    })
  )
)

const ParamFilterSchemaFields = {
  key: SafeString.check(Schema.isPattern(paramKeyPattern)),
  value: SafeString.check(Schema.isMinLength(1), Schema.isMaxLength(maxParamValueLength))
}

/** The schema type of {@link ParamFilterSchema}, named so that declarations refer to it instead of spelling it out. */
export interface ParamFilterSchemaStruct extends Schema.Struct<typeof ParamFilterSchemaFields> {}

/** A decoded parameter filter (`core/domain/listing.ts` `ParamFilter`). */
export const ParamFilterSchema: ParamFilterSchemaStruct = Schema.Struct(ParamFilterSchemaFields)

/**
 * A parameter filter in a query string, `KEY:VALUE` (split at the first colon): the key is 1 to 40
 * letters, digits, `_`, `.` or `-`; the value 1 to 100 characters, matched exactly.
 */
export const ParamFilterFromString = SafeString.check(
  Schema.makeFilter((text: string) => paramFilterOf(text) !== undefined, {
    expected: `KEY:VALUE (a key of 1 to 40 letters, digits, _ . -, and a value of 1 to ${maxParamValueLength} characters)`
  })
).pipe(
  Schema.decodeTo(
    ParamFilterSchema,
    SchemaTransformation.transform({
      decode: (text: string) => paramFilterOf(text) ?? { key: "", value: "" },
      encode: paramFilterText
    })
  )
)

/** The text searched: 1 to 100 characters (a blank text matches every product). */
export const SearchText = SafeString.check(Schema.isMinLength(1), Schema.isMaxLength(100))

/** A category url key or a variant url as a query names it. */
const UrlPart = SafeString.check(Schema.isMinLength(1), Schema.isMaxLength(200))

/** The sorting, paging and filters shared by a listing and a search (see `ListingFilters`). */
const pageFields = {
  sort: Schema.optionalKey(SortField),
  page: Schema.optionalKey(PageField),
  perPage: Schema.optionalKey(PerPageField),
  minPrice: Schema.optionalKey(NonNegativeDecimalFromString),
  maxPrice: Schema.optionalKey(NonNegativeDecimalFromString),
  inStock: Schema.optionalKey(InStockField),
  param: Schema.optionalKey(Schema.Array(ParamFilterFromString).check(Schema.isMaxLength(maxParamFilters)))
}

/** A price range is refused when its minimum is above its maximum. */
const priceRangeInOrder = Schema.makeFilter(
  (query: { readonly minPrice?: number; readonly maxPrice?: number }) =>
    query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  { expected: "a minPrice not above the maxPrice" }
)

/** The query of a category listing: the category's url key, then sorting, paging and filters. */
export const ListingQuery = Schema.Struct({ category: UrlPart, ...pageFields }).check(priceRangeInOrder)

/** Decoded type of {@link ListingQuery}. */
export type ListingQuery = typeof ListingQuery.Type

/** The query of a search: the text `q`, then sorting, paging and filters. */
export const SearchQuery = Schema.Struct({ q: SearchText, ...pageFields }).check(priceRangeInOrder)

/** Decoded type of {@link SearchQuery}. */
export type SearchQuery = typeof SearchQuery.Type

/** The query of a product's page: its link's parts, `/{category}/{variant}` (§2). */
export const ProductQuery = Schema.Struct({ category: UrlPart, variant: UrlPart })

/** Decoded type of {@link ProductQuery}. */
export type ProductQuery = typeof ProductQuery.Type

/** The lowest and highest price of the products before the filters (0 and 0 when there are none). */
export const PriceRange = Schema.Struct({ min: Schema.Finite, max: Schema.Finite })

/** Decoded type of {@link PriceRange}. */
export type PriceRange = typeof PriceRange.Type

const pageOfProducts = {
  products: Schema.Array(ProductSummary),
  total: Schema.Int,
  page: Schema.Int,
  perPage: Schema.Int,
  pageCount: Schema.Int,
  sort: SortField,
  priceRange: PriceRange,
  facets: Schema.Array(ParamFacet)
}

const ListingFields = {
  category: CategorySummary,
  breadcrumbs: Schema.Array(CategorySummary),
  children: Schema.Array(CategorySummary),
  ...pageOfProducts
}

/** The schema type of {@link Listing}, named so that declarations refer to it instead of spelling it out. */
export interface ListingStruct extends Schema.Struct<typeof ListingFields> {}

/**
 * A category listing page: the category, its path from the top (ending with it), its children,
 * and one page of its products' and its descendants' products; `total` counts the products passing
 * the filters, `pageCount` the pages they fill (at least 1).
 */
export const Listing: ListingStruct = Schema.Struct(ListingFields)

/** Decoded type of {@link Listing}. */
export type Listing = typeof Listing.Type

/** A search results page: the text searched and a page of the products matching it. */
export const SearchResults = Schema.Struct({ query: SafeString, ...pageOfProducts })

/** Decoded type of {@link SearchResults}. */
export type SearchResults = typeof SearchResults.Type

const SuggestionsFields = {
  products: Schema.Array(ProductSummary),
  categories: Schema.Array(CategorySummary)
}

/** The schema type of {@link Suggestions}, named so that declarations refer to it instead of spelling it out. */
export interface SuggestionsStruct extends Schema.Struct<typeof SuggestionsFields> {}

/** What a search box suggests: up to 6 products and up to 4 categories. */
export const Suggestions: SuggestionsStruct = Schema.Struct(SuggestionsFields)

/** Decoded type of {@link Suggestions}. */
export type Suggestions = typeof Suggestions.Type

/** The most products a suggestion answers. */
export const maxSuggestedProducts = 6

/** The most categories a suggestion answers. */
export const maxSuggestedCategories = 4

/** Catalogue browsing, scoped to the session's shop. */
export class CatalogueGroup extends HttpApiGroup.make("catalogue")
  .add(
    HttpApiEndpoint.get("categories", "/api/catalogue/categories", {
      success: Schema.Struct({ categories: Schema.Array(CategorySummary) })
    }).annotate(OpenApi.Description, "Every category of the session's shop, ordered by parent, then position.")
  )
  .add(
    HttpApiEndpoint.get("listing", "/api/catalogue/listing", { query: ListingQuery, success: Listing, error: NotFound })
      .annotate(
        OpenApi.Description,
        "A category's products (with its descendants'), sorted, filtered and paged, with facets; 404 for an unknown category."
      )
  )
  .add(
    HttpApiEndpoint.get("search", "/api/catalogue/search", { query: SearchQuery, success: SearchResults })
      .annotate(OpenApi.Description, "Products whose title, brand or parameters contain every word searched (case and accents ignored).")
  )
  .add(
    HttpApiEndpoint.get("suggest", "/api/catalogue/suggest", { query: Schema.Struct({ q: SearchText }), success: Suggestions })
      .annotate(OpenApi.Description, "Up to 6 products and 4 categories for a search box.")
  )
  .add(
    HttpApiEndpoint.get("product", "/api/catalogue/product", {
      query: ProductQuery,
      success: Schema.Struct({ product: ProductDetail }),
      error: NotFound
    }).annotate(OpenApi.Description, "One product's page by its link (§2: /{mainCategoryUrlKey}/{variantUrl}); 404 when not in the shop.")
  )
{}
