/**
 * Migration 12: what catalogue browsing needs (issue 11, ours; demo/server/domain/catalogue.ts).
 *
 * - `catalogue_fold(text)`: the text lower-cased with the accents of the shops' six languages
 *   removed (`Černá` → `cerna`, `Łódź` → `lodz`), immutable, so search and the title sort ignore
 *   case and accents the same way on PGlite (C locale: `lower` folds ASCII only, hence the capitals
 *   in the table) and PostgreSQL, without an extension.
 * - Indexes that make a listing page one statement over index scans: the active products of a shop
 *   by category; each product's default variant (marked default, else the first by position) as the
 *   first entry of an index range; the units ordered per product (the `popular` sort) read from the
 *   index alone; the variants having a parameter value (filters and facets); the categories of a
 *   shop in tree order.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE FUNCTION catalogue_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
     SELECT translate(lower($1),
       'áäčćďđéěëíĺľłňńóôöőŕřšśťúůüűýžźżąęÁÄČĆĎĐÉĚËÍĹĽŁŇŃÓÔÖŐŔŘŠŚŤÚŮÜŰÝŽŹŻĄĘ',
       'aaccddeeeilllnnoooorrsstuuuuyzzzaeaaccddeeeilllnnoooorrsstuuuuyzzzae')
   $$`,
  `CREATE INDEX products_active_listing_idx ON products (shop_id, main_category_id, product_id) WHERE active`,
  `CREATE INDEX variants_default_first_idx ON variants (product_id, is_default DESC, position, variant_id)`,
  `CREATE INDEX order_items_product_units_idx ON order_items (product_id) INCLUDE (count)`,
  `CREATE INDEX variant_params_key_value_idx ON variant_params (key, value, variant_id)`,
  `CREATE INDEX categories_shop_tree_idx ON categories (shop_id, parent_id, position, category_id)`
]

/** Runs this migration. */
export default runStatements(statements)
