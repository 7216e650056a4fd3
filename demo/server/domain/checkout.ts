/**
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
import { randomBytes, randomInt } from "node:crypto"
import { Clock, Data, Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { isWalletSupportedHeaderValue, walletSupportedHeader } from "../../../core/api/headers.ts"
import type { SelectedAddresses } from "../../../core/api/entities/address.ts"
import { notEditableBillingProfileId } from "../../../core/api/entities/address.ts"
import type { Cart, CartArticle } from "../../../core/api/entities/cart.ts"
import type { Customer } from "../../../core/api/entities/customer.ts"
import type {
  Branch,
  CampaignBar,
  Delivery,
  DeliveryMethod,
  DeliveryPayment,
  EarliestDate,
  PupType,
  SelectedDeliveryMethod,
  Transport
} from "../../../core/api/entities/delivery.ts"
import type { DeliveryResponse, ResponseStatus, StepResponse } from "../../../core/api/entities/envelope.ts"
import { errorResponseStatus } from "../../../core/api/entities/envelope.ts"
import type { FlashMessage } from "../../../core/api/entities/flash.ts"
import type { BillingMethods } from "../../../core/api/entities/payment.ts"
import { LoginRequired } from "../../../core/api/errors.ts"
import type { SessionData } from "../../../core/api/security.ts"
import { deliveryInsuranceFee } from "../../../core/domain/cart.ts"
import {
  type CheckoutStep,
  checkoutStepTable,
  effectiveStep,
  flowNumberOf,
  type FlowNumber,
  isShippingContext,
  mayEnterShipping,
  stepLocation,
  stepOfFlowNumber
} from "../../../core/domain/checkout.ts"
import {
  areDeliveriesSet,
  deliveryMethodKinds,
  type DeliveryMethodKind,
  type DeliveryType,
  isMethodSelected,
  pupMethodKinds,
  type ResetMode,
  resetSelection
} from "../../../core/domain/delivery.ts"
import { type FlashCategory, flashMessage, type FlashType, genericErrorFlash } from "../../../core/domain/flash.ts"
import {
  backgroundLoadCodes,
  defaultPaymentLimitation,
  deferredPaymentCode,
  isBackgroundLoadEligible,
  isSelectable,
  revolvingPaymentCode
} from "../../../core/domain/payment.ts"
import { type Shop, shopById } from "../../../core/domain/shop.ts"
import {
  prefetchStepsFor,
  purchaseIdPlaceholder,
  type TagCheckoutStep,
  tagManagerPageNumbers,
  virtualPageview,
  withUnitPriceForQueue
} from "../../../core/domain/tagManager.ts"
import { type AddressRow, addressRows, billingAddressView, customerView, sessionCustomer, shippingAddressView } from "./account.ts"
import {
  type CartLine,
  type CartState,
  type CartTotals,
  cartEntity,
  cartTotals,
  lastOrderSessionKey,
  billingMethodsOfState,
  loadPurchase,
  mutateCart,
  orderConsentsOf,
  type PaymentContext,
  readCartCached,
  visitorCart,
  round2,
  withoutVat
} from "./cart.ts"
import { type DeliveryGroup, digitalDeliveryId, groupDeliveries, lineValue, marketplaceDeliveryPrefix, ownDeliveryId } from "./deliveryGroups.ts"
import { shopSettings } from "./shopSettings.ts"
import { withIdempotencyKey } from "./idempotency.ts"

export { type DeliveryGroup, digitalDeliveryId, groupDeliveries, lineValue, marketplaceDeliveryPrefix, ownDeliveryId }

// -----------------------------------------------------------------------------------------------
// constants (our choices where the spec says "not shown")
// -----------------------------------------------------------------------------------------------

/** The `deliveredBy` of the digital-content delivery. */
export const digitalDeliveredBy = "email"

/** The most pieces a privileged pick-up box takes; a bigger delivery cannot go to a box. */
export const boxMaxPieces = 5


/** The delivery strategies offered when the own delivery has several lines (§3 availableDeliveryStrategies). */
export const deliveryStrategies = ["separately", "together"] as const

/** A delivery strategy. */
export type DeliveryStrategy = (typeof deliveryStrategies)[number]

/** The campaign of the campaign bar (§3 campaignBar; select-campaign, §7): translation keys. */
export const campaign = { id: "eco-packaging", title: "campaign_eco-packaging_title", text: "campaign_eco-packaging_text" } as const

/** How many branches a branch search answers at most. */
export const maxBranchResults = 15

/** How many preferred and new branches the branch list carries. */
export const featuredBranchCount = 3

/** How many polls of the payment provider check answer "still checking" (202) before the outcome. */
export const providerPendingPolls = 2

/** The status string of a pending payment provider check. */
export const providerPendingStatusText = "pending"

/**
 * The simulated provider's limits on the cart's goods and services after discounts, in the shop's currency:
 * deferred payment (CZN) up to `max`, revolving credit (CZG) from `min` to `max`. A cart outside them is refused by
 * the check (the deterministic error case).
 */
export const providerCheckLimits: { readonly [code: string]: { readonly min: number; readonly max: number } } = {
  [deferredPaymentCode]: { min: 0, max: 20_000 },
  [revolvingPaymentCode]: { min: 3_000, max: 200_000 }
}

/** The methods whose order needs the one-time code confirmed (revolving credit: the contract is signed by OTP). */
export const otpRequiredCodes: ReadonlyArray<string> = [revolvingPaymentCode]

/** The terms of the simulated revolving offer: yearly interest (%), APR (%), credit limit, default instalments. */
export const revolvingTerms = { interestRate: 9.9, apr: 10.36, creditLimit: 200_000, defaultInstallments: 12 } as const

/** The most fields, and the longest key and value, the provider's enrich data may carry (ours). */
export const enrichLimits = { fields: 20, keyLength: 100, valueLength: 500 } as const

/** How long a pick-up code is valid after the order, in days. */
export const pickupCodeValidDays = 14

/** The key of `sessions.data` holding the ids of every order placed in the session, newest last. */
export const sessionOrdersKey = "orderIds"

/**
 * The flash messages of this area (translation keys). Keys of the payment provider check start with `err` (§8: such
 * a flash marks a provider-check error); the others are plain keys.
 */
export const checkoutFlashKeys = {
  cartEmpty: "checkout_cart_empty",
  addressRequired: "checkout_address_required",
  deliveryNotSelected: "checkout_delivery_not_selected",
  deliveryNoLongerAvailable: "delivery_method_no_longer_available",
  paymentNotSelected: "checkout_payment_not_selected",
  paymentNotAllowed: "checkout_payment_not_allowed",
  paymentCheckRequired: "checkout_payment_check_required",
  paymentTermsRequired: "checkout_payment_terms_required",
  paymentOtpRequired: "checkout_payment_otp_required",
  stockInsufficient: "checkout_stock_insufficient",
  cartAlreadyOrdered: "checkout_cart_already_ordered",
  keyReused: "checkout_idempotency_key_reused",
  methodNotOffered: "delivery_method_not_offered",
  methodUnavailable: "delivery_method_unavailable",
  branchRequired: "delivery_branch_required",
  branchUnavailable: "delivery_branch_unavailable",
  deliveryAddressRequired: "delivery_address_required",
  insuranceNeedsMethod: "delivery_insurance_needs_method",
  strategyUnavailable: "delivery_strategy_unavailable",
  campaignUnknown: "campaign_unknown",
  deliveryUnknown: "delivery_unknown",
  paymentReset: "payment_reset_incompatible",
  addressUnknown: "customer_address_unknown",
  providerUnknownMethod: "err_payment_provider_unknown_method",
  providerNotEligible: "err_payment_provider_not_eligible",
  providerLimit: "err_payment_provider_limit",
  providerNotStarted: "err_payment_provider_not_started",
  providerOtpInvalid: "err_payment_provider_otp_invalid",
  providerDataTooLarge: "err_payment_provider_data_too_large",
  revolvingUnavailable: "err_revolving_unavailable",
  dimensionDataInvalid: "tag_dimension_data_invalid"
} as const

// -----------------------------------------------------------------------------------------------
// small helpers
// -----------------------------------------------------------------------------------------------

const dayMs = 86_400_000

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The ok status of an answer (`status: "ok"`). */
export const okResponseStatus: ResponseStatus = { status: okStatus }

/** An error status with flash messages (§4, §8): `status: "error"` and the flashes. */
export const errorStatus = (...flashes: ReadonlyArray<FlashMessage>): ResponseStatus => ({
  status: errorResponseStatus,
  flashMessages: flashes
})

/** A flash message of this area: a danger cart flash unless told. */
export const flash = (message: string, type: FlashType = "danger", cat: FlashCategory = "cart"): FlashMessage =>
  flashMessage(message, type, cat)

/** The shop of a session. */
export const shopOf = (session: Pick<SessionData, "shopId">): Shop => shopById(session.shopId)

