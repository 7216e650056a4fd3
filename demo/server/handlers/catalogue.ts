/**
 * The catalogue group (ours, docs/FEATURES.md "Catalogue browsing"): categories, listing, search,
 * suggestions and product pages of the session's shop (demo/server/domain/catalogue.ts). Read-only:
 * a caller without a session cookie gets a visitor session and nothing is stored. An answer showing
 * an adult-only product or an adult category carries the `adult-content` header until the shopper
 * confirms (§4).
 *
 * The answers come from the catalogue's read cache (demo/server/domain/catalogue.ts); each cached answer is encoded
 * with the contract's schema and serialized once, and that JSON is served for as long as the cache keeps the answer
 * (encodedAnswers.ts), so a cached listing costs no encoding at all.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { CategorySummary, ProductDetail } from "../../../core/api/entities/catalogue.ts"
import { Listing, SearchResults, Suggestions } from "../../../core/api/catalogue.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"
import { markAdultContentFor } from "../domain/adult.ts"
import { categoriesOf, listing, productDetail, search, suggest } from "../domain/catalogue.ts"
import { defaultShopId } from "../http/middleware.ts"
import { replayable } from "../http/fastReads.ts"
import { EncodedAnswers, jsonEncoder, jsonResponse } from "./encodedAnswers.ts"

/** An answer and whether it shows adult content. */
interface Shown<A> {
  readonly answer: A
  readonly showsAdultContent: boolean
}

const knownShopId = (shopId: string): ShopId => (isShopId(shopId) ? shopId : defaultShopId)

/**
 * Answers `value` (a success of `schema`) as JSON encoded once per `owner`, the cached object it comes from: the same
 * owner is the same answer, until the catalogue cache drops it.
 */
const encodedOnce = <S extends Schema.Top>(schema: S) => {
  const encode = jsonEncoder(schema)
  const kept = new EncodedAnswers<object>()
  return (owner: object, value: S["Type"]) => {
    const body = kept.lookup(owner, "", [])
    if (body !== undefined) return Effect.succeed(jsonResponse(body))
    return Effect.map(encode(value), (encoded) => {
      kept.store(owner, "", [], encoded)
      return jsonResponse(encoded)
    })
  }
}

const encodedCategories = encodedOnce(Schema.Struct({ categories: Schema.Array(CategorySummary) }))
const encodedListing = encodedOnce(Listing)
const encodedSearch = encodedOnce(SearchResults)
const encodedSuggestions = encodedOnce(Suggestions)
const encodedProduct = encodedOnce(Schema.Struct({ product: ProductDetail }))

/** The handlers of the catalogue group. */
export const CatalogueHandlers = HttpApiBuilder.group(
  ShopApi,
  "catalogue",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const withSql = <A, R>(effect: Effect.Effect<A, SqlError, R>) =>
      Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql))
    /** Reads in the session's shop and marks the response as adult content when the answer shows some. */
    const shown = <A>(read: (shopId: ShopId) => Effect.Effect<Shown<A>, SqlError, SqlClient.SqlClient>) =>
      Effect.gen(function*() {
        const session = yield* Session
        const found = yield* withSql(read(knownShopId(session.shopId)))
        yield* withSql(markAdultContentFor(session, found.showsAdultContent))
        // an answer showing adult content carries a header that depends on the shopper's confirmation
        if (!found.showsAdultContent) yield* replayable()
        return found
      })
    /** As {@link shown}; nothing found is a 404 saying `missing`. */
    const orNotFound = <A>(read: (shopId: ShopId) => Effect.Effect<Shown<A> | undefined, SqlError, SqlClient.SqlClient>, missing: string) =>
      Effect.flatMap(
        shown((shopId) => Effect.map(read(shopId), (found): Shown<A | undefined> => found ?? { answer: undefined, showsAdultContent: false })),
        (found) => (found.answer === undefined ? Effect.fail(new NotFound({ message: missing })) : Effect.succeed(found as Shown<A>))
      )
    return handlers
      .handle("categories", () =>
        Effect.gen(function*() {
          const session = yield* Session
          const categories = yield* withSql(categoriesOf(knownShopId(session.shopId)))
          yield* replayable()
          return yield* encodedCategories(categories, { categories })
        }))
      .handle("listing", ({ query }) =>
        Effect.flatMap(
          orNotFound((shopId) => listing(shopId, query.category, query), `No category ${query.category} in this shop`),
          (found) => encodedListing(found, found.answer)
        ))
      .handle("search", ({ query }) =>
        Effect.flatMap(shown((shopId) => search(shopId, query.q, query)), (found) => encodedSearch(found, found.answer)))
      .handle("suggest", ({ query }) =>
        Effect.flatMap(shown((shopId) => suggest(shopId, query.q)), (found) => encodedSuggestions(found, found.answer)))
      .handle("product", ({ query }) =>
        Effect.flatMap(
          orNotFound(
            (shopId) => productDetail(shopId, query.category, query.variant),
            `No product /${query.category}/${query.variant} in this shop`
          ),
          (found) => encodedProduct(found, { product: found.answer })
        ))
  })
)
