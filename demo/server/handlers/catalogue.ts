/**
 * The catalogue group: categories, listing, search, suggestions and product pages of the session's
 * shop (demo/server/domain/catalogue.ts).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { categoriesOf, listing, productDetail, search, suggest } from "../domain/catalogue.ts"

/** The handlers of the catalogue group. */
export const CatalogueHandlers = HttpApiBuilder.group(
  ShopApi,
  "catalogue",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("categories", () =>
        Effect.gen(function*() {
          const session = yield* Session
          return { categories: yield* withSql(categoriesOf(session.shopId)) }
        }))
      .handle("listing", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const page = yield* withSql(listing(session.shopId, query.category, query))
          if (page === undefined) return yield* Effect.fail(new NotFound({ message: `No category ${query.category} in this shop` }))
          return page
        }))
      .handle("search", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          return yield* withSql(search(session.shopId, query.q, query))
        }))
      .handle("suggest", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          return yield* withSql(suggest(session.shopId, query.q))
        }))
      .handle("product", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const product = yield* withSql(productDetail(session.shopId, query.category, query.variant))
          if (product === undefined) return yield* Effect.fail(new NotFound({ message: `No product ${query.category}/${query.variant} in this shop` }))
          return { product }
        }))
  })
)