/** The 401 of a call that needs a customer who may enter shipping (§6): the login url returning to `returnTo`. */
export const loginRequiredFor = (session: SessionData, returnTo: string): LoginRequired =>
  new LoginRequired({
    message: "Log in to continue.",
    redirectUrl: `${shopOf(session).urlKeys.login}?return=${encodeURIComponent(returnTo)}`
  })

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const readRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Today (the Clock's) at 00:00 UTC, in ms since the epoch. */
const todayMs = Effect.map(Clock.currentTimeMillis, (ms) => Math.floor(ms / dayMs) * dayMs)

/**
 * The payment context of the current request (§5 wallets): the contract's {@link walletSupportedHeader}; no
 * wallet support when absent or outside a request.
 */
export const requestPaymentContext: Effect.Effect<PaymentContext> = Effect.map(
  Effect.serviceOption(HttpServerRequest.HttpServerRequest),
  (request): PaymentContext => ({
    walletSupported: Option.isSome(request) && isWalletSupportedHeaderValue(request.value.headers[walletSupportedHeader])
  })
)

// -----------------------------------------------------------------------------------------------
// cart lines
// -----------------------------------------------------------------------------------------------

/** What a line takes from stock: variant id to pieces (a bonus set: each of its variants). */
export const stockNeedsOf = (line: CartLine): ReadonlyArray<readonly [variantId: number, pieces: number]> =>
  line.articleType === "bonus_set"
    ? line.setVariants.map((variant) => [variant.variantId, (variant.count ?? 1) * line.count] as const)
    : line.variantId === null ? [] : [[line.variantId, line.count] as const]

/** Catalogue details of the cart's products and partners the cart engine does not read. */
export interface LineDetails {
  /** Brand and category path (`parent/leaf`) per product id. */
  readonly products: ReadonlyMap<number, { readonly brand: string; readonly categoryPath: string }>
  /** Days until restocked, per cart item (0 when in stock). */
  readonly restockDays: ReadonlyMap<number, number>
  /** A partner's delivery days, per partner id. */
  readonly partnerDays: ReadonlyMap<number, number>
}

const lineDetailsOf = (state: CartState): LineDetails => {
  const { products, restockDays, partnerDays } = state.checkout
  return {
    products: new Map(products.map((row) => [row.product_id, { brand: row.brand, categoryPath: row.category_path }])),
    restockDays: new Map(state.lines.map((line) => [
      line.itemId,
      line.stock >= line.count
        ? 0
        : Math.max(1, ...stockNeedsOf(line).map(([variantId]) => restockDays.get(variantId) ?? 0))
    ])),
    partnerDays
  }
}

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

const branchColumns = "branch_id, code, kind, pup_type_id, name, street, city, zip, post_address, lat, lng, cash_and_carry, opening_hours, active"

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

// -----------------------------------------------------------------------------------------------
// deliveries
// -----------------------------------------------------------------------------------------------

/** The transports a delivery offers: marketplace methods for a partner's delivery, the others for own stock. */
export const methodsOf = (ctx: CheckoutContext, group: DeliveryGroup): ReadonlyArray<MethodRow> =>
  group.kind === "digital" ? [] : ctx.methods.filter((method) => method.marketplace === (group.kind === "marketplace"))

/**
 * Whether a transport can serve the delivery now (ours): express only when every piece is in stock; a privileged
 * pick-up box only up to {@link boxMaxPieces} pieces.
 */
export const transportAvailable = (method: MethodRow, group: DeliveryGroup): boolean => {
  if (method.delivery_type === "express" && group.lines.some((line) => line.stock < line.count)) return false
  if (method.method_kind === "privileged_pup" && group.pieces > boxMaxPieces) return false
  return true
}

/**
 * The price of a transport: free once the cart's goods and services after discounts reach the method's
 * `free_from`, as the cart engine's totals count delivery fees.
 */
export const transportPrice = (ctx: CheckoutContext, method: MethodRow): number =>
  method.free_from !== null && ctx.totals.afterDiscounts >= method.free_from ? 0 : method.price

/** The insurance fee of a delivery (§7 select-delivery-insurance): the core rule's share of its value. */
export const insuranceFee = (group: DeliveryGroup): number => deliveryInsuranceFee(group.value)

/**
 * The earliest delivery date of a transport (§3 from/to): its days, plus a partner's delivery days, plus the
 * restock wait of missing pieces (the longest with the `together` strategy, the shortest with `separately`).
 */
export const transportEarliestDate = (ctx: CheckoutContext, method: MethodRow, group: DeliveryGroup): EarliestDate => {
  const waits = group.lines.map((line) => ctx.details.restockDays.get(line.itemId) ?? 0)
  const wait = waits.length === 0 ? 0 : ctx.row.delivery_strategy === "separately" ? Math.min(...waits) : Math.max(...waits)
  const partner = group.partnerId === null ? 0 : (ctx.details.partnerDays.get(group.partnerId) ?? 0)
  return {
    from: isoDate(ctx.todayMs + (method.days_min + wait + partner) * dayMs),
    to: isoDate(ctx.todayMs + (method.days_max + wait + partner) * dayMs)
  }
}

/** A branch row as the §3 branch. */
export const branchOf = (row: BranchRow): Branch => ({
  id: String(row.branch_id),
  name: row.name,
  address: row.post_address ?? row.street,
  city: row.city,
  zip: row.zip,
  lat: row.lat,
  lng: row.lng,
  pupType: row.pup_type_id,
  cashAndCarry: row.cash_and_carry
})

/** The selected transport of a delivery, when its selection names one the delivery still offers. */
export const selectedMethodRow = (ctx: CheckoutContext, group: DeliveryGroup): MethodRow | undefined => {
  const selection = ctx.selections.get(group.id)
  return selection === undefined
    ? undefined
    : methodsOf(ctx, group).find((method) => method.delivery_method_id === selection.delivery_method_id)
}

/** The price of a delivery's selection: its transport, plus the insurance when chosen. */
export const selectionPrice = (ctx: CheckoutContext, group: DeliveryGroup): number | undefined => {
  const method = selectedMethodRow(ctx, group)
  const selection = ctx.selections.get(group.id)
  return method === undefined || selection === undefined
    ? undefined
    : round2(transportPrice(ctx, method) + (selection.insurance ? insuranceFee(group) : 0))
}

const selectedOf = (ctx: CheckoutContext, method: MethodRow, group: DeliveryGroup, selection: SelectionRow): SelectedDeliveryMethod => {
  const branch = selection.branch_id === null ? undefined : ctx.branches.get(selection.branch_id)
  return {
    id: method.transport_id,
    type: method.delivery_type,
    title: method.title,
    price: selectionPrice(ctx, group) ?? method.price,
    branch: branch === undefined ? null : branchOf(branch),
    earliestDate: transportEarliestDate(ctx, method, group)
  }
}

/** The payments a delivery allows (§3 payments): those of its selected transport, else those of any transport. */
export const deliveryPayments = (ctx: CheckoutContext, group: DeliveryGroup): ReadonlyArray<DeliveryPayment> => {
  const selected = selectedMethodRow(ctx, group)
  const methodIds = new Set((selected === undefined ? methodsOf(ctx, group) : [selected]).map((m) => m.delivery_method_id))
  const byCode = new Map<string, string>()
  for (const payment of ctx.payments) {
    if (!methodIds.has(payment.delivery_method_id)) continue
    if (!byCode.has(payment.billing_code) || payment.payment_limitation === defaultPaymentLimitation) {
      byCode.set(payment.billing_code, payment.payment_limitation)
    }
  }
  return [...byCode].map(([externalId, paymentLimitation]) => ({ externalId, paymentLimitation }))
}

const methodKindTitle = (kind: DeliveryMethodKind): string => `delivery_method_${kind}`

/**
 * The remaining purchase until free marketplace delivery (§3, §5): the marketplace method's threshold minus the
 * cart's goods and services after discounts (0 once reached); `null` when the method is never free.
 */
export const freeDeliveryRemains = (ctx: CheckoutContext, group: DeliveryGroup): number | null => {
  const thresholds = methodsOf(ctx, group).flatMap((method) => (method.free_from === null ? [] : [method.free_from]))
  return thresholds.length === 0 ? null : round2(Math.max(0, Math.min(...thresholds) - ctx.totals.afterDiscounts))
}

/** The §3 delivery of a group, with its methods, selection, payments and dates. */
export const buildDelivery = (ctx: CheckoutContext, group: DeliveryGroup): Delivery => {
  const cartItemsIds = group.lines.map((line) => line.itemId)
  if (group.kind === "digital") {
    return { deliveryId: group.id, deliveryMethods: [], isMarketplace: false, deliveredBy: digitalDeliveredBy, cartItemsIds }
  }
  const methods = methodsOf(ctx, group)
  const selection = ctx.selections.get(group.id)
  const deliveryMethods = deliveryMethodKinds
    .filter((kind) => methods.some((method) => method.method_kind === kind))
    .map((kind): DeliveryMethod => {
      const ofKind = methods.filter((method) => method.method_kind === kind)
      const available = ofKind.filter((method) => transportAvailable(method, group))
      const chosen = selection === undefined ? undefined : ofKind.find((m) => m.delivery_method_id === selection.delivery_method_id)
      return {
        type: kind,
        title: methodKindTitle(kind),
        available: available.length > 0,
        ...((pupMethodKinds as ReadonlyArray<string>).includes(kind)
          ? { availablePupTransports: available.map((method) => ({ id: method.transport_id, icon: method.icon })) }
          : {}),
        selected: chosen === undefined || selection === undefined ? null : selectedOf(ctx, chosen, group, selection)
      }
    })
  const shipping = ctx.shippingAddress
  const selected = selectedMethodRow(ctx, group)
  return {
    deliveryId: group.id,
    deliveryMethods,
    isMarketplace: group.kind === "marketplace",
    ...(group.kind === "marketplace" ? { marketplaceFreeDeliveryRemains: freeDeliveryRemains(ctx, group) } : {}),
    deliveredBy: group.kind === "marketplace" ? (group.partnerTitle ?? "") : ctx.state.shopName,
    ...(shipping !== undefined && shipping.lat !== null && shipping.lng !== null
      ? { address: { shipping: { lat: shipping.lat, lng: shipping.lng } } }
      : {}),
    payments: deliveryPayments(ctx, group),
    transports: methods.map((method): Transport => ({
      id: method.transport_id,
      type: method.delivery_type,
      title: method.title,
      price: transportPrice(ctx, method),
      earliestDate: transportEarliestDate(ctx, method, group)
    })),
    ...(selected === undefined ? {} : { earliestDate: transportEarliestDate(ctx, selected, group) }),
    cartItemsIds
  }
}

/** The deliveries of the cart (§3). */
export const buildDeliveries = (ctx: CheckoutContext): ReadonlyArray<Delivery> => ctx.groups.map((group) => buildDelivery(ctx, group))

/** The campaign bar of the delivery step (§3 campaignBar). */
export const campaignBarOf = (ctx: CheckoutContext): CampaignBar => ({
  id: campaign.id,
  title: campaign.title,
  text: campaign.text,
  selected: ctx.row.campaign_id === campaign.id
})

/** The delivery strategies the cart may choose (§3): when the own delivery has more than one line. */
export const availableStrategies = (ctx: CheckoutContext): ReadonlyArray<DeliveryStrategy> => {
  const own = ctx.groups.find((group) => group.kind === "own")
  return own !== undefined && own.lines.length > 1 ? deliveryStrategies : []
}

/** The pick-up point types of the shop (§3 pupTypes). */
export const loadPupTypes = (shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ pup_type_id: string; name: string; icon: string }>`
      SELECT pup_type_id, name, icon FROM pup_types WHERE shop_id = ${shopId} ORDER BY position`
    return rows.map((row): PupType => ({ id: row.pup_type_id, name: row.name, icon: row.icon }))
  })

