/**
 * The consent calls (spec §2 consent panel and data-protection modal, §3 consent codes, §4, §7 "Account", §8):
 * the cart customer's consents of the new cart API, and the privacy settings (one consent, the panel consent, and
 * several consents at once).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ApiResponse } from "./entities/envelope.ts"
import { CustomerConsents } from "./entities/customer.ts"
import { LoginRequired, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs } from "./policy.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString, safeRecord } from "./entities/text.ts"

/**
 * A consent key: a §3 consent code (`marketing_1p`, `gdpr_panel`...), `product_reviews`, or a data-protection modal
 * link key (§2). Lower-case letters, digits and `_`, starting with a letter.
 */
export const ConsentKey = SafeString.check(
  Schema.isPattern(/^[a-z][a-z0-9_]*$/, { expected: "a consent key (lower-case letters, digits and _)" })
)

/** Decoded type of {@link ConsentKey}. */
export type ConsentKey = typeof ConsentKey.Type

/**
 * Consents to record: consent key to given (`true`) or refused (`false`); at least one. A key that is not a
 * {@link ConsentKey} is refused (not silently dropped).
 */
export const ConsentValues = safeRecord(Schema.Boolean).check(
  Schema.isPropertyNames(ConsentKey),
  Schema.isMinProperties(1, { expected: "at least one consent" })
)

/** Decoded type of {@link ConsentValues}. */
export type ConsentValues = typeof ConsentValues.Type

const CartConsentsPayloadFields = {
  consents: ConsentValues
}

/** The schema type of {@link CartConsentsPayload}, named so that declarations refer to it instead of spelling it out. */
export interface CartConsentsPayloadStruct extends Schema.Struct<typeof CartConsentsPayloadFields> {}

/** The body of POST /api/v2/cart.cart-api/consents: the cart customer's consents to record. */
export const CartConsentsPayload: CartConsentsPayloadStruct = Schema.Struct(CartConsentsPayloadFields)

/** Decoded type of {@link CartConsentsPayload}. */
export type CartConsentsPayload = typeof CartConsentsPayload.Type

/**
 * The query of the consents submit (GET, §7): the keys `given` and the keys `refused`, each repeated
 * (`?given=marketing_1p&given=personal_data_3p&refused=marketing_3p`). At least one key; no key in both.
 */
export const SubmitConsentsQuery = Schema.Struct({
  given: Schema.optionalKey(Schema.Array(ConsentKey)),
  refused: Schema.optionalKey(Schema.Array(ConsentKey))
}).check(
  Schema.makeFilter(
    (query) => {
      const given = query.given ?? []
      const refused = query.refused ?? []
      if (given.length + refused.length === 0) return { path: ["given"], issue: "at least one consent key is required" }
      const both = given.find((key) => refused.includes(key))
      return both === undefined || { path: ["refused"], issue: `the consent ${both} is both given and refused` }
    },
    { expected: "at least one consent key, none both given and refused" }
  )
)

/** Decoded type of {@link SubmitConsentsQuery}. */
export type SubmitConsentsQuery = typeof SubmitConsentsQuery.Type

const SetConsentPayloadFields = {
  consentCode: ConsentKey,
  consentValue: Schema.Boolean
}

/** The schema type of {@link SetConsentPayload}, named so that declarations refer to it instead of spelling it out. */
export interface SetConsentPayloadStruct extends Schema.Struct<typeof SetConsentPayloadFields> {}

/**
 * The body of POST /api/privacy-setting/setConsent (§7): one `consentCode` and its `consentValue`. Same shape as the
 * domain's `ConsentPayload` built by `consentPayload(code, value)`.
 */
export const SetConsentPayload: SetConsentPayloadStruct = Schema.Struct(SetConsentPayloadFields)

/** Decoded type of {@link SetConsentPayload}. */
export type SetConsentPayload = typeof SetConsentPayload.Type

const SetPanelConsentPayloadFields = {
  consentValue: Schema.Boolean
}

