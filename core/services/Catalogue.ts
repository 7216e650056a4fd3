/**
 * The catalogue browsing service (ours, the spec is silent; docs/FEATURES.md "Catalogue browsing"):
 * the shop's categories, a category listing, search, search suggestions and a product's page,
 * through the shop API's `catalogue` group, so everything is the session's shop's.
 *
 * Failures are typed as the Catalog service's: an answer that does not fit the contract is §8's
 * `InvalidResponse`, no usable answer `CatalogUnavailable`; an unknown category is
 * {@link CategoryNotFound}, a product link the shop does not have {@link ProductNotFound}; a query
 * the contract refuses (page 0, more than 60 per page, a minimum price above the maximum...) fails
 * with {@link InvalidCatalogueQuery} before any call is made.
 *
 * @module
 */
import { Context, Data, Effect, Layer, Schema } from "effect"
import {
  ListingQuery,
  ProductQuery,
  SearchQuery,
  SearchText,
  type CategorySummary,
  type Listing,
  type ProductDetail,
  type SearchResults,
  type Suggestions
} from "../api/catalogue.ts"
import { ShopApiClient } from "../api/client.ts"
import { decodeProblems, readableProblems } from "../api/decode.ts"
import { NotFound } from "../api/errors.ts"
import { catalogError, type CatalogError } from "./Catalog.ts"

/** The shop has no category with this url key (404). */
export class CategoryNotFound extends Data.TaggedError("CategoryNotFound")<{
  /** The url key asked for. */
  readonly urlKey: string
}> {}

/** The shop has no product at this link (404): unknown, inactive, another shop's or under another category. */
export class ProductNotFound extends Data.TaggedError("ProductNotFound")<{
  /** The link's category url key. */
  readonly categoryUrlKey: string
  /** The link's variant url. */
  readonly variantUrl: string
}> {}

/** A query the contract refuses; nothing was sent. */
export class InvalidCatalogueQuery extends Data.TaggedError("InvalidCatalogueQuery")<{
  /** The operation, e.g. `Catalogue.listing`. */
  readonly operation: string
  /** What is wrong, naming the fields. */
  readonly message: string
}> {}

/** The errors every catalogue call may fail with. */
export type CatalogueError = CatalogError | InvalidCatalogueQuery

/** The catalogue service's actions. */
export interface CatalogueShape {
  /** Every category of the shop, ordered by parent, then position, with their product counts. */
  readonly categories: Effect.Effect<ReadonlyArray<CategorySummary>, CatalogueError>
  /** A page of a category's products (its descendants' included), sorted and filtered, with facets. */
  readonly listing: (query: ListingQuery) => Effect.Effect<Listing, CatalogueError | CategoryNotFound>
  /** A page of the products matching a text (a blank text matches all). */
  readonly search: (query: SearchQuery) => Effect.Effect<SearchResults, CatalogueError>
  /** Up to 6 products and 4 categories for a search box's text. */
  readonly suggest: (text: string) => Effect.Effect<Suggestions, CatalogueError>
  /** A product's page by its link's parts, `/{categoryUrlKey}/{variantUrl}` (§2). */
  readonly product: (categoryUrlKey: string, variantUrl: string) => Effect.Effect<ProductDetail, CatalogueError | ProductNotFound>
}

/** Checks a query against its contract Schema, so a refused value fails typed instead of at the server. */
const checked = <S extends Schema.Codec<any, any>>(operation: string, schema: S, query: S["Type"]): Effect.Effect<S["Type"], InvalidCatalogueQuery> =>
  Effect.mapError(
    Effect.as(Schema.encodeUnknownEffect(schema)(query), query),
    (error) => new InvalidCatalogueQuery({ operation, message: readableProblems(decodeProblems(error)) })
  )

/** Reads a failed call: the contract's 404 as `notFound()`, anything else as {@link catalogError}. */
const notFoundOr = <E>(operation: string, notFound: () => E) => (error: unknown): Effect.Effect<never, E | CatalogError> =>
  Effect.fail(error instanceof NotFound ? notFound() : catalogError(operation, error))

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient

  const wrap = <A, E>(operation: string, call: Effect.Effect<A, E>): Effect.Effect<A, CatalogError> =>
    call.pipe(Effect.mapError((error) => catalogError(operation, error)), Effect.withSpan(operation))

  const categories = wrap("Catalogue.categories", Effect.map(api.catalogue.categories(), (answer) => answer.categories))

  const listing = (query: ListingQuery) =>
    Effect.flatMap(checked("Catalogue.listing", ListingQuery, query), (valid) =>
      api.catalogue.listing({ query: valid }).pipe(
        Effect.catch(notFoundOr("Catalogue.listing", () => new CategoryNotFound({ urlKey: query.category }))),
        Effect.withSpan("Catalogue.listing")
      ))

  const search = (query: SearchQuery) =>
    Effect.flatMap(checked("Catalogue.search", SearchQuery, query), (valid) =>
      wrap("Catalogue.search", api.catalogue.search({ query: valid })))

  const suggest = (text: string) =>
    Effect.flatMap(checked("Catalogue.suggest", SearchText, text), (q) =>
      wrap("Catalogue.suggest", api.catalogue.suggest({ query: { q } })))

  const product = (categoryUrlKey: string, variantUrl: string) =>
    Effect.flatMap(checked("Catalogue.product", ProductQuery, { category: categoryUrlKey, variant: variantUrl }), (query) =>
      api.catalogue.product({ query }).pipe(
        Effect.map((answer) => answer.product),
        Effect.catch(notFoundOr("Catalogue.product", () => new ProductNotFound({ categoryUrlKey, variantUrl }))),
        Effect.withSpan("Catalogue.product")
      ))

  return Catalogue.of({ categories, listing, search, suggest, product })
})

/** The catalogue browsing service: see {@link CatalogueShape}. */
export class Catalogue extends Context.Service<Catalogue, CatalogueShape>()("storefront/Catalogue") {
  /** Over the derived shop API client of the context. */
  static readonly layer = Layer.effect(Catalogue, make)
}