/** The billing methods offered for the context's cart (the cart engine's, §3, §4, §5). */
export const billingMethodsFor = (ctx: CheckoutContext) => billingMethodsOfState(ctx.state, ctx.payment)

/** The §3 cart of the context: the cart engine's `cartEntity`, with the deliveries and the order's addresses. */
export const cartOf = (ctx: CheckoutContext, deliveries: ReadonlyArray<Delivery>): Cart => ({
  ...cartEntity(ctx.state),
  deliveries,
  addresses: {
    primary: ctx.billingAddress === undefined ? null : billingAddressView(ctx.billingAddress),
    shipping: ctx.shippingAddress === undefined ? null : shippingAddressView(ctx.shippingAddress)
  }
})

// -----------------------------------------------------------------------------------------------
// delivery-step answers and actions
// -----------------------------------------------------------------------------------------------

/** The delivery-step answer (§7): status, cart, customer, deliveries, billing methods and the delivery-step data. */
export const deliveryResponse = (ctx: CheckoutContext, status: ResponseStatus = okResponseStatus) =>
  Effect.gen(function*() {
    const deliveries = buildDeliveries(ctx)
    const transports = new Map<string, Transport>()
    for (const delivery of deliveries) {
      for (const transport of delivery.transports ?? []) if (!transports.has(transport.id)) transports.set(transport.id, transport)
    }
    return {
      status,
      cart: cartOf(ctx, deliveries),
      customer: ctx.customer,
      deliveries,
      billingMethods: yield* billingMethodsFor(ctx),
      campaignBar: campaignBarOf(ctx),
      searchSelection: { deliveries: ctx.groups.filter((group) => group.kind === "own").map((group) => group.id) },
      transports: [...transports.values()],
      availableDeliveryStrategies: availableStrategies(ctx),
      pupTypes: yield* loadPupTypes(ctx.session.shopId)
    } satisfies DeliveryResponse
  })

/** The delivery of the cart with this id, if any. */
export const findGroup = (ctx: CheckoutContext, deliveryId: string): DeliveryGroup | undefined =>
  ctx.groups.find((group) => group.id === deliveryId)

/** A refused delivery-step action: the flash messages to answer with (§8 "the server's flash messages"). */
export class DeliveryRefused extends Data.TaggedError("DeliveryRefused")<{ readonly flashes: ReadonlyArray<FlashMessage> }> {}

const refuse = (message: string) => new DeliveryRefused({ flashes: [flash(message)] })

/** Loads one branch of the shop (active or not); `undefined` for an unknown or malformed id. */
export const loadBranch = (shopId: string, branchId: string) =>
  Effect.gen(function*() {
    if (!/^[1-9][0-9]{0,8}$/.test(branchId)) return undefined
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches WHERE branch_id = ${Number(branchId)} AND shop_id = ${shopId}`
    return rows[0]
  })

/** The select-delivery-method payload (§7). */
export interface MethodChoice {
  readonly deliveryId: string
  readonly type: DeliveryMethodKind
  readonly transportId: string
  readonly branchId?: string | undefined
}

/**
 * The selection a select-delivery-method payload asks for, or its refusal: a transport the delivery does not offer
 * for that kind, an unavailable one, a pick-up without a branch or with a branch that is unknown, closed or of
 * another kind, an address delivery without a shipping address.
 */
export const validateChoice = (ctx: CheckoutContext, group: DeliveryGroup, choice: MethodChoice) =>
  Effect.gen(function*() {
    const method = methodsOf(ctx, group).find((m) => m.method_kind === choice.type && m.transport_id === choice.transportId)
    if (method === undefined) return yield* refuse(checkoutFlashKeys.methodNotOffered)
    if (!transportAvailable(method, group)) return yield* refuse(checkoutFlashKeys.methodUnavailable)
    if (method.branch_kind !== null) {
      if (choice.branchId === undefined) return yield* refuse(checkoutFlashKeys.branchRequired)
      const branch = yield* loadBranch(ctx.session.shopId, choice.branchId)
      if (branch === undefined || !branch.active || branch.kind !== method.branch_kind) {
        return yield* refuse(checkoutFlashKeys.branchUnavailable)
      }
      return { method, branchId: branch.branch_id as number | null, addressId: null as number | null }
    }
    const shipping = ctx.shippingAddress
    if (shipping === undefined) return yield* refuse(checkoutFlashKeys.deliveryAddressRequired)
    return { method, branchId: null as number | null, addressId: shipping.address_id as number | null }
  })

/** Clears the selected billing method when the deliveries no longer allow it; answers the notice to show, if any. */
const dropIncompatiblePayment = (session: SessionData) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const code = ctx.state.billingMethodCode
    if (code === null) return [] as ReadonlyArray<FlashMessage>
    const method = (yield* billingMethodsFor(ctx))[code]
    if (method !== undefined && method.invalid !== true) return [] as ReadonlyArray<FlashMessage>
    const sql = yield* SqlClient.SqlClient
    yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${session.cartId}`
    return [flash(checkoutFlashKeys.paymentReset, "notice")]
  })

/**
 * Runs a delivery-step change as a cart change (the cart engine's `mutateCart`: locked, one transaction, version
 * bumped, live-data notification) and answers the deliveries after it, with its refusal as an error status (§8),
 * or its notices.
 */
const afterChange = <R>(
  session: SessionData,
  change: Effect.Effect<ReadonlyArray<FlashMessage>, DeliveryRefused | SqlError, R>
) =>
  Effect.gen(function*() {
    const status = yield* mutateCart(session.cartId, () => change).pipe(
      Effect.map((notices): ResponseStatus => (notices.length === 0 ? okResponseStatus : { status: okStatus, flashMessages: notices })),
      Effect.catchTag("DeliveryRefused", (refused) => Effect.succeed(errorStatus(...refused.flashes))),
      Effect.catchTag("CartNotFound", () => Effect.succeed(errorStatus(genericErrorFlash())))
    )
    return yield* deliveryResponse(yield* loadContext(session), status)
  })

