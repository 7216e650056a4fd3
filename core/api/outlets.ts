/**
 * The post outlet search (spec §7 POST /api/post-outlet/find with find, purchasePrice, timestamp; §3 post outlet;
 * §5 starts at 2 characters; §9 purchase price 2500). Failures are ignored by the picker (§8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { outletMinQueryLength, shouldSearch } from "../domain/outlet.ts"
import { PostOutlet } from "./entities/outlet.ts"
import { SafeString } from "./entities/text.ts"

const OutletSearchFields = {
  find: SafeString.check(
    Schema.makeFilter(shouldSearch, { expected: `a query of at least ${outletMinQueryLength} characters` })
  ),
  purchasePrice: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  timestamp: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
}

/** The schema type of {@link OutletSearch}, named so that declarations refer to it instead of spelling it out. */
export interface OutletSearchStruct extends Schema.Struct<typeof OutletSearchFields> {}

/**
 * The search body (§7): `find` the query (at least 2 characters after trimming, §5), `purchasePrice` (the client
 * sends 2500, §9; any non-negative amount is accepted) and `timestamp`, the request time in ms from the client's
 * clock (it lets the client drop late answers; the server ignores it).
 */
export const OutletSearch: OutletSearchStruct = Schema.Struct(OutletSearchFields)

/** Decoded type of {@link OutletSearch}. */
export type OutletSearch = typeof OutletSearch.Type

const OutletSearchResultFields = {
  outlets: Schema.Array(PostOutlet)
}

/** The schema type of {@link OutletSearchResult}, named so that declarations refer to it instead of spelling it out. */
export interface OutletSearchResultStruct extends Schema.Struct<typeof OutletSearchResultFields> {}

/** The found post outlets (§7 reads `outlets` with `postAddress`, `zip`), best match first. */
export const OutletSearchResult: OutletSearchResultStruct = Schema.Struct(OutletSearchResultFields)

/** Decoded type of {@link OutletSearchResult}. */
export type OutletSearchResult = typeof OutletSearchResult.Type

/**
 * The post outlet call (§7): `find`. A POST, but a search that changes nothing, so it is not CSRF-protected (the
 * client's call policy sends the token header anyway); not retried, as every POST.
 */
export class OutletsGroup extends HttpApiGroup.make("outlets").add(
  HttpApiEndpoint.post("find", "/api/post-outlet/find", {
    payload: OutletSearch,
    success: OutletSearchResult
  }).annotate(OpenApi.Description, "Searches post outlets by address or zip (§5, §7).")
) {}
