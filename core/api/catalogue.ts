/**
 * Catalogue browsing (our addition where the spec is silent; see docs/FEATURES.md): the shop's
 * categories, a category listing with sorting, price and stock filters and paging, search, search
 * suggestions and one product's page, all scoped to the session's shop. Read-only: a caller without
 * a session stores nothing.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NotFound } from "./errors.ts"
import { NonNegativeDecimalFromString, PositiveIdFromString, queryFlagValues } from "./requestFields.ts"

/** The sort orders of a listing: 'popular' is by units ordered, then newest. */
export const listingSorts = ["popular", "price_asc", "price_desc", "title", "newest"] as const

/** A sort order of a listing. */
export type ListingSort = (typeof listingSorts)[number]

/** How many products a listing page shows when the query does not say. */
export const defaultPerPage = 24

/** The most products one listing page shows. */
export const maxPerPage = 60

/** An image with its size, so nothing shifts while it loads. */
export const CatalogueImage = Schema.Struct({ url: Schema.String, width: Schema.Number, height: Schema.Number })
/** Decoded type of {@link CatalogueImage}. */
export type CatalogueImage = typeof CatalogueImage.Type

/** A product as a listing, a carousel or a suggestion shows it (its default variant). */
export const ProductSummary = Schema.Struct({
  variantId: Schema.Number,
  productId: Schema.Number,
  title: Schema.String,
  brand: Schema.String,
  /** `/{mainCategoryUrlKey}/{variantUrl}` (§2). */
  url: Schema.String,
  image: Schema.NullOr(CatalogueImage),
  price: Schema.Number,
  originalPrice: Schema.NullOr(Schema.Number),
  currency: Schema.String,
  vatRate: Schema.Number,
  inStock: Schema.Number,
  availabilityKey: Schema.String,
  adultOnly: Schema.Boolean,
  marketplacePartner: Schema.NullOr(Schema.String)
})
/** Decoded type of {@link ProductSummary}. */
export type ProductSummary = typeof ProductSummary.Type

/** A category of the shop. */
export const CategorySummary = Schema.Struct({
  categoryId: Schema.Number,
  parentId: Schema.NullOr(Schema.Number),
  code: Schema.String,
  urlKey: Schema.String,
  title: Schema.String,
  /** Active products in it and its descendants. */
  productCount: Schema.Number
})
/** Decoded type of {@link CategorySummary}. */
export type CategorySummary = typeof CategorySummary.Type

/** A product parameter (§3 params). */
export const ProductParam = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  value: Schema.String,
  css: Schema.NullOr(Schema.String),
  measure: Schema.NullOr(Schema.String)
})
/** Decoded type of {@link ProductParam}. */
export type ProductParam = typeof ProductParam.Type

/** A product's page: the variant asked for, its siblings, parameters, images and services. */
export const ProductDetail = Schema.Struct({
  ...ProductSummary.fields,
  description: Schema.String,
  images: Schema.Array(CatalogueImage),
  params: Schema.Array(ProductParam),
  variants: Schema.Array(Schema.Struct({
    variantId: Schema.Number,
    title: Schema.String,
    url: Schema.String,
    price: Schema.Number,
    inStock: Schema.Number,
    availabilityKey: Schema.String,
    params: Schema.Array(ProductParam),
    image: Schema.NullOr(CatalogueImage),
    isDefault: Schema.Boolean
  })),
  bundles: Schema.Array(Schema.Struct({
    bundleId: Schema.Number,
    type: Schema.Literals(["warranty", "insurance", "digital", "return_guarantee"]),
    title: Schema.String,
    price: Schema.Number
  })),
  breadcrumbs: Schema.Array(CategorySummary),
  digitalContent: Schema.Boolean
})
/** Decoded type of {@link ProductDetail}. */
export type ProductDetail = typeof ProductDetail.Type

const Sort = Schema.Literals(listingSorts)
const Page = PositiveIdFromString
const Flag = Schema.Literals(queryFlagValues)
const SearchText = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100))

/** The paging and filters shared by a listing and a search. */
const pageFields = {
  sort: Schema.optionalKey(Sort),
  page: Schema.optionalKey(Page),
  perPage: Schema.optionalKey(PositiveIdFromString.check(Schema.isLessThanOrEqualTo(maxPerPage))),
  minPrice: Schema.optionalKey(NonNegativeDecimalFromString),
  maxPrice: Schema.optionalKey(NonNegativeDecimalFromString),
  inStock: Schema.optionalKey(Flag)
}

/** The query of a category listing. */
export const ListingQuery = Schema.Struct({ category: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)), ...pageFields })
/** Decoded type of {@link ListingQuery}. */
export type ListingQuery = typeof ListingQuery.Type

/** The query of a search. */
export const SearchQuery = Schema.Struct({ q: SearchText, ...pageFields })
/** Decoded type of {@link SearchQuery}. */
export type SearchQuery = typeof SearchQuery.Type

const PageOfProducts = {
  products: Schema.Array(ProductSummary),
  total: Schema.Number,
  page: Schema.Number,
  perPage: Schema.Number,
  pageCount: Schema.Number,
  sort: Sort,
  /** The lowest and highest price without the filters. */
  priceRange: Schema.Struct({ min: Schema.Number, max: Schema.Number })
}

/** A category listing page. */
export const Listing = Schema.Struct({
  category: CategorySummary,
  /** The root first, ending with the category. */
  breadcrumbs: Schema.Array(CategorySummary),
  children: Schema.Array(CategorySummary),
  ...PageOfProducts
})
/** Decoded type of {@link Listing}. */
export type Listing = typeof Listing.Type

/** A search results page. */
export const SearchResults = Schema.Struct({ query: Schema.String, ...PageOfProducts })
/** Decoded type of {@link SearchResults}. */
export type SearchResults = typeof SearchResults.Type

/** Catalogue browsing, scoped to the session's shop. */
export class CatalogueGroup extends HttpApiGroup.make("catalogue")
  .add(
    HttpApiEndpoint.get("categories", "/api/catalogue/categories", {
      success: Schema.Struct({ categories: Schema.Array(CategorySummary) })
    }).annotate(OpenApi.Description, "Every category of the session's shop, parents before children.")
  )
  .add(
    HttpApiEndpoint.get("listing", "/api/catalogue/listing", { query: ListingQuery, success: Listing, error: NotFound })
      .annotate(OpenApi.Description, "A category's products (with its descendants'), sorted, filtered and paged.")
  )
  .add(
    HttpApiEndpoint.get("search", "/api/catalogue/search", { query: SearchQuery, success: SearchResults })
      .annotate(OpenApi.Description, "Products whose title, brand or parameters contain the words searched.")
  )
  .add(
    HttpApiEndpoint.get("suggest", "/api/catalogue/suggest", {
      query: Schema.Struct({ q: SearchText }),
      success: Schema.Struct({ products: Schema.Array(ProductSummary), categories: Schema.Array(CategorySummary) })
    }).annotate(OpenApi.Description, "Up to 6 products and 4 categories for a search box.")
  )
  .add(
    HttpApiEndpoint.get("product", "/api/catalogue/product", {
      query: Schema.Struct({ category: Schema.String.check(Schema.isMaxLength(200)), variant: Schema.String.check(Schema.isMaxLength(200)) }),
      success: Schema.Struct({ product: ProductDetail }),
      error: NotFound
    }).annotate(OpenApi.Description, "One product's page by its URL (§2: /{mainCategoryUrlKey}/{variantUrl}).")
  )
{}