/** Selects a delivery method (§7 select-delivery-method); `undefined` when the delivery is unknown (404). */
export const selectDeliveryMethod = (session: SessionData, choice: MethodChoice) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, choice.deliveryId)
    if (group === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      if (group.kind === "digital") return yield* refuse(checkoutFlashKeys.methodNotOffered)
      const chosen = yield* validateChoice(ctx, group, choice)
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO cart_deliveries (cart_id, delivery_key, delivery_method_id, branch_id, address_id)
        VALUES (${session.cartId}, ${group.id}, ${chosen.method.delivery_method_id}, ${chosen.branchId}, ${chosen.addressId})
        ON CONFLICT (cart_id, delivery_key) DO UPDATE SET delivery_method_id = excluded.delivery_method_id,
          branch_id = excluded.branch_id, address_id = excluded.address_id, selected_at = now()`
      return yield* dropIncompatiblePayment(session)
    }))
  })

/** Adds or removes the insurance of a delivery (§7); needs a selected method; `undefined` when unknown (404). */
export const selectDeliveryInsurance = (session: SessionData, deliveryId: string, selected: boolean) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      if (!ctx.selections.has(group.id)) return yield* refuse(checkoutFlashKeys.insuranceNeedsMethod)
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE cart_deliveries SET insurance = ${selected} WHERE cart_id = ${session.cartId} AND delivery_key = ${group.id}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/** Chooses or drops the campaign (§7 select-campaign); an unknown campaign is refused with a flash. */
export const selectCampaign = (session: SessionData, campaignId: string, selected: boolean) =>
  afterChange(session, Effect.gen(function*() {
    if (campaignId !== campaign.id) return yield* refuse(checkoutFlashKeys.campaignUnknown)
    const sql = yield* SqlClient.SqlClient
    yield* sql`UPDATE carts SET campaign_id = ${selected ? campaignId : null} WHERE cart_id = ${session.cartId}`
    return [] as ReadonlyArray<FlashMessage>
  }))

/** Chooses a delivery strategy (§7 delivery-strategy); one the cart is not offered is refused with a flash. */
export const selectStrategy = (session: SessionData, strategy: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    return yield* afterChange(session, Effect.gen(function*() {
      if (!(availableStrategies(ctx) as ReadonlyArray<string>).includes(strategy)) return yield* refuse(checkoutFlashKeys.strategyUnavailable)
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE carts SET delivery_strategy = ${strategy} WHERE cart_id = ${session.cartId}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/**
 * Clears selections by reset mode (§4, §7 clean-selected-delivery) with the domain's `resetSelection`: RESET_ALL
 * clears every selection, RESET_WITHOUT_PUPS keeps pick-up point selections; of one delivery or of all. A named
 * delivery the cart does not have is refused with a flash (the contract has no 404 here).
 */
export const cleanSelectedDelivery = (session: SessionData, mode: ResetMode, deliveryId?: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (deliveryId !== undefined && findGroup(ctx, deliveryId) === undefined) {
      return yield* deliveryResponse(ctx, errorStatus(flash(checkoutFlashKeys.deliveryUnknown)))
    }
    const deliveries = buildDeliveries(ctx).filter((delivery) => deliveryId === undefined || delivery.deliveryId === deliveryId)
    const cleared = resetSelection(deliveries, mode)
      .filter((delivery) => !(delivery.deliveryMethods ?? []).some(isMethodSelected))
      .map((delivery) => delivery.deliveryId)
      .filter((id) => ctx.selections.has(id))
    return yield* afterChange(session, Effect.gen(function*() {
      if (cleared.length > 0) {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM cart_deliveries WHERE cart_id = ${session.cartId} AND delivery_key IN ${sql.in(cleared)}`
      }
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/** Clears the selection of one delivery (§7 deselect delivery); `undefined` when the delivery is unknown. */
export const deselectDelivery = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (findGroup(ctx, deliveryId) === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`DELETE FROM cart_deliveries WHERE cart_id = ${session.cartId} AND delivery_key = ${deliveryId}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/**
 * Why the selection of a delivery no longer holds, if it does not: its transport is no longer offered or
 * available, or its branch closed.
 */
export const selectionProblem = (ctx: CheckoutContext, group: DeliveryGroup): string | undefined => {
  const selection = ctx.selections.get(group.id)
  if (selection === undefined) return undefined
  const method = selectedMethodRow(ctx, group)
  if (method === undefined || !transportAvailable(method, group)) return checkoutFlashKeys.deliveryNoLongerAvailable
  if (method.branch_kind !== null) {
    const branch = selection.branch_id === null ? undefined : ctx.branches.get(selection.branch_id)
    if (branch === undefined || !branch.active || branch.kind !== method.branch_kind) return checkoutFlashKeys.deliveryNoLongerAvailable
  }
  return undefined
}

/**
 * Checks the selected method of one delivery (§7 check-delivery-method, read-only): a selection that no longer
 * holds answers a warning flash with status error. `undefined` when the delivery is unknown.
 */
export const checkDeliveryMethod = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const problem = selectionProblem(ctx, group)
    return yield* deliveryResponse(ctx, problem === undefined ? okResponseStatus : errorStatus(flash(problem, "warning")))
  })

/**
 * The branches the customer used in earlier orders for the kinds of branch this delivery offers (§3
 * customerHistory), most recent first; `"login"` for a guest (§6), `undefined` when the delivery is unknown.
 */
export const customerHistory = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (!mayEnterShipping(ctx.customer)) return "login" as const
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<BranchRow>`
      SELECT b.branch_id, b.code, b.kind, b.pup_type_id, b.name, b.street, b.city, b.zip, b.post_address, b.lat, b.lng,
             b.cash_and_carry, b.opening_hours, b.active
      FROM (
        SELECT (d ->> 'branchId')::integer AS branch_id, max(o.created_at) AS used_at
        FROM orders o, jsonb_array_elements(o.deliveries) d
        WHERE o.customer_id = ${session.customerId} AND o.shop_id = ${session.shopId}
          AND jsonb_typeof(d -> 'branchId') = 'number'
        GROUP BY 1
      ) h JOIN branches b ON b.branch_id = h.branch_id
      WHERE b.active
      ORDER BY h.used_at DESC, b.branch_id
      LIMIT ${maxBranchResults}`
    const kinds = new Set(branchKindsOf(ctx, group))
    const history = rows.filter((row) => kinds.has(row.kind)).map(branchOf)
    return { ...(yield* deliveryResponse(ctx)), customerHistory: history, history }
  })

// -----------------------------------------------------------------------------------------------
// branch search
// -----------------------------------------------------------------------------------------------

/** The branch kinds a delivery can be picked up at. */
export const branchKindsOf = (ctx: CheckoutContext, group: DeliveryGroup): ReadonlyArray<string> => [
  ...new Set(methodsOf(ctx, group).flatMap((method) => (method.branch_kind === null ? [] : [method.branch_kind])))
]

const squaredDistance = (a: { readonly lat: number; readonly lng: number }, b: { readonly lat: number; readonly lng: number }) =>
  (a.lat - b.lat) ** 2 + ((a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180)) ** 2

/** Places for the typed query (§7 geo-suggestions): cities or zips of the shop's branches, with their centre. */
export const geoSuggestions = (session: SessionData, query: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cityPattern = `${escapeLike(query)}%`
    const zipPattern = `${escapeLike(query.replace(/[\s-]+/g, ""))}%`
    const rows = yield* sql<{ city: string; lat: number; lng: number; zip: string }>`
      SELECT city, avg(lat)::float8 AS lat, avg(lng)::float8 AS lng, min(zip) AS zip
      FROM branches
      WHERE shop_id = ${session.shopId} AND active
        AND (city ILIKE ${cityPattern} OR regexp_replace(zip, '[ -]', '', 'g') LIKE ${zipPattern})
      GROUP BY city ORDER BY city LIMIT 10`
    return rows.map((row) => ({ title: row.city, lat: row.lat, lng: row.lng, zip: row.zip }))
  })

/**
 * The branches of a delivery (§7 branches-basic), optionally of one pick-up type, with the pick-up types, the
 * preferred branches (the cash-and-carry shops nearest the shipping address, else the shop's fallback location)
 * and the new branches (the latest added); `undefined` when the delivery is unknown.
 */
export const branchesBasic = (session: SessionData, deliveryId: string, pupTypeId?: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const kinds = branchKindsOf(ctx, group)
    const rows = kinds.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches
      WHERE shop_id = ${session.shopId} AND active AND kind IN ${sql.in(kinds)}
        AND (${pupTypeId ?? null}::text IS NULL OR pup_type_id = ${pupTypeId ?? null})
      ORDER BY branch_id`
    const shipping = ctx.shippingAddress
    const centre = shipping !== undefined && shipping.lat !== null && shipping.lng !== null
      ? { lat: shipping.lat, lng: shipping.lng }
      : ctx.shop.fallbackLocation
    const preferred = rows
      .filter((row) => row.cash_and_carry)
      .sort((a, b) => squaredDistance(a, centre) - squaredDistance(b, centre))
      .slice(0, featuredBranchCount)
    const newest = [...rows].sort((a, b) => b.branch_id - a.branch_id).slice(0, featuredBranchCount)
    return {
      ...(yield* deliveryResponse(ctx)),
      branches: rows.map(branchOf),
      preferredBranches: preferred.map(branchOf),
      newBranches: newest.map(branchOf),
      searchSelection: { deliveries: [group.id] }
    }
  })

/** Branches of the delivery whose name, address, zip or code contains the term (§7); `undefined` when unknown. */
export const autoCompleteBranches = (session: SessionData, deliveryId: string, term: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const kinds = branchKindsOf(ctx, group)
    const pattern = `%${escapeLike(term)}%`
    const rows = kinds.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches
      WHERE shop_id = ${session.shopId} AND active AND kind IN ${sql.in(kinds)}
        AND (name ILIKE ${pattern} OR street ILIKE ${pattern} OR city ILIKE ${pattern} OR zip ILIKE ${pattern}
             OR code ILIKE ${pattern})
      ORDER BY name, branch_id LIMIT ${maxBranchResults}`
    return { ...(yield* deliveryResponse(ctx)), branches: rows.map(branchOf), searchSelection: { deliveries: [group.id] } }
  })

const openingHoursOf = (value: unknown): ReadonlyArray<{ readonly day: string; readonly hours: string }> =>
  Object.entries(readRecord(value)).flatMap(([day, hours]) => (typeof hours === "string" ? [{ day, hours }] : []))

const transportForBranch = (ctx: CheckoutContext, group: DeliveryGroup, branch: BranchRow) =>
  methodsOf(ctx, group).find((method) => method.branch_kind === branch.kind)

/** One branch with its details (§7 branch-detail); `"delivery"` / `"branch"` say which is unknown. */
export const branchDetail = (session: SessionData, deliveryId: string, branchId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return "delivery" as const
    const branch = yield* loadBranch(session.shopId, branchId)
    if (branch === undefined || !branch.active) return "branch" as const
    const transport = transportForBranch(ctx, group, branch)
    return {
      status: okResponseStatus,
      branch: {
        ...branchOf(branch),
        description: branch.post_address ?? `${branch.street}, ${branch.zip} ${branch.city}`,
        openingHours: openingHoursOf(branch.opening_hours),
        ...(transport === undefined ? {} : { earliestDate: transportEarliestDate(ctx, transport, group) })
      }
    }
  })

/**
 * Which of the asked branches can serve the delivery (§7 branches-confirm-availability): active, of a kind the
 * delivery offers, with an available transport; unknown ids answer unavailable. `undefined` when the delivery is
 * unknown.
 */
export const confirmBranchAvailability = (session: SessionData, deliveryId: string, branchIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const numeric = [...new Set(branchIds.filter((id) => /^[1-9][0-9]{0,8}$/.test(id)).map(Number))]
    const rows = numeric.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches WHERE shop_id = ${session.shopId} AND branch_id IN ${sql.in(numeric)}`
    return {
      status: okResponseStatus,
      branches: branchIds.map((id) => {
        const branch = rows.find((row) => String(row.branch_id) === id)
        const transport = branch === undefined || !branch.active ? undefined : transportForBranch(ctx, group, branch)
        return transport === undefined || !transportAvailable(transport, group)
          ? { id, available: false }
          : { id, available: true, earliestDate: transportEarliestDate(ctx, transport, group) }
      })
    }
  })

// -----------------------------------------------------------------------------------------------
// tag-manager data
// -----------------------------------------------------------------------------------------------

/** A JSON value (tag data is opaque JSON on the wire). */
export type Json = null | number | boolean | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** The checkout step each tag-manager step (1..5) stands for (ours: 2 customer, 3 and 4 the shipping step). */
export const tagStepCheckoutStep: { readonly [step: number]: TagCheckoutStep } = {
  1: "preview",
  2: "customer",
  3: "shipping",
  4: "shipping",
  5: "confirmation"
}

/** The tag-manager step of a checkout step (1 preview, 2 customer, 3 shipping, 5 confirmation). */
export const tagStepOf = (step: CheckoutStep): number =>
  step === "preview" ? 1 : step === "customer" ? 2 : step === "shipping" ? 3 : 5

/** A product line as tag events read it. */
export interface TagLine {
  readonly productId: number | null
  readonly bonusSetId: number | null
  readonly variantId: number | null
  readonly title: string
  readonly brand: string | null
  readonly categoryPath: string | null
  /** The line's price for all its pieces. */
  readonly price: number
  readonly count: number
}

