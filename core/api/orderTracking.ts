/**
 * The pick-up code of an order (spec §7 /api/tracking/getPickupCode; §2 orderTracking page). The method and shapes
 * are not shown: ours. This is the shop API (5000 ms), not the tracking API of §9's 2000 ms.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString } from "./requestFields.ts"
import { WireString } from "./entities/wire.ts"
import { LoginRequired, NotFound } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

const PickupCodeQueryFields = {
  orderId: NonBlankString
}

/** The schema type of {@link PickupCodeQuery}, named so that declarations refer to it instead of spelling it out. */
export interface PickupCodeQueryStruct extends Schema.Struct<typeof PickupCodeQueryFields> {}

/** The query of getPickupCode: the `orderId` (an order number, kept as a string). */
export const PickupCodeQuery: PickupCodeQueryStruct = Schema.Struct(PickupCodeQueryFields)

/** Decoded type of {@link PickupCodeQuery}. */
export type PickupCodeQuery = typeof PickupCodeQuery.Type

const PickupCodeFields = {
  orderId: WireString,
  pickupCode: WireString,
  validTo: Schema.optionalKey(Schema.NullOr(SafeString))
}

/** The schema type of {@link PickupCode}, named so that declarations refer to it instead of spelling it out. */
export interface PickupCodeStruct extends Schema.Struct<typeof PickupCodeFields> {}

/** The pick-up code of an order: the `orderId`, the `pickupCode` shown at the pick-up point, and its `validTo` date. */
export const PickupCode: PickupCodeStruct = Schema.Struct(PickupCodeFields)

/** Decoded type of {@link PickupCode}. */
export type PickupCode = typeof PickupCode.Type

/** The order tracking call: `getPickupCode` (GET, read-only) for an order of the logged-in customer; 404 otherwise. */
export class OrderTrackingGroup extends HttpApiGroup.make("orderTracking").add(
  HttpApiEndpoint.get("getPickupCode", "/api/tracking/getPickupCode", {
    query: PickupCodeQuery,
    success: PickupCode,
    error: [LoginRequired, NotFound]
  }).annotate(OpenApi.Description, "The pick-up code of one of the customer's orders (§7).")
) {}
