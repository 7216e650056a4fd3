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

const TagDataFields = {
  status: Schema.optionalKey(ResponseStatus),
  step: Schema.optionalKey(WireInt),
  dataLayerDirectData: Schema.optionalKey(Schema.Json),
  queue: Schema.optionalKey(Schema.Array(Schema.Json)),
  step5: Schema.optionalKey(Schema.Json)
}

/** The schema type of {@link TagData}, named so that declarations refer to it instead of spelling it out. */
export interface TagDataStruct extends Schema.Struct<typeof TagDataFields> {}

/**
 * Tag data for the data layer: `dataLayerDirectData` pushed as is, the `queue` of tag events (with the purchase-id
 * placeholder until step 5, §4), the `step` it is for and `step5` (prefetched confirmation data). Opaque JSON.
 */
export const TagData: TagDataStruct = Schema.Struct(TagDataFields)

/** Decoded type of {@link TagData}. */
export type TagData = typeof TagData.Type

const TagStepQueryFields = {
  step: TagStep
}

/** The schema type of {@link TagStepQuery}, named so that declarations refer to it instead of spelling it out. */
export interface TagStepQueryStruct extends Schema.Struct<typeof TagStepQueryFields> {}

/** The query of load-gtm and check-gtm: the tag-manager `step` whose data is asked for. */
export const TagStepQuery: TagStepQueryStruct = Schema.Struct(TagStepQueryFields)

/** Decoded type of {@link TagStepQuery}. */
export type TagStepQuery = typeof TagStepQuery.Type

const CheckoutTagQueryFields = {
  step: Schema.optionalKey(TagStep)
}

/** The schema type of {@link CheckoutTagQuery}, named so that declarations refer to it instead of spelling it out. */
export interface CheckoutTagQueryStruct extends Schema.Struct<typeof CheckoutTagQueryFields> {}

/** The query of /api/gtm/checkout: optionally the tag-manager `step` (the current one when absent). */
export const CheckoutTagQuery: CheckoutTagQueryStruct = Schema.Struct(CheckoutTagQueryFields)

/** Decoded type of {@link CheckoutTagQuery}. */
export type CheckoutTagQuery = typeof CheckoutTagQuery.Type

const TransformDimensionQueryFields = {
  data: Schema.fromJsonString(SafeJson)
}

/** The schema type of {@link TransformDimensionQuery}, named so that declarations refer to it instead of spelling it out. */
export interface TransformDimensionQueryStruct extends Schema.Struct<typeof TransformDimensionQueryFields> {}

/** The query of transform-dimension-data: the dimension data to transform, as JSON text in `data`. */
export const TransformDimensionQuery: TransformDimensionQueryStruct = Schema.Struct(TransformDimensionQueryFields)

/** Decoded type of {@link TransformDimensionQuery}. */
export type TransformDimensionQuery = typeof TransformDimensionQuery.Type

const RemovedProductQueryFields = {
  productId: PositiveIdFromString
}

/** The schema type of {@link RemovedProductQuery}, named so that declarations refer to it instead of spelling it out. */
export interface RemovedProductQueryStruct extends Schema.Struct<typeof RemovedProductQueryFields> {}

/** The query of removed-product: the `productId` of the item removed from the cart (§7). */
export const RemovedProductQuery: RemovedProductQueryStruct = Schema.Struct(RemovedProductQueryFields)

/** Decoded type of {@link RemovedProductQuery}. */
export type RemovedProductQuery = typeof RemovedProductQuery.Type

const Dimension17Fields = {
  status: Schema.optionalKey(ResponseStatus),
  dimension17: Schema.optionalKey(Schema.Json)
}

/** The schema type of {@link Dimension17}, named so that declarations refer to it instead of spelling it out. */
export interface Dimension17Struct extends Schema.Struct<typeof Dimension17Fields> {}

/** The answer of the dimension17 load: the custom dimension 17 value, opaque JSON. */
export const Dimension17: Dimension17Struct = Schema.Struct(Dimension17Fields)

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
