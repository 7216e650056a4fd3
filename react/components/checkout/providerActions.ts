/**
 * What the payment provider's screens ask the checkout service to do, as promises (one interface so a test or another
 * app can give its own).
 *
 * @module
 */
import { useMemo } from "react"
import { useCheckout } from "../../storefront/hooks.ts"

/** The provider screens' actions; each settles when the service has applied the answer. */
export interface ProviderActions {
  /** Loads the revolving credit offer of the selection (§7 get-revolving-offer-detail). */
  readonly loadRevolvingOffer: () => Promise<unknown>
  /** Accepts the provider's terms for the method (§7 terms). */
  readonly acceptTerms: (billingMethodId: string) => Promise<unknown>
  /** Sends the extra data the provider asks for (§7 enrich). */
  readonly sendData: (billingMethodId: string, data: Readonly<Record<string, string>>) => Promise<unknown>
  /** Confirms the one-time code (§7 otp). */
  readonly confirmOtp: (billingMethodId: string, code: string) => Promise<unknown>
}

/** The provider screens' actions over the storefront provider's checkout service. */
export const useProviderActions = (): ProviderActions => {
  const { run } = useCheckout()
  return useMemo(() => ({
    loadRevolvingOffer: () => run((c) => c.loadRevolvingOffer),
    acceptTerms: (billingMethodId) => run((c) => c.acceptProviderTerms(billingMethodId, true)),
    sendData: (billingMethodId, data) => run((c) => c.sendProviderData(billingMethodId, data)),
    confirmOtp: (billingMethodId, code) => run((c) => c.confirmProviderOtp(billingMethodId, code))
  }), [run])
}
