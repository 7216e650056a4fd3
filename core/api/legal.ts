/**
 * Legal conditions (spec §7 "Widgets and legal", §4 legal modal): the uncleared legals of the customer, approving
 * one, and deactivating the account instead. The legal api base is configured in the spec ("{legal api}", not
 * shown); ours is {@link legalApiBase}. Every call times out after 5000 ms (§9).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { PositiveId } from "./requestFields.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { Legal } from "./entities/legal.ts"
import { LoginRequired, NotFound } from "./errors.ts"
import { CallTimeout, legalTimeoutMs, SwitchesSession } from "./policy.ts"
import { CsrfProtection } from "./security.ts"

/** The base path of the legal api (ours: the spec's "{legal api}" is configured and not shown). */
export const legalApiBase = "/api/legal"

const UnclearedLegalsFields = {
  legals: Schema.Array(Legal)
}

/** The schema type of {@link UnclearedLegals}, named so that declarations refer to it instead of spelling it out. */
export interface UnclearedLegalsStruct extends Schema.Struct<typeof UnclearedLegalsFields> {}

/**
 * The uncleared legals (§7 reads `legal_id`, `text`): the legal texts the customer has not approved yet, oldest
 * first; empty for a guest or when everything is approved. The modal shows the first one (§4).
 */
export const UnclearedLegals: UnclearedLegalsStruct = Schema.Struct(UnclearedLegalsFields)

/** Decoded type of {@link UnclearedLegals}. */
export type UnclearedLegals = typeof UnclearedLegals.Type

const LegalDecisionFields = {
  legalId: PositiveId
}

/** The schema type of {@link LegalDecision}, named so that declarations refer to it instead of spelling it out. */
export interface LegalDecisionStruct extends Schema.Struct<typeof LegalDecisionFields> {}

/** The body of approve and deactivate-account (§7): the `legalId` the customer answers. */
export const LegalDecision: LegalDecisionStruct = Schema.Struct(LegalDecisionFields)

/** Decoded type of {@link LegalDecision}. */
export type LegalDecision = typeof LegalDecision.Type

/**
 * The legal calls (§7), all with a 5000 ms timeout (§9): `unclearedLegals` (GET, read-only), `approve` and
 * `deactivateAccount` (POST, CSRF-protected, for a logged-in customer; the answer's `status` is `ok` on success).
 */
export class LegalGroup extends HttpApiGroup.make("legal").add(
  HttpApiEndpoint.get("unclearedLegals", `${legalApiBase}/uncleared-legals`, {
    success: UnclearedLegals
  })
    .annotate(CallTimeout, legalTimeoutMs)
    .annotate(OpenApi.Description, "The legal texts the customer has yet to approve; empty for a guest (§7)."),
  HttpApiEndpoint.post("approve", `${legalApiBase}/approve`, {
    payload: LegalDecision,
    success: StatusResponse,
    error: [LoginRequired, NotFound]
  })
    .middleware(CsrfProtection)
    .annotate(CallTimeout, legalTimeoutMs)
    .annotate(OpenApi.Description, "Approves the legal text `legalId` for the logged-in customer (§7)."),
  HttpApiEndpoint.post("deactivateAccount", `${legalApiBase}/deactivate-account`, {
    payload: LegalDecision,
    success: StatusResponse,
    error: [LoginRequired, NotFound]
  })
    .middleware(CsrfProtection)
    .annotate(CallTimeout, legalTimeoutMs)
    .annotate(SwitchesSession, true)
    .annotate(
      OpenApi.Description,
      "Declines the legal text `legalId` by deactivating the customer's account; the page then reloads (§4, §7)."
    )
) {}
