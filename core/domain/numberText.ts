/**
 * Numbers and prices written without `Intl`, for the locales and currencies of the shops and the UI languages: a
 * page's first `Intl.NumberFormat` sets up the engine's number formatting (about 100 ms on a phone), so the prices a
 * page hydrates with are written from this table instead. The table is CLDR's (as `Intl.NumberFormat` writes it with
 * `signDisplay: "negative"`); test/core/domain/numberText.test.ts proves it equal to `Intl` for every entry.
 *
 * @module
 */

/** How a locale writes a number. */
interface NumberSymbols {
  /** The minus sign (U+002D or U+2212). */
  readonly minus: string
  /** The grouping separator. */
  readonly group: string
  /** The decimal mark. */
  readonly decimal: string
  /** CLDR's minimum grouping digits: the integer part is grouped only when it has at least 3 + this many digits. */
  readonly minimumGroupingDigits: 1 | 2
}

/** What comes before and after the number of a price (the minus sign goes before both). */
interface CurrencyAffixes {
  readonly prefix: string
  readonly suffix: string
}

const nbsp = "\u00a0"
const euroAfter: CurrencyAffixes = { prefix: "", suffix: `${nbsp}€` }
const after = (symbol: string): CurrencyAffixes => ({ prefix: "", suffix: `${nbsp}${symbol}` })
const before = (symbol: string): CurrencyAffixes => ({ prefix: symbol, suffix: "" })

const symbolsOf: ReadonlyMap<string, NumberSymbols> = new Map(Object.entries({
  "cs-CZ": { minus: "-", group: nbsp, decimal: ",", minimumGroupingDigits: 1 },
  "sk-SK": { minus: "-", group: nbsp, decimal: ",", minimumGroupingDigits: 1 },
  "hr-HR": { minus: "\u2212", group: ".", decimal: ",", minimumGroupingDigits: 1 },
  "hu-HU": { minus: "-", group: nbsp, decimal: ",", minimumGroupingDigits: 2 },
  "pl-PL": { minus: "-", group: nbsp, decimal: ",", minimumGroupingDigits: 2 },
  "sl-SI": { minus: "\u2212", group: ".", decimal: ",", minimumGroupingDigits: 2 },
  "en-US": { minus: "-", group: ",", decimal: ".", minimumGroupingDigits: 1 }
} satisfies Record<string, NumberSymbols>))

const affixesOf: ReadonlyMap<string, ReadonlyMap<string, CurrencyAffixes>> = new Map(Object.entries({
  "cs-CZ": { CZK: after("Kč"), EUR: euroAfter, HUF: after("HUF"), PLN: after("PLN") },
  "sk-SK": { CZK: after("CZK"), EUR: euroAfter, HUF: after("HUF"), PLN: after("PLN") },
  "hr-HR": { CZK: after("CZK"), EUR: euroAfter, HUF: after("HUF"), PLN: after("PLN") },
  "hu-HU": { CZK: after("CZK"), EUR: after("EUR"), HUF: after("Ft"), PLN: after("PLN") },
  "pl-PL": { CZK: after("CZK"), EUR: euroAfter, HUF: after("HUF"), PLN: after("zł") },
  "sl-SI": { CZK: after("CZK"), EUR: euroAfter, HUF: after("HUF"), PLN: after("PLN") },
  "en-US": { CZK: before(`CZK${nbsp}`), EUR: before("€"), HUF: before(`HUF${nbsp}`), PLN: before(`PLN${nbsp}`) }
} satisfies Record<string, Record<string, CurrencyAffixes>>).map(([locale, affixes]) => [locale, new Map(Object.entries(affixes))]))

/** The locales this module writes numbers in. */
export const numberTextLocales: ReadonlyArray<string> = [...symbolsOf.keys()]

/** The currencies this module writes prices in, in every one of {@link numberTextLocales}. */
export const numberTextCurrencies: ReadonlyArray<string> = ["CZK", "EUR", "HUF", "PLN"]

/** A number rounded to a number of decimals: its digits, and whether it is below zero after rounding. */
interface Rounded {
  readonly negative: boolean
  readonly integer: string
  readonly fraction: string
}

/** Adds one to a string of decimal digits. */
const increment = (digits: string): string => {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === "9") i--
  if (i < 0) return `1${"0".repeat(digits.length)}`
  return `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${"0".repeat(digits.length - i - 1)}`
}

/**
 * A finite number rounded half away from zero to `fractionDigits` decimals, as ICU rounds: from the number's
 * shortest round-trip decimal form (JavaScript's `String(number)`), not its binary value, so `1.005` gives `1.01`.
 */
const round = (value: number, fractionDigits: number): Rounded => {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)))
  if (match === null) throw new Error(`not a finite number: ${value}`)
  let digits = `${match[1]}${match[2] ?? ""}`
  let point = match[1]!.length + Number(match[3] ?? "0")
  if (point < 1) {
    digits = `${"0".repeat(1 - point)}${digits}`
    point = 1
  }
  if (digits.length < point + fractionDigits + 1) digits = digits.padEnd(point + fractionDigits + 1, "0")
  const kept = digits.slice(0, point + fractionDigits)
  const roundedUp = digits[point + fractionDigits]! >= "5" ? increment(kept) : kept
  const integerLength = roundedUp.length - fractionDigits
  const integer = roundedUp.slice(0, integerLength).replace(/^0+(?=\d)/, "")
  const fraction = roundedUp.slice(integerLength)
  return { negative: value < 0 && /[1-9]/.test(roundedUp), integer, fraction }
}

const grouped = (integer: string, symbols: NumberSymbols): string => {
  if (integer.length < 3 + symbols.minimumGroupingDigits) return integer
  const head = integer.length % 3
  const groups = head === 0 ? [] : [integer.slice(0, head)]
  for (let i = head; i < integer.length; i += 3) groups.push(integer.slice(i, i + 3))
  return groups.join(symbols.group)
}

/**
 * A finite number by the price rule (no decimals when it is whole at two decimals, otherwise exactly two) in one
 * of {@link numberTextLocales}, with a currency's affixes when given; `undefined` for any other locale or currency.
 * Equal to `Intl.NumberFormat`'s text with `signDisplay: "negative"` (no minus when it rounds to zero).
 */
export const writeNumber = (value: number, locale: string, currency?: string): string | undefined => {
  const symbols = symbolsOf.get(locale)
  if (symbols === undefined || !Number.isFinite(value)) return undefined
  const affixes = currency === undefined ? { prefix: "", suffix: "" } : affixesOf.get(locale)?.get(currency)
  if (affixes === undefined) return undefined
  const cents = round(value, 2)
  const number = /^0+$/.test(cents.fraction)
    ? grouped(cents.integer, symbols)
    : `${grouped(cents.integer, symbols)}${symbols.decimal}${cents.fraction}`
  return `${cents.negative ? symbols.minus : ""}${affixes.prefix}${number}${affixes.suffix}`
}
