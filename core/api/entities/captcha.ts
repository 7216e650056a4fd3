/**
 * Captcha (spec §3 "Captcha", §7 GET /api/captcha/get).
 *
 * @module
 */
import { Schema } from "effect"

/** A captcha challenge (§3): its `id` and the `image` as a base64-encoded PNG. */
export const Captcha = Schema.Struct({
  id: Schema.String,
  image: Schema.String
})

/** Decoded type of {@link Captcha}. */
export type Captcha = typeof Captcha.Type
