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
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE FUNCTION cache_invalidate_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       PERFORM pg_notify('cache_invalidate', 'cart:' || OLD.cart_id);
     ELSE
       PERFORM pg_notify('cache_invalidate', 'cart:' || NEW.cart_id);
       IF TG_OP = 'UPDATE' AND OLD.cart_id IS DISTINCT FROM NEW.cart_id THEN
         PERFORM pg_notify('cache_invalidate', 'cart:' || OLD.cart_id);
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
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
  `CREATE FUNCTION cache_invalidate_stock() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'stock');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER carts_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON carts
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart()`,
  `CREATE TRIGGER carts_owner_cache_invalidate AFTER UPDATE ON carts FOR EACH ROW
   WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
         OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
   EXECUTE FUNCTION cache_invalidate_cart_owner()`,
  `CREATE TRIGGER carts_deleted_cache_invalidate AFTER DELETE ON carts FOR EACH ROW
   EXECUTE FUNCTION cache_invalidate_cart_owner()`,
  `CREATE TRIGGER cart_items_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON cart_items
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart()`,
  `CREATE TRIGGER cart_discounts_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON cart_discounts
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart()`,
  `CREATE TRIGGER cart_deliveries_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON cart_deliveries
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart()`,
  `CREATE TRIGGER cart_item_bundles_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON cart_item_bundles
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_cart_item_bundle()`,
  `CREATE TRIGGER sessions_cache_invalidate AFTER UPDATE OR DELETE ON sessions
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_session()`,
  `CREATE TRIGGER stock_cache_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock
   FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_stock()`,
  `CREATE TRIGGER prices_cache_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices
   FOR EACH STATEMENT EXECUTE FUNCTION cache_invalidate_stock()`
]

/** Runs this migration. */
export default runStatements(statements)
