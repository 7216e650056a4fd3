/**
 * The account side of the reference backend (spec §2 login redirects and addresses, §3 Customer, Address, Wishlist,
 * Legal, §4, §5, §6, §7 "Account", "Wishlist", §8): who the caller is, the customer as the client reads it,
 * password login with a failed-attempt lock, registration, session rotation, the anonymous cart merged at login,
 * consents, addresses and wishlists.
 *
 * Shared by the account, consents, legal, wishlist, digital content, newsletter and reviews handlers, and by other
 * groups that answer the customer or the wishlist (cart-api responses, widgets data, the legacy cart's
 * addToWishlist): {@link customerView}, {@link wishlistSummary}, {@link addToWishlist}.
 *
 * Every function needs `SqlClient` and fails with `SqlError` on a database fault; handlers turn that into a defect
 * with {@link orDieOnSql}.
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto"
import { Effect, Option } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { notEditableBillingProfileId } from "../../../core/api/entities/address.ts"
import type {
  BillingAddress,
  CustomerAddresses,
  SelectedAddresses,
  ShippingAddress
} from "../../../core/api/entities/address.ts"
import { productReviewsConsent } from "../../../core/api/entities/customer.ts"
import type { Customer, CustomerConsents } from "../../../core/api/entities/customer.ts"
import type { Wishlist, WishlistItem, WishlistSummary } from "../../../core/api/entities/wishlist.ts"
import { LoginRequired } from "../../../core/api/errors.ts"
import { sessionCookie } from "../../../core/api/headers.ts"
import type { SessionData } from "../../../core/api/security.ts"
import { consentCodes, consentModalLinks } from "../../../core/domain/consent.ts"
import { isEmail } from "../../../core/domain/contact.ts"
import { clampQuantity } from "../../../core/domain/quantity.ts"
import { isSafeRedirectTarget, returnParameter } from "../../../core/domain/redirect.ts"
import { countries, shopById, shopsOfCountry } from "../../../core/domain/shop.ts"
import type { Country, Shop, ShopId } from "../../../core/domain/shop.ts"
import { formatZip, isValidZip } from "../../../core/domain/zip.ts"
import { cartChangedChannel, Database } from "../db/Database.ts"
import { hashPassword, verifyPassword } from "../db/password.ts"
import { texts, tr } from "../db/seed/data.ts"
import { newToken, openCartFor, sessionMaxAgeSeconds } from "../http/middleware.ts"

// -----------------------------------------------------------------------------------------------
// constants (ours: the spec does not show the server's rules)
// -----------------------------------------------------------------------------------------------

/** Failed logins within {@link failedLoginWindowSeconds} that lock an account (§8 423). */
export const maxFailedLogins = 5

/** The window in which failed logins count towards the lock, in seconds (15 minutes). */
export const failedLoginWindowSeconds = 15 * 60

/** How long a locked account stays locked, in seconds (15 minutes). */
export const accountLockSeconds = 15 * 60

/** The shortest password registration accepts. */
export const minPasswordLength = 8

/** The longest password registration accepts (bounds the hashing work of one request). */
export const maxPasswordLength = 256

/** The longest text of a name, address or company field. */
export const maxFieldLength = 200

/** The most wishlists one customer may have. */
export const maxWishlists = 20

/** The most items one wishlist may hold. */
export const maxWishlistItems = 100

/** Where logout goes when the request names no safe `return` path. */
export const homePath = "/"

/**
 * Every consent key the server records: the §3 consent codes, `product_reviews`, and the data-protection modal's
 * link keys (§2: each link records consent under its own key).
 */
export const knownConsentKeys: ReadonlyArray<string> = [...consentCodes, productReviewsConsent, ...consentModalLinks]

/** Whether the server knows a consent key. */
export const isKnownConsentKey = (key: string): boolean => knownConsentKeys.includes(key)

