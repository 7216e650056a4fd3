/**
 * The contact form's attachments (spec §5, §9): one file input taking up to 5 files, the size limits shown as the
 * server formatted them, and the chosen files checked at once by the core's `validateContactForm` (too many, one
 * too large, too large together); the server checks again.
 *
 * @module
 */
import { useId, useState } from "react"
import { maxAttachments, validateContactForm, type AttachmentFile, type ContactFormErrors } from "../../../core/domain/contact.ts"
import { useShopText } from "../../storefront/text.tsx"

/** The upload limits of the shop's content config (§7), raw and formatted. */
export interface AttachmentLimits {
  /** The largest single file, in bytes. */
  readonly maxFileSize: number
  /** The largest single file, formatted. */
  readonly maxFileSizeFormatted: string
  /** The largest total, in bytes. */
  readonly maxPostSize: number
  /** The largest total, formatted. */
  readonly maxPostSizeFormatted: string
}

/** Props of {@link AttachmentsField}. */
export interface AttachmentsFieldProps {
  /** The limits to show and check. */
  readonly limits: AttachmentLimits
  /** The field's name in the posted form (default `attachments`, §3). */
  readonly name?: string | undefined
  /** An error from the server about the attachments. */
  readonly error?: string | undefined
  /** Called with whether the chosen files pass the checks. */
  readonly onValidity?: ((valid: boolean) => void) | undefined
}

const attachmentErrors = (files: ReadonlyArray<AttachmentFile>, limits: AttachmentLimits) => {
  const errors: ContactFormErrors = validateContactForm({ attachments: files, firstname: "x", lastname: "x", email: "a@b.c", feedback: "x", bot2: "x" }, limits)
  return { attachments: errors.attachments, files: errors.files ?? [] }
}

/**
 * A file input for up to {@link maxAttachments} files with the limits and the errors of the chosen files.
 *
 * @example
 * ```tsx
 * <AttachmentsField limits={config} />
 * ```
 */
export function AttachmentsField({ limits, name = "attachments", error, onValidity }: AttachmentsFieldProps) {
  const { t } = useShopText()
  const id = useId()
  const [files, setFiles] = useState<ReadonlyArray<AttachmentFile>>([])
  const checked = attachmentErrors(files, limits)
  const setError = checked.attachments === "frm_too-many-attachments"
    ? t("frm_too-many-attachments", { max: maxAttachments })
    : checked.attachments === "frm_post-too-large" ? t("frm_post-too-large", { max: limits.maxPostSizeFormatted }) : undefined
  const messages = [
    ...(setError === undefined ? [] : [setError]),
    ...checked.files.map((file) => `${file.name}: ${t("frm_file-too-large", { max: limits.maxFileSizeFormatted })}`),
    ...(error === undefined ? [] : [error])
  ]
  return (
    <div className={`form-field attachments${messages.length > 0 ? " form-field--invalid" : ""}`}>
      <label htmlFor={id}>{t("pg_contact_attachments")}</label>
      <input
        id={id}
        type="file"
        name={name}
        multiple
        aria-describedby={`${id}-hint${messages.length > 0 ? ` ${id}-error` : ""}`}
        aria-invalid={messages.length > 0 ? true : undefined}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])].map((file) => ({ name: file.name, size: file.size }))
          setFiles(chosen)
          const next = attachmentErrors(chosen, limits)
          const valid = next.attachments === undefined && next.files.length === 0
          event.target.setCustomValidity(valid ? "" : t("pg_contact_attachments_invalid"))
          onValidity?.(valid)
        }}
      />
      <p id={`${id}-hint`} className="form-hint">
        {t("pg_contact_attachments_hint", { count: maxAttachments, file: limits.maxFileSizeFormatted, total: limits.maxPostSizeFormatted })}
      </p>
      {messages.length === 0 ? null : (
        <ul id={`${id}-error`} className="form-error">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}
