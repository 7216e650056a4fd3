/**
 * The cart's invoice note and selected billing method.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { PaymentSelection } from "../../../../core/api/entities/payment.ts"
import { isSelectable } from "../../../../core/domain/payment.ts"
import { billingMethodsOf, type PaymentContext, readBilling } from "./billingMethods.ts"
import { type CartChange, cartFlashKeys, CartNotFound, CartRefused, type CartRequirements, noFlashes, refused } from "./errors.ts"
import { mustRead, mutateCart } from "./mutation.ts"

// -----------------------------------------------------------------------------------------------
// invoice note, payment
// -----------------------------------------------------------------------------------------------

/** Stores the invoice note of the order (§7); a blank note clears it. Surrounding whitespace is dropped. */
export const setInvoiceNote = (
  cartId: number,
  note: string
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const trimmed = note.trim()
      yield* sql`UPDATE carts SET invoice_note = ${trimmed === "" ? null : trimmed} WHERE cart_id = ${cartId}`
      return noFlashes
    }))

/** The payment selection a select-billing-method call makes (§3), booleans as 0/1 as on the wire. */
export interface BillingSelectionInput {
  readonly billingMethodId: string
  readonly cardId?: string | undefined
  readonly productCode?: string | undefined
  readonly installmentCount?: number | undefined
  readonly depositAmount?: number | undefined
  readonly rememberCard?: 0 | 1 | undefined
  readonly newCard?: 0 | 1 | undefined
  readonly insuranceCode?: string | undefined
}

/**
 * Selects a billing method (§3, §7) among those offered for the cart ({@link billingMethodsOf}): it must be
 * offered and selectable (core `isSelectable`); `cardId` and `productCode`, when given, must be its child payments;
 * a child code given as `billingMethodId` selects its parent with that child. Refused (flash) otherwise. The whole
 * selection is stored with the cart.
 */
export const selectBillingMethod = (
  cartId: number,
  input: BillingSelectionInput,
  context: PaymentContext
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const { rows, allowedByDelivery, dates } = yield* readBilling(state)
      const offered = billingMethodsOf(state, rows, allowedByDelivery, context, dates)
      const asChild = rows.find((row) => row.code === input.billingMethodId && row.parent_code !== null)
      const code = asChild?.parent_code ?? input.billingMethodId
      const method = offered[code]
      if (method === undefined || !isSelectable(method)) return yield* refused(cartFlashKeys.paymentUnavailable, "billingMethodId")
      const childCodes = (method.childPayments ?? []).filter((child) => child.disabled !== true).map((child) => child.code)
      const cardId = input.cardId ?? (asChild !== undefined && input.productCode === undefined ? asChild.code : undefined)
      for (const [field, value] of [["cardId", cardId], ["productCode", input.productCode]] as const) {
        if (value !== undefined && !childCodes.includes(value)) return yield* refused(cartFlashKeys.paymentUnavailable, field)
      }
      const selection: PaymentSelection = {
        billingMethodId: code,
        ...(cardId === undefined ? {} : { cardId }),
        ...(input.productCode === undefined ? {} : { productCode: input.productCode }),
        ...(input.installmentCount === undefined ? {} : { installmentCount: input.installmentCount }),
        ...(input.depositAmount === undefined ? {} : { depositAmount: input.depositAmount }),
        rememberCard: input.rememberCard ?? 0,
        newCard: input.newCard ?? 0,
        ...(input.insuranceCode === undefined ? {} : { insuranceCode: input.insuranceCode })
      }
      yield* sql`UPDATE carts SET billing_method_code = ${code}, billing_selection = ${JSON.stringify(selection)}::jsonb
        WHERE cart_id = ${cartId}`
      return noFlashes
    }))

/** Clears the selected billing method (§5: a click on a selected CZU, PLU, SKU or HUU unsets it). */
export const cleanSelectedPayment = (
  cartId: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${cartId}`
      return noFlashes
    }))
