/**
 * The logged-in data-protection modal's view (§2): its own module, loaded when the modal first shows.
 *
 * @module
 */
import { consentModalLinks, type ConsentModalLink } from "../../../core/domain/consent.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import type { ConsentModalTargets } from "./Consent.tsx"
import { Modal } from "./Modal.tsx"

/** Props of {@link DataProtectionModalView}. */
export interface DataProtectionModalViewProps {
  /** Whether it shows. */
  readonly open: boolean
  /** A post is in flight. */
  readonly busy: boolean
  /** Where each link leads. */
  readonly targets: ConsentModalTargets
  /** A link was followed: record its key. */
  readonly onLink: (link: ConsentModalLink) => void
  /** The submit button: record the personal-collection consent and close. */
  readonly onSubmit: () => void
}

/**
 * The data-protection modal (§2): a title, two paragraphs, the three consent links and the submit button that
 * closes it (it has no other way out).
 *
 * @example
 * ```tsx
 * <DataProtectionModalView open busy={false} targets={consentModalTargets("/muj-ucet")} onLink={follow} onSubmit={close} />
 * ```
 */
export function DataProtectionModalView({ open, busy, targets, onLink, onSubmit }: DataProtectionModalViewProps) {
  const { t } = useShopText()
  const Link = useLink()
  return (
    <Modal open={open} options={{ closable: false, size: "medium" }} title={t("widgets_data_protection_title")} className="sf-data-protection">
      <p>{t("widgets_data_protection_text1")}</p>
      <p>{t("widgets_data_protection_text2")}</p>
      <ul className="sf-data-protection-links">
        {consentModalLinks.map((link) => (
          <li key={link}><Link to={targets[link]} onClick={() => onLink(link)}>{t(link)}</Link></li>
        ))}
      </ul>
      <button type="button" className="button primary" disabled={busy} aria-busy={busy} onClick={onSubmit}>
        {t("consent_modal_submit")}
      </button>
    </Modal>
  )
}

export default DataProtectionModalView
