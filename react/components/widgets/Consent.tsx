/**
 * The consent panel and the logged-in data-protection modal (§2, §4, §6): thin views over the consent service, which
 * decides when each shows, posts the consents and records failures as refusals (§8).
 *
 * @module
 */
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react"
import type { ConsentModalLink, Consents } from "../../../core/domain/consent.ts"
import { useConsent } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { useStorefront } from "../../storefront/StorefrontProvider.tsx"

/** The consent that lets recommendations and tracking run (§6). */
const personalisationConsent = "gdpr_personalization"

const DataProtectionModalView = lazy(() => import("./DataProtectionModalView.tsx"))

/** Props of {@link ConsentPanelView}. */
export interface ConsentPanelViewProps {
  /** The agree post is in flight. */
  readonly posting: boolean
  /** The agree button can act (the consent service runs); disabled until then. Default true. */
  readonly ready?: boolean
  /** The agree button, with the shopper's choice on personalisation (the checkbox, unticked by default). */
  readonly onAgree: (personalise: boolean) => void
  /** Extra classes. */
  readonly className?: string
}

/**
 * The consent bar (§2): heading, information text, the agree button and the privacy, personalisation and settings
 * notes, with a checkbox (ours, unticked) that also gives the personalisation consent on agree. Render it only while the panel shows; the agree button waits (disabled) until it can post.
 *
 * @example
 * ```tsx
 * {panel.shown && <ConsentPanelView posting={panel.posting} onAgree={agree} />}
 * ```
 */
export function ConsentPanelView({ posting, ready = true, onAgree, className }: ConsentPanelViewProps) {
  const { t } = useShopText()
  const personaliseId = useId()
  const [personalise, setPersonalise] = useState(false)
  return (
    <section className={["sf-consent-panel", className ?? ""].join(" ").trim()} aria-labelledby="sf-consent-heading">
      <h2 id="sf-consent-heading">{t("sf_consent_title")}</h2>
      <p>{t("sf_consent_text")}</p>
      <ul className="sf-consent-notes">
        <li>{t("widgets_consent_privacy_note")}</li>
        <li>{t("widgets_consent_personalization_note")}</li>
        <li>{t("widgets_consent_settings_note")}</li>
      </ul>
      <label className="sf-consent-choice" htmlFor={personaliseId}>
        <input id={personaliseId} type="checkbox" checked={personalise} onChange={(event) => setPersonalise(event.currentTarget.checked)} />
        {t("widgets_consent_personalize")}
      </label>
      <button type="button" className="button primary" disabled={posting || !ready} aria-busy={posting} onClick={() => onAgree(personalise)}>
        {posting ? t("loading") : t("consent_panel_agree")}
      </button>
    </section>
  )
}

/** Props of {@link ConsentPanel}. */
export interface ConsentPanelProps {
  /** The consents the page was rendered with (e.g. from a cookie), taken once the services run. */
  readonly recorded?: Consents
  /** Called with the consents whenever the service records one (e.g. to keep them in a first-party cookie). */
  readonly onRecorded?: (consents: Consents) => void
  /** Extra classes. */
  readonly className?: string
}

/**
 * The consent panel (§4): shown while the panel consent is absent; agree posts it at once and the panel hides on
 * success, on failure (recorded as refused, §8) and on login. With its checkbox ticked, agree also records
 * gdpr_personalization (recommendations, §6).
 *
 * @example
 * ```tsx
 * <ConsentPanel recorded={root.consents} onRecorded={(c) => { document.cookie = `consents=${JSON.stringify(c)}` }} />
 * ```
 */
export function ConsentPanel({ recorded = {}, onRecorded, className }: ConsentPanelProps) {
  const consent = useConsent()
  const { runWith } = useStorefront()
  const first = useRef(recorded)
  const hydrated = useRef(false)
  // Until the recorded consents are in the service, its state (no consents yet) must not show the panel again.
  const [applied, setApplied] = useState(Object.keys(recorded).length === 0)
  useEffect(() => {
    if (hydrated.current || Object.keys(first.current).length === 0) return
    hydrated.current = true
    // Applied once the services run (they start on the shopper's first interaction; this does not start them).
    void runWith((m) => m.Consent.use((c) => c.hydrate(first.current)), undefined, { start: false })
      .catch(() => undefined).finally(() => setApplied(true))
  }, [runWith])
  const consents = consent.state?.consents
  // In the commit that shows them (a layout effect, not a passive one that runs after the browser has painted): once
  // the panel is seen gone, the consents are kept, so a reload at once renders the page with them.
  useLayoutEffect(() => {
    if (consents !== undefined && applied) onRecorded?.(consents)
  }, [consents, onRecorded, applied])
  // Agree is clicked before the services run (they start on the shopper's first interaction): busy until they post.
  // It is enabled once the page has hydrated (a click on the server's HTML would go nowhere).
  const [agreeing, setAgreeing] = useState(false)
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const shown = consent.state === undefined || !applied ? first.current["gdpr_panel"] === undefined : consent.state.panel.shown
  if (!shown) return null
  return (
    <ConsentPanelView className={className ?? ""} posting={consent.state?.panel.posting === true || (agreeing && consent.state === undefined)} ready={mounted}
      onAgree={(personalise) => {
        setAgreeing(true)
        void consent.run((c) => c.agreePanel).catch(() => undefined).finally(() => setAgreeing(false))
        if (personalise) void consent.run((c) => c.setConsent(personalisationConsent, true)).catch(() => undefined)
      }} />
  )
}

/** Where the data-protection modal's links lead, by link key (not shown in the spec; ours: the account page). */
export type ConsentModalTargets = { readonly [L in ConsentModalLink]: string }

/** The account-page targets of the modal's three links (ours: the account details and its two settings anchors). */
export const consentModalTargets = (accountUrl: string): ConsentModalTargets => ({
  personal_information: `${accountUrl}#detail`,
  edit_personalization: `${accountUrl}#personalization`,
  edit_news_sending: `${accountUrl}#newsletter`
})

/**
 * The logged-in data-protection modal (§4): shown to a logged-in customer without the personal-collection consent;
 * each link records its own key, the submit button records the consent and closes it. Its view loads when it is
 * first shown.
 *
 * @example
 * ```tsx
 * <DataProtectionModal />
 * ```
 */
export function DataProtectionModal({ targets }: { readonly targets?: ConsentModalTargets }) {
  const { shop } = useShopText()
  const consent = useConsent()
  const modal = consent.state?.modal
  if (modal?.shown !== true) return null
  return (
    <Suspense fallback={null}>
      <DataProtectionModalView open busy={modal.busy}
        targets={targets ?? consentModalTargets(shop.urlKeys.clientMyAccount)}
        onLink={(link: ConsentModalLink) => void consent.run((c) => c.followModalLink(link)).catch(() => undefined)}
        onSubmit={() => void consent.run((c) => c.closeModal).catch(() => undefined)} />
    </Suspense>
  )
}