/** The texts the server answers with (the demo's locale is en-US, §9). */
export const accountTexts = {
  /** Wrong e-mail or password (§8: shown as the title for 5 s). */
  loginRejected: "The e-mail or password is not correct.",
  /** Too many failed logins (§8 423). */
  accountLocked: "Too many failed logins: the account is locked for a while. You can reset your password.",
  /** Too many failed logins from this client (429, before any account locks). */
  tooManyFailedLogins: "Too many failed logins from this device; wait a few minutes before trying again.",
  /** The account was deactivated (legal conditions declined). */
  accountDeactivated: "This account has been deactivated.",
  /** Facebook login has no provider in the demo. */
  facebookUnavailable: "Facebook login is not available in the demo.",
  /** The registration failed (title of the rejection). */
  registrationRejected: "The registration could not be completed.",
  /** The e-mail is already registered in the shop. */
  emailTaken: "This e-mail address is already registered.",
  /** The password is too short. */
  passwordTooShort: `The password must have at least ${minPasswordLength} characters.`,
  /** The password is too long. */
  passwordTooLong: `The password must have at most ${maxPasswordLength} characters.`,
  /** A consent key the shop does not know. */
  unknownConsent: "Unknown consent",
  /** The call needs a logged-in customer. */
  loginRequired: "Please log in first."
} as const

// -----------------------------------------------------------------------------------------------
// helpers
// -----------------------------------------------------------------------------------------------

/** Turns database faults into defects, so that a handler fails only with the contract's errors (no stack leaks). */
export const orDieOnSql = <A, E, R>(self: Effect.Effect<A, E | SqlError, R>): Effect.Effect<A, Exclude<E, SqlError>, R> =>
  Effect.catchTag(self as Effect.Effect<A, SqlError, R>, "SqlError", (error) => Effect.die(error)) as Effect.Effect<
    A,
    Exclude<E, SqlError>,
    R
  >

/** The shop row of a session. */
export const shopOf = (session: Pick<SessionData, "shopId">): Shop => shopById(session.shopId)

/** The {@link LoginRequired} answer of a shop: 401 with the shop's login url as `redirectUrl` (§5, §6). */
export const loginRequired = (shop: Shop): LoginRequired =>
  new LoginRequired({ message: accountTexts.loginRequired, redirectUrl: shop.urlKeys.login })

/**
 * The `return` query parameter of a request (§2) if it is a same-origin path (core/domain/redirect.ts), otherwise
 * undefined: an open-redirect payload is never echoed as a redirect target.
 */
export const safeReturnOf = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const target = new URL(request.url, "http://localhost").searchParams.get(returnParameter)
  return isSafeRedirectTarget(target) ? target : undefined
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex")

const time = (value: Date | string | null): number => (value === null ? 0 : new Date(value).getTime())

// -----------------------------------------------------------------------------------------------
// the caller
// -----------------------------------------------------------------------------------------------

interface CustomerRow {
  readonly customer_id: number
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly status: string
  readonly vip_type: string | null
  readonly loyalty_club: string | null
  readonly waiting_for_confirmation: boolean
  readonly allowed_nl: boolean
  readonly allowed_heureka: boolean
}

/** The logged-in customer of a session, as stored. */
export interface SessionCustomer {
  /** `customers.customer_id`. */
  readonly customerId: number
  /** The account's e-mail. */
  readonly email: string
  /** The first name. */
  readonly firstname: string
  /** The last name. */
  readonly lastname: string
  /** Registered but not confirmed yet (§6). */
  readonly waitingForConfirmation: boolean
}

const customerRowOf = (customerId: number, shopId: ShopId) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<CustomerRow>`
      SELECT c.customer_id, c.email, c.firstname, c.lastname, c.status, c.vip_type, c.loyalty_club,
             c.waiting_for_confirmation, c.allowed_nl, c.allowed_heureka
      FROM customers c
      WHERE c.customer_id = ${customerId} AND c.shop_id = ${shopId}
        AND c.deactivated_at IS NULL`
    return rows[0]
  })

/**
 * The customer logged in to a session, or none. A session whose customer belongs to another shop (the shop was
 * switched with the shop header) or was deactivated counts as a guest.
 */
export const sessionCustomer = (session: Pick<SessionData, "shopId" | "customerId">) =>
  Effect.gen(function*() {
    if (session.customerId === null) return Option.none<SessionCustomer>()
    const row = yield* customerRowOf(session.customerId, session.shopId)
    if (row === undefined) return Option.none<SessionCustomer>()
    return Option.some<SessionCustomer>({
      customerId: row.customer_id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      waitingForConfirmation: row.waiting_for_confirmation
    })
  })

/**
 * The session's customer, or {@link LoginRequired} for a guest (§6: wishlist, addresses, account calls need a
 * logged-in or waiting-for-confirmation customer).
 */
