/**
 * Search behaviour events (spec §7 PUT /api/searching/put/ with event, token, type, itemId). The field values are
 * not shown; the shapes here are ours.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveId } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

const SearchingEventFields = {
  event: NonBlankString,
  token: SafeString,
  type: NonBlankString,
  itemId: PositiveId
}

/** The schema type of {@link SearchingEvent}, named so that declarations refer to it instead of spelling it out. */
export interface SearchingEventStruct extends Schema.Struct<typeof SearchingEventFields> {}

/**
 * A search event (§7): the `event` name (e.g. a result click), the search `token` identifying the search session
 * (may be empty before the first search), the `type` of the item (e.g. product or category) and its `itemId`.
 */
export const SearchingEvent: SearchingEventStruct = Schema.Struct(SearchingEventFields)

/** Decoded type of {@link SearchingEvent}. */
export type SearchingEvent = typeof SearchingEvent.Type

/** The searching call (§7): `put` records a search event; it writes, so it is CSRF-protected, and answers 204. */
export class SearchingGroup extends HttpApiGroup.make("searching").add(
  HttpApiEndpoint.put("put", "/api/searching/put/", {
    payload: SearchingEvent,
    success: HttpApiSchema.NoContent
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Records a search event (event, token, item type and id) (§7).")
) {}
