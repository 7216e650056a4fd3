/**
 * The cart engine's flash keys, errors (not found, refused) and the shape of a change.
 *
 * @module
 */
import { Data } from "effect"
import { SqlClient } from "effect/sql"
import { type FlashMessage, flashMessage } from "../../../../core/domain/flash.ts"
import { Database } from "../../db/Database.ts"
import type { CartState } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// constants and errors
// -----------------------------------------------------------------------------------------------

/**
 * The flash message keys the cart engine answers with (translation keys, as `err_request_timeout` is, §8). Keys of
 * refusals start with `err_`; notices do not.
 */
export const cartFlashKeys = {
  /** The variant or bonus set is out of stock. */
  outOfStock: "err_cart_out_of_stock",
  /** The count asked for is above the stock (§5: increase only while the stock exceeds the count). */
  stockExceeded: "err_cart_stock_exceeded",
  /** A gift's count follows its article and cannot be changed. */
  giftFixed: "err_cart_gift_fixed",
  /** The count was clamped to 1..30 (§5, §9): notice. */
  amountClamped: "cart_amount_clamped",
  /** No discount code with that text exists in the shop. */
  discountUnknown: "err_discount_code_unknown",
  /** The code is inactive or outside its validity. */
  discountExpired: "err_discount_code_expired",
  /** The code was used up (gift certificates are single-use). */
  discountUsed: "err_discount_code_used",
  /** The cart does not reach the code's minimum order value. */
  discountMinOrder: "err_discount_code_min_order",
  /** The code is already applied to the cart. */
  discountAlreadyApplied: "err_discount_code_already_applied",
  /** A sale (D) or action (A) coupon is already applied: one coupon per cart. */
  discountNotCombinable: "err_discount_code_not_combinable",
  /** The code is not applied to the cart (remove). */
  discountNotApplied: "err_discount_code_not_applied",
  /** Codes apply only to a cart with articles. */
  discountCartEmpty: "err_discount_cart_empty",
  /** The code was applied: notice. */
  discountApplied: "discount_code_applied",
  /** The code was removed: notice. */
  discountRemoved: "discount_code_removed",
  /** The billing method (or its child payment) is not offered for this cart. */
  paymentUnavailable: "err_payment_unavailable",
  /** The selected payment was cleared because a gift certificate makes it incompatible with coupons (§4): notice. */
  paymentClearedForCoupons: "payment_cleared_incompatible_with_coupons",
  /** The coupons were moved to the customer's Allegro account: notice. */
  couponsMigrated: "cart_coupons_migrated",
  /** The cart has no coupon to move to Allegro. */
  noCouponsToMigrate: "err_cart_no_coupons_to_migrate",
  /** The call needs a logged-in customer. */
  loginRequired: "err_login_required",
  /** An idempotency key came again with another request. */
  idempotencyKeyReused: "err_idempotency_key_reused"
} as const

/** A flash key of {@link cartFlashKeys}. */
export type CartFlashKey = (typeof cartFlashKeys)[keyof typeof cartFlashKeys]

/**
 * The key of `sessions.data` holding the id of the order last placed in the session: load-purchase reads it (the
 * session's cart is replaced by a new one once the order is placed). Checkout sets it when it places an order.
 */
export const lastOrderSessionKey = "lastOrderId"

/**
 * The order consents of the delivery step (§3 consents), by consent code (ours: optional marketing consents). Their
 * texts and notes per shop language are the rows of `order_consent_texts` (migration 10).
 */
export const orderConsentCodes = ["marketing_1p", "personal_data_3p"] as const

/** What was not found: the cart itself, a cart item, a variant, a bonus set, a bundle offer, a discount code, an order. */
export type CartNotFoundSubject = "cart" | "item" | "variant" | "bonusSet" | "bundle" | "discount" | "order"

/** Something a cart call addresses does not exist (404). */
export class CartNotFound extends Data.TaggedError("CartNotFound")<{
  /** What was not found. */
  readonly subject: CartNotFoundSubject
  /** A message for the problem details. */
  readonly message: string
}> {}

/** A cart change was refused by a business rule (new cart: 200 with status error; legacy cart: 422). */
export class CartRefused extends Data.TaggedError("CartRefused")<{
  /** The flash message to show (category cart). */
  readonly flash: FlashMessage
  /** The request field at fault, when one is. */
  readonly field?: string | undefined
}> {}

/** A {@link CartNotFound} of `subject`. */
export const notFound = (subject: CartNotFoundSubject, message: string) => new CartNotFound({ subject, message })

/** A {@link CartRefused} with the danger flash of `key`, naming the refused `field`. */
export const refused = (key: CartFlashKey, field?: string) =>
  new CartRefused({ flash: flashMessage(key, "danger", "cart"), field })

/** A cart flash message of `key` (a notice unless `type` says otherwise). */
export const notice = (key: CartFlashKey, type: FlashMessage["type"] = "notice"): FlashMessage => flashMessage(key, type, "cart")

/** What a successful change reports besides the new cart: notices to show (e.g. a clamped amount). */
export interface CartChange {
  /** Flash messages for the shopper (category cart). */
  readonly flashes: ReadonlyArray<FlashMessage>
  /**
   * The cart as the change left it, when the change could derive it from the cart state it held locked (see
   * `mutateCart`): the answer is built from it instead of reading the cart again.
   */
  readonly state?: CartState | undefined
}

/** A change with nothing to report. */
export const noFlashes: CartChange = { flashes: [] }

/** What the engine needs: SQL, and the database service for the live-data notification. */
export type CartRequirements = SqlClient.SqlClient | Database
