/**
 * The legal group (spec §4 legal modal, §7 "Widgets and legal"): the legal texts the logged-in customer has yet to
 * approve, approving one, and declining one by deactivating the account.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import type { ShopId } from "../../../core/domain/shop.ts"
import { logOut } from "../domain/account/sessions.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer, sessionCustomer } from "../domain/account/customer.ts"

/** The answer to approve and deactivate-account on success (§7 reads `status`). */
export const legalDone = { status: okStatus } as const

const activeLegal = (shopId: ShopId, legalId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ legal_id: number }>`
      SELECT legal_id FROM legal_texts WHERE legal_id = ${legalId} AND shop_id = ${shopId} AND active`
    if (rows[0] === undefined) return yield* new NotFound({ message: `The legal text ${legalId} does not exist.` })
    return rows[0].legal_id
  })

/**
 * The handlers of the legal group.
 *
 * - `unclearedLegals`: the shop's active legal texts that require approval and that the customer has not decided
 *   on, oldest first; empty for a guest.
 * - `approve`: records the approval (again is fine); 401 for a guest, 404 for a text not active in the shop.
 * - `deactivateAccount`: records the refusal, deactivates the account (`deactivated_at`: it can no longer log in),
 *   unsubscribes its newsletter, logs out every other session of the customer and logs this one out (a new session
 *   with an anonymous cart; the client reloads the page, §4).
 */
export const LegalHandlers = HttpApiBuilder.group(
  ShopApi,
  "legal",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))

    return handlers
      .handle("unclearedLegals", () =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* sessionCustomer(session)
          if (customer._tag === "None") return { legals: [] }
          const rows = yield* sql<{ legal_id: number; text: string }>`
            SELECT l.legal_id, l.text FROM legal_texts l
            WHERE l.shop_id = ${session.shopId} AND l.active AND l.requires_approval
              AND NOT EXISTS (SELECT 1 FROM legal_approvals a
                              WHERE a.customer_id = ${customer.value.customerId} AND a.legal_id = l.legal_id)
            ORDER BY l.created_at, l.legal_id`
          return { legals: rows.map((row) => ({ legal_id: row.legal_id, text: row.text })) }
        })))
      .handle("approve", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          const legalId = yield* activeLegal(session.shopId, payload.legalId)
          yield* sql`
            INSERT INTO legal_approvals (customer_id, legal_id, status) VALUES (${customer.customerId}, ${legalId}, 'approved')
            ON CONFLICT (customer_id, legal_id) DO UPDATE SET status = 'approved', decided_at = now()`
          return legalDone
        })))
      .handle("deactivateAccount", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          const legalId = yield* activeLegal(session.shopId, payload.legalId)
          yield* sql.withTransaction(
            Effect.gen(function*() {
              yield* sql`
                INSERT INTO legal_approvals (customer_id, legal_id, status)
                VALUES (${customer.customerId}, ${legalId}, 'deactivated')
                ON CONFLICT (customer_id, legal_id) DO UPDATE SET status = 'deactivated', decided_at = now()`
              yield* sql`UPDATE customers SET deactivated_at = now(), allowed_nl = false, updated_at = now()
                         WHERE customer_id = ${customer.customerId}`
              yield* sql`UPDATE newsletter_subscriptions SET subscribed = false, updated_at = now()
                         WHERE customer_id = ${customer.customerId}`
              yield* sql`UPDATE sessions SET customer_id = NULL, cart_id = NULL
                         WHERE customer_id = ${customer.customerId} AND session_id <> ${session.sessionId}`
              yield* logOut(session)
            })
          )
          return legalDone
        })))
  })
)
