/**
 * Migration 13: the database also says when cached catalogue answers and shop settings go stale
 * (demo/server/db/ReadCache.ts), as migration 11 does for carts and sessions. Statement-level
 * triggers notify `cache_invalidate` at commit whenever
 *
 * - the catalogue changes (shops, media, categories, partners, digital content, products, variants,
 *   their parameters and images, bundle offers, bonus sets, and order items, which decide the
 *   `popular` sort) or the branches (pick-up points a cart shows): payload `catalogue`;
 * - the shop's delivery and payment settings change (delivery methods, their payments, billing
 *   methods): payload `shop_settings`.
 *
 * Identical payloads of one transaction are delivered once, so a bulk change costs one notification.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

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

const trigger = (table: string, fn: string) =>
  `CREATE TRIGGER ${table}_cache_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
   FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE FUNCTION cache_invalidate_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'catalogue');
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION cache_invalidate_shop_settings() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('cache_invalidate', 'shop_settings');
     RETURN NULL;
   END $$`,
  ...catalogueTables.map((table) => trigger(table, "cache_invalidate_catalogue")),
  ...shopSettingsTables.map((table) => trigger(table, "cache_invalidate_shop_settings"))
]

/** Runs this migration. */
export default runStatements(statements)
