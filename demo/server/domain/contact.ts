/**
 * The contact form on the server (spec §3 "Contact form", §5 contact validation, §7 findByTitle's
 * `config` and the multipart submit, §9 at most 5 attachments).
 *
 * The upload limits live in ONE server config object, {@link ContactUploadLimits}: the content
 * call sends it as `config` (with the formatted sizes) and the submit call enforces it, so what the
 * form shows is what the server checks. The form is checked with the core rule
 * (`validateContactForm`), and a refused submission stores nothing.
 *
 * @module
 */
import { createHash } from "node:crypto"
import { Context, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { ContentConfig } from "../../../core/api/content.ts"
import {
  type AttachmentFile,
  contactErrorKeys,
  type ContactFormErrors,
  type ContactTopic,
  contactTopicTree,
  hiddenReason,
  requiredContactFields,
  selectedPath,
  type TopicSelection,
  validateContactForm
} from "../../../core/domain/contact.ts"
import type { ShopId } from "../../../core/domain/shop.ts"

/** The upload limits of the contact form, in bytes. */
export interface ContactUploadConfig {
  /** The largest single attachment. */
  readonly maxFileSize: number
  /** The largest total of all attachments (text fields not counted, as the core rule counts). */
  readonly maxPostSize: number
}

/** The limits the server runs with unless configured otherwise: 5 MiB per file, 10 MiB in all. */
export const defaultContactUploadConfig: ContactUploadConfig = {
  maxFileSize: 5 * 1024 * 1024,
  maxPostSize: 10 * 1024 * 1024
}

/**
 * The server's one contact upload config: read by findByTitle (sent as `config`) and by the
 * submit handler (enforced). Override it with `Layer.succeed(ContactUploadLimits, {...})`.
 */
export const ContactUploadLimits = Context.Reference<ContactUploadConfig>("demo/server/ContactUploadLimits", {
  defaultValue: () => defaultContactUploadConfig
})

const mebibyte = 1024 * 1024
const kibibyte = 1024

/**
 * A byte size for display (§5 "shown formatted"), in the shop's locale: whole or one-decimal MB
 * from 1 MiB, KB from 1 KiB, else B (`5 MB`, `1,5 MB`, `512 KB`).
 */
export const formatByteSize = (bytes: number, locale: string): string => {
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)
  if (bytes >= mebibyte) return `${format(bytes / mebibyte)} MB`
  if (bytes >= kibibyte) return `${format(bytes / kibibyte)} KB`
  return `${Math.max(0, Math.trunc(bytes))} B`
}

/** The `config` a content answer carries for the contact page (§7): the limits and their formatted forms. */
export const contentConfigOf = (limits: ContactUploadConfig, locale: string): ContentConfig => ({
  maxPostSize: limits.maxPostSize,
  maxPostSizeFormatted: formatByteSize(limits.maxPostSize, locale),
  maxFileSize: limits.maxFileSize,
  maxFileSizeFormatted: formatByteSize(limits.maxFileSize, locale)
})

/** A received attachment: where the multipart parser put it and what the client said it is. */
export interface ReceivedAttachment extends AttachmentFile {
  /** The temporary file holding the bytes. */
  readonly path: string
  /** The content type the client sent. */
  readonly contentType: string
}

/** The text fields of a submission, as decoded by the contract. */
export interface ContactText {
  /** First name. */
  readonly firstname: string
  /** Last name. */
  readonly lastname: string
  /** Email. */
  readonly email: string
  /** The message. */
  readonly feedback: string
  /** The captcha answer. */
  readonly bot2: string
  /** The subject-specific number. */
  readonly customNumber?: string | undefined
  /** The hidden reason: the deepest selected topic key. */
  readonly reason?: string | undefined
  /** Primary topic. */
  readonly selected_1?: string | undefined
  /** Secondary topic. */
  readonly selected_2?: string | undefined
  /** Tertiary topic. */
  readonly selected_3?: string | undefined
}

/** What a submission is refused for, before its captcha is looked at. */
export type ContactRefusal =
  | {
      /** A file, or all files together, above the limits (413). */
      readonly _tag: "tooLarge"
      /** Why, for the shopper. */
      readonly message: string
    }
  | {
      /** A field the server refuses (422). */
      readonly _tag: "field"
      /** The field. */
      readonly field: string
      /** Why, for the shopper. */
      readonly message: string
    }

const blankToUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/** The topic selection of a submission: blank picks count as not chosen. */
export const selectionOf = (fields: ContactText): TopicSelection => ({
  selected_1: blankToUndefined(fields.selected_1),
  selected_2: blankToUndefined(fields.selected_2),
  selected_3: blankToUndefined(fields.selected_3)
})

/**
 * The first problem of the topic picks against the shop's topic tree, or undefined: every chosen
 * level must be a child of the level above (no gaps), and a sent `reason` must be the deepest
 * chosen key (§3 hidden reason). No picks at all are accepted (the topic is optional here).
 */
export const topicProblem = (
  tree: ReadonlyArray<ContactTopic>,
  fields: ContactText
): { readonly field: string; readonly message: string } | undefined => {
  const selection = selectionOf(fields)
  const picks = [selection.selected_1, selection.selected_2, selection.selected_3]
  const path = selectedPath(tree, selection)
  for (const [index, key] of picks.entries()) {
    if (key === undefined) {
      const deeper = picks.slice(index + 1).findIndex((k) => k !== undefined)
      if (deeper !== -1) return { field: `selected_${index + 1}`, message: "Choose the topic levels in order." }
      break
    }
    if (path.length <= index) return { field: `selected_${index + 1}`, message: "Unknown topic." }
  }
  const reason = blankToUndefined(fields.reason)
  if (reason !== undefined && reason !== hiddenReason(selection)) {
    return { field: "reason", message: "The reason does not match the chosen topic." }
  }
  return undefined
}

