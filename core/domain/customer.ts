/**
 * The customer (spec §3, §6): roles, status styling, VIP programs, the display name, the account
 * type, the permissions of §6 and the account menu of §2.
 *
 * @module
 */
import { accountUrl } from "./shop.ts"
import { formatZip, isValidZip } from "./zip.ts"
import type { Shop, UrlKeyName } from "./shop.ts"

/** The roles of §6. */
export const customerRoles = ["guest", "logged-in", "waiting-for-confirmation"] as const

/** A role of §6. */
export type CustomerRole = (typeof customerRoles)[number]

/** The customer fields a role is read from (§3 wire names). */
export interface CustomerRoleFlags {
  /** The customer is logged in. */
  readonly isLogged?: boolean | null | undefined
  /** The customer registered and waits for confirmation. */
  readonly isWaitingForConfirmation?: boolean | null | undefined
}

/**
 * The role of a customer (§6). Only the value `true` counts; `isLogged` wins when both flags are
 * set; a missing customer (not loaded yet) is a guest.
 */
export const customerRole = (customer: CustomerRoleFlags | null | undefined): CustomerRole =>
  customer?.isLogged === true
    ? "logged-in"
    : customer?.isWaitingForConfirmation === true
      ? "waiting-for-confirmation"
      : "guest"

/** Whether the customer is logged in (`isLogged`, §6). */
export const isLoggedIn = (customer: CustomerRoleFlags | null | undefined): boolean => customerRole(customer) === "logged-in"

const loggedInOrWaiting = (customer: CustomerRoleFlags | null | undefined): boolean => customerRole(customer) !== "guest"

/** Whether the customer may use the wishlist (§6: logged in or waiting for confirmation). */
export const canUseWishlist = (customer: CustomerRoleFlags | null | undefined): boolean => loggedInOrWaiting(customer)

/** Whether the customer may use addresses (§6: logged in or waiting for confirmation). */
export const canUseAddresses = (customer: CustomerRoleFlags | null | undefined): boolean => loggedInOrWaiting(customer)

/** Whether the customer may go on to the shipping step (§4, §6: logged in or waiting for confirmation). */
export const mayProceedToShipping = (customer: CustomerRoleFlags | null | undefined): boolean => loggedInOrWaiting(customer)

/** What the login drawer shows (§2): the login form, or the account menu when logged in. */
export type LoginDrawerView = "loginForm" | "accountMenu"

/** The login drawer's content for a customer (§2: a form when logged out, the account menu when logged in). */
export const loginDrawerView = (customer: CustomerRoleFlags | null | undefined): LoginDrawerView =>
  isLoggedIn(customer) ? "accountMenu" : "loginForm"

/** A link offered to a guest next to the login form (§6). */
export interface GuestLink {
  /** The named URL linked to. */
  readonly key: "register" | "passwordRecovery"
  /** The link's path. */
  readonly href: string
}

/** The registration and password-recovery links a guest gets with the login form (§6). */
export const guestLinks = (shop: Shop): ReadonlyArray<GuestLink> => [
  { key: "register", href: shop.urlKeys.register },
  { key: "passwordRecovery", href: shop.urlKeys.passwordRecovery }
]

/** The wire codes of the customer statuses (§3: '1' silver, '2' gold). */
export const customerStatusCodes = {
  /** Silver status. */
  silver: "1",
  /** Gold status. */
  gold: "2"
} as const

/** A customer status; it only changes the styling of the account item (§6). */
export type CustomerStatus = keyof typeof customerStatusCodes

/** The customer field the status is read from. */
export interface CustomerStatusField {
  /** The status code ('1' silver, '2' gold). */
  readonly status?: string | number | null | undefined
}

/** The customer's status (§3, §6): '1' silver, '2' gold (the numbers 1 and 2 too), anything else none. */
export const customerStatus = (customer: CustomerStatusField | null | undefined): CustomerStatus | undefined => {
  const status = customer?.status
  if (status === undefined || status === null) return undefined
  const code = String(status).trim()
  return code === customerStatusCodes.silver ? "silver" : code === customerStatusCodes.gold ? "gold" : undefined
}

