/**
 * Prices and numbers in the shop's locale (spec §5: "Prices drop a zero decimal"): in the shops' and UI languages'
 * locales by CLDR's symbols without `Intl` (./numberText.ts, proven equal to `Intl.NumberFormat`), in any other
 * locale or currency by `Intl.NumberFormat`, never by string concatenation.
 *
 * @module
 */
import { writeNumber } from "./numberText.ts"

/** What a price is formatted with; a shop row fits as it is. */
export interface PriceFormat {
  /** BCP 47 locale, e.g. `cs-CZ`. */
  readonly locale: string
  /** ISO 4217 currency code, e.g. `CZK`; any other text (e.g. an abbreviation such as `Kč`) is written after the number. */
  readonly currency: string
}

/** The locale used when a given locale tag is not one `Intl` accepts. */
export const fallbackLocale = "en"

/** The text of an amount that is not a finite number (NaN, ±Infinity): empty, so nothing misleading is shown. */
export const nonFiniteAmountText = ""

interface Formatters {
  /** No decimals: for amounts that are whole at two decimals. */
  readonly whole: Intl.NumberFormat
  /** Exactly two decimals; created on first use (a page of whole prices never needs it). */
  readonly cents: () => Intl.NumberFormat
}

type FormatterOptions = Omit<Intl.NumberFormatOptions, "minimumFractionDigits" | "maximumFractionDigits">

const build = (locale: string, options: FormatterOptions): Formatters => {
  const make = (locales: string): Formatters => {
    const whole = new Intl.NumberFormat(locales, { ...options, minimumFractionDigits: 0, maximumFractionDigits: 0 })
    let cents: Intl.NumberFormat | undefined
    return {
      whole,
      cents: () => (cents ??= new Intl.NumberFormat(locales, { ...options, minimumFractionDigits: 2, maximumFractionDigits: 2 }))
    }
  }
  try {
    return make(locale)
  } catch {
    return make(fallbackLocale)
  }
}

const decimalCache = new Map<string, Formatters>()
const currencyCache = new Map<string, Formatters | null>()

/** Decimal formatters of a locale, memoised. */
const decimalFormatters = (locale: string): Formatters => {
  const cached = decimalCache.get(locale)
  if (cached !== undefined) return cached
  const formatters = build(locale, { style: "decimal", signDisplay: "negative" })
  decimalCache.set(locale, formatters)
  return formatters
}

/**
 * Whether `Intl` takes the text as a currency code: ECMA-402's IsWellFormedCurrencyCode (three ASCII letters, any
 * case), checked without creating a formatter (each costs time on a phone's first render).
 */
const isCurrencyCode = (currency: string): boolean => /^[A-Za-z]{3}$/.test(currency)

/** Currency formatters per (locale, currency), memoised; `null` when the currency is not an ISO 4217 code. */
const currencyFormatters = (locale: string, currency: string): Formatters | null => {
  const key = `${locale}\u0000${currency}`
  const cached = currencyCache.get(key)
  if (cached !== undefined) return cached
  const formatters = isCurrencyCode(currency)
    ? build(locale, { style: "currency", currency, signDisplay: "negative" })
    : null
  currencyCache.set(key, formatters)
  return formatters
}

const dropZeroDecimal = (formatters: Formatters, amount: number): string => {
  if (Number.isInteger(amount)) return formatters.whole.format(amount)
  const parts = formatters.cents().formatToParts(amount)
  const zeroDecimal = parts.every((part) => part.type !== "fraction" || /^0*$/.test(part.value))
  return zeroDecimal ? formatters.whole.format(amount) : parts.map((part) => part.value).join("")
}

/**
 * A number in a locale (grouping and decimal mark of the locale), by the price rule: no decimals when
 * the number is whole at two decimals, otherwise exactly two. Negative zero shows as `0`; NaN and
 * ±Infinity give {@link nonFiniteAmountText}; an invalid locale tag falls back to {@link fallbackLocale}.
 */
export const formatNumber = (value: number, locale: string): string => {
  if (!Number.isFinite(value)) return nonFiniteAmountText
  const written = writeNumber(value, locale)
  if (written !== undefined) return written
  return dropZeroDecimal(decimalFormatters(locale), value)
}

/**
 * A price in the shop's locale and currency (§5): a zero decimal part is dropped (`100 Kč`), any
 * other amount shows two decimals (`99,50 Kč`); rounding to two decimals is Intl's (half away from
 * zero), and an amount that rounds to a whole number shows none (`99.999` gives `100 Kč`).
 * Negative zero shows as `0`; NaN and ±Infinity give {@link nonFiniteAmountText}; an invalid locale tag
 * falls back to {@link fallbackLocale}; a currency that is not an ISO 4217 code is written after the
 * number, separated by a no-break space.
 */
export const formatPrice = (amount: number, format: PriceFormat): string => {
  if (!Number.isFinite(amount)) return nonFiniteAmountText
  const written = writeNumber(amount, format.locale, format.currency)
  if (written !== undefined) return written
  const formatters = currencyFormatters(format.locale, format.currency)
  if (formatters !== null) return dropZeroDecimal(formatters, amount)
  const number = formatNumber(amount, format.locale)
  const unit = format.currency.trim()
  return unit === "" ? number : `${number}\u00a0${unit}`
}
