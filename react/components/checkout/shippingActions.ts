/**
 * What the shipping step asks the checkout and cart services to do, as promises (one interface so a
 * test or another app can give its own).
 *
 * @module
 */
import { useMemo } from "react"
import type { PaymentSelection } from "../../../core/domain/payment.ts"
import { isSelectionApplied, type PickupChoice } from "../../../core/domain/delivery.ts"
import type { PostOutlet } from "../../../core/api/entities/outlet.ts"
import { outletBranch, type PostOutletChoice } from "../../../core/domain/outlet.ts"
import { useCheckout, useRunWith } from "../../storefront/hooks.ts"

/** The delivery chosen for one delivery of the cart: a pick-up with its branch, or address delivery. */
export type DeliverySelection = { readonly deliveryId: string } & (
  | PickupChoice
  | { readonly type: "address"; readonly transportId: string }
)

/** The shipping step's actions; each settles when the service has applied the answer. */
export interface ShippingActions {
  /** Loads the order consents (once per visit of the step). */
  readonly loadConsents: () => Promise<unknown>
  /** Lists the branches of a delivery (branches-basic). */
  readonly loadBranches: (deliveryId: string) => Promise<unknown>
  /** Searches the branches of a delivery by a town, street or name (auto-complete-branches). */
  readonly searchBranches: (deliveryId: string, term: string) => Promise<unknown>
  /** Suggests places for a typed text (geo-suggestions). */
  readonly suggestPlaces: (term: string) => Promise<unknown>
  /** Selects how a delivery goes (select-delivery-method); settles with whether the shop applied it. */
  readonly selectDelivery: (selection: DeliverySelection) => Promise<boolean>
  /** Selects a payment, or one of its child payments (select-billing-method). */
  readonly selectPayment: (selection: PaymentSelection) => Promise<unknown>
  /** Removes the checkout's flash messages (a refused try before the next one). */
  readonly dismissFlashes: () => Promise<unknown>
  /** Checks or unchecks an order consent. */
  readonly setConsent: (code: string, checked: boolean) => Promise<unknown>
  /** Sends the invoice note when there is one, then places the order (next-step). */
  readonly placeOrder: (invoiceNote: string) => Promise<unknown>
  /**
   * Sends a delivery to a post outlet (select-delivery-method with the outlet's branch, found by searching the
   * delivery's branches for the outlet's zip, auto-complete-branches); settles with whether the shop applied it
   * (false when no branch of the delivery is that outlet). Without it the shipping step offers no post outlet picker.
   */
  readonly selectPostOutlet?: ((deliveryId: string, choice: PostOutletChoice, outlet: PostOutlet) => Promise<boolean>) | undefined
}

/** The shipping step's actions over the provider's checkout and cart services. */
export const useShippingActions = (): ShippingActions => {
  const checkout = useCheckout()
  const run = useRunWith()
  const { run: checkoutRun } = checkout
  return useMemo(() => ({
    loadConsents: () => checkoutRun((c) => c.loadOrderConsents),
    loadBranches: (deliveryId) => checkoutRun((c) => c.loadBranches({ deliveryId })),
    searchBranches: (deliveryId, term) => checkoutRun((c) => c.searchBranches(deliveryId, term)),
    suggestPlaces: (term) => checkoutRun((c) => c.suggestPlaces(term)),
    selectDelivery: (selection) =>
      checkoutRun((c) => c.selectDeliveryMethod(selection)).then((state) => isSelectionApplied(state.deliveries, selection)),
    selectPayment: (selection) => checkoutRun((c) => c.selectBillingMethod(selection)),
    setConsent: (code, checked) => checkoutRun((c) => c.setConsent(code, checked)),
    dismissFlashes: () => checkoutRun((c) => c.dismissFlash()),
    selectPostOutlet: async (deliveryId, choice, outlet) => {
      const found = await checkoutRun((c) => c.searchBranches(deliveryId, outlet.zip))
      const branch = outletBranch(found.branches, outlet)
      if (branch === undefined) return false
      const selection = { deliveryId, type: choice.type, transportId: choice.transportId, branchId: String(branch.id) }
      const after = await checkoutRun((c) => c.selectDeliveryMethod(selection))
      return isSelectionApplied(after.deliveries, selection)
    },
    placeOrder: async (invoiceNote) => {
      if (invoiceNote.trim() !== "") await run((m) => m.Cart.use((cart) => cart.setInvoiceNote(invoiceNote.trim())))
      return checkoutRun((c) => c.nextStep)
    }
  }), [checkoutRun, run])
}
