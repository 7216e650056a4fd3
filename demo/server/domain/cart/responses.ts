/**
 * The new-cart API's envelopes: the cart answer with optional items and billing methods (§7).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { ApiResponse } from "../../../../core/api/entities/envelope.ts"
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
    const cart = state === undefined ? emptyCart(cartId) : cartEntity(state)
    const flashes = options.flashes ?? []
    return {
      status: { status, ...(flashes.length === 0 ? {} : { flashMessages: flashes }) },
      cart: options.extended ? cart : cartSummary(cart),
      ...(options.extended
        ? { cartItems: cart.articles ?? [], billingMethods: state === undefined ? {} : yield* billingMethodsOfState(state, options.payment) }
        : {})
    }
  })
