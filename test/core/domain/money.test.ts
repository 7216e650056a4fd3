import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { fallbackLocale, formatNumber, formatPrice, nonFiniteAmountText } from "../../../core/domain/money.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const anyShop = fc.constantFrom(...allShops)
/** Amounts 0..10,000 in whole cents. */
const cents = fc.integer({ min: 0, max: 1_000_000 })
const finite = fc.double({ noNaN: true, noDefaultInfinity: true })

const spaced = (text: string): string => text.replace(/\s/g, " ")

const intl = (locale: string, currency: string | undefined, fractionDigits: 0 | 2): Intl.NumberFormat =>
  new Intl.NumberFormat(locale, {
    ...(currency === undefined ? {} : { style: "currency", currency }),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits
  })

/** Whether a formatted number shows a decimal part made only of zeros, in the locale's decimal mark. */
const hasZeroDecimal = (locale: string, text: string): boolean => {
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? "."
  return new RegExp(`${mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}0+(?![0-9])`).test(text)
}

describe("formatPrice (§5: prices drop a zero decimal)", () => {
  test.prop([anyShop, cents], { numRuns: 2000 })(
    "for every shop and amount 0..10,000: Intl with 0 decimals when whole, 2 otherwise, and never a zero decimal",
    (shop, c) => {
      const amount = c / 100
      const expected = new Intl.NumberFormat(shop.locale, {
        style: "currency",
        currency: shop.currency,
        minimumFractionDigits: c % 100 === 0 ? 0 : 2
      }).format(amount)
      const text = formatPrice(amount, shop)
      expect(text).toBe(expected)
      expect(formatPrice(amount, { locale: shop.locale, currency: shop.currency })).toBe(text)
      expect(hasZeroDecimal(shop.locale, text)).toBe(false)
    }
  )

  test.prop([anyShop, finite])(
    "every finite amount is Intl's two-decimal form, or its whole form exactly when those decimals are zero",
    (shop, amount) => {
      const text = formatPrice(amount, shop)
      const twoDecimals = intl(shop.locale, shop.currency, 2).format(amount)
      const whole = intl(shop.locale, shop.currency, 0).format(amount)
      const zeroDecimals = hasZeroDecimal(shop.locale, twoDecimals)
      expect(text).toBe(zeroDecimals ? whole.replace(/^[-\u2212](?=0(?![0-9]))/, "") : twoDecimals)
      expect(hasZeroDecimal(shop.locale, text)).toBe(false)
    }
  )

  test.prop([anyShop, fc.constantFrom(NaN, Infinity, -Infinity)])("non-finite amounts give the empty text", (shop, x) => {
    expect(formatPrice(x, shop)).toBe(nonFiniteAmountText)
    expect(nonFiniteAmountText).toBe("")
  })

  test.prop([anyShop, fc.integer({ min: 1, max: 1_000_000 })])("a negative price is the positive one with a minus", (shop, c) => {
    const positive = formatPrice(c / 100, shop)
    const negative = formatPrice(-c / 100, shop)
    expect(negative).not.toBe(positive)
    expect(negative.replace(/[-\u2212]/, "")).toBe(positive)
  })

  test.prop([fc.string(), fc.string(), finite])("is total for any locale and currency text", (locale, currency, amount) => {
    expect(typeof formatPrice(amount, { locale, currency })).toBe("string")
    expect(typeof formatNumber(amount, locale)).toBe("string")
  })

  test("examples in the shops' locales", () => {
    expect(spaced(formatPrice(100, shopById("CZ10MA")))).toBe("100 Kč")
    expect(spaced(formatPrice(99.5, shopById("CZ10MA")))).toBe("99,50 Kč")
    expect(spaced(formatPrice(1234, shopById("CZ10MA")))).toBe("1 234 Kč")
    expect(spaced(formatPrice(100.001, shopById("CZ10MA")))).toBe("100 Kč")
    expect(spaced(formatPrice(99.999, shopById("CZ10MA")))).toBe("100 Kč")
    expect(spaced(formatPrice(0.1, shopById("SK10MA")))).toBe("0,10 €")
    expect(spaced(formatPrice(49.9, shopById("PL10MA")))).toBe("49,90 zł")
    expect(spaced(formatPrice(1234.5, shopById("HR10MA")))).toBe("1.234,50 €")
    expect(spaced(formatPrice(2500, shopById("HU10MA")))).toBe("2500 Ft")
    expect(spaced(formatPrice(99.5, shopById("HU10MA")))).toBe("99,50 Ft")
    expect(spaced(formatPrice(7, shopById("SI10SI")))).toBe("7 €")
    expect(spaced(formatPrice(-0, shopById("CZ10MA")))).toBe("0 Kč")
    expect(spaced(formatPrice(-0.001, shopById("CZ10MA")))).toBe("0 Kč")
  })

  test("a currency that is not an ISO code is written after the number; a bad locale falls back", () => {
    expect(spaced(formatPrice(100, { locale: "cs-CZ", currency: "Kč" }))).toBe("100 Kč")
    expect(spaced(formatPrice(99.5, { locale: "cs-CZ", currency: " Kč " }))).toBe("99,50 Kč")
    expect(spaced(formatPrice(1234, { locale: "cs-CZ", currency: "" }))).toBe("1 234")
    expect(formatPrice(1234.5, { locale: "not a locale!", currency: "EUR" })).toBe(
      new Intl.NumberFormat(fallbackLocale, { style: "currency", currency: "EUR" }).format(1234.5)
    )
  })

  test("formatters are built once per (locale, currency)", () => {
    const original = Intl.NumberFormat
    let built = 0
    const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built += 1
      return new original(...args)
    } as unknown as typeof Intl.NumberFormat
    Intl.NumberFormat = Counting
    try {
      for (let i = 0; i < 1000; i++) formatPrice(i + 0.25, { locale: "de-AT", currency: "CHF" })
      expect(built).toBeGreaterThan(0)
      expect(built).toBeLessThanOrEqual(3)
    } finally {
      Intl.NumberFormat = original
    }
  })
})

describe("formatNumber", () => {
  test.prop([anyShop, cents])("the price rule without a currency", (shop, c) => {
    const amount = c / 100
    expect(formatNumber(amount, shop.locale)).toBe(intl(shop.locale, undefined, c % 100 === 0 ? 0 : 2).format(amount))
  })

  test("examples", () => {
    expect(spaced(formatNumber(1234, "cs-CZ"))).toBe("1 234")
    expect(formatNumber(2.5, "cs-CZ")).toBe("2,50")
    expect(formatNumber(NaN, "cs-CZ")).toBe("")
    expect(formatNumber(-0, "hr-HR")).toBe("0")
  })
})
