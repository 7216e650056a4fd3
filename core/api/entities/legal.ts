/**
 * Legal conditions (spec §3 "Legal", §7 uncleared-legals).
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt } from "./wire.ts"

const LegalFields = {
  legal_id: WireInt,
  text: Schema.String
}

/** The schema type of {@link Legal}, named so that declarations refer to it instead of spelling it out. */
export interface LegalStruct extends Schema.Struct<typeof LegalFields> {}

/** An uncleared legal text the customer must approve (§3): `legal_id` and its `text` (trusted HTML). */
export const Legal: LegalStruct = Schema.Struct(LegalFields)

/** Decoded type of {@link Legal}. */
export type Legal = typeof Legal.Type
