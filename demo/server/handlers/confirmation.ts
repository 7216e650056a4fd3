/**
 * The order confirmation (group `confirmation`, spec §2 confirmation redirect, §3 purchaseId / confirmationUrl /
 * purchase, §7): `token` gives the confirmation token (and url) of an order placed in the session (or of the
 * logged-in customer); `load` shows the order for a valid token, without a session. 404 otherwise.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { confirmationUrlOf, loadOrderById, loadOrderByToken, sessionOwnsOrder } from "../domain/checkout/orders.ts"
import { shopOf } from "../domain/account/common.ts"

const noOrder = new NotFound({ message: "No such order." })

/** The handlers of the confirmation group. */
export const ConfirmationHandlers = HttpApiBuilder.group(ShopApi, "confirmation", (handlers) =>
  handlers
    .handle("load", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const order = yield* orDieOnSql(loadOrderByToken(session.shopId, query.token))
        if (order === undefined) return yield* noOrder
        return { purchaseId: order.orderId, purchase: { orderId: order.orderNumber, items: order.items } }
      }))
    .handle("token", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const order = yield* orDieOnSql(loadOrderById(session.shopId, query.purchaseId))
        if (order === undefined || !(yield* orDieOnSql(sessionOwnsOrder(session, order)))) return yield* noOrder
        return { token: order.token, confirmationUrl: confirmationUrlOf(shopOf(session), order.token) }
      })))
