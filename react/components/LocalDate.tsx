/**
 * A date in the shopper's UI language (§9 dates like "MMM d, y"; the locale follows the UI language, not the shop):
 * a `<time>` element with the machine-readable date.
 *
 * @module
 */
import { formatDate, isoDate } from "../../core/domain/dates.ts"
import { uiLanguageLocales } from "../../core/messages/languages.ts"
import { useShopText } from "../storefront/text.tsx"

/** Props of {@link LocalDate}. */
export interface LocalDateProps {
  /** The date: epoch milliseconds, an ISO text or a `Date`. */
  readonly value: number | string | Date
  /** Extra class. */
  readonly className?: string
}

/** The locale of the UI language, for dates and plain numbers. */
export const useUiLocale = (): string => uiLanguageLocales[useShopText().language]

/**
 * A date in the UI language's medium style, in UTC (the server's HTML and the browser agree); nothing for an
 * unreadable value.
 *
 * @example
 * ```tsx
 * <LocalDate value={order.createdAt} />
 * ```
 */
export function LocalDate({ value, className }: LocalDateProps) {
  const locale = useUiLocale()
  const text = formatDate(value, locale)
  if (text === "") return null
  return <time dateTime={isoDate(value)} className={className}>{text}</time>
}
