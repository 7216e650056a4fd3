/**
 * The adult-content gate (§2, §4, §6): a heading, a danger message and a text, with confirm and reject in its header
 * and its footer. Confirm records the shopper's confirmation on the server; reject goes to the site root. The core's
 * gate reducer decides the state.
 *
 * @module
 */
import { lazy, Suspense, useEffect, useReducer, useState } from "react"
import { adultGateReducer, adultGateVisible, siteRoot } from "../../../core/domain/layout/adultGate.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"

const AdultGateView = lazy(() => import("./AdultGateView.tsx"))

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
  // The view loads with the first gated page; until then an opaque cover keeps the content out of sight.
  return (
    <Suspense fallback={<div className="sf-modal-overlay sf-adult-cover" />}>
      <AdultGateView confirming={confirming} error={error} onConfirm={confirm} onReject={reject} />
    </Suspense>
  )
}