export const requireCustomer = (session: Pick<SessionData, "shopId" | "customerId">) =>
  Effect.flatMap(sessionCustomer(session), (customer) =>
    Option.isSome(customer) ? Effect.succeed(customer.value) : Effect.fail(loginRequired(shopById(session.shopId))))

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
      : yield* sql<{ code: string; value: boolean }>`
          SELECT code, value FROM session_consents WHERE session_id = ${session.sessionId} ORDER BY code`
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

const optional = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
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

// -----------------------------------------------------------------------------------------------
// the customer as the client reads it
// -----------------------------------------------------------------------------------------------

/** What {@link customerView} needs of a session. */
export type CustomerViewContext = Pick<SessionData, "sessionId" | "shopId" | "customerId" | "cartId">

/**
 * The §3 customer of a session: a guest (`id` null, not logged in, the session's consents) or the logged-in
 * customer with status, VIP program, loyalty club, newsletter flags, addresses, selected addresses and consents.
 * `isLogged` is false while the customer waits for confirmation (§6); `isAuth` is true for both.
 */
export const customerView = (context: CustomerViewContext) =>
  Effect.gen(function*() {
    const consents = yield* effectiveConsents(context)
    const row = context.customerId === null ? undefined : yield* customerRowOf(context.customerId, context.shopId)
    if (row === undefined) {
      return {
        id: null,
        isLogged: false,
        isAuth: false,
        isWaitingForConfirmation: false,
        vip: false,
        hasFilledAddress: false,
        ready: true,
        consents
      } satisfies Customer as Customer
    }
    const addresses = yield* checkoutAddresses(row.customer_id, context.cartId)
    const status = row.status === "2" ? "2" : "1"
    return {
      id: row.customer_id,
      firstname: row.firstname,
      lastname: row.lastname,
      status,
      isLogged: !row.waiting_for_confirmation,
      isAuth: true,
      isWaitingForConfirmation: row.waiting_for_confirmation,
      vipType: row.vip_type,
      vip: row.vip_type !== null,
      hasFilledAddress: addresses.hasFilledAddress,
      addresses: addresses.addresses,
      selectedAddresses: addresses.selectedAddresses,
      ready: true,
      allowedNl: row.allowed_nl,
      allowedHeureka: row.allowed_heureka,
      loyaltyClub: { registered: row.loyalty_club === "registered", trial: row.loyalty_club === "trial" },
      consents
    } satisfies Customer as Customer
  })

// -----------------------------------------------------------------------------------------------
// login, registration, sessions
// -----------------------------------------------------------------------------------------------

/** A stored hash in the format of password.ts that no password matches; checked when the e-mail is unknown. */
const decoyHash = `scrypt$16384$8$1$${Buffer.alloc(16, 7).toString("base64")}$${Buffer.alloc(32, 9).toString("base64")}`

/** How a password check turned out. */
export type Authentication =
  | {
      /** The password matched: the failure count is reset. */
      readonly _tag: "Authenticated"
      /** The customer. */
      readonly customerId: number
    }
  | {
      /** Unknown e-mail or wrong password (one answer for both). */
      readonly _tag: "Rejected"
    }
  | {
      /** Locked: too many failures (§8 423); the password was not checked. */
      readonly _tag: "Locked"
    }
  | {
      /** The password matched an account that was deactivated (`deactivated_at`). */
      readonly _tag: "Deactivated"
    }

/**
 * Failed logins of e-mails that have no account in a shop, counted as an account's would be (same threshold, window
 * and lock), so that the answers to an unknown and to a registered e-mail cannot be told apart: both lock after
 * {@link maxFailedLogins} failures. Kept in the process, at most {@link maxTrackedUnknownEmails} e-mails (the oldest
 * window is forgotten first).
 */
export class UnknownEmailLocks {
  private readonly entries = new Map<string, { failures: number; windowStart: number; lockedUntil: number }>()

  /** Whether the e-mail is locked at `now` (ms). */
  isLocked(key: string, now: number): boolean {
    return (this.entries.get(key)?.lockedUntil ?? 0) > now
  }

  /** Counts a failure at `now`; answers whether it locks the e-mail. */
  fail(key: string, now: number): boolean {
    let entry = this.entries.get(key)
    if (entry === undefined || now - entry.windowStart >= failedLoginWindowSeconds * 1000) {
      entry = { failures: 0, windowStart: now, lockedUntil: entry?.lockedUntil ?? 0 }
    }
    this.entries.delete(key)
    entry.failures++
    if (entry.failures >= maxFailedLogins) {
      entry = { failures: 0, windowStart: now, lockedUntil: now + accountLockSeconds * 1000 }
      this.entries.set(key, entry)
      this.trim()
      return true
    }
    this.entries.set(key, entry)
    this.trim()
    return false
  }

