/**
 * Post outlets (spec §3 "Post outlet", §7 POST /api/post-outlet/find).
 *
 * @module
 */
import { Schema } from "effect"
import { WireString } from "./wire.ts"

const PostOutletFields = {
  postAddress: Schema.String,
  zip: WireString
}

/** The schema type of {@link PostOutlet}, named so that declarations refer to it instead of spelling it out. */
export interface PostOutletStruct extends Schema.Struct<typeof PostOutletFields> {}

/** A post outlet (§3): its `postAddress` and `zip` (a number on the wire is read as its digits). */
export const PostOutlet: PostOutletStruct = Schema.Struct(PostOutletFields)

/** Decoded type of {@link PostOutlet}. */
export type PostOutlet = typeof PostOutlet.Type
