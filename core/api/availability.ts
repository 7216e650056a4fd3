/**
 * Product availability (spec §7 /api/client/getProductsAvailability). The method and shapes are not shown: ours.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { IdListFromString } from "./requestFields.ts"
import { WireInt } from "./entities/wire.ts"
import { SafeString } from "./entities/text.ts"

const ProductsAvailabilityQueryFields = {
  variantIds: IdListFromString
}

/** The schema type of {@link ProductsAvailabilityQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ProductsAvailabilityQueryStruct extends Schema.Struct<typeof ProductsAvailabilityQueryFields> {}

/** The query of getProductsAvailability: `variantIds`, the variant ids joined by commas (`12,7,30`). */
export const ProductsAvailabilityQuery: ProductsAvailabilityQueryStruct = Schema.Struct(ProductsAvailabilityQueryFields)

/** Decoded type of {@link ProductsAvailabilityQuery}. */
export type ProductsAvailabilityQuery = typeof ProductsAvailabilityQuery.Type

const ProductAvailabilityFields = {
  variantId: WireInt,
  available: Schema.Boolean,
  inStock: Schema.optionalKey(WireInt),
  availability_key: Schema.optionalKey(SafeString)
}

/** The schema type of {@link ProductAvailability}, named so that declarations refer to it instead of spelling it out. */
export interface ProductAvailabilityStruct extends Schema.Struct<typeof ProductAvailabilityFields> {}

/**
 * The availability of one variant: whether it is `available`, the pieces `inStock` (as the cart article's
 * `availability.inStock`, §3) and the `availability_key` text key (as the widget cart item's, §3).
 */
export const ProductAvailability: ProductAvailabilityStruct = Schema.Struct(ProductAvailabilityFields)

/** Decoded type of {@link ProductAvailability}. */
export type ProductAvailability = typeof ProductAvailability.Type

const ProductsAvailabilityFields = {
  products: Schema.Array(ProductAvailability)
}

/** The schema type of {@link ProductsAvailability}, named so that declarations refer to it instead of spelling it out. */
export interface ProductsAvailabilityStruct extends Schema.Struct<typeof ProductsAvailabilityFields> {}

/** The availability of the asked variants; unknown ids are left out. */
export const ProductsAvailability: ProductsAvailabilityStruct = Schema.Struct(ProductsAvailabilityFields)

/** Decoded type of {@link ProductsAvailability}. */
export type ProductsAvailability = typeof ProductsAvailability.Type

/** The availability call: `getProductsAvailability` (GET, read-only, no login needed). */
export class AvailabilityGroup extends HttpApiGroup.make("availability").add(
  HttpApiEndpoint.get("getProductsAvailability", "/api/client/getProductsAvailability", {
    query: ProductsAvailabilityQuery,
    success: ProductsAvailability
  }).annotate(OpenApi.Description, "The availability of product variants by id (§7).")
) {}
