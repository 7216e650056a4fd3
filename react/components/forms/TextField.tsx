/**
 * A labelled form field (input or textarea) with its hint and error tied to it for screen readers: the error is
 * announced through `aria-describedby` and marks the field `aria-invalid`. A required field shows an asterisk.
 *
 * @module
 */
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react"

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "children"> {
  /** The visible label. */
  readonly label: ReactNode
  /** The field's name in the posted form. */
  readonly name: string
  /** A help text under the field. */
  readonly hint?: ReactNode | undefined
  /** The error shown under the field, if any. */
  readonly error?: ReactNode | undefined
  /** A multi-line field (textarea) instead of an input. */
  readonly multiline?: boolean | undefined
  /** Rows of the textarea. */
  readonly rows?: number | undefined
  /** Extra class names of the wrapper. */
  readonly className?: string | undefined
}

/**
 * A labelled input or textarea with a hint and an error.
 *
 * @example
 * ```tsx
 * <TextField label="E-mail" name="email" type="email" required error={errors.email} />
 * ```
 */
export function TextField({ label, name, hint, error, multiline, rows, className, required, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = hint === undefined ? undefined : `${id}-hint`
  const errorId = error === undefined || error === null || error === "" ? undefined : `${id}-error`
  const describedBy = [hintId, errorId].filter((x) => x !== undefined).join(" ") || undefined
  const common = {
    id,
    name,
    required,
    "aria-invalid": errorId === undefined ? undefined : true,
    "aria-describedby": describedBy
  } as const
  return (
    <div className={["form-field", errorId === undefined ? "" : "form-field--invalid", className ?? ""].join(" ").trim()}>
      <label htmlFor={id}>
        {label}
        {required === true ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline === true
        ? <textarea {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...common} rows={rows ?? 5} />
        : <input {...input} {...common} />}
      {hintId === undefined ? null : <p id={hintId} className="form-hint">{hint}</p>}
      {errorId === undefined ? null : <p id={errorId} className="form-error">{error}</p>}
    </div>
  )
}
