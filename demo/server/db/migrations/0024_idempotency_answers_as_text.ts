/**
 * Migration 24: an idempotency key's stored answer (`idempotency_keys.response`) is `text`, not `json`. Every
 * add-to-cart with a key stores its answer (about 9 KB for a cart of 3 lines), and `json` checked the whole text at
 * every insert: about 7 % of PGlite's worker thread during the cart writes (issue 9). The answer is written by the
 * server's own `JSON.stringify` and only ever read back whole, so a replay reads it as `response::json`, which checks
 * it then, once per replay. `json` kept the text as given, so the rewrite keeps every stored answer's text byte for
 * byte; the column keeps lz4 where the server offers it (migration 20), since a change of type resets it.
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