/** The tag lines of a cart. */
export const tagLinesOf = (ctx: CheckoutContext): ReadonlyArray<TagLine> =>
  ctx.state.lines.map((line) => {
    const product = line.productId === null ? undefined : ctx.details.products.get(line.productId)
    return {
      productId: line.productId,
      bonusSetId: line.bonusSetId,
      variantId: line.variantId,
      title: line.title,
      brand: product?.brand ?? null,
      categoryPath: product?.categoryPath ?? null,
      price: lineValue(line),
      count: line.count
    }
  })

/** One product of a tag event, at its unit price (§5: the quantity-based price divided by the quantity). */
export const tagProduct = (line: TagLine): { readonly [key: string]: Json } => {
  const product = withUnitPriceForQueue({ price: line.price, quantity: line.count })
  return {
    id: line.productId === null ? `bonus-set-${line.bonusSetId ?? 0}` : String(line.productId),
    name: line.title,
    brand: line.brand,
    category: line.categoryPath,
    variant: line.variantId === null ? null : String(line.variantId),
    price: round2(product.price),
    quantity: product.quantity
  }
}

/** The checkout tag event of a tag step (§4 queue). */
export const checkoutTagEvent = (step: number, lines: ReadonlyArray<TagLine>): Json => ({
  event: "checkout",
  ecommerce: { checkout: { actionField: { step }, products: lines.map(tagProduct) } }
})

/** The figures of a purchase tag event. */
export interface PurchaseFigures {
  readonly revenue: number
  readonly tax: number
  readonly shipping: number
}

/** The purchase tag event (§4 step 5); `purchaseId` is {@link purchaseIdPlaceholder} until the order exists. */
export const purchaseTagEvent = (purchaseId: string, currency: string, figures: PurchaseFigures, lines: ReadonlyArray<TagLine>): Json => ({
  event: "purchase",
  ecommerce: {
    currencyCode: currency,
    purchase: {
      actionField: { id: purchaseId, revenue: figures.revenue, tax: figures.tax, shipping: figures.shipping },
      products: lines.map(tagProduct)
    }
  }
})

/** The data-layer data pushed as is for a tag step (§2: the virtual pageview of the step, page numbers 1, 3, 3, 5). */
export const dataLayerFor = (shop: Shop, step: number, customer: Customer): Json => {
  const checkoutStep = tagStepCheckoutStep[step] ?? "preview"
  return {
    ...virtualPageview({}, checkoutStep, tagManagerPageNumbers[checkoutStep]),
    pageType: "checkout",
    shopId: shop.shopId,
    currency: shop.currency,
    tagStep: step,
    accountType: customer.id === null || customer.id === undefined ? "guest" : "registered"
  }
}

const cartFigures = (ctx: CheckoutContext): PurchaseFigures => {
  const shipping = round2(ctx.groups.reduce((sum, group) => sum + (selectionPrice(ctx, group) ?? 0), 0))
  return { revenue: ctx.totals.total, tax: round2(ctx.totals.total - ctx.totals.totalNoVat), shipping }
}

/**
 * The tag data of a tag step (§4, §7 load-gtm): the data layer, the queue of the step, and for the prefetching
 * steps 3 and 4 the queues of their later steps, with step 5's purchase carrying the purchase-id placeholder. Step 5
 * answers the session's last order with its real order number.
 */
export const tagDataFor = (session: SessionData, step: number) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const shop = ctx.shop
    if (step === 5) {
      const order = yield* lastSessionOrder(session)
      const queue = order === undefined ? [] : [purchaseTagEvent(order.orderNumber, shop.currency, order, order.lines)]
      return {
        status: okResponseStatus,
        step,
        dataLayerDirectData: dataLayerFor(shop, step, ctx.customer),
        queue,
        step5: { purchaseId: order?.orderId ?? null, queue }
      }
    }
    const lines = tagLinesOf(ctx)
    const prefetch = prefetchStepsFor(step)
    return {
      status: okResponseStatus,
      step,
      dataLayerDirectData: dataLayerFor(shop, step, ctx.customer),
      queue: [checkoutTagEvent(step, lines), ...prefetch.filter((later) => later < 5).map((later) => checkoutTagEvent(later, lines))],
      ...(prefetch.includes(5)
        ? { step5: { purchaseId: purchaseIdPlaceholder, queue: [purchaseTagEvent(purchaseIdPlaceholder, shop.currency, cartFigures(ctx), lines)] } }
        : {})
    }
  })

/**
 * The tag-manager step of the session's checkout now (§2): 5 right after an order (empty cart, an order placed in
 * the session), else the step the cart and customer allow ({@link showableStep} from shipping).
 */
export const currentTagStep = (session: SessionData) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (ctx.state.lines.length === 0 && (yield* sessionOrderIds(session)).length > 0) return 5
    return tagStepOf(showableStep(ctx, "shipping"))
  })

/**
 * Transforms dimension data into data-layer data (§7 transform-dimension-data): each key of an object becomes
 * `dimension{key}` when numeric (kept as is otherwise); scalars become strings, arrays are joined by `|`, objects
 * become JSON text, `null` stays. Anything but an object answers `undefined` (refused).
 */
export const transformDimensionData = (data: unknown): { readonly [key: string]: Json } | undefined => {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const text = (value: unknown): string => (typeof value === "object" && value !== null ? JSON.stringify(value) : String(value))
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([key, value]) => [
      /^[0-9]+$/.test(key) ? `dimension${key}` : key,
      value === null ? null : Array.isArray(value) ? value.map(text).join("|") : text(value)
    ])
  )
}

/** The tag data of a product removed from the cart (§7 removed-item tag data); an empty queue for an unknown product. */
export const removedProductTagData = (session: SessionData, productId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ product_id: number; title: string; brand: string; category: string; variant_id: number | null; price: number | null }>`
      SELECT p.product_id, p.title, p.brand, c.title AS category, v.variant_id, pr.price::float8 AS price
      FROM products p
      JOIN categories c ON c.category_id = p.main_category_id
      LEFT JOIN variants v ON v.product_id = p.product_id AND v.is_default
      LEFT JOIN prices pr ON pr.variant_id = v.variant_id
      WHERE p.product_id = ${productId} AND p.shop_id = ${session.shopId}
      LIMIT 1`
    const row = rows[0]
    const queue: ReadonlyArray<Json> = row === undefined ? [] : [{
      event: "removeFromCart",
      ecommerce: {
        currencyCode: shopOf(session).currency,
        remove: {
          products: [{
            id: String(row.product_id),
            name: row.title,
            brand: row.brand,
            category: row.category,
            variant: row.variant_id === null ? null : String(row.variant_id),
            price: row.price ?? 0,
            quantity: 1
          }]
        }
      }
    }]
    return { status: okResponseStatus, queue }
  })

/**
 * Custom dimension 17 (§7 dimension17, ours): account type, customer status, VIP program and shop, joined by `|`
 * (`registered|gold|vip_program|CZ10MA`, `-` for a missing part).
 */
export const dimension17 = (session: SessionData) =>
  Effect.gen(function*() {
    const customer = yield* customerView(session)
    const status = customer.id === null || customer.id === undefined ? "-" : customer.status === "2" ? "gold" : "silver"
    return [customer.id === null || customer.id === undefined ? "guest" : "registered", status, customer.vipType ?? "-", session.shopId].join("|")
  })

// -----------------------------------------------------------------------------------------------
// orders
// -----------------------------------------------------------------------------------------------

/** A placed order as the confirmation, tracking and tag data read it. */
export interface PlacedOrder extends PurchaseFigures {
  readonly orderId: number
  readonly orderNumber: string
  readonly token: string
  readonly customerId: number | null
  readonly pickupCode: string | null
  readonly createdAt: Date
  readonly lines: ReadonlyArray<TagLine>
  /** The order's items as §3 cart articles (`articleId` is the order item id). */
  readonly items: ReadonlyArray<CartArticle>
}

interface OrderRow {
  readonly order_id: number
  readonly order_number: string
  readonly confirmation_token: string
  readonly customer_id: number | null
  readonly total: number
  readonly total_no_vat: number
  readonly deliveries: unknown
  readonly pickup_code: string | null
  readonly created_at: Date
}

interface OrderItemRow {
  readonly order_item_id: number
  readonly article_type: "variant" | "bonus_set"
  readonly marketplace_partner_id: number | null
  readonly variant_id: number | null
  readonly bonus_set_id: number | null
  readonly product_id: number | null
  readonly title: string
  readonly brand: string | null
  readonly category_path: string | null
  readonly count: number
  readonly total_price: number
}

const loadOrderWhere = (where: "id" | "token" | "number", value: string | number, shopId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const condition = where === "id"
      ? sql`order_id = ${Number(value)}`
      : where === "token" ? sql`confirmation_token = ${String(value)}` : sql`order_number = ${String(value)}`
    const rows = yield* sql<OrderRow>`
      SELECT order_id, order_number, confirmation_token, customer_id, total::float8 AS total,
             total_no_vat::float8 AS total_no_vat, deliveries, pickup_code, created_at
      FROM orders WHERE ${condition} AND shop_id = ${shopId}`
    const order = rows[0]
    if (order === undefined) return undefined
    const items = yield* sql<OrderItemRow>`
      SELECT order_item_id, article_type, marketplace_partner_id, variant_id, bonus_set_id, product_id, title, brand,
             category_path, count, total_price::float8 AS total_price
      FROM order_items WHERE order_id = ${order.order_id} ORDER BY order_item_id`
    const deliveries = Array.isArray(order.deliveries) ? order.deliveries : []
    return {
      orderId: order.order_id,
      orderNumber: order.order_number,
      token: order.confirmation_token,
      customerId: order.customer_id,
      pickupCode: order.pickup_code,
      createdAt: new Date(order.created_at),
      revenue: order.total,
      tax: round2(order.total - order.total_no_vat),
      shipping: round2(deliveries.reduce((sum: number, delivery: unknown) => sum + Number(readRecord(delivery)["price"] ?? 0), 0)),
      lines: items.map((item): TagLine => ({
        productId: item.product_id,
        bonusSetId: item.bonus_set_id,
        variantId: item.variant_id,
        title: item.title,
        brand: item.brand,
        categoryPath: item.category_path,
        price: item.total_price,
        count: item.count
      })),
      items: items.map((item): CartArticle => ({
        articleId: item.order_item_id,
        count: item.count,
        ...(item.variant_id === null ? {} : { variantId: item.variant_id }),
        ...(item.bonus_set_id === null ? {} : { bonusSetId: item.bonus_set_id }),
        marketplacePartnerId: item.marketplace_partner_id === null ? null : String(item.marketplace_partner_id),
        type: item.article_type,
        title: item.title
      }))
    } satisfies PlacedOrder
  })

