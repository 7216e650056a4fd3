/**
 * Migration 17: the index that keeps a guest's cart read an index lookup however many sessions the shop has. The
 * cart read finds a guest's last order through the sessions holding the cart (`sessions.cart_id`), and deleting a
 * cart clears that column of its sessions (the foreign key's `ON DELETE SET NULL`): without an index both scanned
 * every session row, a table that grows with every visitor who puts something in a cart.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `CREATE INDEX sessions_cart_idx ON sessions (cart_id)`
]

/** Runs this migration. */
export default runStatements(statements)
