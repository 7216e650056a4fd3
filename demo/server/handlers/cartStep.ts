/**
 * The checkout step calls (group `cartStep`, spec §2, §4, §6, §7): check-step, next-step (which places the order
 * from shipping, under the request's idempotency key) and update-customer. Refusals are flash messages that keep
 * the step (§4); going to shipping without a customer who may is 401 (§6).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { checkoutFlashKeys, errorStatus, flash } from "../domain/checkout/common.ts"
import { checkStep } from "../domain/checkout/steps.ts"
import { nextStep } from "../domain/checkout/placement.ts"
import { updateCustomer } from "../domain/checkout/customerStep.ts"
import { requestIdempotencyKey } from "../domain/idempotency.ts"

/** The handlers of the cartStep group. */
export const CartStepHandlers = HttpApiBuilder.group(ShopApi, "cartStep", (handlers) =>
  handlers
    .handle("checkStep", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(checkStep(session, query.step))
      }))
    .handle("nextStep", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const key = yield* requestIdempotencyKey
        return yield* orDieOnSql(nextStep(session, payload.step, key)).pipe(
          Effect.catchTag("IdempotencyKeyReused", () =>
            Effect.succeed({ status: errorStatus(flash(checkoutFlashKeys.keyReused)), step: payload.step }))
        )
      }))
    .handle("updateCustomer", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(updateCustomer(session, payload.data))
      })))