/** How the account items can look (§6): the status changes only this. */
export const accountItemStyles = ["standard", "silver", "gold"] as const

/** One look of the account items: standard, or the customer's silver or gold status. */
export type AccountItemStyle = (typeof accountItemStyles)[number]

/**
 * How a customer's account items look (§6 "customer status silver (1) and gold (2) only change account item
 * styling"): silver or gold by {@link customerStatus}, standard otherwise. The menu's entries never depend on it.
 */
export const accountItemStyle = (customer: CustomerStatusField | null | undefined): AccountItemStyle =>
  customerStatus(customer) ?? "standard"

/** The VIP program names (§3). */
export const vipPrograms = ["vip_program", "vip_plus_program"] as const

/** A VIP program: VIP or VIP-plus. */
export type VipProgram = (typeof vipPrograms)[number]

/** The customer field the VIP program is read from. */
export interface CustomerVipField {
  /** The VIP program name, if any. */
  readonly vipType?: string | null | undefined
}

/** Whether a string is a VIP program name. */
export const isVipProgram = (value: string): value is VipProgram => (vipPrograms as ReadonlyArray<string>).includes(value)

/** The customer's VIP program, read from `vipType`; none when it is not one of the program names. */
export const vipProgram = (customer: CustomerVipField | null | undefined): VipProgram | undefined => {
  const vipType = customer?.vipType
  return typeof vipType === "string" && isVipProgram(vipType) ? vipType : undefined
}

/** The customer fields the display name is built from. */
export interface CustomerNameFields {
  /** First name. */
  readonly firstname?: string | null | undefined
  /** Last name. */
  readonly lastname?: string | null | undefined
}

let graphemeSegmenter: Intl.Segmenter | undefined

const firstGrapheme = (text: string): string => {
  if (typeof Intl.Segmenter !== "function") return Array.from(text)[0] ?? ""
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })
  for (const { segment } of graphemeSegmenter.segment(text)) return segment
  return ""
}

/**
 * The name shown for a logged-in customer (§6): the first name, a space, the first letter of the
 * last name and a dot ("Jan N."). Both parts are trimmed; the letter is the first user-perceived
 * character (a grapheme, so "Č" written with a combining caron or an astral letter stays whole;
 * `Array.from` code points where `Intl.Segmenter` is missing) and keeps its case. Without a last
 * name only the first name is shown, without a first name only "N.", and without both "".
 */
export const displayName = (customer: CustomerNameFields | null | undefined): string => {
  const first = (customer?.firstname ?? "").trim()
  const initial = firstGrapheme((customer?.lastname ?? "").trim())
  if (initial === "") return first
  return first === "" ? `${initial}.` : `${first} ${initial}.`
}

/** The account types of tracking (§3, §6). */
export const accountTypes = ["registered", "guest"] as const

/** An account type: registered (has a customer id) or guest. */
export type AccountType = (typeof accountTypes)[number]

/** The customer field the account type is read from. */
export interface CustomerIdField {
  /** The customer id. */
  readonly id?: number | string | null | undefined
}

/** Whether a customer id is present: a positive finite number, or a non-blank string other than "0". */
export const hasCustomerId = (customer: CustomerIdField | null | undefined): boolean => {
  const id = customer?.id
  if (typeof id === "number") return Number.isFinite(id) && id > 0
  if (typeof id === "string") {
    const trimmed = id.trim()
    return trimmed !== "" && trimmed !== "0"
  }
  return false
}

/** The account type (§6): registered when the customer has an id, otherwise guest. */
export const accountType = (customer: CustomerIdField | null | undefined): AccountType =>
  hasCustomerId(customer) ? "registered" : "guest"

/**
 * The keys of the account menu entries, in menu order: the account page anchors first (account
 * data, then addresses), then the named URLs in the order §2 lists them, logout last.
 */
export const accountMenuKeys = [
  "accountData",
  "addresses",
  "clientPurchaseList",
  "clientDigitalContent",
  "orderTracking",
  "clientLoyaltyClubs",
  "clientWishlist",
  "clientWatchdog",
  "clientVipClub",
  "clientQuestionaireList",
  "clientRankingList",
  "manageCardList",
  "logout"
] as const satisfies ReadonlyArray<UrlKeyName | "accountData" | "addresses">

