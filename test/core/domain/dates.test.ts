import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { dateTimeZone, formatDate, formatNumber, isoDate } from "../../../core/domain/dates.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"

describe("dates and numbers in the UI language (§9 dates like MMM d, y)", () => {
  test("examples: English is en-US's MMM d, y; the other UI languages their own medium style; UTC", () => {
    const at = Date.UTC(2026, 2, 5, 23, 30)
    expect(dateTimeZone).toBe("UTC")
    expect(formatDate(at, uiLanguageLocales.en)).toBe("Mar 5, 2026")
    expect(formatDate(at, uiLanguageLocales.cs)).toBe("5. 3. 2026")
    expect(formatDate("2026-03-05T23:30:00.000Z", uiLanguageLocales.pl)).toBe("5 mar 2026")
    expect(formatDate(new Date(at), uiLanguageLocales.hu)).toBe("2026. márc. 5.")
    expect(isoDate(at)).toBe("2026-03-05T23:30:00.000Z")
  })

  test("unreadable dates and non-finite numbers give the empty text; a refused locale falls back", () => {
    expect(formatDate("not a date", "en-US")).toBe("")
    expect(formatDate(Number.NaN, "en-US")).toBe("")
    expect(isoDate("nope")).toBe("")
    expect(formatNumber(Number.POSITIVE_INFINITY, "cs-CZ")).toBe("")
    expect(formatDate(0, "not a locale!")).toBe("Jan 1, 1970")
    expect(formatNumber(12345.5, "en-US")).toBe("12,345.5")
  })

  test.prop([fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }), fc.constantFrom(...Object.values(uiLanguageLocales))])(
    "every date in range formats to a non-empty text that only depends on the UTC day",
    (ms, locale) => {
      const text = formatDate(ms, locale)
      expect(text).not.toBe("")
      const startOfDay = ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000)
      expect(formatDate(startOfDay, locale)).toBe(text)
    }
  )
})
