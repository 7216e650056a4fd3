/**
 * The order consents of a cart (§3 OrderConsent): their texts, notes and recorded values.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { OrderConsent } from "../../../../core/api/entities/delivery.ts"
import { readCart } from "./reading.ts"

/** A row of `order_consent_texts` for the shop's language. */
interface OrderConsentTextRow {
  readonly code: string
  readonly required: boolean
  readonly text: string
  readonly note: string
}

const orderConsentTexts = (shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<OrderConsentTextRow>`
      SELECT t.code, t.required, t.text, t.note FROM order_consent_texts t
      JOIN shops s ON s.language = t.language WHERE s.shop_id = ${shopId}
      ORDER BY t.position, t.code`
  })

/**
 * The order consents of the delivery step (§3 consents; ours): the shop language's consents of
 * `order_consent_texts` with their text, checked as the cart records them, else as the customer gave them, else
 * unchecked.
 */
export const loadOrderConsents = (cartId: number): Effect.Effect<ReadonlyArray<OrderConsent>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const state = yield* readCart(cartId)
    if (state === undefined) return []
    const given = state.customerId === null ? [] : yield* sql<{ readonly code: string; readonly value: boolean }>`
      SELECT code, value FROM customer_consents WHERE customer_id = ${state.customerId}`
    const texts = yield* orderConsentTexts(state.shop.shopId)
    return texts.map((row): OrderConsent => {
      const recorded = state.consents[row.code]
      const checked = typeof recorded === "boolean" ? recorded : (given.find((consent) => consent.code === row.code)?.value ?? false)
      return { code: row.code, text: row.text, checked, required: row.required }
    })
  })

/** The notes under the order consents of the cart's shop, by consent code, in the shop's language. */
export const orderConsentNotes = (cartId: number): Effect.Effect<Readonly<Record<string, string>>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = yield* readCart(cartId)
    if (state === undefined) return {}
    return Object.fromEntries((yield* orderConsentTexts(state.shop.shopId)).map((row) => [row.code, row.note]))
  })

/** The order consents a placed order records: each one as the delivery step shows it checked ({@link loadOrderConsents}). */
export const orderConsentsOf = (cartId: number) =>
  Effect.map(loadOrderConsents(cartId), (consents): Readonly<Record<string, boolean>> =>
    Object.fromEntries(consents.map((consent) => [consent.code, consent.checked === true])))