/** An order of the shop by id. */
export const loadOrderById = (shopId: string, orderId: number) => loadOrderWhere("id", orderId, shopId)

/** An order of the shop by its confirmation token. */
export const loadOrderByToken = (shopId: string, token: string) => loadOrderWhere("token", token, shopId)

/** An order of the shop by its order number. */
export const loadOrderByNumber = (shopId: string, orderNumber: string) => loadOrderWhere("number", orderNumber, shopId)

/** The ids of the orders placed in the session (`sessions.data`), newest last. */
export const sessionOrderIds = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ ids: unknown }>`SELECT data -> ${sessionOrdersKey} AS ids FROM sessions WHERE session_id = ${session.sessionId}`
    const ids = rows[0]?.ids
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : []
  })

/** The last order placed in the session, if any. */
export const lastSessionOrder = (session: SessionData) =>
  Effect.gen(function*() {
    const ids = yield* sessionOrderIds(session)
    const last = ids[ids.length - 1]
    return last === undefined ? undefined : yield* loadOrderById(session.shopId, last)
  })

/** Whether the session may see the order: placed in it, or an order of its logged-in customer. */
export const sessionOwnsOrder = (session: SessionData, order: PlacedOrder) =>
  Effect.map(sessionOrderIds(session), (ids) =>
    ids.includes(order.orderId) || (session.customerId !== null && order.customerId === session.customerId))

/** The confirmation url of an order (§2, §3 confirmationUrl): the cart's confirmation step with the token. */
export const confirmationUrlOf = (shop: Shop, token: string): string =>
  `${shop.urlKeys.cart}${checkoutStepTable.confirmation.locationSuffix}?token=${encodeURIComponent(token)}`

/** A new confirmation token: 32 random bytes, base64url (unguessable; shows the order without a session). */
export const newConfirmationToken = (): string => randomBytes(32).toString("base64url")

// -----------------------------------------------------------------------------------------------
// the step machine
// -----------------------------------------------------------------------------------------------

/**
 * The step the page may show when it asks for `requested` (§2, §4): the preview always; with an empty cart only the
 * preview; a shipping context needs a customer who may enter shipping (logged in or waiting for confirmation), then
 * a filled address (`effectiveStep`), else the customer step. Confirmation is shown as shipping until an order is
 * placed.
 */
export const showableStep = (ctx: CheckoutContext, requested: CheckoutStep): CheckoutStep => {
  if (requested === "preview" || ctx.state.lines.length === 0) return "preview"
  if (isShippingContext(requested) && !mayEnterShipping(ctx.customer)) return "customer"
  return effectiveStep(requested === "confirmation" ? "shipping" : requested, ctx.customer)
}

/** The answer of a step, with the deliveries and payments on the shipping step. */
const stepAnswer = (ctx: CheckoutContext, step: CheckoutStep, status: ResponseStatus) =>
  Effect.gen(function*() {
    const tagStep = tagStepOf(step)
    const lines = tagLinesOf(ctx)
    const deliveries = step === "shipping" ? buildDeliveries(ctx) : undefined
    return {
      status,
      step: flowNumberOf(step),
      cart: cartOf(ctx, deliveries ?? []),
      customer: ctx.customer,
      dataLayerDirectData: dataLayerFor(ctx.shop, tagStep, ctx.customer),
      queue: [checkoutTagEvent(tagStep, lines)],
      ...(deliveries === undefined
        ? {}
        : { deliveries, billingMethods: yield* billingMethodsFor(ctx), campaignBar: campaignBarOf(ctx) })
    } satisfies StepResponse
  })

/** The answer of the confirmation step: the placed order (§3 purchase, purchaseId, confirmationUrl) and step5. */
const confirmationAnswer = (session: SessionData, order: PlacedOrder, customer: Customer) =>
  Effect.gen(function*() {
    const shop = shopOf(session)
    const purchase = yield* loadPurchase(session.sessionId, session.cartId)
    const queue = [purchaseTagEvent(order.orderNumber, shop.currency, order, order.lines)]
    return {
      status: okResponseStatus,
      step: flowNumberOf("confirmation"),
      customer,
      cart: purchase ?? {
        purchaseId: order.orderId,
        confirmationUrl: confirmationUrlOf(shop, order.token),
        purchase: { orderId: order.orderNumber }
      },
      dataLayerDirectData: dataLayerFor(shop, 5, customer),
      queue,
      step5: { purchaseId: order.orderId, orderNumber: order.orderNumber, queue }
    } satisfies StepResponse
  })

/**
 * check-step (§7, read-only): the step to show for the step the page asks for ({@link showableStep}); the
 * confirmation step with an empty cart shows the order the session placed last.
 */
export const checkStep = (session: SessionData, requested: FlowNumber) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const step = stepOfFlowNumber(requested) ?? "preview"
    if (step === "confirmation" && ctx.state.lines.length === 0) {
      const order = yield* lastSessionOrder(session)
      if (order !== undefined) return yield* confirmationAnswer(session, order, ctx.customer)
    }
    return yield* stepAnswer(ctx, showableStep(ctx, step), okResponseStatus)
  })

/** Stock is short for the order: the variants lacking pieces (everything rolled back). */
export class StockShort extends Data.TaggedError("StockShort")<{ readonly variantIds: ReadonlyArray<number> }> {}

/** The cart was ordered meanwhile (a concurrent placement without the same idempotency key). */
export class CartNotOpen extends Data.TaggedError("CartNotOpen")<{}> {}

/** A row of `payment_provider_checks`. */
export interface ProviderCheckRow {
  readonly polls: number
  readonly state: "pending" | "approved" | "rejected"
  readonly reason: string | null
  readonly terms_accepted: boolean | null
  readonly otp_confirmed: boolean
}

/** The provider check of a cart and billing method, if one started. */
export const loadProviderCheck = (cartId: number, code: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<ProviderCheckRow>`
      SELECT polls, state, reason, terms_accepted, otp_confirmed
      FROM payment_provider_checks WHERE cart_id = ${cartId} AND billing_code = ${code}`
    return rows[0]
  })

/**
 * The provider's refusal of the cart for `code`, if any (the deterministic error case): the cart's goods and
 * services after discounts outside {@link providerCheckLimits}.
 */
export const providerRefusal = (ctx: CheckoutContext, code: string): string | undefined => {
  const limits = providerCheckLimits[code]
  const value = ctx.totals.afterDiscounts
  return limits !== undefined && (value < limits.min || value > limits.max) ? checkoutFlashKeys.providerLimit : undefined
}

const isProviderChecked = (code: string): boolean => (backgroundLoadCodes as ReadonlyArray<string>).includes(code)

/**
 * What is still missing before the order can be placed, as flash messages (empty: ready): articles, a filled
 * address, every delivery set (core `areDeliveriesSet`) with selections that still hold, a selectable billing
 * method (core `isSelectable`), and for CZN/CZG an approved provider check with accepted terms (and the one-time
 * code for CZG).
 */
export const orderProblems = (ctx: CheckoutContext) =>
  Effect.gen(function*() {
    if (ctx.state.lines.length === 0) return [flash(checkoutFlashKeys.cartEmpty)]
    if (ctx.customer.hasFilledAddress !== true) return [flash(checkoutFlashKeys.addressRequired, "danger", "form")]
    if (!areDeliveriesSet(buildDeliveries(ctx))) return [flash(checkoutFlashKeys.deliveryNotSelected)]
    const stale = ctx.groups.flatMap((group) => {
      const problem = selectionProblem(ctx, group)
      return problem === undefined ? [] : [problem]
    })
    if (stale[0] !== undefined) return [flash(stale[0])]
    const code = ctx.state.billingMethodCode
    if (code === null) return [flash(checkoutFlashKeys.paymentNotSelected)]
    const method = (yield* billingMethodsFor(ctx))[code]
    if (method === undefined || !isSelectable(method)) return [flash(checkoutFlashKeys.paymentNotAllowed)]
    if (isProviderChecked(code)) {
      const check = yield* loadProviderCheck(ctx.state.cartId, code)
      if (check === undefined || check.state !== "approved" || providerRefusal(ctx, code) !== undefined) {
        return [flash(checkoutFlashKeys.paymentCheckRequired)]
      }
      if (check.terms_accepted !== true) return [flash(checkoutFlashKeys.paymentTermsRequired)]
      if (otpRequiredCodes.includes(code) && !check.otp_confirmed) return [flash(checkoutFlashKeys.paymentOtpRequired)]
    }
    return [] as ReadonlyArray<FlashMessage>
  })

/**
 * Places the order from the session's cart in one transaction (§4, SERVER.md): marks the cart ordered (refused when
 * it no longer is open), decrements the stock of every variant (refusing, and rolling everything back, when one is
 * short), creates the order (number from `order_number_seq`, confirmation token, pick-up code for a pick-up,
 * the cart engine's total, which counts the delivery insurance; the order consents as the delivery step shows them) and
 * its items, uses up the applied discount codes, gives the
 * session a new open cart and records the order in the session. Answers the order id.
 */
