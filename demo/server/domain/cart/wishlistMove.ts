/**
 * Moving a cart article to the customer's wishlist.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { mainWishlistId } from "../account/wishlists.ts"
import { type CartChange, CartNotFound, type CartRequirements, noFlashes } from "./errors.ts"
import { lineOf, mustRead, mutateCart } from "./mutation.ts"

// -----------------------------------------------------------------------------------------------
// wishlist move, consents, purchase
// -----------------------------------------------------------------------------------------------

/**
 * Moves a cart article to the customer's main wishlist (created when missing) with `amount` pieces, newest first,
 * and removes it from the cart. A bonus set moves as its variants. {@link CartNotFound} for an unknown item.
 */
export const moveToWishlist = (
  cartId: number,
  customerId: number,
  itemId: number,
  amount: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const state = yield* mustRead(cartId)
      const line = yield* lineOf(state, itemId)
      const wishlistId = yield* mainWishlistId(customerId, state.shop)
      const variantIds = line.variantId !== null ? [line.variantId] : line.setVariants.map((v) => v.variantId)
      for (const variantId of variantIds) {
        yield* sql`INSERT INTO wishlist_items (wishlist_id, variant_id, amount) VALUES (${wishlistId}, ${variantId}, ${amount})
          ON CONFLICT (wishlist_id, variant_id) DO UPDATE SET amount = EXCLUDED.amount, created_at = now()`
      }
      yield* sql`DELETE FROM cart_items WHERE cart_item_id = ${itemId}`
      return noFlashes
    }))
