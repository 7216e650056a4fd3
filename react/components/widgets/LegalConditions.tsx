/**
 * The legal-conditions modal over the legal service (§4): loads the uncleared legal texts of the logged-in customer,
 * shows the first; approve closes it on success (or shows the next). A successful deactivate keeps the modal busy: the
 * service publishes the `Reload` signal, which `PageRequests` performs once (with its loop guard), so the page reloads
 * exactly once.
 *
 * @module
 */
import { lazy, Suspense, useEffect, useState } from "react"
import type { LegalState } from "../../../core/services/Legal.ts"
import { useRunWith } from "../../storefront/hooks.ts"

const LegalModalView = lazy(() => import("./LegalModalView.tsx"))

/** Props of {@link LegalConditions}. */
export interface LegalConditionsProps {
  /** Whether to ask at all (a logged-in customer); default true. */
  readonly enabled?: boolean
}

/**
 * The legal-conditions modal when the customer has an uncleared legal text; nothing otherwise.
 *
 * @example
 * ```tsx
 * <LegalConditions enabled={customerId !== null} />
 * ```
 */
export function LegalConditions({ enabled = true }: LegalConditionsProps) {
  const run = useRunWith()
  const [state, setState] = useState<LegalState | undefined>(undefined)
  useEffect(() => {
    if (!enabled) return
    run((m) => m.Legal.use((legal) => legal.load)).then(setState, () => undefined)
  }, [enabled, run])
  if (state === undefined || !state.open || state.current === undefined) return null
  const approve = () => {
    setState({ ...state, approving: true })
    run((m) => m.Legal.use((legal) => legal.approve)).then(setState, () => setState({ ...state, approving: false }))
  }
  const deactivate = () => {
    setState({ ...state, deactivating: true })
    // On success the service keeps the busy flag and publishes the reload that PageRequests performs; a failure clears
    // the flag (§4, §8).
    run((m) => m.Legal.use((legal) => legal.deactivate)).then(
      setState,
      () => setState({ ...state, deactivating: false })
    )
  }
  return (
    <Suspense fallback={null}>
      <LegalModalView text={state.current.text} approving={state.approving} deactivating={state.deactivating}
        onApprove={approve} onDeactivate={deactivate} />
    </Suspense>
  )
}
