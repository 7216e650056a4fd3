/**
 * Migration 22: the versioned cart notice (migration 18) for a statement that changes several carts. The
 * transaction-local setting `storefront.cart_version` may now list several `<cart_id>:<version>` pairs separated by a
 * space (the write fast path's batched statement, demo/server/domain/cart/mutation.ts `lineCountBatchStatement`,
 * marks every cart it changed); a single pair, as the cart engine's lock sets it, is a list of one. The trigger
 * function of carts, cart_items, cart_discounts and cart_deliveries notifies `cart:<cart_id>@<version>` for a cart the
 * list holds and the plain `cart:<cart_id>` for any other, as before.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE OR REPLACE FUNCTION cache_invalidate_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END;
     marked text := current_setting('storefront.cart_version', true);
     at integer := CASE WHEN marked IS NULL THEN 0 ELSE strpos(' ' || marked, ' ' || changed || ':') END;
   BEGIN
     IF at > 0 THEN
       PERFORM pg_notify('cache_invalidate',
         'cart:' || changed || '@' || split_part(substr(marked, at + length(changed) + 1), ' ', 1));
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
