/**
 * Migration 24: an idempotency key's stored answer (`idempotency_keys.response`) is `text`, not `json`. The server
 * writes every stored answer itself (`JSON.stringify` or the write fast path's answer text), stores it whole and reads
 * it back whole to replay it (domain/idempotency.ts parses it), never queries inside it: `json`'s check of the text
 * on every insert (json_lex over about 9 KB for each add-to-cart with a key, issue 9) proved nothing the server did not
 * know. The stored text is the same (`json` keeps its text as given), and so is every replay.
 *
 * Changing the type rewrites the column with the server's default compression, so the statement keeps lz4 where the
 * server has it (migration 20). Out-of-line uncompressed storage (`EXTERNAL`) was measured and kept out: about 9.6 KB
 * a key instead of 2.1 KB (lz4 keeps the answer inline in the row) and no cheaper insert on either database.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
      ALTER TABLE idempotency_keys ALTER COLUMN response TYPE text, ALTER COLUMN response SET COMPRESSION lz4;
    ELSE
      ALTER TABLE idempotency_keys ALTER COLUMN response TYPE text;
    END IF;
  END $$`
]

/** Runs this migration. */
export default runStatements(statements)
