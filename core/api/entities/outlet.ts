/**
 * Post outlets (spec §3 "Post outlet", §7 POST /api/post-outlet/find).
 *
 * @module
 */
import { Schema } from "effect"
import { WireString } from "./wire.ts"

/** A post outlet (§3): its `postAddress` and `zip` (a number on the wire is read as its digits). */
export const PostOutlet = Schema.Struct({
  postAddress: Schema.String,
  zip: WireString
})

/** Decoded type of {@link PostOutlet}. */
export type PostOutlet = typeof PostOutlet.Type