const tooLargeMessage = (errors: ContactFormErrors, limits: ContactUploadConfig, locale: string): string | undefined => {
  const first = errors.files?.[0]
  if (first !== undefined) {
    return `The attachment "${first.name}" is larger than ${formatByteSize(limits.maxFileSize, locale)}.`
  }
  if (errors.attachments === contactErrorKeys.postTooLarge) {
    return `The attachments together are larger than ${formatByteSize(limits.maxPostSize, locale)}.`
  }
  return undefined
}

/**
 * Checks a submission with the core rule (§5) against the limits and the topic tree: sizes first
 * (413: a file or the total above the limits), then the required fields and email (422, the field
 * named), then the attachment count (422 `attachments`), then the topic picks. Undefined when it
 * may go on to the captcha check.
 */
export const checkSubmission = (
  fields: ContactText,
  files: ReadonlyArray<AttachmentFile>,
  limits: ContactUploadConfig,
  tree: ReadonlyArray<ContactTopic>,
  locale: string
): ContactRefusal | undefined => {
  const errors = validateContactForm({ ...fields, attachments: files }, limits)
  const tooLarge = tooLargeMessage(errors, limits, locale)
  if (tooLarge !== undefined) return { _tag: "tooLarge", message: tooLarge }
  for (const field of requiredContactFields) {
    const error = errors[field]
    if (error !== undefined) {
      return { _tag: "field", field, message: error === contactErrorKeys.invalidEmail ? "Not an email address." : "Required." }
    }
  }
  if (errors.attachments === contactErrorKeys.tooManyAttachments) {
    return { _tag: "field", field: "attachments", message: "Too many attachments." }
  }
  const topic = topicProblem(tree, fields)
  return topic === undefined ? undefined : { _tag: "field", ...topic }
}

/** The topic tree of a shop's contact page (§7 content.body), empty when the shop has none. */
export const contactTreeOf = (shopId: ShopId): Effect.Effect<ReadonlyArray<ContactTopic>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ body: string }>`
      SELECT body FROM content_pages WHERE shop_id = ${shopId} AND kind = 'contact' ORDER BY content_id LIMIT 1`
    return rows[0] === undefined ? [] : contactTopicTree(rows[0].body)
  })

/** The most messages one session may send within {@link contactRateWindowSeconds} (then 429). */
export const contactRateLimit = 5

/** The window of {@link contactRateLimit}, in seconds. */
export const contactRateWindowSeconds = 600

/** Whether the session already sent {@link contactRateLimit} messages within the window. */
export const contactRateExceeded = (sessionId: string): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM contact_messages
      WHERE session_id = ${sessionId} AND created_at > now() - make_interval(secs => ${contactRateWindowSeconds})`
    return (rows[0]?.n ?? 0) >= contactRateLimit
  })

/** A file name safe to keep: the last path segment, without control characters, at most 200 characters. */
export const safeFileName = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? ""
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200)
  return clean === "" || clean === "." || clean === ".." ? "attachment" : clean
}

/** An attachment with its bytes, ready to store. */
export interface StoredAttachment {
  /** The file name as kept. */
  readonly name: string
  /** The content type the client sent. */
  readonly contentType: string
  /** The bytes. */
  readonly content: Uint8Array
}

/** Where a message comes from. */
export interface ContactOrigin {
  /** The shop. */
  readonly shopId: ShopId
  /** The session. */
  readonly sessionId: string
  /** The logged-in customer, if any. */
  readonly customerId: number | null
}

/**
 * Stores a message and its attachments in one transaction (the message row with a metadata
 * summary, then one `contact_attachments` row per file with its SHA-256 and bytes); answers the
 * message id.
 */
export const storeContactMessage = (
  origin: ContactOrigin,
  fields: ContactText,
  attachments: ReadonlyArray<StoredAttachment>
): Effect.Effect<number, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const selection = selectionOf(fields)
    const hashed = attachments.map((file) => ({
      ...file,
      size: file.content.byteLength,
      sha256: createHash("sha256").update(file.content).digest("hex")
    }))
    const summary = hashed.map((file) => ({ name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 }))
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        const inserted = yield* sql<{ message_id: number }>`
          INSERT INTO contact_messages
            (shop_id, session_id, customer_id, reason, firstname, lastname, email, custom_number, feedback, topic, attachments)
          VALUES (${origin.shopId}, ${origin.sessionId}, ${origin.customerId}, ${hiddenReason(selection) ?? null},
                  ${fields.firstname.trim()}, ${fields.lastname.trim()}, ${fields.email.trim()},
                  ${blankToUndefined(fields.customNumber) ?? null}, ${fields.feedback},
                  ${JSON.stringify(selection)}::jsonb, ${JSON.stringify(summary)}::jsonb)
          RETURNING message_id`
        const messageId = inserted[0]!.message_id
        for (const [position, file] of hashed.entries()) {
          yield* sql`
            INSERT INTO contact_attachments (message_id, position, file_name, content_type, size_bytes, sha256, content)
            VALUES (${messageId}, ${position}, ${file.name}, ${file.contentType.slice(0, 255)}, ${file.size},
                    ${file.sha256}, ${file.content})`
        }
        return messageId
      })
    )
  })
