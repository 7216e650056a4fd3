/**
 * Migration 20: an idempotency key's stored answer is compressed with lz4 where the PostgreSQL server has it. Every
 * add-to-cart stores its answer (about 9 KB for a cart of 3 lines), which PostgreSQL compresses out of the row: pglz
 * cost it about 0.20 ms of CPU per insert, lz4 0.045 (issue 9; PostgreSQL 15, 2,000 inserts). A server built without
 * lz4 (PGlite is) keeps pglz: the statement only changes what `default_toast_compression` offers. Stored answers keep
 * their compression; a replay reads the same text either way.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
      ALTER TABLE idempotency_keys ALTER COLUMN response SET COMPRESSION lz4;
    END IF;
  END $$`
]

/** Runs this migration. */
export default runStatements(statements)
