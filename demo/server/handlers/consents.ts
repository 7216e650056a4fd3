/**
 * The consents group (spec §2 consent panel and data-protection modal, §3 consent codes, §4, §7 "Account"): the cart
 * customer's consents of the new cart API (POST consents, GET submit-consents) and the privacy settings (one
 * consent, the panel consent, several consents of the logged-in customer).
 *
 * A guest's consents are the session's (`session_consents`); a logged-in customer's are the customer's
 * (`customer_consents`), exactly: a login does not hand the guest's choices to the customer, and a logout leaves
 * the new session with none.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { ApiResponse } from "../../../core/api/entities/envelope.ts"
import { Unprocessable } from "../../../core/api/errors.ts"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { errorResponseStatus } from "../../../core/api/entities/envelope.ts"
import { flashMessage } from "../../../core/domain/flash.ts"
import { accountTexts, orDieOnSql } from "../domain/account/common.ts"
import { customerView, requireCustomer } from "../domain/account/customer.ts"
import { recordConsents, unknownConsentKeys } from "../domain/account/consents.ts"

/** The consent the panel's answer is recorded as (§2, §4). */
export const panelConsentCode = "gdpr_panel"

const unknownKeys = (keys: ReadonlyArray<string>) =>
  new Unprocessable({ message: `${accountTexts.unknownConsent}: ${keys.join(", ")}`, field: keys[0]! })

/**
 * Records consents for the cart customer and answers the new cart envelope (§7): the customer with
 * `consentChanged`, and status `ok`; unknown keys record nothing and answer status `error` with a danger flash
 * (a business failure of the new cart API, 200). The cart keeps a copy of the consents given at checkout.
 */
const cartConsents = (session: SessionData, values: Readonly<Record<string, boolean>>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const unknown = unknownConsentKeys(values)
    if (unknown.length > 0) {
      return {
        status: {
          status: errorResponseStatus,
          flashMessages: [flashMessage(`${accountTexts.unknownConsent}: ${unknown.join(", ")}`, "danger", "cart")]
        },
        customer: yield* customerView(session)
      } satisfies ApiResponse as ApiResponse
    }
    const { changed } = yield* recordConsents(session, values)
    yield* sql`UPDATE carts SET consents = consents || ${JSON.stringify(values)}::jsonb, version = version + 1, updated_at = now()
               WHERE cart_id = ${session.cartId}`
    const customer = yield* customerView(session)
    return {
      status: { status: okStatus, flashMessages: [] },
      customer: { ...customer, consentChanged: changed }
    } satisfies ApiResponse as ApiResponse
  })

/**
 * The handlers of the consents group: `cartConsents` and `submitConsents` (given and refused keys) answer the cart
 * envelope; `setConsent` and `setPanelConsent` (as `gdpr_panel`) work for guests and customers; `updateConsents`
 * needs a logged-in customer (401). Unknown keys answer 422 naming the first one.
 */
export const ConsentsHandlers = HttpApiBuilder.group(
  ShopApi,
  "consents",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    const record = (session: SessionData, values: Readonly<Record<string, boolean>>) =>
      Effect.gen(function*() {
        const unknown = unknownConsentKeys(values)
        if (unknown.length > 0) return yield* unknownKeys(unknown)
        const { consents } = yield* recordConsents(session, values)
        return { consents }
      })

    return handlers
      .handle("cartConsents", ({ payload }) =>
        run(Effect.gen(function*() {
          return yield* cartConsents(yield* Session, payload.consents)
        })))
      .handle("submitConsents", ({ query }) =>
        run(Effect.gen(function*() {
          const values = {
            ...Object.fromEntries((query.given ?? []).map((key) => [key, true])),
            ...Object.fromEntries((query.refused ?? []).map((key) => [key, false]))
          }
          return yield* cartConsents(yield* Session, values)
        })))
      .handle("setConsent", ({ payload }) =>
        run(Effect.gen(function*() {
          return yield* record(yield* Session, { [payload.consentCode]: payload.consentValue })
        })))
      .handle("setPanelConsent", ({ payload }) =>
        run(Effect.gen(function*() {
          const { consents } = yield* recordConsents(yield* Session, { [panelConsentCode]: payload.consentValue })
          return { consents }
        })))
      .handle("updateConsents", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          yield* requireCustomer(session)
          return yield* record(session, payload.consents)
        })))
  })
)
