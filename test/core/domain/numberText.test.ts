import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { formatNumber, formatPrice } from "../../../core/domain/money.ts"
import { numberTextCurrencies, numberTextLocales, writeNumber } from "../../../core/domain/numberText.ts"
import { allShops, currencies } from "../../../core/domain/shop.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"

/** The price rule by `Intl.NumberFormat` itself: two decimals, or none when those two are zero. */
const intlFormats = new Map<string, Intl.NumberFormat>()
const byIntl = (value: number, locale: string, currency?: string): string => {
  const format = (fractionDigits: number) => {
    const key = `${locale} ${currency} ${fractionDigits}`
    let made = intlFormats.get(key)
    if (made === undefined) {
      made = new Intl.NumberFormat(locale, {
        ...(currency === undefined ? {} : { style: "currency", currency }),
        signDisplay: "negative",
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits
      })
      intlFormats.set(key, made)
    }
    return made
  }
  const parts = format(2).formatToParts(value)
  const zeroDecimal = parts.every((part) => part.type !== "fraction" || /^0*$/.test(part.value))
  return zeroDecimal ? format(0).format(value) : parts.map((part) => part.value).join("")
}

const locale = fc.constantFrom(...numberTextLocales)
const currency = fc.constantFrom(...numberTextCurrencies)
/** Any finite double, and the amounts prices are made of: cents, thousandths at the rounding edge, large sums. */
const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((c) => c / 100),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((m) => m / 1000),
  fc.integer({ min: -1000, max: 1000 }).map((m) => m / 1000 + 0.0005),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(Number),
  fc.integer({ min: -30, max: 30 }).map((e) => 10 ** e * 1.005),
  fc.constantFrom(0, -0, 0.005, -0.005, 0.995, 999.995, 9999.995, 99999.995, 1e21, -1e21, 5e-324, Number.MAX_VALUE)
)

describe("numbers and prices written without Intl", () => {
  test("cover the locale and currency of every shop and the locale of every UI language", () => {
    for (const shop of allShops) {
      expect(numberTextLocales).toContain(shop.locale)
      expect(numberTextCurrencies).toContain(shop.currency)
    }
    for (const uiLocale of Object.values(uiLanguageLocales)) expect(numberTextLocales).toContain(uiLocale)
    expect([...numberTextCurrencies].sort()).toEqual([...currencies].sort())
  })

  test.prop([locale, currency, value], { numRuns: 20_000 })("a price is Intl.NumberFormat's text", (l, c, v) => {
    expect(writeNumber(v, l, c)).toBe(byIntl(v, l, c))
    expect(formatPrice(v, { locale: l, currency: c })).toBe(byIntl(v, l, c))
  })

  test.prop([locale, value], { numRuns: 10_000 })("a number is Intl.NumberFormat's text", (l, v) => {
    expect(writeNumber(v, l)).toBe(byIntl(v, l))
    expect(formatNumber(v, l)).toBe(byIntl(v, l))
  })

  test.prop([fc.string(), fc.option(fc.string(), { nil: undefined }), value])(
    "any other locale or currency is left to Intl",
    (l, c, v) => {
      fc.pre(!numberTextLocales.includes(l) || (c !== undefined && !numberTextCurrencies.includes(c)))
      expect(writeNumber(v, l, c)).toBeUndefined()
    }
  )

  test("examples", () => {
    expect(writeNumber(1234, "cs-CZ", "CZK")).toBe("1\u00a0234\u00a0Kč")
    expect(writeNumber(1234, "hu-HU", "HUF")).toBe("1234\u00a0Ft")
    expect(writeNumber(-12345.5, "sl-SI", "EUR")).toBe("\u221212.345,50\u00a0€")
    expect(writeNumber(-0.004, "en-US", "EUR")).toBe("€0")
    expect(writeNumber(-1234.5, "en-US", "PLN")).toBe("-PLN\u00a01,234.50")
    expect(writeNumber(1.005, "en-US")).toBe("1.01")
    expect(writeNumber(99.995, "pl-PL", "PLN")).toBe("100\u00a0zł")
    expect(writeNumber(1, "constructor")).toBeUndefined()
    expect(writeNumber(1, "cs-CZ", "toString")).toBeUndefined()
  })
})
