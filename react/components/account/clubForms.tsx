/**
 * The form element the account club components post with: a plain `<form>` by default, or the router's form
 * component (React Router's `Form`), so the forms work without JavaScript and navigate in place with it.
 *
 * @module
 */
import type { ComponentType, FormEventHandler, ReactNode } from "react"

/** What the club components pass to their form component: a post, its class and its fields. */
export interface ClubFormElementProps {
  readonly method: "post"
  readonly className?: string
  readonly children?: ReactNode
  /** Called before the form is sent; `preventDefault` keeps it from being sent (the router's `Form` honours it too). */
  readonly onSubmit?: FormEventHandler<HTMLFormElement> | undefined
}

/** A component that renders a form element (the router's `Form`, or {@link PlainForm}). */
export type FormComponent = ComponentType<ClubFormElementProps>

/** A plain `<form>`. */
export function PlainForm({ method, className, children, onSubmit }: ClubFormElementProps) {
  return <form method={method} className={className} onSubmit={onSubmit}>{children}</form>
}

/** What every posting club component takes: the form component and the hidden fields every form carries (csrf). */
export interface ClubFormProps {
  /** The form component; a plain `<form>` when absent. */
  readonly form?: FormComponent | undefined
  /** Hidden fields each form carries, e.g. the csrf token. */
  readonly hiddenFields?: ReactNode
}

/** A date (`YYYY-MM-DD` or an ISO timestamp) in the shop's locale, or the text as it is when it is not a date. */
export const shopDate = (value: string, locale: string): string => {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(locale, { timeZone: "UTC" })
}

/** The locale dates are written in: British English for the English texts, else the shop's locale. */
export const dateLocaleOf = (shop: { readonly locale: string }, language: string): string => (language === "en" ? "en-GB" : shop.locale)
