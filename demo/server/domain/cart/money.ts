/**
 * Cart money: rounding, prices without VAT and the value of applied discounts and coupons.
 *
 * @module
 */
import type { DiscountCode } from "../../../../core/api/entities/cart.ts"
import { roundToCents } from "../../../../core/domain/cart.ts"

// -----------------------------------------------------------------------------------------------
// money
// -----------------------------------------------------------------------------------------------

/** A money amount rounded to cents (half away from zero): the core rule `roundToCents`. */
export const round2 = roundToCents

/** The amount without VAT of an amount with VAT at `vatRate` percent, rounded to cents. */
export const withoutVat = (amount: number, vatRate: number): number => round2(amount / (1 + vatRate / 100))

/** An applied discount as the totals read it (a row of `cart_discounts` joined with its `discount_codes` row). */
export interface AppliedDiscount {
  readonly code: string
  readonly type: "G" | "D" | "A"
  readonly title: string
  readonly amount: number | null
  readonly percent: number | null
  readonly minOrder: number | null
  /** Active and within its validity now. */
  readonly valid: boolean
}

/** The discounts of a cart valued (§3 `discounts {messages, codes, value}`). */
export interface ValuedDiscounts {
  readonly codes: ReadonlyArray<DiscountCode>
  readonly value: number
  readonly messages: ReadonlyArray<string>
}

/** Whether a discount type is a coupon (discount code `D` or gift certificate `A`). */
export const isCoupon = (type: string): boolean => type === "D" || type === "A"

/**
 * Values the applied discounts of a cart whose goods are worth `goods` and whose goods and services are worth
 * `itemsTotal`: coupons (D sale, A action) first, then gift certificates (G); a percentage applies to the goods, a
 * fixed amount as it is; an invalid code, or one whose minimum order the cart no longer reaches, is worth 0 with a
 * message; the sum never exceeds `itemsTotal`.
 */
export const valueDiscounts = (
  applied: ReadonlyArray<AppliedDiscount>,
  goods: number,
  itemsTotal: number
): ValuedDiscounts => {
  const ordered = [...applied.filter((d) => isCoupon(d.type)), ...applied.filter((d) => !isCoupon(d.type))]
  let remaining = Math.max(0, round2(itemsTotal))
  const messages: Array<string> = []
  const codes: Array<DiscountCode> = []
  for (const discount of ordered) {
    let value = 0
    if (!discount.valid) {
      messages.push(`discount_code_not_valid:${discount.code}`)
    } else if (discount.minOrder !== null && itemsTotal < discount.minOrder) {
      messages.push(`discount_code_min_order:${discount.code}`)
    } else {
      const raw = discount.percent !== null ? round2((goods * discount.percent) / 100) : (discount.amount ?? 0)
      value = Math.min(round2(raw), remaining)
    }
    remaining = round2(remaining - value)
    codes.push({ code: discount.code, type: discount.type, title: discount.title, value })
  }
  return { codes, value: round2(codes.reduce((sum, code) => sum + (code.value ?? 0), 0)), messages }
}
