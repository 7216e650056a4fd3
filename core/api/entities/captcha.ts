/**
 * Captcha (spec §3 "Captcha", §7 GET /api/captcha/get).
 *
 * @module
 */
import { Schema } from "effect"

const CaptchaFields = {
  id: Schema.String,
  image: Schema.String
}

/** The schema type of {@link Captcha}, named so that declarations refer to it instead of spelling it out. */
export interface CaptchaStruct extends Schema.Struct<typeof CaptchaFields> {}

/** A captcha challenge (§3): its `id` and the `image` as a base64-encoded PNG. */
export const Captcha: CaptchaStruct = Schema.Struct(CaptchaFields)

/** Decoded type of {@link Captcha}. */
export type Captcha = typeof Captcha.Type
