/**
 * Migration 7: checkout state the earlier migrations do not hold (spec §3 availableDeliveryStrategies, §4 payment
 * loading, §7 payment provider check): the delivery strategy a cart chose, and the simulated payment provider
 * check of the deferred (CZN) and revolving (CZG) payments per cart and billing method (how many times it was
 * polled, its outcome, the terms, the extra data and the one-time code confirmation).
 *
 * @module
 */
import { runStatements } from "./statements.ts"

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE carts ADD COLUMN delivery_strategy text`,
  `CREATE TABLE payment_provider_checks (
    cart_id integer NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
    billing_code text NOT NULL,
    polls integer NOT NULL DEFAULT 0,
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
    reason text,
    terms_accepted boolean,
    enrich_data jsonb NOT NULL DEFAULT '{}'::jsonb,
    otp_confirmed boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (cart_id, billing_code)
  )`
]

/** Runs this migration. */
export default runStatements(statements)
