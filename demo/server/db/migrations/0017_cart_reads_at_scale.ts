/**
 * Migration 17: cart reads at a real shop's scale.
 *
 * - The index that keeps a guest's cart read an index lookup however many sessions the shop has. The cart read
 *   finds a guest's last order through the sessions holding the cart (`sessions.cart_id`), and deleting a cart
 *   clears that column of its sessions (the foreign key's `ON DELETE SET NULL`): without an index both scanned
 *   every session row, a table that grows with every visitor who puts something in a cart.
 * - A guest's consents (shown in every cart answer) are kept in the read cache (demo/server/db/ReadCache.ts): a
 *   change of `session_consents` notifies `session:<id>` at commit, so every server process drops them.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE INDEX sessions_cart_idx ON sessions (cart_id)`,
  `CREATE FUNCTION cache_invalidate_session_consents() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       PERFORM pg_notify('cache_invalidate', 'session:' || OLD.session_id);
     ELSE
       PERFORM pg_notify('cache_invalidate', 'session:' || NEW.session_id);
       IF TG_OP = 'UPDATE' AND OLD.session_id IS DISTINCT FROM NEW.session_id THEN
         PERFORM pg_notify('cache_invalidate', 'session:' || OLD.session_id);
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER session_consents_cache_invalidate AFTER INSERT OR UPDATE OR DELETE ON session_consents
   FOR EACH ROW EXECUTE FUNCTION cache_invalidate_session_consents()`
]

/** Runs this migration. */
export default runStatements(statements)
