/**
 * The payment provider check of the deferred (CZN) and revolving (CZG) payments (group `paymentProvider`, spec §4,
 * §7, §8, §9), simulated: load answers 202 while the provider "checks" (the first polls), then 200 with the billing
 * methods and the outcome; terms, enrich and otp record the shopper's steps; the revolving offer is computed from
 * the cart.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { providerAction, providerLoad, revolvingOffer } from "../domain/checkout/provider.ts"

/** The handlers of the paymentProvider group. */
export const PaymentProviderHandlers = HttpApiBuilder.group(ShopApi, "paymentProvider", (handlers) =>
  handlers
    .handle("load", () =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(providerLoad(session))
        return answer._tag === "pending"
          ? { status: answer.status }
          : { status: answer.status, billingMethods: answer.billingMethods }
      }))
    .handle("terms", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(providerAction(session, { _tag: "terms", ...payload }))
      }))
    .handle("enrich", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(providerAction(session, { _tag: "enrich", ...payload }))
      }))
    .handle("otp", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(providerAction(session, { _tag: "otp", ...payload }))
      }))
    .handle("getRevolvingOfferDetail", () =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(revolvingOffer(session))
      })))
