/**
 * Addresses: billing profiles and shipping addresses, their views, the checkout's addresses and the rules of saving one (§3).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { notEditableBillingProfileId } from "../../../../core/api/entities/address.ts"
import type { BillingAddress, CustomerAddresses, SelectedAddresses, ShippingAddress } from "../../../../core/api/entities/address.ts"
import { isEmail } from "../../../../core/domain/contact.ts"
import { countries, shopsOfCountry } from "../../../../core/domain/shop.ts"
import type { Country, Shop } from "../../../../core/domain/shop.ts"
import { formatZip, isValidZip } from "../../../../core/domain/zip.ts"

/** The longest text of a name, address or company field. */
export const maxFieldLength = 200

// -----------------------------------------------------------------------------------------------
// addresses
// -----------------------------------------------------------------------------------------------

/** A row of `addresses`. */
export interface AddressRow {
  readonly address_id: number
  readonly customer_id: number
  readonly type: "billing" | "shipping"
  readonly firstname: string
  readonly lastname: string
  readonly street: string
  readonly city: string
  readonly zip: string
  readonly country: string
  readonly phone: string | null
  readonly email: string | null
  readonly company_name: string | null
  readonly company_registration_number: string | null
  readonly company_tax_number: string | null
  readonly business_area: boolean
  readonly editable: boolean
  readonly is_default: boolean
  readonly lat: number | null
  readonly lng: number | null
}

/** An object with `key` set to `value`, or empty when the value is missing. */
export const optional = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V }

const commonAddressFields = (row: AddressRow) => ({
  firstname: row.firstname,
  lastname: row.lastname,
  street: row.street,
  city: row.city,
  zip: row.zip,
  country: row.country,
  ...optional("phone", row.phone),
  ...optional("email", row.email)
})

/** The wire id of a billing profile: its address id, or -1 when the customer may not edit it (§3). */
export const billingProfileIdOf = (row: Pick<AddressRow, "address_id" | "editable">): number =>
  row.editable ? row.address_id : notEditableBillingProfileId

/** A billing row as the §3 billing profile. */
export const billingAddressView = (row: AddressRow): BillingAddress => ({
  billingProfileId: billingProfileIdOf(row),
  ...commonAddressFields(row),
  businessArea: row.business_area,
  ...optional("companyName", row.company_name),
  ...optional("companyRegistrationNumber", row.company_registration_number),
  ...optional("companyTaxNumber", row.company_tax_number)
})

/** A shipping row as the §3 shipping address. */
export const shippingAddressView = (row: AddressRow): ShippingAddress => ({
  addressId: row.address_id,
  ...commonAddressFields(row),
  ...optional("companyName", row.company_name),
  ...optional("lat", row.lat),
  ...optional("lng", row.lng)
})

/** The customer's address rows, defaults first, then oldest first. */
export const addressRows = (customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<AddressRow>`
      SELECT address_id, customer_id, type, firstname, lastname, street, city, zip, country, phone, email,
             company_name, company_registration_number, company_tax_number, business_area, editable, is_default,
             lat, lng
      FROM addresses WHERE customer_id = ${customerId}
      ORDER BY is_default DESC, created_at, address_id`
  })

/** The addresses of the checkout (§2 load-addresses, §3 Customer): addresses, the selected ones and hasFilledAddress. */
export interface CheckoutAddresses {
  /** The billing profiles and shipping addresses. */
  readonly addresses: CustomerAddresses
  /** The ids selected for the order (the cart's choice, else the defaults). */
  readonly selectedAddresses: SelectedAddresses
  /** Whether the customer has a billing profile (without one the checkout drops back to the customer step, §2). */
  readonly hasFilledAddress: boolean
}

/**
 * The customer's addresses for a cart: every billing profile and shipping address, the selected ones (the cart's
 * `billing_address_id`/`shipping_address_id` when they are the customer's, else the default, else the first) and
 * `hasFilledAddress` (ours: at least one billing profile, the address an order cannot do without).
 */
export const checkoutAddresses = (customerId: number, cartId: number | null) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* addressRows(customerId)
    const billing = rows.filter((row) => row.type === "billing")
    const shipping = rows.filter((row) => row.type === "shipping")
    const cart = cartId === null
      ? []
      : yield* sql<{ billing_address_id: number | null; shipping_address_id: number | null }>`
          SELECT billing_address_id, shipping_address_id FROM carts WHERE cart_id = ${cartId}`
    const pick = (list: ReadonlyArray<AddressRow>, chosen: number | null | undefined) =>
      list.find((row) => row.address_id === chosen) ?? list[0]
    const selectedBilling = pick(billing, cart[0]?.billing_address_id)
    const selectedShipping = pick(shipping, cart[0]?.shipping_address_id)
    return {
      addresses: { billing: billing.map(billingAddressView), shipping: shipping.map(shippingAddressView) },
      selectedAddresses: {
        billing: selectedBilling === undefined ? null : billingProfileIdOf(selectedBilling),
        shipping: selectedShipping === undefined ? null : selectedShipping.address_id
      },
      hasFilledAddress: billing.length > 0
    } satisfies CheckoutAddresses
  })

