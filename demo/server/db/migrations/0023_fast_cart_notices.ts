/**
 * Migration 23: the cart notices of a fast cart write cost no trigger call, and every other writer's cost less; the
 * notices every listener receives are the same.
 *
 * - The transaction-local setting `storefront.cart_notices` names the carts whose `cache_invalidate` notices the
 *   running statement sends itself: a cart id, or `*` for every cart it changes. The write fast path's statements
 *   (demo/server/domain/cart/mutation.ts `lineCountStatement`, `lineCountBatchStatement`) set it before they change a
 *   row, send `cart:<cart_id>@<version>` for each cart they changed (what the trigger would have sent: they mark
 *   those versions in `storefront.cart_version`, migrations 18, 22) and clear it before they end. An UPDATE of carts
 *   or cart_items fires `cache_invalidate_cart` unless the setting names the row's cart and the row stays in it;
 *   inserts and deletes always fire it, as every change made by any other writer does.
 * - `cache_invalidate_cart` sends each notice as a plpgsql assignment, which plpgsql evaluates as a simple
 *   expression, instead of a `PERFORM`, which runs a whole query (executor start, run and end) per notice. Its
 *   notices are unchanged: `cart:<cart_id>@<version>` for a cart `storefront.cart_version` lists as
 *   `<cart_id>:<version>`, the plain `cart:<cart_id>` for any other, and also the plain `cart:<old cart_id>` when an
 *   update moves a row to another cart.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

// the setting that names the carts whose notices the running statement sends itself
const cartNoticesSetting = "storefront.cart_notices"

const updateTrigger = (table: string): string =>
  `CREATE TRIGGER ${table}_cache_invalidate_update AFTER UPDATE ON ${table} FOR EACH ROW
   WHEN (OLD.cart_id IS DISTINCT FROM NEW.cart_id
         OR coalesce(current_setting('${cartNoticesSetting}', true), '') NOT IN ('*', NEW.cart_id::text))
   EXECUTE FUNCTION cache_invalidate_cart()`

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE OR REPLACE FUNCTION cache_invalidate_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END;
     marked text := current_setting('storefront.cart_version', true);
     at integer := CASE WHEN marked IS NULL THEN 0 ELSE strpos(' ' || marked, ' ' || changed || ':') END;
     sent text;
   BEGIN
     IF at > 0 THEN
       sent := pg_notify('cache_invalidate',
         'cart:' || changed || '@' || split_part(substr(marked, at + length(changed) + 1), ' ', 1))::text;
     ELSE
       sent := pg_notify('cache_invalidate', 'cart:' || changed)::text;
     END IF;
     IF TG_OP = 'UPDATE' AND OLD.cart_id IS DISTINCT FROM NEW.cart_id THEN
       sent := pg_notify('cache_invalidate', 'cart:' || OLD.cart_id)::text;
     END IF;
     RETURN NULL;
   END $$`,
  ...["carts", "cart_items"].flatMap((table) => [
    `DROP TRIGGER ${table}_cache_invalidate ON ${table}`,
    `CREATE TRIGGER ${table}_cache_invalidate AFTER INSERT OR DELETE ON ${table}
     FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart()`,
    updateTrigger(table)
  ])
]

/** Runs this migration. */
export default runStatements(statements)
