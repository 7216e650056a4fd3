/**
 * Consents: the keys the server knows, the effective consents of a session and recording them.
 *
 * @module
 */
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { productReviewsConsent } from "../../../../core/api/entities/customer.ts"
import type { CustomerConsents } from "../../../../core/api/entities/customer.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { consentCodes, consentModalLinks } from "../../../../core/domain/consent.ts"
import { cachedRead } from "../../db/ReadCache.ts"
import { sessionCustomer } from "./customer.ts"

/**
 * Every consent key the server records: the §3 consent codes, `product_reviews`, and the data-protection modal's
 * link keys (§2: each link records consent under its own key).
 */
export const knownConsentKeys: ReadonlyArray<string> = [...consentCodes, productReviewsConsent, ...consentModalLinks]

/** Whether the server knows a consent key. */
export const isKnownConsentKey = (key: string): boolean => knownConsentKeys.includes(key)

// -----------------------------------------------------------------------------------------------
// consents
// -----------------------------------------------------------------------------------------------

/**
 * The consents in force for a session (§3, §4, §6): a logged-in customer's are exactly the customer's recorded
 * consents; a guest's are the session's own (e.g. the consent panel's answer). Nothing of one ever shows in the
 * other: a guest's choices on a shared device are not the customer's, and a customer's are gone after logout.
 */
export const effectiveConsents = (session: Pick<SessionData, "sessionId" | "shopId" | "customerId">) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const consents: Record<string, boolean> = {}
    const customer = yield* sessionCustomer(session)
    const rows = Option.isSome(customer)
      ? yield* sql<{ code: string; value: boolean }>`
          SELECT code, value FROM customer_consents WHERE customer_id = ${customer.value.customerId} ORDER BY code`
      : (yield* cachedRead(
        (cache) => cache.sessionConsents,
        session.sessionId,
        sql<{ code: string; value: boolean }>`
          SELECT code, value FROM session_consents WHERE session_id = ${session.sessionId} ORDER BY code`
      )) ?? []
    for (const row of rows) consents[row.code] = row.value
    return consents as CustomerConsents
  })

/** The keys of a consent record the server does not know (a 422 or an error flash). */
export const unknownConsentKeys = (values: Readonly<Record<string, boolean>>): ReadonlyArray<string> =>
  Object.keys(values).filter((key) => !isKnownConsentKey(key))

/**
 * Records consents (known keys only: check {@link unknownConsentKeys} first) for the logged-in customer, or for the
 * guest's session, in one transaction. A data-protection modal link key is recorded with itself as `link_key` (§2).
 * Returns the consents in force afterwards and whether any value changed.
 */
export const recordConsents = (
  session: Pick<SessionData, "sessionId" | "shopId" | "customerId">,
  values: Readonly<Record<string, boolean>>
) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const before = yield* effectiveConsents(session)
    const customer = yield* sessionCustomer(session)
    yield* sql.withTransaction(
      Effect.gen(function*() {
        for (const [code, value] of Object.entries(values)) {
          if (Option.isSome(customer)) {
            const linkKey = (consentModalLinks as ReadonlyArray<string>).includes(code) ? code : null
            yield* sql`
              INSERT INTO customer_consents (customer_id, code, value, link_key)
              VALUES (${customer.value.customerId}, ${code}, ${value}, ${linkKey})
              ON CONFLICT (customer_id, code) DO UPDATE SET value = EXCLUDED.value, link_key = EXCLUDED.link_key,
                updated_at = now()`
          } else {
            yield* sql`
              INSERT INTO session_consents (session_id, code, value) VALUES (${session.sessionId}, ${code}, ${value})
              ON CONFLICT (session_id, code) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`
          }
        }
      })
    )
    const consents = yield* effectiveConsents(session)
    const changed = Object.entries(values).some(([code, value]) => before[code] !== value)
    return { consents, changed }
  })
