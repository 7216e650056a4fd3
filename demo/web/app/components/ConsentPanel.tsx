/**
 * The consent panel (§2, §4): shown until the shopper agrees; agreeing records gdpr_panel through the
 * consent service and hides the panel, also after a reload (the recorded consents are kept in a
 * first-party cookie the server reads on the next page).
 */
import { useEffect } from "react"
import { useConsent } from "../../../../react/storefront/hooks.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"

/** The cookie keeping the consents recorded in this browser. */
export const consentCookie = "sf_consents"

/** The consent panel. */
export function ConsentPanel() {
  const { t } = useShopText()
  const root = useRootData()
  const consent = useConsent()
  const recorded = root.consents
  useEffect(() => {
    if (Object.keys(recorded).length > 0) void consent.run((c) => c.hydrate(recorded)).catch(() => undefined)
    // Hydrate once with what the page was rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (consent.state === undefined) return
    document.cookie = `${consentCookie}=${encodeURIComponent(JSON.stringify(consent.state.consents))}; Path=/; Max-Age=31536000; SameSite=Lax`
  }, [consent.state])
  const shown = consent.state === undefined ? recorded["gdpr_panel"] !== true : consent.state.panel.shown
  if (!shown) return null
  return (
    <section className="consent-panel" role="region" aria-label={t("sf_consent_title")}>
      <p>{t("sf_consent_text")}</p>
      <button type="button" className="button primary" disabled={consent.state?.panel.posting === true}
        onClick={() => void consent.run((c) => c.agreePanel).catch(() => undefined)}>
        {t("sf_consent_agree")}
      </button>
    </section>
  )
}
