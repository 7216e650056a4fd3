/**
 * The newsletter group (spec §7 /api/newsletter/updateSubscription, §3 customer `allowedNl`).
 *
 * @module
 */
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { Unprocessable } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { sessionCustomer } from "../domain/account/customer.ts"

/** How a subscription made through this call is recorded (`newsletter_subscriptions.source`). */
export const newsletterSource = "web"

/**
 * The handlers of the newsletter group. `updateSubscription` (un)subscribes an e-mail in the session's shop (stored
 * lower-case, one row per shop and e-mail): a guest must send `email` (422 `field: "email"` otherwise); a logged-in
 * customer may omit it (the account's e-mail is used), and when the e-mail is the account's, the customer's
 * `allowedNl` follows the answer. Answers `status: ok` and the state now.
 */
export const NewsletterHandlers = HttpApiBuilder.group(
  ShopApi,
  "newsletter",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers.handle("updateSubscription", ({ payload }) =>
      run(Effect.gen(function*() {
        const session = yield* Session
        const customer = yield* sessionCustomer(session)
        const email = (payload.email ?? Option.getOrUndefined(customer)?.email)?.toLowerCase()
        if (email === undefined) {
          return yield* new Unprocessable({ message: "Please enter your e-mail address.", field: "email" })
        }
        const isAccountEmail = Option.isSome(customer) && customer.value.email.toLowerCase() === email
        const customerId = isAccountEmail ? customer.value.customerId : null
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`
            INSERT INTO newsletter_subscriptions (shop_id, email, customer_id, subscribed, source)
            VALUES (${session.shopId}, ${email}, ${customerId}, ${payload.subscribed}, ${newsletterSource})
            ON CONFLICT (shop_id, email) DO UPDATE SET subscribed = EXCLUDED.subscribed,
              customer_id = COALESCE(EXCLUDED.customer_id, newsletter_subscriptions.customer_id), updated_at = now()`
          if (customerId !== null) {
            yield* sql`UPDATE customers SET allowed_nl = ${payload.subscribed}, updated_at = now()
                       WHERE customer_id = ${customerId}`
          }
        }))
        return { status: okStatus, subscribed: payload.subscribed }
      })))
  })
)
