/**
 * The order confirmation page's calls (spec §7 /confirmation/load and /confirmation/token; §2 "After confirmation
 * the page redirects to the confirmation url"). Methods and shapes are not shown: ours.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveIdFromString } from "./requestFields.ts"
import { Purchase } from "./entities/cart.ts"
import { WireInt } from "./entities/wire.ts"
import { NotFound } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

const ConfirmationTokenQueryFields = {
  purchaseId: PositiveIdFromString
}

/** The schema type of {@link ConfirmationTokenQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ConfirmationTokenQueryStruct extends Schema.Struct<typeof ConfirmationTokenQueryFields> {}

/** The query of token: the `purchaseId` of the session's placed order (§3 Cart `purchaseId`). */
export const ConfirmationTokenQuery: ConfirmationTokenQueryStruct = Schema.Struct(ConfirmationTokenQueryFields)

/** Decoded type of {@link ConfirmationTokenQuery}. */
export type ConfirmationTokenQuery = typeof ConfirmationTokenQuery.Type

const ConfirmationTokenFields = {
  token: SafeString,
  confirmationUrl: Schema.optionalKey(SafeString)
}

/** The schema type of {@link ConfirmationToken}, named so that declarations refer to it instead of spelling it out. */
export interface ConfirmationTokenStruct extends Schema.Struct<typeof ConfirmationTokenFields> {}

/**
 * The confirmation token: a signed `token` that shows the order's confirmation without a session, and the
 * `confirmationUrl` carrying it (§3 Cart `confirmationUrl`).
 */
export const ConfirmationToken: ConfirmationTokenStruct = Schema.Struct(ConfirmationTokenFields)

/** Decoded type of {@link ConfirmationToken}. */
export type ConfirmationToken = typeof ConfirmationToken.Type

const ConfirmationLoadQueryFields = {
  token: NonBlankString
}

/** The schema type of {@link ConfirmationLoadQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ConfirmationLoadQueryStruct extends Schema.Struct<typeof ConfirmationLoadQueryFields> {}

/** The query of load: the confirmation `token`. */
export const ConfirmationLoadQuery: ConfirmationLoadQueryStruct = Schema.Struct(ConfirmationLoadQueryFields)

/** Decoded type of {@link ConfirmationLoadQuery}. */
export type ConfirmationLoadQuery = typeof ConfirmationLoadQuery.Type

const ConfirmationDataFields = {
  purchaseId: WireInt,
  purchase: Purchase
}

/** The schema type of {@link ConfirmationData}, named so that declarations refer to it instead of spelling it out. */
export interface ConfirmationDataStruct extends Schema.Struct<typeof ConfirmationDataFields> {}

/** The confirmed order: its `purchaseId` and the `purchase` (§3 `purchase {orderId, items}`). */
export const ConfirmationData: ConfirmationDataStruct = Schema.Struct(ConfirmationDataFields)

/** Decoded type of {@link ConfirmationData}. */
export type ConfirmationData = typeof ConfirmationData.Type

/**
 * The confirmation calls, both read-only GETs (the token is signed, not stored): `token` for an order placed in
 * the caller's session, `load` for a valid token; 404 otherwise.
 */
export class ConfirmationGroup extends HttpApiGroup.make("confirmation").add(
  HttpApiEndpoint.get("load", "/confirmation/load", {
    query: ConfirmationLoadQuery,
    success: ConfirmationData,
    error: NotFound
  }).annotate(OpenApi.Description, "The confirmed order for a confirmation token (§7)."),
  HttpApiEndpoint.get("token", "/confirmation/token", {
    query: ConfirmationTokenQuery,
    success: ConfirmationToken,
    error: NotFound
  }).annotate(OpenApi.Description, "A signed confirmation token (and url) for an order placed in this session (§7).")
) {}
