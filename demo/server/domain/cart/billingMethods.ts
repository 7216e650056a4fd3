/**
 * The cart's billing methods (§3 Payment) and the payment context they depend on.
 *
 * @module
 */
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { BillingMethod, BillingMethods, ChildPayment } from "../../../../core/api/entities/payment.ts"
import { availableBillingMethods, defaultPaymentLimitation, exceedsOrderLimit, isIncompatibleWithCoupons, isLengthyPaymentDisabled, paymentLimitationOf } from "../../../../core/domain/payment.ts"
import { shopSettings, type ShopSettings } from "../shopSettings.ts"
import { cartTotals } from "./entity.ts"
import { type CartState, readCartCached } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// billing methods
// -----------------------------------------------------------------------------------------------

/** A `billing_methods` row of the shop. */
export interface BillingRow {
  readonly code: string
  readonly parent_code: string | null
  readonly title: string
  readonly price: number
  readonly lengthy: boolean
  readonly disabled: boolean
  readonly provider_check: string | null
  /** The highest order value the method takes (cash on delivery), null: any. */
  readonly max_order_total: number | null
}

/**
 * The order state date the 'lengthy' payments read (§4, our reading of "an order state date"): the day (UTC
 * `yyyy-mm-dd`) of the latest state change of the shopper's last order in the shop (a customer's last order, a
 * guest's last order of the session), null when there is none; and today (the Clock's UTC day).
 */
export interface OrderStateDates {
  readonly orderStateDate: string | null
  readonly today: string
}

/** Whether the browser can make wallet payments (§5); the server assumes not unless told. */
export interface PaymentContext {
  readonly walletSupported: boolean
}

/**
 * The billing methods of a cart (§3), keyed by code, as offered to the shopper: the shop's active methods with
 * their child payments (saved cards, instalment products) and `selected` flags; `disabled` when the shop marks them
 * so, when the cart's value after discounts exceeds the method's highest order value (cash on delivery), when a
 * 'lengthy' payment meets an order state date of today (§4), or, with a gift certificate (G) applied, when they are
 * provider-checked (deferred CZN, revolving CZG) and thus incompatible with coupons (§4); `invalid` when a selected
 * delivery does not allow them; then filtered by the core rule `availableBillingMethods` (wallet methods, shop
 * quirks such as CZ0 removed when disabled, §5).
 */
export const billingMethodsOf = (
  state: CartState,
  rows: ReadonlyArray<BillingRow>,
  allowedByDelivery: ReadonlyArray<ReadonlySet<string>>,
  context: PaymentContext,
  dates: OrderStateDates = { orderStateDate: null, today: "" }
): BillingMethods => {
  const couponsIncompatible = isIncompatibleWithCoupons(state.discounts)
  const orderValue = cartTotals(state).afterDiscounts
  const selection = state.billingSelection
  const methods: Record<string, BillingMethod> = {}
  for (const row of rows.filter((r) => r.parent_code === null)) {
    const children = rows.filter((r) => r.parent_code === row.code)
    const childPayments: Array<ChildPayment> = children.map((child) => ({
      code: child.code,
      title: child.title,
      selected: state.billingMethodCode === row.code &&
        (selection?.cardId === child.code || selection?.productCode === child.code),
      ...(child.disabled ? { disabled: true } : {})
    }))
    const lengthyToday = isLengthyPaymentDisabled({ lengthy: row.lengthy }, dates.orderStateDate, dates.today)
    methods[row.code] = {
      title: row.title,
      price: row.price,
      selected: state.billingMethodCode === row.code,
      disabled: row.disabled || exceedsOrderLimit(row.max_order_total, orderValue) || lengthyToday ||
        (couponsIncompatible && row.provider_check !== null),
      invalid: allowedByDelivery.some((allowed) => !allowed.has(row.code)),
      ...(childPayments.length === 0 ? {} : { childPayments }),
      lengthy: row.lengthy,
      orderStateDate: dates.orderStateDate
    }
  }
  return availableBillingMethods(methods, { shop: state.shop, walletSupported: context.walletSupported })
}

/** What {@link billingMethodsOf} reads besides the cart: the shop's rows, the codes each delivery allows, the dates. */
export interface BillingInputs {
  readonly rows: ReadonlyArray<BillingRow>
  readonly allowedByDelivery: ReadonlyArray<ReadonlySet<string>>
  readonly dates: OrderStateDates
}

/** The {@link BillingInputs} of a cart from its shop's settings, at `nowMs` (the Clock's time). */
export const billingInputsOf = (state: CartState, settings: ShopSettings, nowMs: number): BillingInputs => {
  const byDelivery = new Map<string, Set<string>>()
  for (const selection of state.checkout.selections) {
    const set = byDelivery.get(selection.delivery_key) ?? new Set<string>()
    for (const payment of settings.payments) {
      if (
        payment.delivery_method_id === selection.delivery_method_id &&
        paymentLimitationOf({ paymentLimitation: payment.payment_limitation }) === defaultPaymentLimitation
      ) set.add(payment.billing_code)
    }
    byDelivery.set(selection.delivery_key, set)
  }
  return {
    rows: settings.billing,
    allowedByDelivery: [...byDelivery.values()],
    dates: { orderStateDate: orderStateDateOf(state), today: utcDayOf(nowMs) }
  }
}

