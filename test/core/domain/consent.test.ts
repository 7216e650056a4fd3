import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  consentAfterFailure,
  consentAfterModalClose,
  consentAfterModalLink,
  consentCodes,
  consentModalLinks,
  consentPanel,
  consentPanelReducer,
  consentPayload,
  consentValue,
  freeDeliveryConsentVersion,
  freeDeliveryOfferAllowed,
  isConsentModalShown,
  isConsentPanelShown,
  isGranted,
  personalisationAllowed,
  personalizationChoice,
  suppressSmartBox,
  trackingAllowed,
  withConsent
} from "../../../core/domain/consent.ts"
import type { ConsentPanelEvent, Consents } from "../../../core/domain/consent.ts"

const value = fc.constantFrom<boolean | undefined>(true, false, undefined)
const code = fc.constantFrom(...consentCodes, ...consentModalLinks, "product_reviews")
/** Consents where each known key is true, false or absent (the key really missing). */
const consents: fc.Arbitrary<Consents> = fc
  .tuple(...[...consentCodes, ...consentModalLinks, "product_reviews"].map((c) => value.map((v) => [c, v] as const)))
  .map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)))
const flag = fc.constantFrom(true, false, null, undefined)
const event = fc.constantFrom<ConsentPanelEvent>("agree", "success", "failure", "login")

describe("consent records (§3)", () => {
  test("the consent codes", () => {
    expect(consentCodes).toEqual([
      "marketing_3p",
      "marketing_1p",
      "personal_data_3p",
      "gdpr_personalization",
      "gdpr_panel",
      "gdpr_personal_collection"
    ])
    expect(consentPayload("gdpr_panel", true)).toEqual({ consentCode: "gdpr_panel", consentValue: true })
  })

  test("only own boolean values count; absent is undefined", () => {
    expect(consentValue({}, "constructor")).toBeUndefined()
    expect(consentValue({}, "toString")).toBeUndefined()
    expect(consentValue(undefined, "gdpr_panel")).toBeUndefined()
    expect(consentValue(null, "gdpr_panel")).toBeUndefined()
    expect(consentValue({ gdpr_panel: false }, "gdpr_panel")).toBe(false)
  })

  test.prop([consents, code, fc.boolean()])("recording a consent sets that key and leaves the input and other keys alone", (c, k, v) => {
    const before = structuredClone(c)
    const after = withConsent(c, k, v)
    expect(consentValue(after, k)).toBe(v)
    expect(c).toEqual(before)
    for (const other of Object.keys(c)) if (other !== k) expect(after[other]).toBe(c[other])
  })

  test.prop([consents, code])("a failed consent is saved as false (§8)", (c, k) => {
    const after = consentAfterFailure(c, k)
    expect(consentValue(after, k)).toBe(false)
    expect(isGranted(after, k)).toBe(false)
  })
})

describe("consent panel (§2, §4)", () => {
  test("shown when the panel consent is absent", () => {
    expect(isConsentPanelShown({})).toBe(true)
    expect(isConsentPanelShown(undefined)).toBe(true)
    expect(isConsentPanelShown({ gdpr_panel: true })).toBe(false)
    expect(isConsentPanelShown({ gdpr_panel: false })).toBe(false)
    expect(isConsentPanelShown({ gdpr_panel: null })).toBe(true)
  })

  test.prop([consents])("shown exactly when gdpr_panel is absent, whatever else is recorded", (c) => {
    expect(isConsentPanelShown(c)).toBe(!Object.hasOwn(c, "gdpr_panel"))
    expect(consentPanel(c).shown).toBe(!Object.hasOwn(c, "gdpr_panel"))
  })

  test("agree posts at once; success hides and records true; failure hides and records false; login hides", () => {
    const start = consentPanel({})
    const posting = consentPanelReducer(start, "agree")
    expect(posting).toEqual({ shown: true, posting: true, consents: {} })
    expect(consentPanelReducer(posting, "agree")).toBe(posting)
    expect(consentPanelReducer(posting, "success")).toEqual({ shown: false, posting: false, consents: { gdpr_panel: true } })
    expect(consentPanelReducer(posting, "failure")).toEqual({ shown: false, posting: false, consents: { gdpr_panel: false } })
    expect(consentPanelReducer(start, "login").shown).toBe(false)
  })

  test.prop([consents, fc.array(event, { maxLength: 12 })])("over any run of events the panel state follows the rules", (c, events) => {
    let state = consentPanel(c)
    let everHidden = !state.shown
    let lastOutcome: "success" | "failure" | undefined
    for (const e of events) {
      const before = state
      state = consentPanelReducer(state, e)
      if (e === "success" || e === "failure") lastOutcome = e
      if (e === "agree") expect(state.posting).toBe(before.shown || before.posting)
      if (everHidden) expect(state.shown).toBe(false)
      if (!state.shown) everHidden = true
      if (state.shown) expect(consentValue(state.consents, "gdpr_panel")).toBeUndefined()
    }
    const panel = consentValue(state.consents, "gdpr_panel")
    if (lastOutcome === "success") expect(panel).toBe(true)
    else if (lastOutcome === "failure") expect(panel).toBe(false)
    else expect(panel).toBe(consentValue(c, "gdpr_panel"))
    for (const other of Object.keys(c)) if (other !== "gdpr_panel") expect(state.consents[other]).toBe(c[other])
  })
})

