/**
 * The delivery-step calls of the new cart API (group `deliveries`, spec §3 Delivery, §4 reset modes, §7, §8):
 * places and branches for the map, selecting, insuring, resetting and checking delivery methods, the campaign bar,
 * delivery strategies and the customer's branch history. Refused selections answer 200 with `status.status`
 * "error" and the server's flash messages (§8); an unknown delivery or branch is 404.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { stepLocation } from "../../../core/domain/checkout.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { autoCompleteBranches, branchDetail, branchesBasic, confirmBranchAvailability, geoSuggestions } from "../domain/checkout/pickupPoints.ts"
import { checkDeliveryMethod, cleanSelectedDelivery, customerHistory, deselectDelivery, selectCampaign, selectDeliveryInsurance, selectDeliveryMethod, selectStrategy } from "../domain/checkout/shippingStep.ts"
import { shopOf } from "../domain/account/common.ts"
import { loginRequiredFor, okResponseStatus } from "../domain/checkout/common.ts"

const unknownDelivery = (deliveryId: string) => new NotFound({ message: `The cart has no delivery ${deliveryId}.` })

/** The answer, or 404 when the delivery is unknown (`undefined`). */
const orUnknown = <A>(deliveryId: string) => (answer: A | undefined) =>
  answer === undefined ? Effect.fail(unknownDelivery(deliveryId)) : Effect.succeed(answer)

/** The handlers of the deliveries group. */
export const DeliveriesHandlers = HttpApiBuilder.group(ShopApi, "deliveries", (handlers) =>
  handlers
    .handle("geoSuggestions", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const suggestions = yield* orDieOnSql(geoSuggestions(session, query.query))
        return { status: okResponseStatus, suggestions }
      }))
    .handle("branchesConfirmAvailability", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(confirmBranchAvailability(session, query.deliveryId, query.branchIds.split(",")))
        return yield* orUnknown<NonNullable<typeof answer>>(query.deliveryId)(answer)
      }))
    .handle("branchesBasic", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(branchesBasic(session, query.deliveryId, query.pupTypeId))
        return yield* orUnknown<NonNullable<typeof answer>>(query.deliveryId)(answer)
      }))
    .handle("branchDetail", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(branchDetail(session, query.deliveryId, query.branchId))
        if (answer === "delivery") return yield* unknownDelivery(query.deliveryId)
        if (answer === "branch") return yield* new NotFound({ message: `No open branch ${query.branchId}.` })
        return answer
      }))
    .handle("selectDeliveryMethod", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(selectDeliveryMethod(session, payload))
        return yield* orUnknown<NonNullable<typeof answer>>(payload.deliveryId)(answer)
      }))
    .handle("selectDeliveryInsurance", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(selectDeliveryInsurance(session, payload.deliveryId, payload.selected))
        return yield* orUnknown<NonNullable<typeof answer>>(payload.deliveryId)(answer)
      }))
    .handle("selectCampaign", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(selectCampaign(session, payload.campaignId, payload.selected))
      }))
    .handle("cleanSelectedDelivery", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(cleanSelectedDelivery(session, payload.mode, payload.deliveryId))
      }))
    .handle("deliveryStrategy", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(selectStrategy(session, payload.strategy))
      }))
    .handle("autoCompleteBranches", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(autoCompleteBranches(session, query.deliveryId, query.term))
        return yield* orUnknown<NonNullable<typeof answer>>(query.deliveryId)(answer)
      }))
    .handle("checkDeliveryMethod", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(checkDeliveryMethod(session, query.deliveryId))
        return yield* orUnknown<NonNullable<typeof answer>>(query.deliveryId)(answer)
      }))
    .handle("customerHistory", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(customerHistory(session, query.deliveryId))
        if (answer === "login") return yield* loginRequiredFor(session, stepLocation("shipping", shopOf(session)))
        return yield* orUnknown<NonNullable<typeof answer>>(query.deliveryId)(answer)
      }))
    .handle("deselectDelivery", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const answer = yield* orDieOnSql(deselectDelivery(session, payload.deliveryId))
        return yield* orUnknown<NonNullable<typeof answer>>(payload.deliveryId)(answer)
      })))
