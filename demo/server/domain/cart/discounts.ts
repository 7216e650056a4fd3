/**
 * Discounts and gift certificates: applying, removing and migrating coupons.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { type FlashMessage } from "../../../../core/domain/flash.ts"
import { isIncompatibleWithCoupons } from "../../../../core/domain/payment.ts"
import { cartTotals } from "./entity.ts"
import { type CartChange, cartFlashKeys, CartNotFound, CartRefused, type CartRequirements, notFound, notice, refused } from "./errors.ts"
import { isCoupon } from "./money.ts"
import { mustRead, mutateCart } from "./mutation.ts"
import { type CartState } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// discounts
// -----------------------------------------------------------------------------------------------

interface CodeRow {
  readonly discount_id: number
  readonly code: string
  readonly type: "G" | "D" | "A"
  readonly min_order: number | null
  readonly usable: boolean
  readonly used_up: boolean
}

const isCouponIncompatibleSelection = (state: CartState) =>
  Effect.gen(function*() {
    if (state.billingMethodCode === null) return false
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly provider_check: string | null }>`
      SELECT provider_check FROM billing_methods WHERE shop_id = ${state.shop.shopId} AND code = ${state.billingMethodCode}`
    return rows[0]?.provider_check !== null && rows[0]?.provider_check !== undefined
  })

/**
 * Applies a discount code of the cart's shop (§3 G gift certificate, D sale, A action; matched without regard to
 * case). Refused (flash) when the cart is empty, the code is already applied, inactive or expired, used up, below
 * its minimum order, or a second coupon (one D/A coupon per cart; gift certificates add up). A gift certificate
 * makes provider-checked payments incompatible (§4): such a selected payment is cleared with a notice. An unknown
 * code is {@link CartNotFound}.
 */
export const applyDiscount = (
  cartId: number,
  code: string
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, (cart) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const rows = yield* sql<CodeRow>`
        SELECT discount_id, code, type, min_order::float8 AS min_order,
               (active AND valid_from <= now() AND valid_to >= now()) AS usable,
               (max_uses IS NOT NULL AND used_count >= max_uses) AS used_up
        FROM discount_codes WHERE shop_id = ${cart.shopId} AND upper(code) = upper(${code.trim()})`
      const found = rows[0]
      if (found === undefined) return yield* notFound("discount", `No discount code ${code}`)
      if (state.lines.length === 0) return yield* refused(cartFlashKeys.discountCartEmpty, "code")
      if (state.discounts.some((d) => d.code === found.code)) return yield* refused(cartFlashKeys.discountAlreadyApplied, "code")
      if (!found.usable) return yield* refused(cartFlashKeys.discountExpired, "code")
      if (found.used_up) return yield* refused(cartFlashKeys.discountUsed, "code")
      const totals = cartTotals(state)
      if (found.min_order !== null && totals.itemsTotal < found.min_order) {
        return yield* refused(cartFlashKeys.discountMinOrder, "code")
      }
      if (isCoupon(found.type) && state.discounts.some((d) => isCoupon(d.type))) {
        return yield* refused(cartFlashKeys.discountNotCombinable, "code")
      }
      yield* sql`INSERT INTO cart_discounts (cart_id, discount_id, code, type)
        VALUES (${cartId}, ${found.discount_id}, ${found.code}, ${found.type})`
      const flashes: Array<FlashMessage> = [notice(cartFlashKeys.discountApplied, "success")]
      if (isIncompatibleWithCoupons([{ code: found.code, type: found.type }]) && (yield* isCouponIncompatibleSelection(state))) {
        yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${cartId}`
        flashes.push(notice(cartFlashKeys.paymentClearedForCoupons, "warning"))
      }
      return { flashes }
    }))

/** Removes an applied discount code (matched without regard to case); refused (flash) when it is not applied. */
export const removeDiscount = (
  cartId: number,
  code: string
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql`DELETE FROM cart_discounts WHERE cart_id = ${cartId} AND upper(code) = upper(${code.trim()})
        RETURNING discount_id`
      if (rows.length === 0) return yield* refused(cartFlashKeys.discountNotApplied, "code")
      return { flashes: [notice(cartFlashKeys.discountRemoved, "success")] }
    }))

/**
 * Moves the cart's coupons (sale D and action A codes) to the customer's Allegro account (ours: they leave the
 * cart; gift certificates stay). Refused for a guest or a cart without coupons.
 */
export const migrateCoupons = (
  cartId: number,
  customerId: number | null
): Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      if (customerId === null) return yield* refused(cartFlashKeys.loginRequired)
      const rows = yield* sql`DELETE FROM cart_discounts WHERE cart_id = ${cartId} AND type IN ('D', 'A') RETURNING discount_id`
      if (rows.length === 0) return yield* refused(cartFlashKeys.noCouponsToMigrate)
      return { flashes: [notice(cartFlashKeys.couponsMigrated, "success")] }
    }))
