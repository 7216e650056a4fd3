/**
 * The adult-content gate's confirmation (spec §7 "GET ?do=confirmAdultContent with confirm=1: reads status"; §4
 * the gate shows per the `adult-content` response header). The spec gives only a page-relative query string; the call is
 * made on a fixed path here, so the site root stays free for the storefront's pages:
 * `GET /api/adult-content/?do=confirmAdultContent&confirm=1`.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { StatusResponse } from "./entities/envelope.ts"
import { CsrfProtection } from "./security.ts"

/** The `do` signal of the confirmation (§7). */
export const confirmAdultContentSignal = "confirmAdultContent"

/** The `confirm` value of the confirmation (§7: confirm=1). */
export const adultContentConfirmValue = "1"

const ConfirmAdultContentQueryFields = {
  do: Schema.Literal(confirmAdultContentSignal),
  confirm: Schema.Literal(adultContentConfirmValue)
}

/** The schema type of {@link ConfirmAdultContentQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ConfirmAdultContentQueryStruct extends Schema.Struct<typeof ConfirmAdultContentQueryFields> {}

/** The query of the confirmation (§7): `do=confirmAdultContent` and `confirm=1`, both fixed. */
export const ConfirmAdultContentQuery: ConfirmAdultContentQueryStruct = Schema.Struct(ConfirmAdultContentQueryFields)

/** Decoded type of {@link ConfirmAdultContentQuery}. */
export type ConfirmAdultContentQuery = typeof ConfirmAdultContentQuery.Type

/**
 * The adult-content call (§7): `confirm` records in the session that adult content is allowed, so it is
 * CSRF-protected although it is a GET. Answers `status: "ok"`. Rejecting needs no call (§4: it goes to the root).
 */
export class AdultContentGroup extends HttpApiGroup.make("adultContent").add(
  HttpApiEndpoint.get("confirm", "/api/adult-content/", {
    query: ConfirmAdultContentQuery,
    success: StatusResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Confirms the shopper is allowed to see adult content (§4, §7).")
) {}
