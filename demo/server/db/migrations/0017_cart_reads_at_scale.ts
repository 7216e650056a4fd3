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
import { rowCacheInvalidationFunction, rowCacheInvalidationTrigger, runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE INDEX sessions_cart_idx ON sessions (cart_id)`,
  rowCacheInvalidationFunction("cache_invalidate_session_consents", "session", "session_id"),
  rowCacheInvalidationTrigger("session_consents", "cache_invalidate_session_consents")
]

/** Runs this migration. */
export default runStatements(statements)
