/**
 * The customer step: updating the customer's data and addresses (§3 Customer).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SelectedAddresses } from "../../../../core/api/entities/address.ts"
import { notEditableBillingProfileId } from "../../../../core/api/entities/address.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { addressRows } from "../account/addresses.ts"
import { customerView } from "../account/customer.ts"
import { checkoutFlashKeys, errorStatus, flash, okResponseStatus } from "./common.ts"

/** The update-customer data (§7 `data`). */
export interface CustomerData {
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly phone?: string | undefined
  readonly selectedAddresses?: SelectedAddresses | undefined
  readonly allowedNl?: boolean | undefined
  readonly allowedHeureka?: boolean | undefined
}

/**
 * update-customer (§7 `data`): stores the contact data with the cart, the selected addresses (the customer's own,
 * of the right type; -1 names the not-editable billing profile; `null` clears the choice) and, for a logged-in
 * customer, the newsletter and review-invitation choices; in one transaction. An address that is not the
 * customer's is refused with a form flash. Answers the updated customer.
 */
export const updateCustomer = (session: SessionData, data: CustomerData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = session.customerId === null ? [] : yield* addressRows(session.customerId)
    const resolve = (type: "billing" | "shipping", id: number | null | undefined): number | null | "keep" | "unknown" => {
      if (id === undefined) return "keep"
      if (id === null) return null
      const ofType = rows.filter((row) => row.type === type)
      const found = type === "billing" && id === notEditableBillingProfileId
        ? ofType.find((row) => !row.editable)
        : ofType.find((row) => row.address_id === id && (type === "shipping" || row.editable))
      return found === undefined ? "unknown" : found.address_id
    }
    const billing = resolve("billing", data.selectedAddresses?.billing)
    const shipping = resolve("shipping", data.selectedAddresses?.shipping)
    if (billing === "unknown" || shipping === "unknown") {
      return { status: errorStatus(flash(checkoutFlashKeys.addressUnknown, "danger", "form")), customer: yield* customerView(session) }
    }
    const contact = { email: data.email, firstname: data.firstname, lastname: data.lastname, ...(data.phone === undefined ? {} : { phone: data.phone }) }
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`
        UPDATE carts SET customer_data = ${JSON.stringify(contact)}::jsonb,
          billing_address_id = CASE WHEN ${billing === "keep"} THEN billing_address_id ELSE ${billing === "keep" ? null : billing}::integer END,
          shipping_address_id = CASE WHEN ${shipping === "keep"} THEN shipping_address_id ELSE ${shipping === "keep" ? null : shipping}::integer END,
          updated_at = now(), version = version + 1
        WHERE cart_id = ${session.cartId}`
      if (session.customerId !== null) {
        yield* sql`
          UPDATE customers SET
            allowed_nl = coalesce(${data.allowedNl ?? null}::boolean, allowed_nl),
            allowed_heureka = coalesce(${data.allowedHeureka ?? null}::boolean, allowed_heureka),
            updated_at = now()
          WHERE customer_id = ${session.customerId}`
      }
    }))
    return { status: okResponseStatus, customer: yield* customerView(session) }
  })