  private trim(): void {
    while (this.entries.size > maxTrackedUnknownEmails) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }
}

/** How many unknown e-mails {@link UnknownEmailLocks} keeps. */
export const maxTrackedUnknownEmails = 100_000

const unknownEmailLocks = new UnknownEmailLocks()

interface LoginRow {
  readonly customer_id: number
  readonly password_hash: string
  readonly locked: boolean
  readonly deactivated: boolean
}

/**
 * Checks an e-mail (case-insensitive) and password in a shop. The scrypt comparison is constant-time
 * (password.ts), and an unknown e-mail costs the same as a known one and locks the same way
 * ({@link UnknownEmailLocks}). A locked account answers `Locked` without looking at the password. A wrong password counts a failure; the {@link maxFailedLogins}th within
 * {@link failedLoginWindowSeconds} of the first one locks the account for
 * {@link accountLockSeconds} and answers `Locked`. A correct one resets the count.
 */
export const authenticate = (shopId: ShopId, username: string, password: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<LoginRow>`
      SELECT c.customer_id, c.password_hash, COALESCE(c.locked_until > now(), false) AS locked,
             c.deactivated_at IS NOT NULL AS deactivated
      FROM customers c WHERE c.shop_id = ${shopId} AND lower(c.email) = lower(${username})`
    const row = rows[0]
    if (row === undefined) {
      const key = `${shopId}|${username.toLowerCase()}`
      if (unknownEmailLocks.isLocked(key, Date.now())) return { _tag: "Locked" } as Authentication
      yield* verifyPassword(password, decoyHash)
      return (unknownEmailLocks.fail(key, Date.now()) ? { _tag: "Locked" } : { _tag: "Rejected" }) as Authentication
    }
    if (row.locked) return { _tag: "Locked" } as Authentication
    const matches = yield* verifyPassword(password, row.password_hash)
    if (matches) {
      yield* sql`
        UPDATE customers SET failed_login_count = 0, failed_login_window_start = NULL, locked_until = NULL,
          last_login_at = now(), updated_at = now()
        WHERE customer_id = ${row.customer_id}`
      return (row.deactivated ? { _tag: "Deactivated" } : { _tag: "Authenticated", customerId: row.customer_id }) as Authentication
    }
    const counted = yield* sql<{ locked: boolean }>`
      WITH current AS (
        SELECT customer_id, failed_login_count,
               COALESCE(failed_login_window_start > now() - make_interval(secs => ${failedLoginWindowSeconds}), false)
                 AS in_window
        FROM customers WHERE customer_id = ${row.customer_id} FOR UPDATE
      ), next AS (
        SELECT customer_id, in_window, CASE WHEN in_window THEN failed_login_count + 1 ELSE 1 END AS failures
        FROM current
      )
      UPDATE customers c SET
        failed_login_count = CASE WHEN next.failures >= ${maxFailedLogins} THEN 0 ELSE next.failures END,
        failed_login_window_start = CASE WHEN next.failures >= ${maxFailedLogins} THEN NULL
                                         WHEN next.in_window THEN c.failed_login_window_start ELSE now() END,
        locked_until = CASE WHEN next.failures >= ${maxFailedLogins}
                            THEN now() + make_interval(secs => ${accountLockSeconds}) ELSE c.locked_until END,
        updated_at = now()
      FROM next WHERE c.customer_id = next.customer_id
      RETURNING next.failures >= ${maxFailedLogins} AS locked`
    return (counted[0]?.locked === true ? { _tag: "Locked" } : { _tag: "Rejected" }) as Authentication
  })

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

/**
 * Replaces the session by a new one (new id and csrf token: session fixation defence) for `customerId` and
 * `cartId`, keeping the session's shop and data, and sets the new cookie on the response. The old session's
 * consents are not carried over: after a login the consents in force are the customer's, after a logout none
 * (see {@link effectiveConsents}). Run inside the caller's transaction.
 */
