/**
 * Migration 25: a new cart's `cache_invalidate` notice names the version it was created at (`cart:<cart_id>@<version>`)
 * instead of the plain `cart:<cart_id>`, which drops any cached copy of the cart. No process can hold a cart before
 * the transaction creating it commits, and a copy read after that commit is of that version or newer, so the plain
 * notice never had anything to drop: but on PostgreSQL it reaches a server a moment after the commit, and when it came
 * after the shopper's next calls (the first add settled the cart, a read served it) it dropped the cart they had just
 * cached. The shopper's next write was then left to the pipeline, and one of their writes that the write fast path had
 * already taken found the cart moved on by those and was handed over after its body (the flaky "no lost update" test
 * of test/server/cartFastWriteBatches.test.ts). A versioned notice keeps a cached cart of that version or newer, as
 * every other versioned notice does (migration 18). Every other notice of the cart tables is unchanged.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  // migration 23's function, with the branch of a carts row's INSERT (NEW.version is only read there: plpgsql compiles
  // a trigger function once per table it fires on)
  `CREATE OR REPLACE FUNCTION cache_invalidate_cart() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END;
     marked text := current_setting('storefront.cart_version', true);
     at integer := CASE WHEN marked IS NULL THEN 0 ELSE strpos(' ' || marked, ' ' || changed || ':') END;
     sent text;
   BEGIN
     IF at > 0 THEN
       sent := pg_notify('cache_invalidate',
         'cart:' || changed || '@' || split_part(substr(marked, at + length(changed) + 1), ' ', 1))::text;
     ELSIF TG_OP = 'INSERT' AND TG_TABLE_NAME = 'carts' THEN
       sent := pg_notify('cache_invalidate', 'cart:' || changed || '@' || NEW.version)::text;
     ELSE
       sent := pg_notify('cache_invalidate', 'cart:' || changed)::text;
     END IF;
     IF TG_OP = 'UPDATE' AND OLD.cart_id IS DISTINCT FROM NEW.cart_id THEN
       sent := pg_notify('cache_invalidate', 'cart:' || OLD.cart_id)::text;
     END IF;
     RETURN NULL;
   END $$`
]

/** Runs this migration. */
export default runStatements(statements)
