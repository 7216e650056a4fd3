/**
 * Dates and plain numbers in the shopper's UI language (spec §9 "dates like MMM d, y"): a medium date style of the
 * UI language's locale, in UTC so the server's HTML and the browser's render agree, via `Intl`.
 *
 * @module
 */
import { fallbackLocale } from "./money.ts"

/** The time zone dates are shown in: UTC, so a date reads the same on the server and in every browser (ours). */
export const dateTimeZone = "UTC"

const dateFormats = new Map<string, Intl.DateTimeFormat>()

const dateFormat = (locale: string): Intl.DateTimeFormat => {
  const cached = dateFormats.get(locale)
  if (cached !== undefined) return cached
  let made: Intl.DateTimeFormat
  try {
    made = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: dateTimeZone })
  } catch {
    made = new Intl.DateTimeFormat(fallbackLocale, { dateStyle: "medium", timeZone: dateTimeZone })
  }
  dateFormats.set(locale, made)
  return made
}

/** A date given as epoch milliseconds, an ISO text or a `Date`; anything unreadable gives null. */
export const dateOf = (value: number | string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * A date in the medium style of `locale` (en-US "Mar 5, 2026", cs-CZ "5. 3. 2026"), in UTC. An unreadable value
 * gives the empty text; a locale `Intl` refuses falls back to {@link fallbackLocale}.
 */
export const formatDate = (value: number | string | Date, locale: string): string => {
  const date = dateOf(value)
  return date === null ? "" : dateFormat(locale).format(date)
}

/** The machine-readable form of a date for a `<time dateTime>` attribute (ISO 8601), or the empty text. */
export const isoDate = (value: number | string | Date): string => dateOf(value)?.toISOString() ?? ""

/** A plain number (counts, order numbers are not numbers) grouped by `locale`; a non-finite number gives the empty text. */
export const formatNumber = (value: number, locale: string): string => {
  if (!Number.isFinite(value)) return ""
  try {
    return new Intl.NumberFormat(locale).format(value)
  } catch {
    return new Intl.NumberFormat(fallbackLocale).format(value)
  }
}
