/**
 * The legal-conditions modal over the legal service (§4): loads the uncleared legal texts of the logged-in customer,
 * shows the first; approve closes it on success (or shows the next), deactivate reloads the page on success.
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
  /** Reloads the page after a deactivation (default `location.reload`). */
  readonly reload?: () => void
}

/**
 * The legal-conditions modal when the customer has an uncleared legal text; nothing otherwise.
 *
 * @example
 * ```tsx
 * <LegalConditions enabled={customerId !== null} />
 * ```
 */
export function LegalConditions({ enabled = true, reload = () => window.location.reload() }: LegalConditionsProps) {
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
    // The service publishes a reload and keeps the busy flag on success; a failure clears it (§4, §8).
    run((m) => m.Legal.use((legal) => legal.deactivate)).then(
      (after) => (after.deactivating ? reload() : setState(after)),
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