/** The key of an account menu entry: a named URL, or one of the account page anchors. */
export type AccountMenuKey = (typeof accountMenuKeys)[number]

/** One entry of the account menu. */
export interface AccountMenuEntry {
  /** What the entry is (also its label key). */
  readonly key: AccountMenuKey
  /** The entry's path. */
  readonly href: string
}

/** The query parameter of the logout link that carries the csrf token (§6; name ours). */
export const logoutCsrfParam = "csrf_token"

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * The logout link carrying the csrf token as the query parameter {@link logoutCsrfParam} (§6),
 * URI-encoded (a lone surrogate, which cannot be encoded, becomes U+FFFD).
 */
export const logoutUrl = (shop: Shop, csrfToken: string): string => {
  const path = shop.urlKeys.logout
  const token = encodeURIComponent(csrfToken.replace(loneSurrogate, "\uFFFD"))
  return `${path}${path.includes("?") ? "&" : "?"}${logoutCsrfParam}=${token}`
}

const menuEntryShown = (shop: Shop, key: AccountMenuKey): boolean => {
  switch (key) {
    case "accountData":
      return shop.features.accountData
    case "clientDigitalContent":
      return shop.features.digitalContent
    case "clientLoyaltyClubs":
      return shop.features.loyaltyClubs
    case "clientVipClub":
      return shop.features.vipClub
    case "clientQuestionaireList":
      return shop.features.questionnaires
    case "manageCardList":
      return shop.features.cardManagement
    default:
      return true
  }
}

const menuEntryHref = (shop: Shop, key: AccountMenuKey, csrfToken: string | undefined): string => {
  switch (key) {
    case "accountData":
      return accountUrl(shop, "detail")
    case "addresses":
      return accountUrl(shop, "addresses")
    case "logout":
      return csrfToken === undefined ? shop.urlKeys.logout : logoutUrl(shop, csrfToken)
    default:
      return shop.urlKeys[key]
  }
}

/**
 * The account menu of a shop (§2), in the order of {@link accountMenuKeys}. Purchase list, order
 * tracking, wishlist, watchdog, ranking list, addresses and logout are always there; digital
 * content, loyalty clubs, VIP club, questionnaires, account data and card management follow the
 * shop's features. The menu belongs to logged-in customers: when a customer is given who is not
 * logged in, it is empty. With a csrf token the logout entry is {@link logoutUrl}, else the bare
 * logout path.
 */
export const accountMenu = (
  shop: Shop,
  customer?: CustomerRoleFlags | null,
  csrfToken?: string
): ReadonlyArray<AccountMenuEntry> => {
  if (customer !== undefined && !isLoggedIn(customer)) return []
  return accountMenuKeys
    .filter((key) => menuEntryShown(shop, key))
    .map((key) => ({ key, href: menuEntryHref(shop, key, csrfToken) }))
}

/** The address form of the customer step (§2): person, street, city, zip, optional phone and company. */
export interface AddressFormFields {
  readonly firstname: string
  readonly lastname: string
  readonly street: string
  readonly city: string
  readonly zip: string
  readonly phone: string
  /** A business address: company name, registration and tax numbers. */
  readonly business: boolean
  readonly companyName: string
  readonly companyRegistrationNumber: string
  readonly companyTaxNumber: string
}

/** An empty address form. */
export const emptyAddressForm: AddressFormFields = {
  firstname: "",
  lastname: "",
  street: "",
  city: "",
  zip: "",
  phone: "",
  business: false,
  companyName: "",
  companyRegistrationNumber: "",
  companyTaxNumber: ""
}

/** A field of the address form that can be wrong. */
export type AddressFormField = Exclude<keyof AddressFormFields, "business">

/** Why a field of the address form is refused: left empty, or a zip not in the country's format (§5). */
export type AddressFormProblem = { readonly field: AddressFormField; readonly reason: "required" | "zip_format" }

