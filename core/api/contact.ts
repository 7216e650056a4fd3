/**
 * The contact form submission (spec §7 "Contact form submit: multipart POST to a configured url", §3 fields, §5
 * validation, §9 at most 5 attachments). The url is configured in the spec (not shown); ours is
 * {@link contactSubmitPath}.
 *
 * @module
 */
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { maxAttachments } from "../domain/contact.ts"
import { Email, NonBlankString } from "./requestFields.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { CaptchaId } from "./captcha.ts"
import { ContactForm } from "./entities/contact.ts"
import { PayloadTooLarge, TooManyRequests, Unprocessable } from "./errors.ts"
import { CsrfProtection } from "./security.ts"

/** The path of the contact form submission (ours: the spec's url is configured and not shown). */
export const contactSubmitPath = "/api/contact/submit"

/** The multipart field carrying the attached files (§3 `attachments`), repeated once per file. */
export const attachmentsField = "attachments"

const ContactFieldsFields = {
  ...ContactForm.fields,
  firstname: NonBlankString,
  lastname: NonBlankString,
  email: Email,
  feedback: NonBlankString,
  bot2: NonBlankString,
  bot2i: CaptchaId
}

/** The schema type of {@link ContactFields}, named so that declarations refer to it instead of spelling it out. */
export interface ContactFieldsStruct extends Schema.Struct<typeof ContactFieldsFields> {}

/**
 * The text fields of the contact form as the server checks them (§3, §5): the entity's {@link ContactForm}, with the
 * required fields non-blank (first name, last name, message `feedback`, captcha answer `bot2`), `email` an email
 * address and the captcha id `bot2i` a captcha id (§9). Optional fields may be sent empty, as the form does.
 */
export const ContactFields: ContactFieldsStruct = Schema.Struct(ContactFieldsFields)

/** Decoded type of {@link ContactFields}. */
export type ContactFields = typeof ContactFields.Type

/** The attachments of a submission (§5, §9): at most {@link maxAttachments} files. */
export const Attachments = Multipart.FilesSchema.check(
  Schema.isMaxLength(maxAttachments, { expected: `at most ${maxAttachments} attachments` })
)

/**
 * The multipart body of the submission: {@link ContactFields} plus up to 5 files under {@link attachmentsField}.
 * The size limits (`maxFileSize`, `maxPostSize` of the content config, §7) change per shop at runtime, so the
 * server checks them and answers {@link PayloadTooLarge}; they are not multipart limits here (a breached multipart
 * limit would end as a 500, not a 413).
 */
export const ContactSubmission = Schema.Struct({
  ...ContactFields.fields,
  [attachmentsField]: Schema.optionalKey(Attachments)
}).pipe(HttpApiSchema.asMultipart())

/** Decoded type of {@link ContactSubmission}. */
export type ContactSubmission = typeof ContactSubmission.Type

/**
 * The contact call (§7): `submit`, a CSRF-protected multipart POST. Answers `status: "ok"`; 413
 * {@link PayloadTooLarge} when a file or the whole upload is above the limits (nothing stored); 422
 * {@link Unprocessable} for a wrong captcha answer (`field: "bot2"`) or a field the server refuses (`field` names
 * it); 429 when sent too often. The form's own error texts are not shown in the spec (§8): `message` carries the
 * server's.
 */
export class ContactGroup extends HttpApiGroup.make("contact").add(
  HttpApiEndpoint.post("submit", contactSubmitPath, {
    payload: ContactSubmission,
    success: StatusResponse,
    error: [PayloadTooLarge, Unprocessable, TooManyRequests]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Sends the contact form with up to 5 attachments as multipart form data (§3, §5, §7).")
) {}