export const rotateSession = (session: SessionData, customerId: number | null, cartId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const request = yield* HttpServerRequest.HttpServerRequest
    const sessionId = newToken()
    const csrfToken = newToken()
    const old = yield* sql<{ data: unknown }>`SELECT data FROM sessions WHERE session_id = ${session.sessionId}`
    yield* sql`
      INSERT INTO sessions (session_id, shop_id, customer_id, cart_id, csrf_token, data, expires_at)
      VALUES (${sessionId}, ${session.shopId}, ${customerId}, ${cartId}, ${csrfToken},
              ${JSON.stringify(old[0]?.data ?? {})}::jsonb, now() + make_interval(secs => ${sessionMaxAgeSeconds}))`
    yield* sql`DELETE FROM sessions WHERE session_id = ${session.sessionId}`
    const secure = request.headers["x-forwarded-proto"] === "https" || request.url.startsWith("https:")
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.orDie(
        HttpServerResponse.setCookie(response, sessionCookie, sessionId, {
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          maxAge: `${sessionMaxAgeSeconds} seconds`,
          secure
        })
      ))
    return { sessionId, shopId: session.shopId, customerId, cartId, csrfToken } satisfies SessionData
  })

/** Sends the live-data notification of a changed cart (§7), when the database service is there. */
export const notifyCartChanged = (cartId: number) =>
  Effect.gen(function*() {
    const database = yield* Effect.serviceOption(Database)
    if (Option.isSome(database)) yield* database.value.notify(cartChangedChannel, JSON.stringify({ cartId }))
  })

interface CartItemRow {
  readonly cart_item_id: number
  readonly article_type: string
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly count: number
  readonly is_gift: boolean
}

/**
 * Merges the anonymous cart of a session into the customer's open cart of the shop (ARCHITECTURE "login must
 * refresh the cart"): without an open cart the anonymous cart simply becomes the customer's; otherwise each line
 * is added to the same article's line (counts added and clamped to 1..30 by the quantity rule, services the line
 * lacks kept) or moved over with its services and gifts, discounts are carried over, and the anonymous cart is
 * marked `merged`. Answers the customer's cart id. Run inside the caller's transaction.
 */
export const mergeCartOnLogin = (shopId: ShopId, anonymousCartId: number, customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const anonymous = yield* sql<{ cart_id: number }>`
      SELECT cart_id FROM carts
      WHERE cart_id = ${anonymousCartId} AND shop_id = ${shopId} AND customer_id IS NULL AND status = 'open'
      FOR UPDATE`
    const existing = yield* sql<{ cart_id: number }>`
      SELECT cart_id FROM carts WHERE shop_id = ${shopId} AND customer_id = ${customerId} AND status = 'open'
      FOR UPDATE`
    const target = existing[0]?.cart_id
    if (anonymous[0] === undefined) return target ?? (yield* openCartFor(shopId, customerId))
    if (target === undefined) {
      yield* sql`
        UPDATE carts SET customer_id = ${customerId}, version = version + 1, updated_at = now()
        WHERE cart_id = ${anonymousCartId}`
      yield* notifyCartChanged(anonymousCartId)
      return anonymousCartId
    }
    const items = yield* sql<CartItemRow>`
      SELECT cart_item_id, article_type, variant_id, bonus_set_id, count, is_gift FROM cart_items
      WHERE cart_id = ${anonymousCartId} AND parent_item_id IS NULL ORDER BY position, cart_item_id`
    const last = yield* sql<{ position: number }>`
      SELECT COALESCE(max(position), 0) AS position FROM cart_items WHERE cart_id = ${target}`
    let position = last[0]?.position ?? 0
    for (const item of items) {
      const same = yield* sql<{ cart_item_id: number; count: number }>`
        SELECT cart_item_id, count FROM cart_items
        WHERE cart_id = ${target} AND parent_item_id IS NULL AND is_gift = ${item.is_gift}
          AND article_type = ${item.article_type}
          AND variant_id IS NOT DISTINCT FROM ${item.variant_id}::integer
          AND bonus_set_id IS NOT DISTINCT FROM ${item.bonus_set_id}::integer
        ORDER BY cart_item_id LIMIT 1`
      const match = same[0]
      if (match === undefined) {
        position += 1
        yield* sql`
          UPDATE cart_items SET cart_id = ${target}, position = ${position}
          WHERE cart_item_id = ${item.cart_item_id} OR parent_item_id = ${item.cart_item_id}`
        continue
      }
      if (!item.is_gift) {
        yield* sql`UPDATE cart_items SET count = ${clampQuantity(match.count + item.count)} WHERE cart_item_id = ${match.cart_item_id}`
      }
      yield* sql`
        INSERT INTO cart_item_bundles (cart_item_id, bundle_id, type, price, added_at)
        SELECT ${match.cart_item_id}, b.bundle_id, b.type, b.price, b.added_at FROM cart_item_bundles b
        WHERE b.cart_item_id = ${item.cart_item_id}
          AND NOT EXISTS (SELECT 1 FROM cart_item_bundles x WHERE x.cart_item_id = ${match.cart_item_id} AND x.type = b.type)`
      yield* sql`
        UPDATE cart_items c SET cart_id = ${target}, parent_item_id = ${match.cart_item_id}
        WHERE c.parent_item_id = ${item.cart_item_id}
          AND NOT EXISTS (
            SELECT 1 FROM cart_items x WHERE x.parent_item_id = ${match.cart_item_id}
              AND x.variant_id IS NOT DISTINCT FROM c.variant_id AND x.bonus_set_id IS NOT DISTINCT FROM c.bonus_set_id)`
    }
    yield* sql`
      INSERT INTO cart_discounts (cart_id, discount_id, code, type, applied_at)
      SELECT ${target}, discount_id, code, type, applied_at FROM cart_discounts WHERE cart_id = ${anonymousCartId}
      ON CONFLICT DO NOTHING`
    yield* sql`UPDATE carts SET status = 'merged', updated_at = now() WHERE cart_id = ${anonymousCartId}`
    if (items.length > 0) {
      yield* sql`UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${target}`
      yield* notifyCartChanged(target)
    }
    return target
  })

