/**
 * The watchdog group (spec §2 clientWatchdog; ours): a logged-in customer's watches on the shop's variants (401 for
 * anyone else).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { NotFound, Unprocessable } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { maxWatchdogsPerCustomer, watchdogRequestProblem } from "../../../core/domain/watchdog.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer } from "../domain/account/customer.ts"
import { customerWatchdogs, deleteWatchdog, upsertWatchdog, watchdogCount, watchesVariant } from "../domain/watchdog.ts"

/**
 * The handlers of the watchdog group.
 *
 * - `list`: the customer's watchdogs in the shop, newest first, with the variant's price and stock now.
 * - `add`: watches a variant of the shop (404 otherwise); 422 `field: "priceLimit"` when the request watches nothing
 *   or its limit is not a positive amount (the core's `watchdogRequestProblem`), 422 `field: "watchdogs"` past
 *   {@link maxWatchdogsPerCustomer}; watching a watched variant again replaces what is watched.
 * - `remove`: one of the customer's watchdogs (404 for anyone else's).
 */
export const WatchdogHandlers = HttpApiBuilder.group(
  ShopApi,
  "watchdog",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))

    return handlers
      .handle("list", () =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          return { watchdogs: yield* customerWatchdogs(customer.customerId, session.shopId) }
        })))
      .handle("add", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          const problem = watchdogRequestProblem(payload)
          if (problem !== undefined) {
            return yield* new Unprocessable({
              message: problem === "nothingWatched"
                ? "Choose a price to wait for or watch the availability."
                : "The price limit must be an amount above zero.",
              field: "priceLimit"
            })
          }
          const watched = yield* watchesVariant(customer.customerId, payload.variantId)
          if (!watched && (yield* watchdogCount(customer.customerId, session.shopId)) >= maxWatchdogsPerCustomer) {
            return yield* new Unprocessable({
              message: `You can watch at most ${maxWatchdogsPerCustomer} products.`,
              field: "watchdogs"
            })
          }
          const watchdog = yield* upsertWatchdog(customer.customerId, session.shopId, payload)
          if (watchdog === undefined) return yield* new NotFound({ message: `The variant ${payload.variantId} is not sold here.` })
          return { watchdog }
        })))
      .handle("remove", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          const removed = yield* deleteWatchdog(customer.customerId, session.shopId, payload.watchdogId)
          if (!removed) return yield* new NotFound({ message: `The watchdog ${payload.watchdogId} is not yours.` })
          return { watchdogId: payload.watchdogId }
        })))
  })
)
