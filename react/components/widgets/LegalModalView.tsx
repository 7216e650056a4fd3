/**
 * The legal-conditions modal's view (§2 non-closable, §4 busy labels): the legal text through the trusted-HTML
 * container, approve and deactivate. Its own module so the sanitizer loads only when a legal text is to be shown.
 *
 * @module
 */
import { legalConditionsModalOptions } from "../../../core/domain/layout/modal.ts"
import { useShopText } from "../../storefront/text.tsx"
import { Modal } from "./Modal.tsx"
import { TrustedHtml } from "./TrustedHtml.tsx"

/** Props of {@link LegalModalView}. */
export interface LegalModalViewProps {
  /** The legal text (shop markup, sanitized here). */
  readonly text: string
  /** The approve call is in flight. */
  readonly approving: boolean
  /** The deactivate call is in flight. */
  readonly deactivating: boolean
  /** Approve the text. */
  readonly onApprove: () => void
  /** Decline it by deactivating the account. */
  readonly onDeactivate: () => void
}

/**
 * The legal-conditions modal: no close button, Escape and the overlay do nothing; each button shows a busy label
 * while its call runs.
 *
 * @example
 * ```tsx
 * <LegalModalView text={legal.text} approving={false} deactivating={false} onApprove={approve} onDeactivate={deactivate} />
 * ```
 */
export function LegalModalView({ text, approving, deactivating, onApprove, onDeactivate }: LegalModalViewProps) {
  const { t } = useShopText()
  const busy = approving || deactivating
  return (
    <Modal open options={legalConditionsModalOptions} title={t("widgets_legal_title")} className="sf-legal">
      <TrustedHtml className="sf-legal-text" html={text} />
      <div className="sf-modal-actions">
        <button type="button" className="button primary" disabled={busy} aria-busy={approving} onClick={onApprove}>
          {approving ? t("widgets_legal_approving") : t("widgets_legal_approve")}
        </button>
        <button type="button" className="button" disabled={busy} aria-busy={deactivating} onClick={onDeactivate}>
          {deactivating ? t("widgets_legal_deactivating") : t("widgets_legal_deactivate")}
        </button>
      </div>
    </Modal>
  )
}

export default LegalModalView