/**
 * Logs a customer in to the session in one transaction: merges the session's anonymous cart into the customer's
 * (see {@link mergeCartOnLogin}) and rotates the session (new id and csrf token). The guest's consents stay the
 * guest's: the customer's consents are only what the customer recorded. Answers the new session; call
 * `bootstrapSession` on the client for the token.
 */
export const logIn = (session: SessionData, customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const cartId = yield* mergeCartOnLogin(session.shopId, session.cartId, customerId)
        return yield* rotateSession(session, customerId, cartId)
      })
    )
  })

/**
 * Logs the session out: a new session (new id and csrf token) without a customer, without consents and with a new
 * anonymous cart; the customer's cart and consents stay theirs for the next login.
 */
export const logOut = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const cartId = yield* openCartFor(session.shopId, null)
        return yield* rotateSession(session, null, cartId)
      })
    )
  })

// -----------------------------------------------------------------------------------------------
// wishlists
// -----------------------------------------------------------------------------------------------

interface WishlistRow {
  readonly wishlist_id: number
  readonly name: string
  readonly is_main: boolean
  readonly items_count: number
}

interface WishlistItemRow {
  readonly wishlist_item_id: number
  readonly wishlist_id: number
  readonly amount: number
  readonly created_at: Date | string
  readonly variant_id: number
  readonly variant_url: string
  readonly title: string
  readonly media_id: string | null
  readonly price: string | null
  readonly currency: string | null
  readonly url_key: string | null
}

/** The customer's main wishlist id, created (named in the shop's language) when the customer has none. */
export const mainWishlistId = (customerId: number, shop: Shop) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const found = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE customer_id = ${customerId} AND is_main`
    if (found[0] !== undefined) return found[0].wishlist_id
    yield* sql`
      INSERT INTO wishlists (customer_id, name, is_main) VALUES (${customerId}, ${tr(texts.mainWishlist, shop.language)}, true)
      ON CONFLICT (customer_id) WHERE is_main DO NOTHING`
    const created = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE customer_id = ${customerId} AND is_main`
    return created[0]!.wishlist_id
  })

/** The customer's lists with their item counts: the main list first, then oldest first. */
export const wishlistRows = (customerId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<WishlistRow>`
      SELECT w.wishlist_id, w.name, w.is_main, count(i.wishlist_item_id)::int AS items_count
      FROM wishlists w LEFT JOIN wishlist_items i ON i.wishlist_id = w.wishlist_id
      WHERE w.customer_id = ${customerId}
      GROUP BY w.wishlist_id ORDER BY w.is_main DESC, w.created_at, w.wishlist_id`
  })

