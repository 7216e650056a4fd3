/**
 * Migration 18: cart invalidation notices carry the cart's version, so a server keeps the cart a write of its own
 * left in its read cache (demo/server/db/ReadCache.ts) instead of dropping it when its own commit's notice arrives.
 *
 * A cart change made through the cart engine's lock (demo/server/domain/cart/mutation.ts) marks its transaction with
 * the transaction-local setting `storefront.cart_version` = `<cart_id>:<version>` (the version the lock left). The
 * trigger function of carts, cart_items, cart_discounts and cart_deliveries (migration 11) then notifies
 * `cart:<cart_id>@<version>` for that cart: a process drops its cached cart only when it is older than that version.
 * Every other change (another cart, a hand-written `UPDATE`, a change outside the lock) still notifies the plain
 * `cart:<cart_id>`, which drops the cached cart whatever its version.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE OR REPLACE FUNCTION cache_invalidate_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     changed integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END;
     marked text := current_setting('storefront.cart_version', true);
   BEGIN
     IF marked IS NOT NULL AND split_part(marked, ':', 1) = changed::text THEN
       PERFORM pg_notify('cache_invalidate', 'cart:' || changed || '@' || split_part(marked, ':', 2));
     ELSE
       PERFORM pg_notify('cache_invalidate', 'cart:' || changed);
     END IF;
     IF TG_OP = 'UPDATE' AND OLD.cart_id IS DISTINCT FROM NEW.cart_id THEN
       PERFORM pg_notify('cache_invalidate', 'cart:' || OLD.cart_id);
     END IF;
     RETURN NULL;
   END $$`
]

/** Runs this migration. */
export default runStatements(statements)