export const placeOrder = (ctx: CheckoutContext) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const session = ctx.session
    const customer = yield* sessionCustomer(session)
    return yield* sql.withTransaction(Effect.gen(function*() {
      const ordered = yield* sql<{ cart_id: number }>`
        UPDATE carts SET status = 'ordered', updated_at = now(), version = version + 1
        WHERE cart_id = ${ctx.state.cartId} AND status = 'open' RETURNING cart_id`
      if (ordered.length === 0) return yield* new CartNotOpen()
      const needs = new Map<number, number>()
      for (const line of ctx.state.lines) {
        for (const [variantId, pieces] of stockNeedsOf(line)) needs.set(variantId, (needs.get(variantId) ?? 0) + pieces)
      }
      const short: Array<number> = []
      for (const [variantId, pieces] of [...needs].sort(([a], [b]) => a - b)) {
        const updated = yield* sql<{ variant_id: number }>`
          UPDATE stock SET in_stock = in_stock - ${pieces},
            availability_key = CASE WHEN in_stock - ${pieces} = 0 THEN 'out_of_stock'
                                    WHEN in_stock - ${pieces} <= 3 THEN 'low_stock' ELSE availability_key END
          WHERE variant_id = ${variantId} AND in_stock >= ${pieces} RETURNING variant_id`
        if (updated.length === 0) short.push(variantId)
      }
      if (short.length > 0) return yield* new StockShort({ variantIds: short })
      const deliveries = ctx.groups.map((group) => {
        const method = selectedMethodRow(ctx, group)
        const selection = ctx.selections.get(group.id)
        const branch = selection === undefined || selection.branch_id === null ? undefined : ctx.branches.get(selection.branch_id)
        return {
          deliveryId: group.id,
          deliveredBy: group.kind === "marketplace" ? group.partnerTitle : group.kind === "digital" ? digitalDeliveredBy : ctx.state.shopName,
          isMarketplace: group.kind === "marketplace",
          cartItemIds: group.lines.map((line) => line.itemId),
          ...(method === undefined || selection === undefined
            ? {}
            : {
              method: method.code,
              methodKind: method.method_kind,
              transportId: method.transport_id,
              deliveryType: method.delivery_type,
              title: method.title,
              price: selectionPrice(ctx, group) ?? 0,
              insurance: selection.insurance,
              earliestDate: transportEarliestDate(ctx, method, group),
              ...(branch === undefined ? {} : { branchId: branch.branch_id, branch: branchOf(branch) }),
              ...(selection.address_id === null ? {} : { addressId: selection.address_id })
            })
        }
      })
      const pickup = deliveries.some((d) => d.methodKind !== undefined && (pupMethodKinds as ReadonlyArray<string>).includes(d.methodKind))
      const total = ctx.totals.total
      const totalNoVat = ctx.totals.totalNoVat
      const addresses = {
        billing: ctx.billingAddress === undefined ? null : billingAddressView(ctx.billingAddress),
        shipping: ctx.shippingAddress === undefined ? null : shippingAddressView(ctx.shippingAddress)
      }
      const customerData = {
        email: Option.isSome(customer) ? customer.value.email : null,
        firstname: ctx.customer.firstname ?? null,
        lastname: ctx.customer.lastname ?? null,
        ...readRecord(ctx.row.customer_data)
      }
      const consents = yield* orderConsentsOf(ctx.state.cartId)
      const inserted = yield* sql<{ order_id: number }>`
        INSERT INTO orders (order_number, shop_id, customer_id, cart_id, confirmation_token, currency, total, total_no_vat,
                            discount_total, billing_method_code, billing_selection, deliveries, addresses, customer_data,
                            invoice_note, pickup_code, consents)
        VALUES (nextval('order_number_seq')::text, ${session.shopId}, ${session.customerId}, ${ctx.state.cartId},
                ${newConfirmationToken()}, ${ctx.shop.currency}, ${total}, ${totalNoVat}, ${ctx.totals.discounts.value},
                ${ctx.state.billingMethodCode},
                ${ctx.state.billingSelection === null ? null : JSON.stringify(ctx.state.billingSelection)}::jsonb,
                ${JSON.stringify(deliveries)}::jsonb, ${JSON.stringify(addresses)}::jsonb, ${JSON.stringify(customerData)}::jsonb,
                ${ctx.state.invoiceNote}, ${pickup ? String(randomInt(100_000, 1_000_000)) : null},
                ${JSON.stringify(consents)}::jsonb)
        RETURNING order_id`
      const orderId = inserted[0]!.order_id
      for (const line of ctx.state.lines) {
        const product = line.productId === null ? undefined : ctx.details.products.get(line.productId)
        yield* sql`
          INSERT INTO order_items (order_id, article_type, variant_id, bonus_set_id, product_id, title, brand, category_path,
                                   count, unit_price, total_price, bundles, marketplace_partner_id)
          VALUES (${orderId}, ${line.articleType}, ${line.variantId}, ${line.bonusSetId}, ${line.productId}, ${line.title},
                  ${product?.brand ?? null}, ${product?.categoryPath ?? null}, ${line.count}, ${line.unitPrice}, ${lineValue(line)},
                  ${JSON.stringify(line.bundles.filter((bundle) => bundle.active === true))}::jsonb, ${line.partnerId})`
      }
      yield* sql`UPDATE discount_codes SET used_count = used_count + 1
                 WHERE discount_id IN (SELECT discount_id FROM cart_discounts WHERE cart_id = ${ctx.state.cartId})`
      const fresh = yield* sql<{ cart_id: number }>`
        INSERT INTO carts (shop_id, customer_id) VALUES (${session.shopId}, ${session.customerId}) RETURNING cart_id`
      yield* sql`
        UPDATE sessions SET cart_id = ${fresh[0]!.cart_id}, last_seen_at = now(),
          data = jsonb_set(
                   jsonb_set(data, ARRAY[${sessionOrdersKey}::text],
                             coalesce(data -> ${sessionOrdersKey}, '[]'::jsonb) || to_jsonb(${orderId}::integer)),
                   ARRAY[${lastOrderSessionKey}::text], to_jsonb(${orderId}::integer))
        WHERE session_id = ${session.sessionId}`
      return orderId
    }))
  })

/**
 * next-step (§4, §7): leaves `from` for the next step. Preview goes to customer (not with an empty cart); customer
 * goes to shipping (401 without a customer who may enter shipping, §6; a flash without a filled address, §2);
 * shipping places the order ({@link orderProblems}, {@link placeOrder}) and answers the confirmation; confirmation
 * answers the last order again. A refusal is a flash that keeps the step (§4). Honours the idempotency key (the
 * cart engine's `withIdempotencyKey`): a retry answers the first answer and places nothing; the key reused with
 * another step answers a flash.
 */
export const nextStep = (session: SessionData, from: FlowNumber, idempotencyKey: string | undefined) =>
  withIdempotencyKey(`cartStep.nextStep:${session.sessionId}`, idempotencyKey, Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const current = stepOfFlowNumber(from) ?? "preview"
    const keep = (step: CheckoutStep, flashes: ReadonlyArray<FlashMessage>) => stepAnswer(ctx, step, errorStatus(...flashes))
    const customer = ctx.customer
    switch (current) {
      case "preview": {
        if (ctx.state.lines.length === 0) return yield* keep("preview", [flash(checkoutFlashKeys.cartEmpty)])
        return yield* stepAnswer(ctx, "customer", okResponseStatus)
      }
      case "customer": {
        if (ctx.state.lines.length === 0) return yield* keep("customer", [flash(checkoutFlashKeys.cartEmpty)])
        if (!mayEnterShipping(customer)) return yield* loginRequiredFor(session, stepLocation("shipping", ctx.shop))
        if (effectiveStep("shipping", customer) !== "shipping") {
          return yield* keep("customer", [flash(checkoutFlashKeys.addressRequired, "danger", "form")])
        }
        return yield* stepAnswer(ctx, "shipping", okResponseStatus)
      }
      case "shipping": {
        if (!mayEnterShipping(customer)) return yield* loginRequiredFor(session, stepLocation("shipping", ctx.shop))
        const problems = yield* orderProblems(ctx)
        if (problems.length > 0) return yield* keep("shipping", problems)
        const placed = yield* placeOrder(ctx).pipe(
          Effect.map((orderId): number | string => orderId),
          Effect.catchTag("StockShort", () => Effect.succeed<number | string>(checkoutFlashKeys.stockInsufficient)),
          Effect.catchTag("CartNotOpen", () => Effect.succeed<number | string>(checkoutFlashKeys.cartAlreadyOrdered))
        )
        if (typeof placed === "string") return yield* keep("shipping", [flash(placed)])
        const order = yield* loadOrderById(session.shopId, placed)
        if (order === undefined) return yield* Effect.die(new Error("the placed order is gone"))
        return yield* confirmationAnswer(session, order, customer)
      }
      case "confirmation": {
        const order = yield* lastSessionOrder(session)
        if (order !== undefined) return yield* confirmationAnswer(session, order, customer)
        return yield* stepAnswer(ctx, showableStep(ctx, "confirmation"), okResponseStatus)
      }
    }
  }), { fingerprint: { step: from } })

/** The update-customer data (§7 `data`). */
export interface CustomerData {
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly phone?: string | undefined
  readonly selectedAddresses?: SelectedAddresses | undefined
  readonly allowedNl?: boolean | undefined
  readonly allowedHeureka?: boolean | undefined
}

/**
 * update-customer (§7 `data`): stores the contact data with the cart, the selected addresses (the customer's own,
 * of the right type; -1 names the not-editable billing profile; `null` clears the choice) and, for a logged-in
 * customer, the newsletter and review-invitation choices; in one transaction. An address that is not the
 * customer's is refused with a form flash. Answers the updated customer.
 */
