/**
 * The header widgets' data (spec §7 "Widgets and legal"): the cart drawer's articles and the wishlist drawer's items
 * and count, in one call with an 8 s timeout (§9). Failures are ignored by the widgets (§8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { QueryFlag } from "./requestFields.ts"
import { WidgetsData } from "./entities/envelope.ts"
import { CallTimeout, widgetsTimeoutMs } from "./policy.ts"

/** The path of the widgets data call, GET and POST (§7). */
export const widgetsDataPath = "/api/widgets/getWidgetsData"

const WidgetsDataQueryFields = {
  extended: Schema.optionalKey(QueryFlag)
}

/** The schema type of {@link WidgetsDataQuery}, named so that declarations refer to it instead of spelling it out. */
export interface WidgetsDataQueryStruct extends Schema.Struct<typeof WidgetsDataQueryFields> {}

/** The query of GET widgets data: the `extended` flag (§7), `1` or `0`; absent means not extended. */
export const WidgetsDataQuery: WidgetsDataQueryStruct = Schema.Struct(WidgetsDataQueryFields)

/** Decoded type of {@link WidgetsDataQuery}. */
export type WidgetsDataQuery = typeof WidgetsDataQuery.Type

const WidgetsDataPayloadFields = {
  extended: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link WidgetsDataPayload}, named so that declarations refer to it instead of spelling it out. */
export interface WidgetsDataPayloadStruct extends Schema.Struct<typeof WidgetsDataPayloadFields> {}

/** The JSON body of POST widgets data (§7 "POST variant also exists"): the `extended` flag. */
export const WidgetsDataPayload: WidgetsDataPayloadStruct = Schema.Struct(WidgetsDataPayloadFields)

/** Decoded type of {@link WidgetsDataPayload}. */
export type WidgetsDataPayload = typeof WidgetsDataPayload.Type

/**
 * The widgets data calls (§7): `getWidgetsData` (GET, `extended` in the query) and `getWidgetsDataPost` (POST, the
 * same flag in a JSON body). Both only read, so neither is CSRF-protected; both time out after 8000 ms (§9).
 */
export class WidgetsGroup extends HttpApiGroup.make("widgets").add(
  HttpApiEndpoint.get("getWidgetsData", widgetsDataPath, {
    query: WidgetsDataQuery,
    success: WidgetsData
  })
    .annotate(CallTimeout, widgetsTimeoutMs)
    .annotate(OpenApi.Description, "The cart drawer's articles and the wishlist drawer's items and count (§7)."),
  HttpApiEndpoint.post("getWidgetsDataPost", widgetsDataPath, {
    payload: WidgetsDataPayload,
    success: WidgetsData
  })
    .annotate(CallTimeout, widgetsTimeoutMs)
    .annotate(OpenApi.Description, "The widgets data, asked by POST with the extended flag in a JSON body (§7).")
) {}
