/**
 * The financing service (spec §7 /api/finance-offer/financial-offers): a product page's "from X a month" and its
 * instalment plans, through the shop API's `financing` group for the session's shop (see the financing rule,
 * `core/domain/financing.ts`). Failures are typed as the Catalog service's: an answer that does not fit the contract
 * is §8's `InvalidResponse`, no usable answer `CatalogUnavailable`.
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
import { ShopApiClient } from "../api/client.ts"
import { financingOfferOf, type FinancingOffer } from "../domain/financing.ts"
import { catalogError, type CatalogError } from "./Catalog.ts"

export type { FinancingOffer, InstalmentPlan } from "../domain/financing.ts"

/** The financing service's actions. */
export interface FinancingShape {
  /**
   * The financing offer for a price (a product's, `variantId` naming it): undefined when the shop finances nothing
   * or not this price, or the price is not a finite amount of at least 0 (then nothing is asked).
   */
  readonly offerFor: (price: number, variantId?: number) => Effect.Effect<FinancingOffer | undefined, CatalogError>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const offerFor = (price: number, variantId?: number): Effect.Effect<FinancingOffer | undefined, CatalogError> => {
    if (!Number.isFinite(price) || price < 0) return Effect.succeed(undefined)
    const valid = variantId !== undefined && Number.isInteger(variantId) && variantId > 0
    return api.financing.financialOffers({ query: { price, ...(valid ? { variantId } : {}) } }).pipe(
      Effect.map((answer) => financingOfferOf(answer.offers)),
      Effect.mapError((error) => catalogError("Financing.offerFor", error)),
      Effect.withSpan("Financing.offerFor")
    )
  }
  return Financing.of({ offerFor })
})

/** The financing service: see {@link FinancingShape}. */
export class Financing extends Context.Service<Financing, FinancingShape>()("storefront/Financing") {
  /** Over the derived shop API client of the context. */
  static readonly layer = Layer.effect(Financing, make)
}
