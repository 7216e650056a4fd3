/**
 * The checkout service's published state and its value before the first load, without Effect: the React layer
 * reads these on the first paint, before the services load.
 *
 * @module
 */
import type { LoadedAddresses } from "../api/account.ts"
import type { RevolvingOffer } from "../api/paymentProvider.ts"
import type { BranchAvailability, BranchDetail, GeoSuggestion } from "../api/deliveries.ts"
import type { Purchase } from "../api/entities/cart.ts"
import type { Customer } from "../api/entities/customer.ts"
import type { Branch, Delivery, DeliveryData, OrderConsent } from "../api/entities/delivery.ts"
import type { FlashMessage } from "../api/entities/flash.ts"
import type { BillingMethods } from "../api/entities/payment.ts"
import type { CheckoutStep } from "../domain/checkout.ts"
import type { ProviderProgress, ProviderScreen } from "../domain/payment.ts"
import { noProviderProgress } from "../domain/providerProgress.ts"

/** Where the payment provider check of CZN / CZG stands (§4). */
export type PaymentProviderPhase = "idle" | "scheduled" | "polling" | "done" | "error"

/** A navigation the UI performs: to the confirmation url after the delay, or to login (§6). */
export interface CheckoutRedirect {
  /** Why: the order is confirmed, or the step needs a logged-in customer. */
  readonly reason: "confirmation" | "login"
  /** Where to go. */
  readonly url: string
}

/** An order consent with the shopper's choice. */
export interface OrderConsentChoice extends OrderConsent {
  /** Whether the shopper checked it (starts as the server's `checked`). */
  readonly checked: boolean
}

/** Tag-manager data of the last step answer (§3 step responses), kept for the tag manager. */
export interface StepTagData {
  /** The data layer of the step. */
  readonly dataLayerDirectData?: unknown
  /** The queued tag events. */
  readonly queue?: ReadonlyArray<unknown>
  /** The data prefetched for the confirmation step. */
  readonly step5?: unknown
}

/** What the checkout service publishes. */
export interface CheckoutState {
  /** The step shown (§2). */
  readonly step: CheckoutStep
  /** Whether the step is beyond customer (§2 "shipping context"). */
  readonly shippingContext: boolean
  /** The customer of the last answer. */
  readonly customer: Customer | undefined
  /** The addresses loaded from '{cart-url}/1/load-addresses/' (§2). */
  readonly addresses: LoadedAddresses | undefined
  /** The deliveries (§3). */
  readonly deliveries: ReadonlyArray<Delivery>
  /** Whether every delivery with methods has one selected (§4). */
  readonly deliveriesSet: boolean
  /** Whether the cart holds digital content (§3 `hasDigitalContent`), delivered electronically without shipping. */
  readonly hasDigitalContent: boolean
  /** The delivery-step data around them (§3: transports, branches, histories, consents, strategies...). */
  readonly deliveryData: DeliveryData
  /** The branches last listed (branches-basic, auto-complete-branches). */
  readonly branches: ReadonlyArray<Branch>
  /** The branch last opened (branch-detail). */
  readonly branchDetail: BranchDetail | undefined
  /** The availability of the branches last confirmed. */
  readonly branchAvailability: ReadonlyArray<BranchAvailability>
  /** The places last suggested (geo-suggestions). */
  readonly geoSuggestions: ReadonlyArray<GeoSuggestion>
  /** The billing methods offered (§5 filtering applied), by code. */
  readonly billingMethods: BillingMethods
  /** The selected billing method code. */
  readonly selectedPayment: string | undefined
  /** Where the payment provider check stands. */
  readonly paymentProvider: PaymentProviderPhase
  /** The payment-provider-check error flag (§4, §8). */
  readonly error: boolean
  /** Set when the cart could not be resolved (§4, §8). */
  readonly fatalError: boolean
  /** The flash messages to show. */
  readonly flashMessages: ReadonlyArray<FlashMessage>
  /** On while any checkout call is in progress. */
  readonly loading: boolean
  /** The placed order (§3 purchase). */
  readonly purchase: Purchase | undefined
  /** The confirmation url of the placed order. */
  readonly confirmationUrl: string | undefined
  /** A navigation the UI must perform. */
  readonly redirect: CheckoutRedirect | undefined
  /** Set when a response asks for a page reload (§4: status 'error' with a link). */
  readonly reload: { readonly link: string } | undefined
  /** The order consents with the shopper's choices. */
  readonly consents: ReadonlyArray<OrderConsentChoice>
  /** The notes under the order consents, by consent code. */
  readonly consentNotes: { readonly [code: string]: string }
  /** Tag data of the last step answer. */
  readonly tagData: StepTagData | undefined
  /** The revolving credit offer (CZG) last loaded. */
  readonly revolvingOffer: RevolvingOffer | undefined
  /** What the provider accepted on its screens for the selected method (reset when another method is chosen). */
  readonly providerProgress: ProviderProgress
  /** The provider's last refusal on a screen (its `err` flash message), until that screen's next answer. */
  readonly providerRefusal: { readonly screen: ProviderScreen; readonly message: string } | undefined
}

/** The state before the first load: the preview step. */
export const initialCheckoutState: CheckoutState = {
  step: "preview",
  shippingContext: false,
  customer: undefined,
  addresses: undefined,
  deliveries: [],
  deliveriesSet: true,
  hasDigitalContent: false,
  deliveryData: {},
  branches: [],
  branchDetail: undefined,
  branchAvailability: [],
  geoSuggestions: [],
  billingMethods: {},
  selectedPayment: undefined,
  paymentProvider: "idle",
  error: false,
  fatalError: false,
  flashMessages: [],
  loading: false,
  purchase: undefined,
  confirmationUrl: undefined,
  redirect: undefined,
  reload: undefined,
  consents: [],
  consentNotes: {},
  tagData: undefined,
  revolvingOffer: undefined,
  providerProgress: noProviderProgress,
  providerRefusal: undefined
}
