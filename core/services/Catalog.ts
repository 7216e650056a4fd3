/**
 * The catalog service (spec §7 product API and recently-viewed API, both on their own configured base
 * URLs; §6 personalisation only with gdpr_personalization; §8 "Invalid product API response rejects
 * with Invalid response"; §9 recently viewed default 10 items): product variants by id, the recently
 * viewed products, and the personalised recommendations and similar products.
 *
 * A response that does not fit the contract fails with the typed `InvalidResponse` (naming the
 * failing fields); a call that gets no usable response fails with `CatalogUnavailable`.
 *
 * @module
 */
import { Context, Data, Effect, Layer, Schema, SubscriptionRef } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { invalidResponse, InvalidResponse, rootPath } from "../api/decode.ts"
import { ProductApi, type ProductVariant } from "../api/productApi.ts"
import { RecentlyViewedApi } from "../api/recentlyViewedApi.ts"
import { recentlyViewedDefaultCount } from "../domain/tracking.ts"
import { Consent } from "./Consent.ts"
import { readFailure, type CallFailure } from "./failures.ts"

/** The product or recently-viewed API gave no usable answer (timeout, reset, 5xx after the retries). */
export class CatalogUnavailable extends Data.TaggedError("CatalogUnavailable")<{
  /** The operation, e.g. `Catalog.findVariantsById`. */
  readonly operation: string
  /** The call's failure. */
  readonly failure: CallFailure
}> {}

/** The errors of the catalog calls. */
export type CatalogError = InvalidResponse | CatalogUnavailable

/** Where the catalog's APIs live (§7: "base from config"). */
export interface CatalogConfig {
  /** The product API's base URL. */
  readonly productApiUrl: string
  /** The recently-viewed API's base URL. */
  readonly recentlyViewedApiUrl: string
}

/** Options of the recommendation calls. */
export interface RecommendationOptions {
  /** At most this many. */
  readonly count?: number
  /** Recommend accessories of the variant. */
  readonly accessoryVariants?: boolean
}

/** The catalog service's actions. */
export interface CatalogShape {
  /** The variants with the given ids, in the order asked; unknown ids are left out. */
  readonly findVariantsById: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ProductVariant>, CatalogError>
  /** The variants with the given ids and the asked-for properties. */
  readonly findVariants: (
    ids: ReadonlyArray<number>,
    properties?: ReadonlyArray<string>
  ) => Effect.Effect<ReadonlyArray<ProductVariant>, CatalogError>
  /** The visitor's recently viewed products, newest first, at most `count` (default 10, §9). */
  readonly recentlyViewed: (count?: number) => Effect.Effect<ReadonlyArray<ProductVariant>, CatalogError>
  /**
   * Personalised recommendations for a variant: none (and no call) without the personalisation
   * consent (§6).
   */
  readonly recommendations: (
    variantId: number,
    options?: RecommendationOptions
  ) => Effect.Effect<ReadonlyArray<ProductVariant>, CatalogError>
  /** Products similar to a product, at most `limit`. */
  readonly similarProducts: (productId: number, limit?: number) => Effect.Effect<ReadonlyArray<ProductVariant>, CatalogError>
}

/** Reads a failed call: an unreadable answer is §8's `InvalidResponse`, anything else `CatalogUnavailable`. */
export const catalogError = (operation: string, error: unknown): CatalogError => {
  if (Schema.isSchemaError(error)) return invalidResponse(error)
  const failure = readFailure(error)
  if (failure.kind === "decode") {
    return new InvalidResponse({ message: `${rootPath}: ${failure.message}`, problems: [{ path: "", message: failure.message }] })
  }
  return new CatalogUnavailable({ operation, failure })
}

const makeWith = (config: CatalogConfig) =>
  Effect.gen(function*() {
    const products = yield* HttpApiClient.make(ProductApi, {
      transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(config.productApiUrl))
    })
    const viewed = yield* HttpApiClient.make(RecentlyViewedApi, {
      transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(config.recentlyViewedApiUrl))
    })
    const consent = yield* Consent

    const wrap = <A, E>(operation: string, call: Effect.Effect<A, E>): Effect.Effect<A, CatalogError> =>
      call.pipe(Effect.mapError((error) => catalogError(operation, error)), Effect.withSpan(operation))

    const findVariantsById = (ids: ReadonlyArray<number>) =>
      ids.length === 0
        ? Effect.succeed([])
        : wrap("Catalog.findVariantsById", products.products.findVariantsById({ query: { ids } }))

    const findVariants = (ids: ReadonlyArray<number>, properties?: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed([])
        : wrap(
          "Catalog.findVariants",
          products.products.findVariants({
            query: { ids, ...(properties === undefined || properties.length === 0 ? {} : { properties }) }
          })
        )

    const recentlyViewed = (count: number = recentlyViewedDefaultCount) =>
      Effect.gen(function*() {
        const { ids } = yield* wrap("Catalog.recentlyViewed", viewed.recentlyViewed.retrieve({ query: { maxItems: count } }))
        if (ids.length === 0) return []
        return yield* wrap("Catalog.recentlyViewed", viewed.recentlyViewed.findProducts({ query: { ids: ids.slice(0, count), count } }))
      })

    const recommendations = (variantId: number, options?: RecommendationOptions) =>
      Effect.gen(function*() {
        const { gates } = yield* SubscriptionRef.get(consent.state)
        if (!gates.personalisation) return []
        return yield* wrap(
          "Catalog.recommendations",
          products.products.recommendedProducts({
            query: {
              variantId,
              ...(options?.count === undefined ? {} : { count: options.count }),
              ...(options?.accessoryVariants === undefined ? {} : { accessoryVariants: options.accessoryVariants })
            }
          })
        )
      })

    const similarProducts = (productId: number, limit?: number) =>
      wrap(
        "Catalog.similarProducts",
        products.products.similarProducts({ query: { productId, ...(limit === undefined ? {} : { limit }) } })
      )

    return Catalog.of({ findVariantsById, findVariants, recentlyViewed, recommendations, similarProducts })
  })

/** The catalog service: see {@link CatalogShape}. */
export class Catalog extends Context.Service<Catalog, CatalogShape>()("storefront/Catalog") {
  /** At the configured base URLs, over the `HttpClient` and call policy of the context. */
  static readonly layer = (config: CatalogConfig) => Layer.effect(Catalog, makeWith(config))
}
