/**
 * The shipping step of the demo: the toolkit's component with the provider's state. The pick-up map draws
 * country outlines offline; tiles are drawn only when VITE_PICKUP_MAP_TILES names a tile URL template. The payment
 * provider's screens are on; the reference backend's provider is simulated and sends no text message, so its
 * one-time code is shown in a "demo provider" notice.
 */
import { simulatedProviderOtpCode } from "../../../../../core/domain/payment.ts"
import { useProviderActions } from "../../../../../react/components/checkout/providerActions.ts"
import { ShippingStep as Step } from "../../../../../react/components/checkout/ShippingStep.tsx"
import { useShippingActions } from "../../../../../react/components/checkout/shippingActions.ts"
import { useCheckout, useOutlets } from "../../../../../react/storefront/hooks.ts"

const tileUrl = (import.meta as { readonly env?: Record<string, string | undefined> }).env?.["VITE_PICKUP_MAP_TILES"]
const tiles = tileUrl === undefined || tileUrl === "" ? undefined : { url: tileUrl }

/** The shipping step. */
export function ShippingStep() {
  const { state } = useCheckout()
  return <Step state={state} actions={useShippingActions()} provider={useProviderActions()} demoOtpCode={simulatedProviderOtpCode} tiles={tiles} outlets={useOutlets()} />
}
