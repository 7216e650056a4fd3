/**
 * The checkout context: the cart, its deliveries, methods, branches, selections and addresses read for one call.
 *
 * The server side of delivery, payment and checkout (spec §2 checkout flow, §3 Delivery / Payment / Address /
 * Customer, §4 states, §5, §7 new cart and checkout, payment provider check, tag data, confirmation, §8, §9),
 * shared by the deliveries, cartStep, paymentProvider, tagData, confirmation and orderTracking handlers.
 *
 * - Deliveries: the cart's lines (read by the cart engine, `readCart`) are grouped into deliveries: the shop's own
 *   stock (`own`), one per marketplace partner (`mp-{partnerId}`) and digital content (`digital`, e-mailed, no
 *   methods). Each delivery offers the shop's delivery methods by kind (pick-up point, privileged pick-up, address
 *   delivery) with their transports, availability, prices (free above a threshold, as the cart totals count them),
 *   earliest dates and allowed payments; the selection lives in `cart_deliveries` and is changed through the cart
 *   engine's `mutateCart` (locked, one transaction, live-data notification).
 * - The step machine: check-step and next-step follow the domain's transitions (core/domain/checkout.ts);
 *   next-step from shipping places the order in one transaction (stock decremented, refused when short), under the
 *   request's idempotency key.
 * - The simulated payment provider check of CZN/CZG, tag-manager data, confirmation tokens, pick-up codes.
 *
 * Business refusals are answers with `status.status` "error" and flash messages (§4, §8).
 *
 * @module
 */
import { Data, Effect } from "effect"
import type { Customer } from "../../../../core/api/entities/customer.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { type DeliveryMethodKind, type DeliveryType } from "../../../../core/domain/delivery.ts"
import { type Shop } from "../../../../core/domain/shop.ts"
import { type AddressRow, addressRows } from "../account/addresses.ts"
import { customerView } from "../account/customer.ts"
import { type CartState, readCartCached, visitorCart } from "../cart/reading.ts"
import { type CartTotals, cartTotals } from "../cart/entity.ts"
import { type PaymentContext } from "../cart/billingMethods.ts"
import { type DeliveryGroup, groupDeliveries } from "../deliveryGroups.ts"
import { shopSettings } from "../shopSettings.ts"
import { shopOf } from "../account/common.ts"
import { requestPaymentContext, todayMs } from "./common.ts"
import { type LineDetails, lineDetailsOf } from "./lines.ts"

// -----------------------------------------------------------------------------------------------
// the checkout context
// -----------------------------------------------------------------------------------------------

/** The checkout columns of a cart row the cart engine does not read. */
export interface CheckoutCartRow {
  readonly billing_address_id: number | null
  readonly shipping_address_id: number | null
  readonly customer_data: unknown
  readonly campaign_id: string | null
  readonly delivery_strategy: string | null
}

/** A delivery method row of the shop (one transport). */
export interface MethodRow {
  readonly delivery_method_id: number
  readonly code: string
  readonly method_kind: DeliveryMethodKind
  readonly delivery_type: DeliveryType
  readonly branch_kind: "shop" | "pup" | "privileged_pup" | "post" | null
  readonly title: string
  readonly transport_id: string
  readonly icon: string
  readonly price: number
  readonly free_from: number | null
  readonly days_min: number
  readonly days_max: number
  readonly marketplace: boolean
}

/** A branch row. */
export interface BranchRow {
  readonly branch_id: number
  readonly code: string
  readonly kind: "shop" | "pup" | "privileged_pup" | "post"
  readonly pup_type_id: string
  readonly name: string
  readonly street: string
  readonly city: string
  readonly zip: string
  readonly post_address: string | null
  readonly lat: number
  readonly lng: number
  readonly cash_and_carry: boolean
  readonly opening_hours: unknown
  readonly active: boolean
}

/** A selection of `cart_deliveries`. */
export interface SelectionRow {
  readonly delivery_key: string
  readonly delivery_method_id: number
  readonly branch_id: number | null
  readonly address_id: number | null
  readonly insurance: boolean
}

/** A payment a delivery method allows (`delivery_payments`). */
export interface PaymentRow {
  readonly delivery_method_id: number
  readonly billing_code: string
  readonly payment_limitation: string
}

/** Everything the delivery and checkout steps read, loaded once per call. */
export interface CheckoutContext {
  readonly session: SessionData
  readonly shop: Shop
  readonly state: CartState
  readonly totals: CartTotals
  readonly row: CheckoutCartRow
  readonly details: LineDetails
  readonly groups: ReadonlyArray<DeliveryGroup>
  readonly methods: ReadonlyArray<MethodRow>
  readonly selections: ReadonlyMap<string, SelectionRow>
  readonly branches: ReadonlyMap<number, BranchRow>
  readonly payments: ReadonlyArray<PaymentRow>
  readonly customer: Customer
  /** The customer's billing profile for the order (the cart's choice, else the default), if any. */
  readonly billingAddress: AddressRow | undefined
  /** The customer's shipping address for the order (the cart's choice, else the default), if any. */
  readonly shippingAddress: AddressRow | undefined
  readonly payment: PaymentContext
  readonly todayMs: number
}

/** The session's cart is gone (a defect: the session middleware always gives one). */
export class CartMissing extends Data.TaggedError("CartMissing")<{ readonly cartId: number }> {}

/** The columns of a branch row as the checkout reads them. */
export const branchColumns = "branch_id, code, kind, pup_type_id, name, street, city, zip, post_address, lat, lng, cash_and_carry, opening_hours, active"

/** The cart's choice among the customer's addresses of a type, else the default, else the first. */
const pickAddress = (rows: ReadonlyArray<AddressRow>, type: AddressRow["type"], chosen: number | null) => {
  const ofType = rows.filter((row) => row.type === type)
  return ofType.find((row) => row.address_id === chosen) ?? ofType.find((row) => row.is_default) ?? ofType[0]
}

/** Loads the {@link CheckoutContext} of the session's cart. */
export const loadContext = (session: SessionData) =>
  Effect.gen(function*() {
    const state = (yield* readCartCached(session.cartId)) ??
      (session.cartId === 0 ? yield* visitorCart(session.shopId) : undefined)
    if (state === undefined) return yield* Effect.die(new CartMissing({ cartId: session.cartId }))
    const { row, selections, branches } = state.checkout
    const { methods, payments } = yield* shopSettings(session.shopId)
    const customer = yield* customerView(session)
    const addresses = customer.id === null || customer.id === undefined ? [] : yield* addressRows(customer.id)
    return {
      session,
      shop: shopOf(session),
      state,
      totals: cartTotals(state),
      row,
      details: lineDetailsOf(state),
      groups: groupDeliveries(state.lines),
      methods,
      selections: new Map(selections.map((selection) => [selection.delivery_key, selection])),
      branches: new Map(branches.map((branch) => [branch.branch_id, branch])),
      payments,
      customer,
      billingAddress: pickAddress(addresses, "billing", row.billing_address_id),
      shippingAddress: pickAddress(addresses, "shipping", row.shipping_address_id),
      payment: yield* requestPaymentContext,
      todayMs: yield* todayMs
    } satisfies CheckoutContext
  })
