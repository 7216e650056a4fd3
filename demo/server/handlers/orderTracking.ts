/**
 * The pick-up code of an order (group `orderTracking`, spec §7 /api/tracking/getPickupCode): for an order of the
 * logged-in customer that goes to a pick-up point; 401 for a guest, 404 for another order or one without a code.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { loginRequired, orDieOnSql } from "../domain/account/common.ts"
import { loadOrderByNumber, pickupCodeOf } from "../domain/checkout/orders.ts"
import { shopOf } from "../domain/account/common.ts"

/** The handlers of the orderTracking group. */
export const OrderTrackingHandlers = HttpApiBuilder.group(ShopApi, "orderTracking", (handlers) =>
  handlers.handle("getPickupCode", ({ query }) =>
    Effect.gen(function*() {
      const session = yield* Session
      if (session.customerId === null) return yield* loginRequired(shopOf(session))
      const order = yield* orDieOnSql(loadOrderByNumber(session.shopId, query.orderId.trim()))
      if (order === undefined || order.customerId !== session.customerId) {
        return yield* new NotFound({ message: "No such order of yours." })
      }
      const code = pickupCodeOf(order)
      if (code === undefined) return yield* new NotFound({ message: "The order has no pick-up code." })
      return code
    })))
