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

/** The query of getProductsAvailability: `variantIds`, the variant ids joined by commas (`12,7,30`). */
export const ProductsAvailabilityQuery = Schema.Struct({
  variantIds: IdListFromString
})

/** Decoded type of {@link ProductsAvailabilityQuery}. */
export type ProductsAvailabilityQuery = typeof ProductsAvailabilityQuery.Type

/**
 * The availability of one variant: whether it is `available`, the pieces `inStock` (as the cart article's
 * `availability.inStock`, §3) and the `availability_key` text key (as the widget cart item's, §3).
 */
export const ProductAvailability = Schema.Struct({
  variantId: WireInt,
  available: Schema.Boolean,
  inStock: Schema.optionalKey(WireInt),
  availability_key: Schema.optionalKey(SafeString)
})

/** Decoded type of {@link ProductAvailability}. */
export type ProductAvailability = typeof ProductAvailability.Type

/** The availability of the asked variants; unknown ids are left out. */
export const ProductsAvailability = Schema.Struct({
  products: Schema.Array(ProductAvailability)
})

/** Decoded type of {@link ProductsAvailability}. */
export type ProductsAvailability = typeof ProductsAvailability.Type

/** The availability call: `getProductsAvailability` (GET, read-only, no login needed). */
export class AvailabilityGroup extends HttpApiGroup.make("availability").add(
  HttpApiEndpoint.get("getProductsAvailability", "/api/client/getProductsAvailability", {
    query: ProductsAvailabilityQuery,
    success: ProductsAvailability
  }).annotate(OpenApi.Description, "The availability of product variants by id (§7).")
) {}
