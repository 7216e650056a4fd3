/**
 * The new-cart API's envelopes: the cart answer with optional items and billing methods (§7).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { ApiResponse } from "../../../../core/api/entities/envelope.ts"
import type { BillingMethods } from "../../../../core/api/entities/payment.ts"
import { type FlashMessage } from "../../../../core/domain/flash.ts"
import { billingMethodsOfState, type PaymentContext } from "./billingMethods.ts"
import { cartEntity, cartSummary, emptyCart } from "./entity.ts"
import type { CartChange } from "./errors.ts"
import { type CartState, readCartCached } from "./reading.ts"

// -----------------------------------------------------------------------------------------------
// new-cart envelopes
// -----------------------------------------------------------------------------------------------

/** What a new-cart envelope carries besides the status. */
export interface CartResponseOptions {
  /** The whole cart with its articles and billing methods (§7 `extended`); otherwise the cart's summary. */
  readonly extended: boolean
  /** Flash messages of the status. */
  readonly flashes?: ReadonlyArray<FlashMessage> | undefined
  /** Whether the browser can make wallet payments (billing methods are filtered by it). */
  readonly payment: PaymentContext
  /** The cart as the call's change left it ({@link CartChange.state}); read when not given. */
  readonly state?: CartState | undefined
}

/**
 * The new-cart envelope (§7 `status {status, flashMessages}`, `cart`, `cartItems`, `billingMethods`) of `cartId`
 * after a call: status `ok`, or `error` for a refused call (§4, §8: business failures answer 200). Extended answers
 * carry the whole cart, its articles as `cartItems` and the billing methods; others the cart's summary.
 */
export const cartResponse = (
  cartId: number,
  status: "ok" | "error",
  options: CartResponseOptions
): Effect.Effect<ApiResponse, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const state = options.state ?? (yield* readCartCached(cartId))
    const billing = options.extended && state !== undefined ? yield* billingMethodsOfState(state, options.payment) : {}
    return cartAnswerOf(cartId, state, status, options.extended, options.flashes ?? [], billing)
  })

/**
 * {@link cartResponse}'s envelope of `state` (undefined: an empty cart `cartId`) with its `billing` methods already
 * worked out (used only when `extended`): a plain function, for the write fast path (demo/server/http/fastWrites.ts).
 */
export const cartAnswerOf = (
  cartId: number,
  state: CartState | undefined,
  status: "ok" | "error",
  extended: boolean,
  flashes: ReadonlyArray<FlashMessage>,
  billing: BillingMethods
): ApiResponse => {
  const cart = state === undefined ? emptyCart(cartId) : cartEntity(state)
  return {
    status: { status, ...(flashes.length === 0 ? {} : { flashMessages: flashes }) },
    cart: extended ? cart : cartSummary(cart),
    ...(extended ? { cartItems: cart.articles ?? [], billingMethods: billing } : {})
  }
}