/** The fields of the address form a shop asks for: the registration number only where the shop takes one (HR not). */
export const addressFormFieldsOf = (
  shop: { readonly features: { readonly companyRegistrationNumber: boolean } },
  business: boolean
): ReadonlyArray<AddressFormField> => [
  "firstname",
  "lastname",
  "street",
  "city",
  "zip",
  "phone",
  ...(business
    ? (["companyName", ...(shop.features.companyRegistrationNumber ? ["companyRegistrationNumber" as const] : []), "companyTaxNumber"] as const)
    : [])
]

const requiredAddressFields: ReadonlyArray<AddressFormField> = ["firstname", "lastname", "street", "city", "zip", "companyName"]

/**
 * The problems of an address form (§5): every shown required field must be filled (blank counts as
 * empty), and the zip must have the shop country's digits (`zipPattern`). Empty means valid.
 */
export const addressFormProblems = (
  form: AddressFormFields,
  shop: { readonly zipPattern: string; readonly features: { readonly companyRegistrationNumber: boolean } }
): ReadonlyArray<AddressFormProblem> => {
  const shown = addressFormFieldsOf(shop, form.business)
  const problems: Array<AddressFormProblem> = shown
    .filter((field) => requiredAddressFields.includes(field) && form[field].trim() === "")
    .map((field) => ({ field, reason: "required" }))
  if (form.zip.trim() !== "" && !isValidZip(form.zip, shop)) problems.push({ field: "zip", reason: "zip_format" })
  return problems
}

/** An address as the account calls take it (§3 Address). */
export interface AddressPayload {
  readonly firstname: string
  readonly lastname: string
  readonly street: string
  readonly city: string
  readonly zip: string
  readonly country: string
  readonly phone?: string
  readonly email?: string
  readonly businessArea?: boolean
  readonly companyName?: string
  readonly companyRegistrationNumber?: string
  readonly companyTaxNumber?: string
}

/**
 * The address payload of a form (§3, §5): fields trimmed, the zip in the shop's display format, the
 * shop's country, no empty phone or e-mail, and the company fields only for a business address (the
 * registration number only where the shop takes one).
 */
export const addressPayload = (
  form: AddressFormFields,
  shop: { readonly zipPattern: string; readonly country: string; readonly features: { readonly companyRegistrationNumber: boolean } },
  email?: string
): AddressPayload => {
  const optional = (key: keyof AddressPayload, value: string) => (value.trim() === "" ? {} : { [key]: value.trim() })
  return {
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    street: form.street.trim(),
    city: form.city.trim(),
    zip: formatZip(form.zip, shop),
    country: shop.country,
    ...optional("phone", form.phone),
    ...optional("email", email ?? ""),
    ...(form.business
      ? {
          businessArea: true,
          ...optional("companyName", form.companyName),
          ...(shop.features.companyRegistrationNumber ? optional("companyRegistrationNumber", form.companyRegistrationNumber) : {}),
          ...optional("companyTaxNumber", form.companyTaxNumber)
        }
      : {})
  }
}

/** A saved billing address as the customer step reads it (§3). */
export interface BillingChoice {
  readonly billingProfileId: number
  readonly email?: string | undefined
  readonly firstname?: string | undefined
  readonly lastname?: string | undefined
  readonly phone?: string | undefined
}

/** The contact data sent with update-customer (§7): who orders and the addresses chosen for the order. */
export interface CheckoutCustomerPayload {
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly phone?: string
  readonly selectedAddresses: { readonly billing: number; readonly shipping?: number }
}

/**
 * The update-customer data for a chosen billing address (§2 customer step): the address's contact
 * data, the customer's name where the address has none, and the chosen shipping address if any.
 */
export const checkoutCustomerPayload = (
  billing: BillingChoice,
  customer: { readonly email?: string | null | undefined; readonly firstname?: string | null | undefined; readonly lastname?: string | null | undefined } | undefined,
  shippingAddressId: number | undefined
): CheckoutCustomerPayload => ({
  email: billing.email ?? customer?.email ?? "",
  firstname: billing.firstname ?? customer?.firstname ?? "",
  lastname: billing.lastname ?? customer?.lastname ?? "",
  ...(billing.phone === undefined || billing.phone.trim() === "" ? {} : { phone: billing.phone }),
  selectedAddresses: { billing: billing.billingProfileId, ...(shippingAddressId === undefined ? {} : { shipping: shippingAddressId }) }
})