const orderStateDateOf = (state: CartState): string | null => {
  const changed = state.lastOrderChangedAt
  return changed === null ? null : changed.slice(0, 10)
}

const dayMs = 86_400_000
// the UTC day of the last time asked, with the time range it covers
let knownDay = { from: 0, to: 0, day: "1970-01-01" }

/** The UTC day (`yyyy-mm-dd`) of `nowMs`. */
const utcDayOf = (nowMs: number): string => {
  if (nowMs >= knownDay.from && nowMs < knownDay.to) return knownDay.day
  const from = Math.floor(nowMs / dayMs) * dayMs
  const day = new Date(nowMs).toISOString().slice(0, 10)
  if (Number.isFinite(from)) knownDay = { from, to: from + dayMs, day }
  return day
}

// Billing methods kept by the shop's settings and the shop they were worked out for, then by the rest of what they
// depend on ({@link billingKeyOf}); each map is emptied when full.
const keptBilling = new WeakMap<ShopSettings, WeakMap<CartState["shop"], Map<string, BillingMethods>>>()
const keptBillingMax = 256

/**
 * Everything {@link billingMethodsOf} reads of a cart, of the browser and of the time besides the shop's settings and
 * the shop: whether the browser makes wallet payments, whether a gift certificate makes coupons incompatible, which
 * methods' highest order values the cart's value exceeds, the order state date and today, the selected method and
 * child payment, and the selected deliveries.
 */
const billingKeyOf = (state: CartState, settings: ShopSettings, context: PaymentContext, nowMs: number): string => {
  const orderValue = cartTotals(state).afterDiscounts
  let overLimits = ""
  for (const row of settings.billing) {
    if (row.parent_code === null) overLimits += exceedsOrderLimit(row.max_order_total, orderValue) ? "1" : "0"
  }
  const selection = state.billingSelection
  return JSON.stringify([
    context.walletSupported,
    isIncompatibleWithCoupons(state.discounts),
    overLimits,
    orderStateDateOf(state),
    utcDayOf(nowMs),
    state.billingMethodCode,
    selection?.cardId ?? null,
    selection?.productCode ?? null,
    state.checkout.selections.map((selected) => [selected.delivery_key, selected.delivery_method_id])
  ])
}

/**
 * {@link billingMethodsOf} of a cart with its shop's `settings` at `nowMs` (the Clock's time), the same object for as
 * long as everything it depends on is the same (the settings and the shop as objects, the rest by value: see
 * `billingKeyOf`): a shopper's next write, and other carts like theirs, get the methods worked out before. Treat
 * the answer as immutable.
 */
export const billingMethodsAt = (
  state: CartState,
  settings: ShopSettings,
  context: PaymentContext,
  nowMs: number
): BillingMethods => {
  let byShop = keptBilling.get(settings)
  if (byShop === undefined) {
    byShop = new WeakMap()
    keptBilling.set(settings, byShop)
  }
  let kept = byShop.get(state.shop)
  if (kept === undefined) {
    kept = new Map()
    byShop.set(state.shop, kept)
  }
  const key = billingKeyOf(state, settings, context, nowMs)
  let methods = kept.get(key)
  if (methods === undefined) {
    const { rows, allowedByDelivery, dates } = billingInputsOf(state, settings, nowMs)
    methods = billingMethodsOf(state, rows, allowedByDelivery, context, dates)
    if (kept.size >= keptBillingMax) kept.clear()
    kept.set(key, methods)
  }
  return methods
}

/** The shop's billing rows, the billing codes each selected delivery allows, and the order-state dates of a cart. */
export const readBilling = (state: CartState) =>
  Effect.gen(function*() {
    const settings = yield* shopSettings(state.shop.shopId)
    return billingInputsOf(state, settings, yield* Clock.currentTimeMillis)
  })

/** The billing methods offered for a cart read ({@link billingMethodsOf}). */
export const billingMethodsOfState = (
  state: CartState,
  context: PaymentContext
): Effect.Effect<BillingMethods, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const settings = yield* shopSettings(state.shop.shopId)
    return billingMethodsAt(state, settings, context, yield* Clock.currentTimeMillis)
  })

/** The billing methods offered for `cartId` ({@link billingMethodsOf}); none for an unknown cart. */
export const loadBillingMethods = (
  cartId: number,
  context: PaymentContext
): Effect.Effect<BillingMethods, SqlError, SqlClient.SqlClient> =>
  Effect.flatMap(readCartCached(cartId), (state) => state === undefined ? Effect.succeed({}) : billingMethodsOfState(state, context))
