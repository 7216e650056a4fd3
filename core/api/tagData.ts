/**
 * Tag-manager data (spec §7 "Tag data": `/api/v2/cart.cart-gtm/` load-gtm, check-gtm, transform-dimension-data,
 * removed-product; `/api/gtm/checkout`; `/api/v2/cart.dimension17/load`; §4 prefetch on steps 3 and 4). The new
 * cart's "removed-item tag data (productId)" is removed-product.
 *
 * The tag data shapes are not shown, so they are kept as JSON (`dataLayerDirectData`, `queue` items, `step5`,
 * `dimension17`): the tag-manager rules of the domain read them. All calls are read-only GETs.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ResponseStatus } from "./entities/envelope.ts"
import { WireInt } from "./entities/wire.ts"
import { PositiveIdFromString } from "./requestFields.ts"
import { SafeJson } from "./entities/text.ts"

/** The path prefix of the cart tag data (§7). */
export const cartGtmPrefix = "/api/v2/cart.cart-gtm"

/**
 * A tag-manager step number (§2 page numbers 1, 3, 5; §4 steps 3 and 4 prefetch 4 and 5): 1 to 5. In a query it is
 * written `"1"`..`"5"`.
 */
export const TagStep = Schema.Literals([1, 2, 3, 4, 5])

/** Decoded type of {@link TagStep}. */
export type TagStep = typeof TagStep.Type

/**
 * Tag data for the data layer: `dataLayerDirectData` pushed as is, the `queue` of tag events (with the purchase-id
 * placeholder until step 5, §4), the `step` it is for and `step5` (prefetched confirmation data). Opaque JSON.
 */
export const TagData = Schema.Struct({
  status: Schema.optionalKey(ResponseStatus),
  step: Schema.optionalKey(WireInt),
  dataLayerDirectData: Schema.optionalKey(Schema.Json),
  queue: Schema.optionalKey(Schema.Array(Schema.Json)),
  step5: Schema.optionalKey(Schema.Json)
})

/** Decoded type of {@link TagData}. */
export type TagData = typeof TagData.Type

/** The query of load-gtm and check-gtm: the tag-manager `step` whose data is asked for. */
export const TagStepQuery = Schema.Struct({
  step: TagStep
})

/** Decoded type of {@link TagStepQuery}. */
export type TagStepQuery = typeof TagStepQuery.Type

/** The query of /api/gtm/checkout: optionally the tag-manager `step` (the current one when absent). */
export const CheckoutTagQuery = Schema.Struct({
  step: Schema.optionalKey(TagStep)
})

/** Decoded type of {@link CheckoutTagQuery}. */
export type CheckoutTagQuery = typeof CheckoutTagQuery.Type

/** The query of transform-dimension-data: the dimension data to transform, as JSON text in `data`. */
export const TransformDimensionQuery = Schema.Struct({
  data: Schema.fromJsonString(SafeJson)
})

/** Decoded type of {@link TransformDimensionQuery}. */
export type TransformDimensionQuery = typeof TransformDimensionQuery.Type

/** The query of removed-product: the `productId` of the item removed from the cart (§7). */
export const RemovedProductQuery = Schema.Struct({
  productId: PositiveIdFromString
})

/** Decoded type of {@link RemovedProductQuery}. */
export type RemovedProductQuery = typeof RemovedProductQuery.Type

/** The answer of the dimension17 load: the custom dimension 17 value, opaque JSON. */
export const Dimension17 = Schema.Struct({
  status: Schema.optionalKey(ResponseStatus),
  dimension17: Schema.optionalKey(Schema.Json)
})

/** Decoded type of {@link Dimension17}. */
export type Dimension17 = typeof Dimension17.Type

/**
 * The tag-manager data calls (group `tagData`): read-only GETs, default policy (5000 ms, retried by the ladder). A
 * failure is reported as a tag-manager debug event (§8), never shown to the shopper.
 */
export class TagDataGroup extends HttpApiGroup.make("tagData").add(
  HttpApiEndpoint.get("loadGtm", `${cartGtmPrefix}/load-gtm`, {
    query: TagStepQuery,
    success: TagData
  }).annotate(
    OpenApi.Description,
    "Loads the tag data of a tag-manager step; steps 3 and 4 also prefetch the later steps with it (§4)."
  ),
  HttpApiEndpoint.get("checkGtm", `${cartGtmPrefix}/check-gtm`, {
    query: TagStepQuery,
    success: TagData
  }).annotate(OpenApi.Description, "Answers the tag data still to push for a step (the queue not yet sent)."),
  HttpApiEndpoint.get("transformDimensionData", `${cartGtmPrefix}/transform-dimension-data`, {
    query: TransformDimensionQuery,
    success: TagData
  }).annotate(OpenApi.Description, "Transforms dimension data (JSON in `data`) into data-layer data."),
  HttpApiEndpoint.get("removedProduct", `${cartGtmPrefix}/removed-product`, {
    query: RemovedProductQuery,
    success: TagData
  }).annotate(OpenApi.Description, "Tag data of an item removed from the cart (§7 removed-item tag data, `productId`)."),
  HttpApiEndpoint.get("checkout", "/api/gtm/checkout", {
    query: CheckoutTagQuery,
    success: TagData
  }).annotate(OpenApi.Description, "The checkout tag data of the current (or the given) tag-manager step."),
  HttpApiEndpoint.get("dimension17", "/api/v2/cart.dimension17/load", {
    success: Dimension17
  }).annotate(OpenApi.Description, "Loads custom dimension 17 for the data layer.")
) {}
