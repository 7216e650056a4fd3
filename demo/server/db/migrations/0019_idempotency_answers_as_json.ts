/**
 * Migration 19: an idempotency key's stored answer (`idempotency_keys.response`) is `json`, not `jsonb`. The answer is
 * only ever stored whole and read back whole (a retry replays it), never queried inside, and the cart writes store
 * one with every add-to-cart (about 9 KB for a cart of 3 lines): `jsonb` converted each into its binary form, which
 * costs PGlite about as much as the rest of the write's statement (issue 9); `json` only checks the text and keeps it.
 * A replay decodes the same value either way; the stored text now keeps the answer's key order.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE idempotency_keys ALTER COLUMN response TYPE json USING response::json`
]

/** Runs this migration. */
export default runStatements(statements)
