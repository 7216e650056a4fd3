/**
 * How the lines of a cart split into deliveries (spec §3 deliveries, `isMarketplace`, `deliveredBy`): the shop's own
 * stock, one delivery per marketplace partner, and digital content. Shared by the cart engine (the cart's total
 * counts each delivery's insurance on the delivery's value) and the checkout (the delivery step).
 *
 * @module
 */
import { activeBundlesTotal, digitalContentMaterialType, roundToCents } from "../../../core/domain/cart.ts"
import type { CartLine } from "./cart/reading.ts"

/** The delivery id of the shop's own-stock delivery. */
export const ownDeliveryId = "own"

/** The delivery id of the digital-content delivery (e-mailed, no methods). */
export const digitalDeliveryId = "digital"

/** The prefix of a marketplace partner's delivery id (`mp-{partnerId}`). */
export const marketplaceDeliveryPrefix = "mp-"

/** What a line is worth: its goods and active services (§3 bundles shown times the count). */
export const lineValue = (line: CartLine): number =>
  roundToCents(line.unitPrice * line.count + activeBundlesTotal(line.bundles, line.count))

/** One delivery of the cart: the lines shipped together and who ships them. */
export interface DeliveryGroup {
  readonly id: string
  readonly kind: "own" | "marketplace" | "digital"
  readonly partnerId: number | null
  readonly partnerTitle: string | null
  readonly lines: ReadonlyArray<CartLine>
  /** Goods and services of the delivery. */
  readonly value: number
  readonly pieces: number
}

const isDigitalLine = (line: CartLine): boolean => line.materialType === digitalContentMaterialType

/**
 * Groups the cart lines into deliveries (§3): the shop's own stock, then one delivery per marketplace partner (in
 * the order they first appear), then digital content. Empty groups are left out.
 */
export const groupDeliveries = (lines: ReadonlyArray<CartLine>): ReadonlyArray<DeliveryGroup> => {
  const make = (id: string, kind: DeliveryGroup["kind"], members: ReadonlyArray<CartLine>): DeliveryGroup => ({
    id,
    kind,
    partnerId: kind === "marketplace" ? (members[0]?.partnerId ?? null) : null,
    partnerTitle: kind === "marketplace" ? (members[0]?.partnerTitle ?? null) : null,
    lines: members,
    value: roundToCents(members.reduce((sum, line) => sum + lineValue(line), 0)),
    pieces: members.reduce((sum, line) => sum + line.count, 0)
  })
  const physical = lines.filter((line) => !isDigitalLine(line))
  const own = physical.filter((line) => line.partnerId === null)
  const partners = [...new Set(physical.flatMap((line) => (line.partnerId === null ? [] : [line.partnerId])))]
  const digital = lines.filter(isDigitalLine)
  return [
    ...(own.length > 0 ? [make(ownDeliveryId, "own", own)] : []),
    ...partners.map((partnerId) =>
      make(`${marketplaceDeliveryPrefix}${partnerId}`, "marketplace", physical.filter((line) => line.partnerId === partnerId))),
    ...(digital.length > 0 ? [make(digitalDeliveryId, "digital", digital)] : [])
  ]
}