describe("data-protection modal (§2, §4)", () => {
  test.prop([flag, flag, consents])(
    "shown for a logged-in customer without the personal-collection consent",
    (isLogged, isWaitingForConfirmation, c) => {
      const shown = isConsentModalShown({ isLogged, isWaitingForConfirmation, consents: c })
      expect(shown).toBe(isLogged === true && c["gdpr_personal_collection"] !== true)
    }
  )

  test.prop([consents])("closing it sets the personal-collection consent true, so it no longer shows", (c) => {
    const after = consentAfterModalClose(c)
    expect(after["gdpr_personal_collection"]).toBe(true)
    expect(isConsentModalShown({ isLogged: true, consents: after })).toBe(false)
  })

  test("the three link keys", () => {
    expect(consentModalLinks).toEqual(["personal_information", "edit_personalization", "edit_news_sending"])
    expect(isConsentModalShown({ isLogged: true })).toBe(true)
    expect(isConsentModalShown({ isLogged: true, consents: null })).toBe(true)
    expect(isConsentModalShown(undefined)).toBe(false)
  })

  test.prop([consents, fc.constantFrom(...consentModalLinks)])(
    "each link records consent under its own key and leaves the modal's own consent alone",
    (c, link) => {
      const after = consentAfterModalLink(c, link)
      expect(after[link]).toBe(true)
      for (const other of consentModalLinks) if (other !== link) expect(after[other]).toBe(c[other])
      expect(after["gdpr_personal_collection"]).toBe(c["gdpr_personal_collection"])
    }
  )
})

describe("consent gates (§6)", () => {
  test.prop([consents])("the smart box is suppressed unless first-party marketing consent is given", (c) => {
    expect(suppressSmartBox(c)).toBe(c["marketing_1p"] !== true)
  })

  test("smart box examples", () => {
    expect(suppressSmartBox({})).toBe(true)
    expect(suppressSmartBox({ marketing_1p: false, marketing_3p: true })).toBe(true)
    expect(suppressSmartBox({ marketing_1p: true })).toBe(false)
  })

  test.prop([consents, fc.oneof(fc.integer(), fc.constant(undefined))])(
    "the free-delivery offer: version 2 needs personal_data_3p, any other version marketing_1p",
    (c, version) => {
      const needed = version === 2 ? "personal_data_3p" : "marketing_1p"
      expect(freeDeliveryOfferAllowed(c, version)).toBe(c[needed] === true)
    }
  )

  test("free-delivery version 2", () => {
    expect(freeDeliveryConsentVersion).toBe(2)
    expect(freeDeliveryOfferAllowed({ personal_data_3p: true }, 2)).toBe(true)
    expect(freeDeliveryOfferAllowed({ personal_data_3p: true }, 1)).toBe(false)
    expect(freeDeliveryOfferAllowed({ marketing_1p: true }, 1)).toBe(true)
    expect(freeDeliveryOfferAllowed({ marketing_1p: true }, 2)).toBe(false)
  })

  test.prop([consents])("personalisation and tracking run only with gdpr_personalization", (c) => {
    const given = c["gdpr_personalization"] === true
    expect(personalisationAllowed(c)).toBe(given)
    expect(trackingAllowed(c)).toBe(given)
    expect(personalizationChoice(c)).toBe(given ? "accept" : "reject")
  })
})
