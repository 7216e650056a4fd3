/**
 * Migration 10: the database says when cached reads go stale. Triggers send a notification on the
 * `cache_invalidate` channel (delivered at commit, to every server process listening) whenever
 *
 * - a cart or anything in it changes (carts, cart_items, cart_item_bundles, cart_discounts,
 *   cart_deliveries): payload `cart:<cart_id>`; when a cart's status, shop or customer changes or it
 *   is deleted (which decides whether a session may keep using it), also `cart_owner:<cart_id>`;
 * - a session changes or ends: payload `session:<session_id>`;
 * - stock or prices change (any cart may show them): payload `stock`.
 *
 * Every write path is covered, the application's own and a hand-written `UPDATE` alike; identical
 * payloads of one transaction are delivered once.
 *
 * @module
 */
import {
  cacheInvalidationFunction,
  rowCacheInvalidationFunction,
  rowCacheInvalidationTrigger,
  runStatements,
  statementCacheInvalidationTrigger
} from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  rowCacheInvalidationFunction("cache_invalidate_cart", "cart", "cart_id"),
  `CREATE FUNCTION cache_invalidate_cart_item_bundle() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE item_cart integer;
   BEGIN
     SELECT cart_id INTO item_cart FROM cart_items
     WHERE cart_item_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_item_id ELSE NEW.cart_item_id END;
     IF item_cart IS NOT NULL THEN
       PERFORM pg_notify('cache_invalidate', 'cart:' || item_cart);
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION cache_invalidate_cart_owner() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'cart_owner:' || OLD.cart_id);
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION cache_invalidate_session() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'session:' || OLD.session_id);
     RETURN NULL;
   END $$`,
  cacheInvalidationFunction("cache_invalidate_stock", "stock"),
  rowCacheInvalidationTrigger("carts", "cache_invalidate_cart"),
  `CREATE TRIGGER carts_owner_cache_invalidate AFTER UPDATE ON carts FOR EACH ROW
   WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
         OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
   EXECUTE FUNCTION cache_invalidate_cart_owner()`,
  `CREATE TRIGGER carts_deleted_cache_invalidate AFTER DELETE ON carts FOR EACH ROW
   EXECUTE FUNCTION cache_invalidate_cart_owner()`,
  rowCacheInvalidationTrigger("cart_items", "cache_invalidate_cart"),
  rowCacheInvalidationTrigger("cart_discounts", "cache_invalidate_cart"),
  rowCacheInvalidationTrigger("cart_deliveries", "cache_invalidate_cart"),
  rowCacheInvalidationTrigger("cart_item_bundles", "cache_invalidate_cart_item_bundle"),
  `CREATE TRIGGER sessions_cache_invalidate AFTER UPDATE OR DELETE ON sessions
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_session()`,
  statementCacheInvalidationTrigger("stock", "cache_invalidate_stock"),
  statementCacheInvalidationTrigger("prices", "cache_invalidate_stock")
]

/** Runs this migration. */
export default runStatements(statements)
