/**
 * Flash messages (spec §3 "Flash message", §8): the short notices the server returns with a response.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { defaultFlashCategory, defaultFlashType, flashCategories, flashTypes } from "../../domain/flash.ts"

/** A flash message type (§3): default, danger, notice, success, warning. */
export const FlashType = Schema.Literals(flashTypes)

/** A flash message type. */
export type FlashType = typeof FlashType.Type

/** A flash category (§3): shown with the cart or with a form. */
export const FlashCategory = Schema.Literals(flashCategories)

/** A flash category. */
export type FlashCategory = typeof FlashCategory.Type

const FlashMessageFields = {
  message: Schema.String,
  type: FlashType.pipe(Schema.withDecodingDefault(Effect.succeed(defaultFlashType))),
  cat: FlashCategory.pipe(Schema.withDecodingDefault(Effect.succeed(defaultFlashCategory)))
}

/** The schema type of {@link FlashMessage}, named so that declarations refer to it instead of spelling it out. */
export interface FlashMessageStruct extends Schema.Struct<typeof FlashMessageFields> {}

/**
 * A flash message (§3): `message` (text or a translation key such as `err_request_timeout`), `type` and `cat`.
 * A missing `type` decodes to `"default"` and a missing `cat` to `"cart"` (the domain's defaults), since the server's
 * flashes come with cart responses.
 */
export const FlashMessage: FlashMessageStruct = Schema.Struct(FlashMessageFields)

/** Decoded type of {@link FlashMessage}. */
export type FlashMessage = typeof FlashMessage.Type
