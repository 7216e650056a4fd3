/**
 * The outcome of a form above it: a success is a polite status, a failure an alert, so screen readers announce
 * either without moving focus.
 *
 * @module
 */
import type { ReactNode } from "react"

/** Props of {@link FormNotice}. */
export interface FormNoticeProps {
  /** `success` (a status) or `error` (an alert). */
  readonly tone: "success" | "error"
  /** The text. */
  readonly children: ReactNode
  /** Extra class names. */
  readonly className?: string | undefined
}

/**
 * A success or error notice of a form.
 *
 * @example
 * ```tsx
 * <FormNotice tone="error">{t("pg_form_expired")}</FormNotice>
 * ```
 */
export function FormNotice({ tone, children, className }: FormNoticeProps) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`form-notice form-notice--${tone} ${className ?? ""}`.trim()}>
      {children}
    </div>
  )
}