/** The schema type of {@link SetPanelConsentPayload}, named so that declarations refer to it instead of spelling it out. */
export interface SetPanelConsentPayloadStruct extends Schema.Struct<typeof SetPanelConsentPayloadFields> {}

/**
 * The body of POST /api/privacy-setting/setPanelConsent: the consent panel's answer (§2, §4: the agree button posts
 * `true` at once), recorded as the panel consent `gdpr_panel`.
 */
export const SetPanelConsentPayload: SetPanelConsentPayloadStruct = Schema.Struct(SetPanelConsentPayloadFields)

/** Decoded type of {@link SetPanelConsentPayload}. */
export type SetPanelConsentPayload = typeof SetPanelConsentPayload.Type

const UpdateConsentsPayloadFields = {
  consents: ConsentValues
}

/** The schema type of {@link UpdateConsentsPayload}, named so that declarations refer to it instead of spelling it out. */
export interface UpdateConsentsPayloadStruct extends Schema.Struct<typeof UpdateConsentsPayloadFields> {}

/**
 * The body of POST /api/privacy-setting/update-consents: several consents of the logged-in customer at once (the
 * data-protection modal, §2, §4: closing it sets `gdpr_personal_collection`; each link records its own key).
 */
export const UpdateConsentsPayload: UpdateConsentsPayloadStruct = Schema.Struct(UpdateConsentsPayloadFields)

/** Decoded type of {@link UpdateConsentsPayload}. */
export type UpdateConsentsPayload = typeof UpdateConsentsPayload.Type

const ConsentsSavedFields = {
  consents: CustomerConsents
}

/** The schema type of {@link ConsentsSaved}, named so that declarations refer to it instead of spelling it out. */
export interface ConsentsSavedStruct extends Schema.Struct<typeof ConsentsSavedFields> {}

/**
 * The answer of the privacy-setting calls: every consent recorded for the session (or the logged-in customer) after
 * the call. A failed call leaves the client recording `false` (§8 "consent failure saves status false").
 */
export const ConsentsSaved: ConsentsSavedStruct = Schema.Struct(ConsentsSavedFields)

/** Decoded type of {@link ConsentsSaved}. */
export type ConsentsSaved = typeof ConsentsSaved.Type

/**
 * The consent API (§7), group `consents`. Every call records consents and carries `CsrfProtection`, including the
 * GET submit. The cart-api calls answer the new cart envelope (business failures as status `error` with flashes).
 * Timeout: 5000 ms (§9).
 */
export class ConsentsGroup extends HttpApiGroup.make("consents")
  .add(
    HttpApiEndpoint.post("cartConsents", "/api/v2/cart.cart-api/consents", {
      payload: CartConsentsPayload,
      success: ApiResponse
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Records the cart customer's consents (consent key to given/refused); answers the new cart envelope with " +
          "the customer."
      ),
    HttpApiEndpoint.get("submitConsents", "/api/v2/cart.cart-api/submit-consents", {
      query: SubmitConsentsQuery,
      success: ApiResponse
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Submits consents by GET (§7): repeated given and refused keys. Changes state, so it needs the csrf token."
      ),
    HttpApiEndpoint.post("setConsent", "/api/privacy-setting/setConsent", {
      payload: SetConsentPayload,
      success: ConsentsSaved,
      error: Unprocessable
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Records one consent (consentCode, consentValue) for the session or the logged-in customer; 422 for a key " +
          "the shop does not know."
      ),
    HttpApiEndpoint.post("setPanelConsent", "/api/privacy-setting/setPanelConsent", {
      payload: SetPanelConsentPayload,
      success: ConsentsSaved
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Records the consent panel's answer as gdpr_panel (§4: posted at once on agree)."),
    HttpApiEndpoint.post("updateConsents", "/api/privacy-setting/update-consents", {
      payload: UpdateConsentsPayload,
      success: ConsentsSaved,
      error: [LoginRequired, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Records several consents of the logged-in customer (the data-protection modal); 422 for an unknown key."
      )
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Consents (§7): the cart customer's consents and the privacy settings.")
{}