export const updateCustomer = (session: SessionData, data: CustomerData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = session.customerId === null ? [] : yield* addressRows(session.customerId)
    const resolve = (type: "billing" | "shipping", id: number | null | undefined): number | null | "keep" | "unknown" => {
      if (id === undefined) return "keep"
      if (id === null) return null
      const ofType = rows.filter((row) => row.type === type)
      const found = type === "billing" && id === notEditableBillingProfileId
        ? ofType.find((row) => !row.editable)
        : ofType.find((row) => row.address_id === id && (type === "shipping" || row.editable))
      return found === undefined ? "unknown" : found.address_id
    }
    const billing = resolve("billing", data.selectedAddresses?.billing)
    const shipping = resolve("shipping", data.selectedAddresses?.shipping)
    if (billing === "unknown" || shipping === "unknown") {
      return { status: errorStatus(flash(checkoutFlashKeys.addressUnknown, "danger", "form")), customer: yield* customerView(session) }
    }
    const contact = { email: data.email, firstname: data.firstname, lastname: data.lastname, ...(data.phone === undefined ? {} : { phone: data.phone }) }
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`
        UPDATE carts SET customer_data = ${JSON.stringify(contact)}::jsonb,
          billing_address_id = CASE WHEN ${billing === "keep"} THEN billing_address_id ELSE ${billing === "keep" ? null : billing}::integer END,
          shipping_address_id = CASE WHEN ${shipping === "keep"} THEN shipping_address_id ELSE ${shipping === "keep" ? null : shipping}::integer END,
          updated_at = now(), version = version + 1
        WHERE cart_id = ${session.cartId}`
      if (session.customerId !== null) {
        yield* sql`
          UPDATE customers SET
            allowed_nl = coalesce(${data.allowedNl ?? null}::boolean, allowed_nl),
            allowed_heureka = coalesce(${data.allowedHeureka ?? null}::boolean, allowed_heureka),
            updated_at = now()
          WHERE customer_id = ${session.customerId}`
      }
    }))
    return { status: okResponseStatus, customer: yield* customerView(session) }
  })

// -----------------------------------------------------------------------------------------------
// the payment provider check (simulated)
// -----------------------------------------------------------------------------------------------

/** The answer of load: `pending` (202) or the billing methods with the check's outcome (200). */
export type ProviderLoadAnswer =
  | { readonly _tag: "pending"; readonly status: ResponseStatus }
  | { readonly _tag: "done"; readonly status: ResponseStatus; readonly billingMethods: BillingMethods }

/**
 * load of the payment provider check (§4, §7, §9): for a cart whose selected method is CZN or CZG, the first
 * {@link providerPendingPolls} polls answer pending (202); the next answers 200 with the billing methods and the
 * outcome: approved, or refused (the method marked invalid and an `err_` flash, §8) when the cart is outside the
 * provider's limits. A cart the core's `isBackgroundLoadEligible` refuses (marketplace items or a discount) is
 * refused at once; a cart without a provider-checked method answers its billing methods at once.
 */
export const providerLoad = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ctx = yield* loadContext(session)
    const methods = yield* billingMethodsFor(ctx)
    const code = ctx.state.billingMethodCode
    if (code === null || !isProviderChecked(code)) {
      return { _tag: "done", status: okResponseStatus, billingMethods: methods } satisfies ProviderLoadAnswer
    }
    const coreCart = {
      articles: ctx.state.lines.map((line) => ({
        articleId: line.itemId,
        count: line.count,
        marketplacePartnerId: line.partnerId === null ? null : String(line.partnerId)
      })),
      discounts: { codes: ctx.totals.discounts.codes, value: ctx.totals.discounts.value }
    }
    const refusedAtOnce = isBackgroundLoadEligible(code, coreCart) ? undefined : checkoutFlashKeys.providerNotEligible
    // One transaction: the poll is counted and the outcome recorded together.
    const outcome = yield* sql.withTransaction(Effect.gen(function*() {
      const rows = yield* sql<ProviderCheckRow>`
        INSERT INTO payment_provider_checks (cart_id, billing_code, polls) VALUES (${ctx.state.cartId}, ${code}, 1)
        ON CONFLICT (cart_id, billing_code) DO UPDATE SET polls = payment_provider_checks.polls + 1, updated_at = now()
        RETURNING polls, state, reason, terms_accepted, otp_confirmed`
      const check = rows[0]!
      if (refusedAtOnce === undefined && check.state === "pending" && check.polls <= providerPendingPolls) {
        return { pending: true as const }
      }
      const refusal = refusedAtOnce ?? providerRefusal(ctx, code)
      yield* sql`UPDATE payment_provider_checks SET state = ${refusal === undefined ? "approved" : "rejected"},
                   reason = ${refusal ?? null}, updated_at = now()
                 WHERE cart_id = ${ctx.state.cartId} AND billing_code = ${code}`
      return { pending: false as const, refusal }
    }))
    if (outcome.pending) {
      return { _tag: "pending", status: { status: providerPendingStatusText } } satisfies ProviderLoadAnswer
    }
    const refusal = outcome.refusal
    const method = methods[code]
    return {
      _tag: "done",
      status: refusal === undefined ? okResponseStatus : errorStatus(flash(refusal)),
      billingMethods: refusal === undefined || method === undefined ? methods : { ...methods, [code]: { ...method, invalid: true } }
    } satisfies ProviderLoadAnswer
  })

/** Whether `code` is a provider-checked billing method of the shop. */
const isProviderMethod = (shopId: string, code: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ code: string }>`
      SELECT code FROM billing_methods WHERE shop_id = ${shopId} AND code = ${code} AND active AND provider_check IS NOT NULL`
    return rows.length > 0
  })

/** A terms, enrich or otp call of the provider check (§7). */
export type ProviderAction =
  | { readonly _tag: "terms"; readonly billingMethodId: string; readonly accepted: boolean }
  | { readonly _tag: "enrich"; readonly billingMethodId: string; readonly data: Readonly<Record<string, string>> }
  | { readonly _tag: "otp"; readonly billingMethodId: string; readonly code: string }

/**
 * terms / enrich / otp of the provider check (§7): records the terms acceptance, merges the extra data, confirms
 * the one-time code. Refused with an `err_` flash (§8) for a method without a provider check, for enrich and otp
 * before the check started, for too much data, and for a code of only zeros (the simulated wrong code).
 */
export const providerAction = (session: SessionData, action: ProviderAction) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const code = action.billingMethodId
    if (!(yield* isProviderMethod(session.shopId, code))) return { status: errorStatus(flash(checkoutFlashKeys.providerUnknownMethod)) }
    if (action._tag === "terms") {
      yield* sql`
        INSERT INTO payment_provider_checks (cart_id, billing_code, terms_accepted) VALUES (${session.cartId}, ${code}, ${action.accepted})
        ON CONFLICT (cart_id, billing_code) DO UPDATE SET terms_accepted = excluded.terms_accepted, updated_at = now()`
      return { status: okResponseStatus }
    }
    if ((yield* loadProviderCheck(session.cartId, code)) === undefined) {
      return { status: errorStatus(flash(checkoutFlashKeys.providerNotStarted)) }
    }
    if (action._tag === "enrich") {
      const entries = Object.entries(action.data)
      if (
        entries.length > enrichLimits.fields ||
        entries.some(([key, value]) => key.length > enrichLimits.keyLength || value.length > enrichLimits.valueLength)
      ) {
        return { status: errorStatus(flash(checkoutFlashKeys.providerDataTooLarge)) }
      }
      yield* sql`UPDATE payment_provider_checks SET enrich_data = enrich_data || ${JSON.stringify(action.data)}::jsonb, updated_at = now()
                 WHERE cart_id = ${session.cartId} AND billing_code = ${code}`
      return { status: okResponseStatus }
    }
    if (/^0+$/.test(action.code)) return { status: errorStatus(flash(checkoutFlashKeys.providerOtpInvalid)) }
    yield* sql`UPDATE payment_provider_checks SET otp_confirmed = true, updated_at = now()
               WHERE cart_id = ${session.cartId} AND billing_code = ${code}`
    return { status: okResponseStatus }
  })

/**
 * The revolving credit offer (CZG, §7 get-revolving-offer-detail) for the cart's goods and services after
 * discounts: the instalment count of the selection (`installmentCount`, or the child `CZG_12` → 12; default 12) at
 * the yearly interest of {@link revolvingTerms}; refused with an `err_` flash in a shop without CZG.
 */
export const revolvingOffer = (session: SessionData) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const children = yield* sql<{ code: string; title: string }>`
      SELECT code, title FROM billing_methods
      WHERE shop_id = ${session.shopId} AND active AND (code = ${revolvingPaymentCode} OR parent_code = ${revolvingPaymentCode})`
    if (!children.some((row) => row.code === revolvingPaymentCode)) {
      return { status: errorStatus(flash(checkoutFlashKeys.revolvingUnavailable)) }
    }
    const ctx = yield* loadContext(session)
    const selection = ctx.state.billingMethodCode === revolvingPaymentCode ? ctx.state.billingSelection : null
    const fromCode = /_(\d+)$/.exec(selection?.productCode ?? selection?.cardId ?? "")?.[1]
    const wanted = selection?.installmentCount ?? (fromCode === undefined ? undefined : Number(fromCode))
    const installmentCount = wanted !== undefined && Number.isInteger(wanted) && wanted > 0 ? wanted : revolvingTerms.defaultInstallments
    const principal = ctx.totals.afterDiscounts
    const totalAmount = round2(principal * (1 + (revolvingTerms.interestRate / 100) * (installmentCount / 12)))
    const productCode = `${revolvingPaymentCode}_${installmentCount}`
    return {
      status: okResponseStatus,
      offer: {
        productCode,
        title: children.find((row) => row.code === productCode)?.title ?? productCode,
        creditLimit: revolvingTerms.creditLimit,
        installmentCount,
        installmentAmount: round2(totalAmount / installmentCount),
        totalAmount,
        interestRate: revolvingTerms.interestRate,
        apr: revolvingTerms.apr,
        text: "revolving_offer_text"
      }
    }
  })

/** The pick-up code of an order (§7 getPickupCode), valid {@link pickupCodeValidDays} days; none without a pick-up. */
export const pickupCodeOf = (order: PlacedOrder) =>
  order.pickupCode === null
    ? undefined
    : {
      orderId: order.orderNumber,
      pickupCode: order.pickupCode,
      validTo: isoDate(order.createdAt.getTime() + pickupCodeValidDays * dayMs)
    }
