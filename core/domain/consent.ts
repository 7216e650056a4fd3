/**
 * Privacy consents (spec §2, §3, §4, §6, §8): the consent panel and the logged-in data-protection
 * modal, and the gates that marketing and personalisation consents put on the smart box, the
 * free-delivery offer, personalisation and tracking.
 *
 * @module
 */
import { isLoggedIn } from "./customer.ts"
import type { CustomerRoleFlags } from "./customer.ts"

/** The consent codes of §3. */
export const consentCodes = [
  "marketing_3p",
  "marketing_1p",
  "personal_data_3p",
  "gdpr_personalization",
  "gdpr_panel",
  "gdpr_personal_collection"
] as const

/** A consent code of §3. */
export type ConsentCode = (typeof consentCodes)[number]

/**
 * Consents as recorded: consent key to value. A key that is absent (undefined, or null from the
 * server) was never recorded, which is not the same as `false` (recorded as refused or failed).
 */
export type Consents = { readonly [code: string]: boolean | null | undefined }

/** The recorded value of one consent; undefined when absent (null, inherited and non-boolean values count as absent). */
export const consentValue = (consents: Consents | null | undefined, code: string): boolean | undefined => {
  if (consents === null || consents === undefined || !Object.hasOwn(consents, code)) return undefined
  const value = consents[code]
  return typeof value === "boolean" ? value : undefined
}

/** Whether a consent is recorded as given (`true`); absent and `false` are not. */
export const isGranted = (consents: Consents | null | undefined, code: string): boolean => consentValue(consents, code) === true

/** The consents with one key recorded as a value (a new record; the input is not changed). */
export const withConsent = (consents: Consents | null | undefined, code: string, value: boolean): Consents => ({
  ...consents,
  [code]: value
})

/** The consents after posting one failed (§8: a consent failure saves status false). */
export const consentAfterFailure = (consents: Consents | null | undefined, code: string): Consents =>
  withConsent(consents, code, false)

/** The body of a setConsent call (§7). */
export interface ConsentPayload {
  /** The consent key. */
  readonly consentCode: string
  /** Given or refused. */
  readonly consentValue: boolean
}

/** The setConsent payload recording one consent (§7). */
export const consentPayload = (code: string, value: boolean): ConsentPayload => ({ consentCode: code, consentValue: value })

/** Whether the consent panel is shown (§4): when the panel consent gdpr_panel is absent. */
export const isConsentPanelShown = (consents: Consents | null | undefined): boolean =>
  consentValue(consents, "gdpr_panel") === undefined

/** The consent panel's state: whether it shows, whether its post is in flight, and the consents. */
export interface ConsentPanelState {
  /** The panel is visible. */
  readonly shown: boolean
  /** The panel consent is being posted. */
  readonly posting: boolean
  /** The consents as recorded so far. */
  readonly consents: Consents
}

/**
 * What happens to the consent panel (§4): the agree button posts the panel consent at once; the
 * post succeeds or fails; the shopper logs in.
 */
export type ConsentPanelEvent = "agree" | "success" | "failure" | "login"

/** The consent panel for the consents known on page load. */
export const consentPanel = (consents: Consents | null | undefined): ConsentPanelState => ({
  shown: isConsentPanelShown(consents),
  posting: false,
  consents: consents ?? {}
})

/**
 * The consent panel after an event (§4, §8). Agree starts the post (once; the panel stays until
 * the outcome). Success records gdpr_panel true and hides the panel; failure records it false
 * (§8: status false) and hides the panel too, degrading silently; login hides it. A hidden panel
 * never shows again.
 */
export const consentPanelReducer = (state: ConsentPanelState, event: ConsentPanelEvent): ConsentPanelState => {
  switch (event) {
    case "agree":
      return state.shown && !state.posting ? { ...state, posting: true } : state
    case "success":
      return { shown: false, posting: false, consents: withConsent(state.consents, "gdpr_panel", true) }
    case "failure":
      return { shown: false, posting: false, consents: consentAfterFailure(state.consents, "gdpr_panel") }
    case "login":
      return { ...state, shown: false }
  }
}

/** The customer fields the data-protection modal reads. */
export interface ConsentModalCustomer extends CustomerRoleFlags {
  /** The customer's recorded consents. */
  readonly consents?: Consents | null | undefined
}

/**
 * Whether the logged-in data-protection modal is shown (§4): for a logged-in customer whose
 * personal-collection consent (gdpr_personal_collection) is not given (absent or false).
 */
export const isConsentModalShown = (customer: ConsentModalCustomer | null | undefined): boolean =>
  isLoggedIn(customer) && !isGranted(customer?.consents, "gdpr_personal_collection")

/** The consents after the modal is closed by its submit button (§4: the personal-collection consent becomes true). */
export const consentAfterModalClose = (consents: Consents | null | undefined): Consents =>
  withConsent(consents, "gdpr_personal_collection", true)

/**
 * The link keys of the modal's three links (§2): personal information, edit personalization,
 * edit news sending (key names ours). Each link records a consent under its own key.
 */
export const consentModalLinks = ["personal_information", "edit_personalization", "edit_news_sending"] as const

/** A link key of the data-protection modal. */
export type ConsentModalLink = (typeof consentModalLinks)[number]

/**
 * The consents after a modal link is followed (§2): the link's own key is recorded true. Only
 * the submit button closes the modal, so the personal-collection consent is left as it was.
 */
export const consentAfterModalLink = (consents: Consents | null | undefined, link: ConsentModalLink): Consents =>
  withConsent(consents, link, true)

/**
 * Whether the smart box (the shop's own marketing box) must be suppressed (§6): `true` means do
 * not show it. It is shown only when first-party marketing consent (marketing_1p) is recorded as
 * given; absent or refused suppresses it. Third-party consents do not lift the suppression.
 */
export const suppressSmartBox = (consents: Consents | null | undefined): boolean => !isGranted(consents, "marketing_1p")

/** The free-delivery offer version whose gate is personal_data_3p (§6). */
export const freeDeliveryConsentVersion = 2

/**
 * Whether the free-delivery offer may be made (§6): version 2 needs personal_data_3p, any other
 * version (or none) needs marketing_1p; absent counts as not given.
 */
export const freeDeliveryOfferAllowed = (consents: Consents | null | undefined, version: number | undefined): boolean =>
  isGranted(consents, version === freeDeliveryConsentVersion ? "personal_data_3p" : "marketing_1p")

/** Whether personalisation (recommendations) may run (§6): only with gdpr_personalization given. */
export const personalisationAllowed = (consents: Consents | null | undefined): boolean =>
  isGranted(consents, "gdpr_personalization")

/** Whether tracking may run (§6): only with gdpr_personalization given. */
export const trackingAllowed = (consents: Consents | null | undefined): boolean => isGranted(consents, "gdpr_personalization")

/** The personalisation choice a tracking event carries (§3, §6: accept or reject). */
export type PersonalizationChoice = "accept" | "reject"

/** The personalisation property of tracking: accept when gdpr_personalization is given, otherwise reject. */
export const personalizationChoice = (consents: Consents | null | undefined): PersonalizationChoice =>
  isGranted(consents, "gdpr_personalization") ? "accept" : "reject"
