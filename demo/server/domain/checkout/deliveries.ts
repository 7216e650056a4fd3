/**
 * Deliveries (shipping step): delivery groups, their methods, transports, prices, earliest dates and payments (§3 Delivery).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Cart } from "../../../../core/api/entities/cart.ts"
import type { Branch, CampaignBar, Delivery, DeliveryMethod, DeliveryPayment, EarliestDate, PupType, SelectedDeliveryMethod, Transport } from "../../../../core/api/entities/delivery.ts"
import { deliveryInsuranceFee } from "../../../../core/domain/cart.ts"
import { deliveryMethodKinds, type DeliveryMethodKind, pupMethodKinds } from "../../../../core/domain/delivery.ts"
import { defaultPaymentLimitation } from "../../../../core/domain/payment.ts"
import { billingAddressView, shippingAddressView } from "../account/addresses.ts"
import { cartEntity } from "../cart/entity.ts"
import { billingMethodsOfState } from "../cart/billingMethods.ts"
import { round2 } from "../cart/money.ts"
import { type DeliveryGroup } from "../deliveryGroups.ts"
import { dayMs, isoDate } from "./common.ts"
import { type BranchRow, type CheckoutContext, type MethodRow, type SelectionRow } from "./context.ts"

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
