/**
 * Bundles: attaching and detaching the services of a cart line.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { type BundleType } from "../../../../core/domain/cart.ts"
import { attachInTx } from "./adding.ts"
import { type CartChange, CartNotFound, type CartRequirements, noFlashes } from "./errors.ts"
import { lineOf, mustRead, mutateCart } from "./mutation.ts"

// -----------------------------------------------------------------------------------------------
// bundles (services)
// -----------------------------------------------------------------------------------------------

/**
 * Attaches the offered bundle `bundleId` of `type` to a cart item: a warranty, insurance or return guarantee
 * replaces the item's bundle of that type; digital content adds up. {@link CartNotFound} for an unknown item or a
 * bundle not offered for the item's product with that type.
 */
export const attachBundle = (
  cartId: number,
  itemId: number,
  type: BundleType,
  bundleId: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const line = yield* Effect.flatMap(mustRead(cartId), (state) => lineOf(state, itemId))
      yield* attachInTx(itemId, line.gift ? null : line.productId, type, bundleId)
      return noFlashes
    }))

/**
 * Detaches the bundles of `type` from a cart item (only `bundleId` when given). Detaching what is not attached
 * changes nothing; an unknown item is {@link CartNotFound}.
 */
export const detachBundle = (
  cartId: number,
  itemId: number,
  type: BundleType,
  bundleId?: number
): Effect.Effect<CartChange, SqlError | CartNotFound, CartRequirements> =>
  mutateCart(cartId, () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* Effect.flatMap(mustRead(cartId), (state) => lineOf(state, itemId))
      yield* bundleId === undefined
        ? sql`DELETE FROM cart_item_bundles WHERE cart_item_id = ${itemId} AND type = ${type}`
        : sql`DELETE FROM cart_item_bundles WHERE cart_item_id = ${itemId} AND type = ${type} AND bundle_id = ${bundleId}`
      return noFlashes
    }))
