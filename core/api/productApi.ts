/**
 * The product API (spec §7 "Product API (base from config)": find-variants-by-id, find-variants, recommended-products,
 * similar-products; query parameters ids, variantId, count, accessoryVariants, productId, limit). It is served on its
 * own base URL, so it is its own `HttpApi` ({@link ProductApi}), outside the shop API: no session, no CSRF token.
 * Paths are relative to the configured base and ours (the spec gives only the names).
 *
 * A response that does not fit {@link ProductVariant} fails the client's decode: §8 "Invalid product API response
 * rejects with Invalid response".
 *
 * @module
 */
import { Schema, SchemaTransformation } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { WireInt, WireNumber } from "./entities/wire.ts"
import { IdListFromString, PositiveIdFromString } from "./requestFields.ts"
import { CallPolicy } from "./security.ts"
import { SafeString } from "./entities/text.ts"

const ProductVariantFields = {
  id: WireInt,
  variantId: WireInt,
  title: SafeString,
  mainCategoryUrlKey: SafeString,
  variantUrl: SafeString,
  price: WireNumber,
  currency: Schema.optionalKey(SafeString),
  image: Schema.optionalKey(SafeString),
  availability: Schema.optionalKey(SafeString),
  properties: Schema.optionalKey(Schema.Record(Schema.String, Schema.Json))
}

/** The schema type of {@link ProductVariant}, named so that declarations refer to it instead of spelling it out. */
export interface ProductVariantStruct extends Schema.Struct<typeof ProductVariantFields> {}

/**
 * A product variant as the product API answers it (fields ours, the spec shows none): the product `id`, the
 * `variantId`, `title`, the link parts `mainCategoryUrlKey` and `variantUrl` (§2: `/{mainCategoryUrlKey}/{variantUrl}`,
 * the shape the shop module's `productLink` takes), `price` with its `currency`, the `image` url, the `availability`
 * key, and the asked-for `properties` (name to JSON value).
 */
export const ProductVariant: ProductVariantStruct = Schema.Struct(ProductVariantFields)

/** Decoded type of {@link ProductVariant}. */
export type ProductVariant = typeof ProductVariant.Type

/** A list of product variants, the answer of every product API call. */
export const ProductVariants = Schema.Array(ProductVariant)

/** Decoded type of {@link ProductVariants}. */
export type ProductVariants = typeof ProductVariants.Type

const propertyName = "[A-Za-z0-9_.-]+"

/** Property names joined by commas (`"brand,color"`), decoded to the array of names (at least one). */
export const CommaSeparatedNames = SafeString.check(
  Schema.isPattern(new RegExp(`^${propertyName}(,${propertyName})*$`), {
    expected: "property names (letters, digits, _ . -) joined by commas"
  })
).pipe(
  Schema.decodeTo(
    Schema.Array(SafeString.check(Schema.isPattern(new RegExp(`^${propertyName}$`)))).check(Schema.isMinLength(1)),
    SchemaTransformation.transform({
      decode: (text: string): ReadonlyArray<string> => text.split(","),
      encode: (names: ReadonlyArray<string>): string => names.join(",")
    })
  )
)

/** Decoded type of {@link CommaSeparatedNames}. */
export type CommaSeparatedNames = typeof CommaSeparatedNames.Type

const FindVariantsByIdQueryFields = {
  ids: IdListFromString
}

/** The schema type of {@link FindVariantsByIdQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FindVariantsByIdQueryStruct extends Schema.Struct<typeof FindVariantsByIdQueryFields> {}

/** The query of find-variants-by-id: the variant `ids` (written joined by commas). */
export const FindVariantsByIdQuery: FindVariantsByIdQueryStruct = Schema.Struct(FindVariantsByIdQueryFields)

/** Decoded type of {@link FindVariantsByIdQuery}. */
export type FindVariantsByIdQuery = typeof FindVariantsByIdQuery.Type

const FindVariantsQueryFields = {
  ids: IdListFromString,
  properties: Schema.optionalKey(CommaSeparatedNames)
}

/** The schema type of {@link FindVariantsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FindVariantsQueryStruct extends Schema.Struct<typeof FindVariantsQueryFields> {}

/** The query of find-variants (§7 "ids, properties"): the variant `ids` and the `properties` to include. */
export const FindVariantsQuery: FindVariantsQueryStruct = Schema.Struct(FindVariantsQueryFields)

/** Decoded type of {@link FindVariantsQuery}. */
export type FindVariantsQuery = typeof FindVariantsQuery.Type

const RecommendedProductsQueryFields = {
  variantId: PositiveIdFromString,
  count: Schema.optionalKey(PositiveIdFromString),
  accessoryVariants: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link RecommendedProductsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface RecommendedProductsQueryStruct extends Schema.Struct<typeof RecommendedProductsQueryFields> {}

/**
 * The query of recommended-products: the `variantId` recommended for, at most `count` results, and
 * `accessoryVariants` (`"true"`/`"false"`) to recommend accessories of the variant.
 */
export const RecommendedProductsQuery: RecommendedProductsQueryStruct = Schema.Struct(RecommendedProductsQueryFields)

/** Decoded type of {@link RecommendedProductsQuery}. */
export type RecommendedProductsQuery = typeof RecommendedProductsQuery.Type

const SimilarProductsQueryFields = {
  productId: PositiveIdFromString,
  limit: Schema.optionalKey(PositiveIdFromString)
}

/** The schema type of {@link SimilarProductsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface SimilarProductsQueryStruct extends Schema.Struct<typeof SimilarProductsQueryFields> {}

/** The query of similar-products: the `productId` and at most `limit` results. */
export const SimilarProductsQuery: SimilarProductsQueryStruct = Schema.Struct(SimilarProductsQueryFields)

/** Decoded type of {@link SimilarProductsQuery}. */
export type SimilarProductsQuery = typeof SimilarProductsQuery.Type

/**
 * The product API calls (group `products`): read-only GETs, default policy (5000 ms, retried by the ladder).
 * Unknown ids are left out of the answer (no 404).
 */
export class ProductsGroup extends HttpApiGroup.make("products").add(
  HttpApiEndpoint.get("findVariantsById", "/find-variants-by-id", {
    query: FindVariantsByIdQuery,
    success: ProductVariants
  }).annotate(OpenApi.Description, "The variants with the given ids, in the order asked; unknown ids are left out."),
  HttpApiEndpoint.get("findVariants", "/find-variants", {
    query: FindVariantsQuery,
    success: ProductVariants
  }).annotate(OpenApi.Description, "The variants with the given ids, with the asked-for `properties`."),
  HttpApiEndpoint.get("recommendedProducts", "/recommended-products", {
    query: RecommendedProductsQuery,
    success: ProductVariants
  }).annotate(OpenApi.Description, "Personalised recommendations for a variant (accessories when `accessoryVariants`)."),
  HttpApiEndpoint.get("similarProducts", "/similar-products", {
    query: SimilarProductsQuery,
    success: ProductVariants
  }).annotate(OpenApi.Description, "Products similar to `productId`, at most `limit`.")
) {}

/**
 * The product API: its own base URL from the storefront config (derive the client with
 * `HttpApiClient.make(ProductApi, { baseUrl })`). {@link CallPolicy} applies timeouts and retries; problem details
 * describe malformed requests. No session and no CSRF token.
 */
export class ProductApi extends HttpApi.make("productApi")
  .add(ProductsGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "Storefront product API", version: "1.0.0" }))
{}
