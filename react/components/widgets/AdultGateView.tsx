/**
 * The adult-content gate's dialog (§2): a heading, a danger message and a text, confirm and reject in its header and
 * its footer. Its own module, loaded with the first page that needs the gate.
 *
 * @module
 */
import { useShopText } from "../../storefront/text.tsx"
import { Modal } from "./Modal.tsx"

/** Props of {@link AdultGateView}. */
export interface AdultGateViewProps {
  /** The confirm call is in flight. */
  readonly confirming: boolean
  /** An error text to show (the confirm call failed). */
  readonly error?: string | undefined
  /** Confirm. */
  readonly onConfirm: () => void
  /** Reject. */
  readonly onReject: () => void
}

/**
 * The gate's dialog, covering the page: confirm and reject in the header and in the footer.
 *
 * @example
 * ```tsx
 * <AdultGateView confirming={false} onConfirm={confirm} onReject={() => location.assign("/")} />
 * ```
 */
export function AdultGateView({ confirming, error, onConfirm, onReject }: AdultGateViewProps) {
  const { t } = useShopText()
  const buttons = (
    <div className="sf-adult-gate-actions">
      <button type="button" className="button primary" disabled={confirming} aria-busy={confirming} onClick={onConfirm}>
        {t("adult_content_confirm")}
      </button>
      <button type="button" className="button" onClick={onReject}>{t("adult_content_reject")}</button>
    </div>
  )
  return (
    <Modal open options={{ closable: false, fullScreen: true }} title={t("widgets_adult_title")} className="sf-adult-gate">
      <header className="sf-adult-gate-header">{buttons}</header>
      <p className="sf-adult-gate-danger"><strong>{t("widgets_adult_danger")}</strong></p>
      <p>{t("widgets_adult_text")}</p>
      {error !== undefined && <p role="alert" className="sf-error">{error}</p>}
      <footer className="sf-adult-gate-footer">{buttons}</footer>
    </Modal>
  )
}

export default AdultGateView
