/**
 * Migration 9: what the account area keeps beyond migration 4 (spec §3 "Customer", §7 digital content and
 * reviews, §8 the locked login):
 *
 * - the start of the failed-login window of a customer (failures within it add up to the lock) and when an
 *   account was deactivated (the legal conditions were declined: it cannot log in any more);
 * - the name, state and last four characters of a customer's API key (`api_key` holds only the key's SHA-256);
 * - at most one review per customer and product.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE customers ADD COLUMN failed_login_window_start timestamptz`,
  `ALTER TABLE customers ADD COLUMN deactivated_at timestamptz`,
  `ALTER TABLE customer_api_keys ADD COLUMN name text`,
  `ALTER TABLE customer_api_keys ADD COLUMN active boolean NOT NULL DEFAULT true`,
  `ALTER TABLE customer_api_keys ADD COLUMN key_hint text NOT NULL DEFAULT ''`,
  `CREATE UNIQUE INDEX reviews_one_per_customer_idx ON reviews (product_id, customer_id) WHERE customer_id IS NOT NULL`
]

/** Runs this migration. */
export default runStatements(statements)
