/**
 * The product API (spec §7 "Product API (base from config)": find-variants-by-id, find-variants,
 * recommended-products, similar-products), its own `HttpApi` without session or CSRF. The
 * reference server mounts it under {@link productApiPrefix} with {@link productApiRoutes}.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { ProductApi, type ProductVariant } from "../../../core/api/productApi.ts"
import type { ShopId } from "../../../core/domain/shop.ts"
import { markAdultVariants } from "../domain/adult.ts"
import { callerShop, productCount, recommendedFor, similarTo, variantsByIds } from "../domain/productVariants.ts"
import { CallPolicyLive } from "../http/middleware.ts"
import { prefixedRouter } from "../http/prefixed.ts"

/** The path the reference server serves the product API under (its configured base URL is `{origin}/product-api`). */
export const productApiPrefix = "/product-api"

/**
 * The handlers of the product API's `products` group (read-only; unknown ids and other shops'
 * variants are left out, never 404: a call is for the shop its `x-shop-id` header or its session
 * names, see `callerShop`; an answer with an adult-only product carries the `adult-content` header until the shopper
 * confirms, §4): `findVariantsById` and `findVariants` (with the asked-for properties) answer the variants
 * in the order asked; `recommendedProducts` answers in-stock products of the variant's category
 * (its accessory categories with `accessoryVariants`), closest in price first, at most `count`
 * (default 10, at most 50); `similarProducts` answers other products of the product's category,
 * closest in price first, at most `limit` (same defaults).
 */
export const ProductApiHandlers = HttpApiBuilder.group(
  ProductApi,
  "products",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    /** Runs a listing; a response showing an adult-only product carries the adult-content header (§4). */
    const run = <E>(read: (shopId: ShopId | undefined) => Effect.Effect<ReadonlyArray<ProductVariant>, E, SqlClient.SqlClient>) =>
      Effect.orDie(Effect.provideService(
        Effect.flatMap(callerShop, (shopId) =>
          Effect.tap(read(shopId), (variants) => markAdultVariants(variants.map((variant) => variant.variantId)))),
        SqlClient.SqlClient,
        sql
      ))
    return handlers
      .handle("findVariantsById", ({ query }) => run((shopId) => variantsByIds(query.ids, undefined, shopId)))
      .handle("findVariants", ({ query }) => run((shopId) => variantsByIds(query.ids, query.properties ?? [], shopId)))
      .handle("recommendedProducts", ({ query }) =>
        run((shopId) => recommendedFor(query.variantId, productCount(query.count), query.accessoryVariants === true, shopId)))
      .handle("similarProducts", ({ query }) => run((shopId) => similarTo(query.productId, productCount(query.limit), shopId)))
  })
)

/**
 * The product API's routes under `prefix` (default {@link productApiPrefix}), with its OpenAPI
 * document at `{prefix}/openapi.json`: the handlers, the server's call policy (a pass-through) and
 * problem details naming the fields of a malformed request. Needs the app's router, SQL and the
 * HTTP platform services.
 */
export const productApiRoutes = (prefix: string = productApiPrefix) =>
  HttpApiBuilder.layer(ProductApi, { openapiPath: "/openapi.json" }).pipe(
    Layer.provide(ProductApiHandlers),
    Layer.provide([CallPolicyLive, HttpApiMiddleware.layerProblemDetails({ includeDetails: true })]),
    Layer.provide(prefixedRouter(prefix))
  )
