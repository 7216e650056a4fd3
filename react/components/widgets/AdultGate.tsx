/**
 * The adult-content gate (§2, §4, §6): a heading, a danger message and a text, with confirm and reject in its header
 * and its footer. Confirm records the shopper's confirmation on the server; reject goes to the site root. The core's
 * gate reducer decides the state.
 *
 * @module
 */
import { useEffect, useReducer, useState } from "react"
import { adultGateReducer, adultGateVisible, siteRoot } from "../../../core/domain/layout/adultGate.ts"
import { useRunWith } from "../../storefront/hooks.ts"
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

/** Props of {@link AdultContentGate}. */
export interface AdultContentGateProps {
  /** The page's response asked for the gate (its `adult-content` header, §4). */
  readonly needed: boolean
  /** Leaves for the site root (default a full navigation). */
  readonly navigate?: (to: string) => void
}

/**
 * The gate over a page of adult content until the shopper confirms (§4); reject leaves for the site root. The
 * confirmation is the contract's literal query (`do=confirmAdultContent&confirm=1`, type-checked against it) so the
 * contract's schemas stay out of the page's first-load JavaScript.
 *
 * @example
 * ```tsx
 * <AdultContentGate needed={loaderData.adultContent} />
 * ```
 */
export function AdultContentGate({ needed, navigate = (to) => window.location.assign(to) }: AdultContentGateProps) {
  const { t } = useShopText()
  const run = useRunWith()
  const [state, dispatch] = useReducer(adultGateReducer, needed ? "asking" : "hidden")
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  useEffect(() => {
    dispatch({ type: "response", headerValue: needed ? "1" : null, adultAllowed: false })
  }, [needed])
  if (!adultGateVisible(state)) return null
  const confirm = () => {
    setConfirming(true)
    setError(undefined)
    run((m) => m.ShopApiClient.use((api) => api.adultContent.confirm({ query: { do: "confirmAdultContent", confirm: "1" } })))
      .then(() => dispatch({ type: "confirm" }), () => setError(t("unknown_error")))
      .finally(() => setConfirming(false))
  }
  const reject = () => {
    dispatch({ type: "reject" })
    navigate(siteRoot)
  }
  return <AdultGateView confirming={confirming} error={error} onConfirm={confirm} onReject={reject} />
}
