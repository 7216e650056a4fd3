/**
 * Migration 13: the database also says when cached catalogue answers and shop settings go stale
 * (demo/server/db/ReadCache.ts), as migration 11 does for carts and sessions. Statement-level
 * triggers notify `cache_invalidate` at commit whenever
 *
 * - the catalogue changes (shops, media, categories, partners, digital content, products, variants,
 *   their parameters and images, bundle offers, bonus sets, and order items, which decide the
 *   `popular` sort) or the branches (pick-up points a cart shows): payload `catalogue`;
 * - the shop's delivery and payment settings change (delivery methods, their payments, billing
 *   methods): payload `shop_settings`;
 * - an order is placed or changes state, or a session records the order it placed last: `cart:<id>`
 *   for the open carts of the order's customer and the cart of each session that placed it (a cart
 *   read carries when the shopper's last order changed state, which decides the 'lengthy' payments).
 *
 * Identical payloads of one transaction are delivered once, so a bulk change costs one notification.
 *
 * @module
 */
import { cacheInvalidationFunction, runStatements, statementCacheInvalidationTrigger } from "./statements.ts"

const catalogueTables = [
  "shops",
  "media",
  "categories",
  "marketplace_partners",
  "digital_content",
  "products",
  "variants",
  "variant_params",
  "variant_images",
  "bundle_offers",
  "bonus_sets",
  "bonus_set_items",
  "order_items",
  "branches"
] as const

const shopSettingsTables = ["delivery_methods", "delivery_payments", "billing_methods"] as const

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  cacheInvalidationFunction("cache_invalidate_catalogue", "catalogue"),
  cacheInvalidationFunction("cache_invalidate_shop_settings", "shop_settings"),
  `CREATE FUNCTION cache_invalidate_order_carts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'cart:' || c.cart_id)
       FROM carts c WHERE c.customer_id = NEW.customer_id AND c.status = 'open';
     PERFORM pg_notify('cache_invalidate', 'cart:' || s.cart_id)
       FROM sessions s WHERE s.cart_id IS NOT NULL AND s.data->>'lastOrderId' = NEW.order_id::text;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION cache_invalidate_session_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'cart:' || NEW.cart_id);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER orders_cache_invalidate AFTER INSERT OR UPDATE ON orders
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_order_carts()`,
  `CREATE TRIGGER sessions_last_order_insert_cache_invalidate AFTER INSERT ON sessions FOR EACH ROW
   WHEN (NEW.cart_id IS NOT NULL AND NEW.data->'lastOrderId' IS NOT NULL)
   EXECUTE FUNCTION cache_invalidate_session_cart()`,
  `CREATE TRIGGER sessions_last_order_update_cache_invalidate AFTER UPDATE ON sessions FOR EACH ROW
   WHEN (NEW.cart_id IS NOT NULL AND NEW.data->'lastOrderId' IS NOT NULL
         AND (OLD.data->'lastOrderId' IS DISTINCT FROM NEW.data->'lastOrderId' OR OLD.cart_id IS DISTINCT FROM NEW.cart_id))
   EXECUTE FUNCTION cache_invalidate_session_cart()`,
  ...catalogueTables.map((table) => statementCacheInvalidationTrigger(table, "cache_invalidate_catalogue")),
  ...shopSettingsTables.map((table) => statementCacheInvalidationTrigger(table, "cache_invalidate_shop_settings"))
]

/** Runs this migration. */
export default runStatements(statements)