/** Whether a list is the customer's. */
export const ownsWishlist = (customerId: number, wishlistId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists WHERE wishlist_id = ${wishlistId} AND customer_id = ${customerId}`
    return rows.length > 0
  })

/**
 * The items of a list, newest first (§4: the drawer shows the five newest), each with its product (§3:
 * `mainCategoryUrlKey`, the variant's url, title, image, price and currency). `createdTs` is in milliseconds.
 */
export const wishlistItems = (wishlistId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<WishlistItemRow>`
      SELECT i.wishlist_item_id, i.wishlist_id, i.amount, i.created_at, v.variant_id, v.variant_url, v.title,
             v.media_id, p.price, p.currency, c.url_key
      FROM wishlist_items i
      JOIN variants v ON v.variant_id = i.variant_id
      JOIN products pr ON pr.product_id = v.product_id
      LEFT JOIN categories c ON c.category_id = pr.main_category_id
      LEFT JOIN prices p ON p.variant_id = v.variant_id
      WHERE i.wishlist_id = ${wishlistId}
      ORDER BY i.created_at DESC, i.wishlist_item_id DESC`
    return rows.map((row): WishlistItem => ({
      wishListItemId: row.wishlist_item_id,
      wishListId: row.wishlist_id,
      createdTs: time(row.created_at),
      amount: row.amount,
      product: {
        ...optional("mainCategoryUrlKey", row.url_key),
        variant: {
          variantId: row.variant_id,
          variantUrl: row.variant_url,
          title: row.title,
          ...optional("mediaId", row.media_id),
          ...optional("price", row.price === null ? null : Number(row.price)),
          ...optional("currencyAbr", row.currency)
        }
      }
    }))
  })

/** One list as the §3 wishlist, optionally with its items. */
export const wishlistView = (row: WishlistRow, items?: ReadonlyArray<WishlistItem>): Wishlist => ({
  wishListId: row.wishlist_id,
  name: row.name,
  itemsCount: row.items_count,
  ...(items === undefined ? {} : { items })
})

/**
 * The wishlist state of a customer (§3, §7): the `items` of one list (the main list by default), their
 * `itemsCount`, the `mainWishListId` and every list with its count.
 */
export const wishlistSummary = (customerId: number, shop: Shop, wishlistId?: number) =>
  Effect.gen(function*() {
    const mainId = yield* mainWishlistId(customerId, shop)
    const listId = wishlistId ?? mainId
    const lists = yield* wishlistRows(customerId)
    const items = yield* wishlistItems(listId)
    return {
      items,
      itemsCount: items.length,
      mainWishListId: mainId,
      wishlists: lists.map((row) => wishlistView(row))
    } satisfies WishlistSummary as WishlistSummary
  })

/** Why adding to a wishlist did not happen. */
export type WishlistAddRefusal =
  | {
      /** The variant is not sold in the shop, or the list is not the customer's (404). */
      readonly _tag: "NotFound"
      /** What was not found. */
      readonly message: string
    }
  | {
      /** A business rule refused it (§8 WishlistRejected). */
      readonly _tag: "Rejected"
      /** The message to show. */
      readonly describedBy: string
    }

/** Where an add goes: the main list, an existing list, or a new list by name (§3, §7). */
export type WishlistAddTarget =
  | {
      /** The customer's main list. */
      readonly kind: "main"
    }
  | {
      /** A list of the customer. */
      readonly kind: "existing"
      /** Its id. */
      readonly wishlistId: number
    }
  | {
      /** A list created by the add. */
      readonly kind: "new"
      /** Its name. */
      readonly name: string
    }

/** Whether the customer already has a list of that name (case-insensitive), other than `except`. */
const nameTaken = (customerId: number, name: string, except?: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ wishlist_id: number }>`
      SELECT wishlist_id FROM wishlists
      WHERE customer_id = ${customerId} AND lower(name) = lower(${name}) AND wishlist_id <> ${except ?? 0}`
    return rows.length > 0
  })

/** Texts of the wishlist rules (ours). */
export const wishlistTexts = {
  /** A list of that name exists. */
  nameTaken: "You already have a wishlist with this name.",
  /** Too many lists. */
  tooManyLists: `You can have at most ${maxWishlists} wishlists.`,
  /** The list is full. */
  listFull: `A wishlist can hold at most ${maxWishlistItems} items.`,
  /** The main list stays. */
  mainNotRemovable: "The main wishlist cannot be removed.",
  /** Unknown variant. */
  unknownVariant: "The product does not exist in this shop.",
  /** Unknown list. */
  unknownList: "The wishlist does not exist.",
  /** Unknown item. */
  unknownItem: "The wishlist item does not exist."
} as const

/**
 * Creates a list for the customer (inside the caller's transaction), or answers why not: a duplicate name or too
 * many lists.
 */
export const createWishlist = (customerId: number, name: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`SELECT customer_id FROM customers WHERE customer_id = ${customerId} FOR UPDATE`
    if (yield* nameTaken(customerId, name)) return { _tag: "Rejected", describedBy: wishlistTexts.nameTaken } as const
    const count = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM wishlists WHERE customer_id = ${customerId}`
    if ((count[0]?.n ?? 0) >= maxWishlists) return { _tag: "Rejected", describedBy: wishlistTexts.tooManyLists } as const
    const created = yield* sql<{ wishlist_id: number }>`
      INSERT INTO wishlists (customer_id, name, is_main) VALUES (${customerId}, ${name}, false) RETURNING wishlist_id`
    return { _tag: "Created", wishlistId: created[0]!.wishlist_id } as const
  })

