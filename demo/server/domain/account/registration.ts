/**
 * Registration: the server's rules of a new customer and creating it (§5).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { ShopId } from "../../../../core/domain/shop.ts"
import { hashPassword } from "../../db/password.ts"
import { maxFieldLength } from "./addresses.ts"
import { accountTexts, maxPasswordLength, minPasswordLength } from "./common.ts"
import { unknownConsentKeys } from "./consents.ts"

/** The new customer of a registration. */
export interface NewCustomer {
  /** The e-mail (unique per shop, case-insensitive). */
  readonly email: string
  /** The password as typed; only its scrypt hash is stored. */
  readonly password: string
  /** The first name. */
  readonly firstname: string
  /** The last name. */
  readonly lastname: string
  /** The consents given in the form. */
  readonly consents?: Readonly<Record<string, boolean>> | undefined
}

/** Why a registration was refused: the messages for `errors` (§5). */
export type RegistrationProblem = ReadonlyArray<string>

/** The server's registration rules (ours): password length, name lengths and known consent keys. */
export const registrationProblems = (customer: NewCustomer): RegistrationProblem => {
  const problems: Array<string> = []
  const length = [...customer.password].length
  if (length < minPasswordLength) problems.push(accountTexts.passwordTooShort)
  if (length > maxPasswordLength) problems.push(accountTexts.passwordTooLong)
  for (const [field, value] of [["firstname", customer.firstname], ["lastname", customer.lastname], ["email", customer.email]] as const) {
    if (value.length > maxFieldLength) problems.push(`The ${field} may have at most ${maxFieldLength} characters.`)
  }
  for (const key of unknownConsentKeys(customer.consents ?? {})) problems.push(`${accountTexts.unknownConsent}: ${key}`)
  return problems
}

/**
 * Creates a customer in a shop: the password stored only as its scrypt hash (password.ts), the consents given, and
 * a main wishlist later on first use. Answers the new id, or `undefined` when the e-mail is already registered in
 * the shop (the unique index decides, so two concurrent registrations cannot both win). Registered customers are
 * logged in at once and not left waiting for confirmation (the demo sends no e-mail).
 */
export const createCustomer = (shopId: ShopId, customer: NewCustomer) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const hash = yield* hashPassword(customer.password)
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const inserted = yield* sql<{ customer_id: number }>`
          INSERT INTO customers (shop_id, email, password_hash, firstname, lastname)
          VALUES (${shopId}, ${customer.email}, ${hash}, ${customer.firstname}, ${customer.lastname})
          ON CONFLICT (shop_id, lower(email)) DO NOTHING
          RETURNING customer_id`
        const id = inserted[0]?.customer_id
        if (id === undefined) return undefined
        for (const [code, value] of Object.entries(customer.consents ?? {})) {
          yield* sql`INSERT INTO customer_consents (customer_id, code, value) VALUES (${id}, ${code}, ${value})`
        }
        return id
      })
    )
  })