/** The fields of an address to save (the contract's billing and shipping inputs). */
export interface AddressInput {
  /** First name. */
  readonly firstname?: string
  /** Last name. */
  readonly lastname?: string
  /** Street and number. */
  readonly street?: string
  /** City. */
  readonly city?: string
  /** Postal code. */
  readonly zip?: string
  /** Country code (§9 country mapping). */
  readonly country?: string
  /** Phone. */
  readonly phone?: string
  /** E-mail. */
  readonly email?: string
  /** Company name. */
  readonly companyName?: string
  /** A business (company) profile. */
  readonly businessArea?: boolean
  /** Company registration number (not used in HR). */
  readonly companyRegistrationNumber?: string
  /** Company tax number. */
  readonly companyTaxNumber?: string
}

/** An address rule broken on save: the field and the message (a 422 `Unprocessable`). */
export interface AddressProblem {
  /** The culprit field, in the wire's name. */
  readonly field: string
  /** What is wrong. */
  readonly message: string
}

/** The address fields once merged and checked, ready to store. */
export interface AddressValues {
  /** First name. */
  readonly firstname: string
  /** Last name. */
  readonly lastname: string
  /** Street and number. */
  readonly street: string
  /** City. */
  readonly city: string
  /** Postal code. */
  readonly zip: string
  /** Country code (§9 country mapping). */
  readonly country: Country
  /** Phone. */
  readonly phone: string | null
  /** E-mail. */
  readonly email: string | null
  /** Company name. */
  readonly companyName: string | null
  /** A business (company) profile. */
  readonly businessArea: boolean
  /** Company registration number (not used in HR). */
  readonly companyRegistrationNumber: string | null
  /** Company tax number. */
  readonly companyTaxNumber: string | null
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === "" ? null : value.trim()

const isCountry = (value: string): value is Country => (countries as ReadonlyArray<string>).includes(value)

/**
 * Merges an input over the stored address (or nothing, for a new one) and checks the server's rules (ours, §5
 * "server-side validation: not shown"): names, street, city, zip and country required; the country one the shops
 * serve; the zip in that country's pattern (stored formatted, §5); a valid e-mail; at most {@link maxFieldLength}
 * characters each; a business profile needs a company name; and a company registration number is refused where the
 * shop table hides it (§3: HR, `features.companyRegistrationNumber`).
 */
export const addressValues = (
  shop: Shop,
  type: "billing" | "shipping",
  input: AddressInput,
  stored: AddressRow | undefined
): { readonly _tag: "Valid"; readonly values: AddressValues } | { readonly _tag: "Invalid"; readonly problem: AddressProblem } => {
  const invalid = (field: string, message: string) => ({ _tag: "Invalid" as const, problem: { field, message } })
  if (
    type === "billing" &&
    !shop.features.companyRegistrationNumber &&
    blankToNull(input.companyRegistrationNumber) !== null
  ) {
    return invalid("companyRegistrationNumber", `A company registration number is not used in ${shop.country}.`)
  }
  const pick = (value: string | undefined, previous: string | null | undefined) =>
    value === undefined ? (previous ?? null) : blankToNull(value)
  const merged = {
    firstname: pick(input.firstname, stored?.firstname),
    lastname: pick(input.lastname, stored?.lastname),
    street: pick(input.street, stored?.street),
    city: pick(input.city, stored?.city),
    zip: pick(input.zip, stored?.zip),
    country: pick(input.country, stored?.country) ?? shop.country,
    phone: pick(input.phone, stored?.phone),
    email: pick(input.email, stored?.email),
    companyName: pick(input.companyName, stored?.company_name),
    companyRegistrationNumber: type === "billing" && shop.features.companyRegistrationNumber
      ? pick(input.companyRegistrationNumber, stored?.company_registration_number)
      : null,
    companyTaxNumber: type === "billing" ? pick(input.companyTaxNumber, stored?.company_tax_number) : null
  }
  const businessArea = type === "billing" ? (input.businessArea ?? stored?.business_area ?? false) : false
  for (const field of ["firstname", "lastname", "street", "city", "zip"] as const) {
    if (merged[field] === null) return invalid(field, `The ${field} is required.`)
  }
  for (const [field, value] of Object.entries(merged)) {
    if (value !== null && value.length > maxFieldLength) {
      return invalid(field, `The ${field} may have at most ${maxFieldLength} characters.`)
    }
  }
  const country = merged.country.toUpperCase()
  if (!isCountry(country)) return invalid("country", `The shop does not deliver to ${merged.country}.`)
  const pattern = shopsOfCountry(country)[0] ?? shop
  if (!isValidZip(merged.zip!, pattern)) return invalid("zip", `The zip code does not match ${pattern.zipPattern}.`)
  if (merged.email !== null && !isEmail(merged.email)) return invalid("email", "The e-mail address is not valid.")
  if (businessArea && merged.companyName === null) return invalid("companyName", "A business profile needs a company name.")
  return {
    _tag: "Valid",
    values: {
      firstname: merged.firstname!,
      lastname: merged.lastname!,
      street: merged.street!,
      city: merged.city!,
      zip: formatZip(merged.zip!, pattern),
      country,
      phone: merged.phone,
      email: merged.email,
      companyName: merged.companyName,
      businessArea,
      companyRegistrationNumber: merged.companyRegistrationNumber,
      companyTaxNumber: merged.companyTaxNumber
    }
  }
}