/**
 * Adds a variant of the shop to a list of the customer in one transaction (§3, §7 add; also the legacy addItem and
 * the legacy cart's addToWishlist): a variant already in the list gets its amount raised (clamped to 1..30), a new
 * one is added (raising the count, §4) unless the list holds {@link maxWishlistItems}. Answers the list id or why
 * not.
 */
export const addToWishlist = (customerId: number, shop: Shop, variantId: number, amount: number, target: WishlistAddTarget) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const variant = yield* sql<{ variant_id: number }>`
      SELECT variant_id FROM variants WHERE variant_id = ${variantId} AND shop_id = ${shop.shopId}`
    if (variant[0] === undefined) {
      return { _tag: "Refused", refusal: { _tag: "NotFound", message: wishlistTexts.unknownVariant } } as const
    }
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        let listId: number
        if (target.kind === "new") {
          const created = yield* createWishlist(customerId, target.name)
          if (created._tag === "Rejected") return { _tag: "Refused", refusal: created } as const
          listId = created.wishlistId
        } else if (target.kind === "existing") {
          if (!(yield* ownsWishlist(customerId, target.wishlistId))) {
            return { _tag: "Refused", refusal: { _tag: "NotFound", message: wishlistTexts.unknownList } } as const
          }
          listId = target.wishlistId
        } else {
          listId = yield* mainWishlistId(customerId, shop)
        }
        yield* sql`SELECT wishlist_id FROM wishlists WHERE wishlist_id = ${listId} FOR UPDATE`
        const present = yield* sql<{ wishlist_item_id: number; amount: number }>`
          SELECT wishlist_item_id, amount FROM wishlist_items WHERE wishlist_id = ${listId} AND variant_id = ${variantId}`
        if (present[0] !== undefined) {
          yield* sql`
            UPDATE wishlist_items SET amount = ${clampQuantity(present[0].amount + amount)}
            WHERE wishlist_item_id = ${present[0].wishlist_item_id}`
          return { _tag: "Added", wishlistId: listId } as const
        }
        const count = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM wishlist_items WHERE wishlist_id = ${listId}`
        if ((count[0]?.n ?? 0) >= maxWishlistItems) {
          return { _tag: "Refused", refusal: { _tag: "Rejected", describedBy: wishlistTexts.listFull } } as const
        }
        yield* sql`
          INSERT INTO wishlist_items (wishlist_id, variant_id, amount) VALUES (${listId}, ${variantId}, ${clampQuantity(amount)})`
        return { _tag: "Added", wishlistId: listId } as const
      })
    )
  })

/** Removes an item of a customer's list; false when the list is not the customer's or has no such item. */
export const removeWishlistItem = (customerId: number, wishlistId: number, itemId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const deleted = yield* sql<{ wishlist_item_id: number }>`
      DELETE FROM wishlist_items i USING wishlists w
      WHERE i.wishlist_item_id = ${itemId} AND i.wishlist_id = ${wishlistId}
        AND w.wishlist_id = i.wishlist_id AND w.customer_id = ${customerId}
      RETURNING i.wishlist_item_id`
    return deleted.length > 0
  })

// -----------------------------------------------------------------------------------------------
// digital content: API keys
// -----------------------------------------------------------------------------------------------

/** A new secret API key (shown once, at creation). */
export const newApiKey = (): string => `sk_${randomBytes(24).toString("base64url")}`

/** The hash of a secret API key as stored. */
export const apiKeyHash = (key: string): string => sha256(key)

/** A key shown after its creation: masked but for its last four characters. */
export const maskedApiKey = (hint: string): string => `sk_…${hint}`

/** A new licence key: four groups of five characters without look-alike letters and digits. */
export const newLicenseKey = (): string => {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
  const bytes = randomBytes(20)
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length])
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join("")).join("-")
}
