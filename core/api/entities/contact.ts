/**
 * The contact form (spec §3 "Contact form", §5 contact validation, §7 multipart submit).
 *
 * @module
 */
import { Schema } from "effect"
import { IntFromString } from "./wire.ts"
import { NonEmptySafeString, SafeString } from "./text.ts"

/**
 * The text fields of the contact form submission (§3). It is sent as multipart form data, so every field is a
 * string on the wire (`MAX_FILE_SIZE` decodes to a number). The attachments are files of the same multipart body
 * (at most 5, §9) and are not part of this Schema.
 *
 * Required (§5): `firstname`, `lastname`, `email`, `feedback` (the message) and the captcha answer `bot2`, all
 * non-empty; the captcha id `bot2i` too. `customNumber` (subject-specific number), `reason` (the hidden topic key)
 * and the topic picks `selected_1`..`selected_3` are optional.
 */
export const ContactForm = Schema.Struct({
  firstname: NonEmptySafeString,
  lastname: NonEmptySafeString,
  email: NonEmptySafeString,
  feedback: NonEmptySafeString,
  bot2: NonEmptySafeString,
  bot2i: NonEmptySafeString,
  customNumber: Schema.optionalKey(SafeString),
  reason: Schema.optionalKey(SafeString),
  selected_1: Schema.optionalKey(SafeString),
  selected_2: Schema.optionalKey(SafeString),
  selected_3: Schema.optionalKey(SafeString),
  MAX_FILE_SIZE: Schema.optionalKey(IntFromString)
})

/** Decoded type of {@link ContactForm}. */
export type ContactForm = typeof ContactForm.Type

/** Encoded (multipart) form of {@link ContactForm}: every field a string. */
export type ContactFormFields = typeof ContactForm.Encoded
