/**
 * Legal conditions (spec §3 "Legal", §7 uncleared-legals).
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt } from "./wire.ts"

/** An uncleared legal text the customer must approve (§3): `legal_id` and its `text` (trusted HTML). */
export const Legal = Schema.Struct({
  legal_id: WireInt,
  text: Schema.String
})

/** Decoded type of {@link Legal}. */
export type Legal = typeof Legal.Type
