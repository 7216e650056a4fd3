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

/** The query of token: the `purchaseId` of the session's placed order (§3 Cart `purchaseId`). */
export const ConfirmationTokenQuery = Schema.Struct({
  purchaseId: PositiveIdFromString
})

/** Decoded type of {@link ConfirmationTokenQuery}. */
export type ConfirmationTokenQuery = typeof ConfirmationTokenQuery.Type

/**
 * The confirmation token: a signed `token` that shows the order's confirmation without a session, and the
 * `confirmationUrl` carrying it (§3 Cart `confirmationUrl`).
 */
export const ConfirmationToken = Schema.Struct({
  token: SafeString,
  confirmationUrl: Schema.optionalKey(SafeString)
})

/** Decoded type of {@link ConfirmationToken}. */
export type ConfirmationToken = typeof ConfirmationToken.Type

/** The query of load: the confirmation `token`. */
export const ConfirmationLoadQuery = Schema.Struct({
  token: NonBlankString
})

/** Decoded type of {@link ConfirmationLoadQuery}. */
export type ConfirmationLoadQuery = typeof ConfirmationLoadQuery.Type

/** The confirmed order: its `purchaseId` and the `purchase` (§3 `purchase {orderId, items}`). */
export const ConfirmationData = Schema.Struct({
  purchaseId: WireInt,
  purchase: Purchase
})

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
