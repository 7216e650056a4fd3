/**
 * Migration 24: an idempotency key's stored answer is compressed by the server before it is sent, and kept as it comes.
 * Every add-to-cart stores its answer (about 9 KB of JSON for a cart of 3 lines): as `json` (migrations 19, 20) the
 * database checked the text and compressed it (pglz on PGlite, lz4 where the server has it), about a sixth of the
 * embedded database's time per cart write (issue 9). The new column `response_deflated` holds the answer's UTF-8 JSON
 * text compressed with raw deflate by the server (demo/server/domain/idempotency.ts `storedAnswer`, about 1.5 KB for
 * that cart) and is stored EXTERNAL: never compressed again, moved out of the row only when the row outgrows a page's
 * share. Adding a column rewrites nothing; the keys stored before keep their `response` (json) and replay from it until
 * housekeeping deletes them, so `response` stays for them (a later migration may drop it once none is left).
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE idempotency_keys ADD COLUMN response_deflated bytea`,
  `ALTER TABLE idempotency_keys ALTER COLUMN response_deflated SET STORAGE EXTERNAL`
]

/** Runs this migration. */
export default runStatements(statements)
