/**
 * The catalogue group (ours, docs/FEATURES.md "Catalogue browsing"): categories, listing, search,
 * suggestions and product pages of the session's shop (demo/server/domain/catalogue.ts). Read-only:
 * a caller without a session cookie gets a visitor session and nothing is stored. An answer showing
 * an adult-only product or an adult category carries the `adult-content` header until the shopper
 * confirms (§4).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"
import { markAdultContentFor } from "../domain/adult.ts"
import { categoriesOf, listing, productDetail, search, suggest } from "../domain/catalogue.ts"
import { defaultShopId } from "../http/middleware.ts"

/** An answer and whether it shows adult content. */
interface Shown<A> {
  readonly answer: A
  readonly showsAdultContent: boolean
}

const knownShopId = (shopId: string): ShopId => (isShopId(shopId) ? shopId : defaultShopId)

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
        return found.answer
      })
    /** As {@link shown}; nothing found is a 404 saying `missing`. */
    const orNotFound = <A>(read: (shopId: ShopId) => Effect.Effect<Shown<A> | undefined, SqlError, SqlClient.SqlClient>, missing: string) =>
      Effect.flatMap(
        shown((shopId) => Effect.map(read(shopId), (found): Shown<A | undefined> => found ?? { answer: undefined, showsAdultContent: false })),
        (answer) => (answer === undefined ? Effect.fail(new NotFound({ message: missing })) : Effect.succeed(answer))
      )
    return handlers
      .handle("categories", () =>
        Effect.gen(function*() {
          const session = yield* Session
          return { categories: yield* withSql(categoriesOf(knownShopId(session.shopId))) }
        }))
      .handle("listing", ({ query }) =>
        orNotFound((shopId) => listing(shopId, query.category, query), `No category ${query.category} in this shop`))
      .handle("search", ({ query }) => shown((shopId) => search(shopId, query.q, query)))
      .handle("suggest", ({ query }) => shown((shopId) => suggest(shopId, query.q)))
      .handle("product", ({ query }) =>
        Effect.map(
          orNotFound(
            (shopId) => productDetail(shopId, query.category, query.variant),
            `No product /${query.category}/${query.variant} in this shop`
          ),
          (product) => ({ product })
        ))
  })
)
