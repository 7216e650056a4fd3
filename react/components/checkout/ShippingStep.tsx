/**
 * The delivery and payment step (§2 step 3): a choice for every delivery of the cart that has
 * methods, a note that digital content is delivered electronically (ours: the spec shows no delivery for it), the payments with the provider check of CZN and CZG (§4), the order consents, the invoice note and the order button. Thin: what is
 * offered and when it counts as chosen are the core's rules; the actions come as a
 * {@link ShippingActions} (use {@link useShippingActions} for the provider's services).
 *
 * @example
 * ```tsx
 * function Shipping() {
 *   const { state } = useCheckout()
 *   return <ShippingStep state={state} actions={useShippingActions()} />
 * }
 * ```
 *
 * @module
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react"
import { maxInvoiceNoteLength } from "../../../core/domain/checkout.ts"
import { deliveryMethodsOf } from "../../../core/domain/delivery.ts"
import type { CheckoutState } from "../../../core/services/checkoutState.ts"
import type { OutletsState } from "../../../core/services/Outlets.ts"
import type { OutletActions } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { DeliveryChoice } from "./DeliveryChoice.tsx"
import { PaymentChoice } from "./PaymentChoice.tsx"
import { isProviderComplete, providerScreensOf } from "../../../core/domain/payment.ts"
import type { ProviderActions } from "./providerActions.ts"
import { PaymentProviderStatus } from "./PaymentProviderStatus.tsx"
import type { TileSource } from "./PickupMap.tsx"
import type { ShippingActions } from "./shippingActions.ts"

/** Props of {@link ShippingStep}. */
export interface ShippingStepProps {
  /** The checkout's state (deliveries, branches, payments, consents). */
  readonly state: CheckoutState
  readonly actions: ShippingActions
  /**
   * The payment provider's actions: given, the step shows the provider's screens of CZN / CZG after the check
   * answered and keeps the order button disabled until they are done (the server refuses the order before).
   */
  readonly provider?: ProviderActions | undefined
  /** A demo provider's one-time code, shown in a notice on the code screen (the reference backend sends no text message). */
  readonly demoOtpCode?: string | undefined
  /** The shopper's geocoded shipping point, if known (where the pick-up map opens). */
  readonly shippingPoint?: { readonly lat: number; readonly lng: number } | undefined
  /** Map tiles for the pick-up map (off by default: the map draws country outlines offline). */
  readonly tiles?: TileSource | undefined
  /** The Outlets service's state and actions (`useOutlets()`): with `actions.selectPostOutlet`, a delivery to a post office offers the post outlet picker. */
  readonly outlets?: { readonly state: OutletsState; readonly actions: OutletActions } | undefined
  readonly className?: string | undefined
}

const ignore = () => undefined

// The provider's screens (and the contract's Schema checks of their form) load when a payment that needs them is chosen.
const PaymentProviderScreens = lazy(() => import("./ProviderScreens.tsx").then((module) => ({ default: module.PaymentProviderScreens })))

/** The shipping step. */
export function ShippingStep({ state, actions, provider, demoOtpCode, shippingPoint, tiles, outlets, className }: ShippingStepProps) {
  const { t } = useShopText()
  const [note, setNote] = useState("")
  const [placing, setPlacing] = useState(false)
  const loaded = useRef(false)
  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    void actions.loadConsents().catch(ignore)
  }, [actions])
  const blockedId = useId()
  const providerPayment = provider !== undefined && state.selectedPayment !== undefined && providerScreensOf(state.selectedPayment).length > 0
  const providerPending = providerPayment && state.selectedPayment !== undefined &&
    !isProviderComplete(state.selectedPayment, state.paymentProvider === "done", state.providerProgress)
  const deliveries = state.deliveries.filter((delivery) => deliveryMethodsOf(delivery).length > 0)
  return (
    <div className={["shipping-step", className].filter(Boolean).join(" ")}>
      {deliveries.map((delivery, index) => (
        <DeliveryChoice key={String(delivery.deliveryId)} delivery={delivery} index={index} count={deliveries.length}
          branches={state.branches} suggestions={state.geoSuggestions} shippingPoint={shippingPoint ?? delivery.address?.shipping} tiles={tiles}
          onOpenPickup={(deliveryId) => void actions.loadBranches(deliveryId).catch(ignore)}
          onSearch={(deliveryId, term) => {
            void actions.searchBranches(deliveryId, term).catch(ignore)
            void actions.suggestPlaces(term).catch(ignore)
          }}
          onSelect={(selection) => actions.selectDelivery(selection)}
          outlets={outlets}
          onChooseOutlet={actions.selectPostOutlet === undefined ? undefined : (choice, outlet) => actions.selectPostOutlet!(String(delivery.deliveryId), choice, outlet)}
          onRetry={() => actions.dismissFlashes().catch(ignore)} />
      ))}
      {state.hasDigitalContent && (
        <fieldset className="delivery delivery-electronic">
          <legend>{t("sf_delivery_electronic")}</legend>
          <p>{t("sf_delivery_electronic_text")}</p>
        </fieldset>
      )}
      <PaymentChoice methods={state.billingMethods} selected={state.selectedPayment}
        onSelect={(selection) => void actions.selectPayment(selection).catch(ignore)} />
      <PaymentProviderStatus phase={state.paymentProvider} error={state.error && state.paymentProvider !== "done"} />
      {providerPayment && provider !== undefined && (
        <Suspense fallback={state.paymentProvider === "done" ? <p className="spinner" role="status">{t("loading")}</p> : null}>
          <PaymentProviderScreens state={state} actions={provider} demoOtpCode={demoOtpCode} />
        </Suspense>
      )}
      <form className="shipping-order" onSubmit={(e) => {
        e.preventDefault()
        setPlacing(true)
        void actions.placeOrder(note).catch(ignore).finally(() => setPlacing(false))
      }}>
      {state.consents.length > 0 && (
        <fieldset className="consents">
          <legend>{t("sf_order_consents")}</legend>
          {state.consents.map((consent) => (
            <div key={consent.code}>
              <label className="check">
                <input type="checkbox" checked={consent.checked}
                  onChange={(e) => void actions.setConsent(consent.code, e.currentTarget.checked).catch(ignore)} />
                {consent.text ?? consent.code}
              </label>
              {state.consentNotes[consent.code] !== undefined && <p className="hint">{state.consentNotes[consent.code]}</p>}
            </div>
          ))}
        </fieldset>
      )}
      <p className="field">
        <label htmlFor="invoice-note">{t("sf_invoice_note")}</label>
        <textarea id="invoice-note" rows={2} maxLength={maxInvoiceNoteLength} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      </p>
      {providerPending && <p id={blockedId} className="hint">{t("pp_order_blocked")}</p>}
      <button type="submit" className="button primary big" disabled={placing || providerPending} aria-busy={placing}
        aria-describedby={providerPending ? blockedId : undefined}>{t("sf_place_order")}</button>
      </form>
    </div>
  )
}
