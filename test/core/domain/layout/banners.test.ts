import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  closeNotice,
  cookieExpiry,
  floatingBannerCookieLifetime,
  floatingBannerCookieMonths,
  floatingBannerCookieName,
  initialNotice,
  noticeCookies,
  noticeVisible,
  vipNoticeCookieDays,
  vipNoticeCookieLifetime,
  vipNoticeCookieName
} from "../../../../core/domain/layout.ts"

const dayMs = 86_400_000
/** Month lengths by the Gregorian rule, independent of Date. */
const daysIn = (year: number, month0: number): number => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month0] ?? 0
}
const timestamps = fc.integer({ min: 0, max: 7_258_118_400_000 }) // 1970 .. 2200
const timeOfDay = (ms: number): number => ((ms % dayMs) + dayMs) % dayMs
const utc = (iso: string): number => Date.parse(iso)

describe("dismissible notices and cookies (§4, §9)", () => {
  test("spec constants: floating banner cookie 3 months, VIP notice closed cookie 365 days", () => {
    expect(floatingBannerCookieMonths).toBe(3)
    expect(vipNoticeCookieDays).toBe(365)
    expect(floatingBannerCookieLifetime).toEqual({ months: 3 })
    expect(vipNoticeCookieLifetime).toEqual({ days: 365 })
    expect(noticeCookies.floatingBanner).toEqual({ name: floatingBannerCookieName, lifetime: { months: 3 } })
    expect(noticeCookies.vipNotice).toEqual({ name: vipNoticeCookieName, lifetime: { days: 365 } })
  })

  test("calendar months: end of month clamps, time of day kept", () => {
    expect(cookieExpiry(utc("2024-01-31T12:00:00Z"), { months: 1 })).toBe(utc("2024-02-29T12:00:00Z"))
    expect(cookieExpiry(utc("2023-01-31T00:00:00Z"), { months: 1 })).toBe(utc("2023-02-28T00:00:00Z"))
    expect(cookieExpiry(utc("2023-11-30T08:30:00Z"), { months: 3 })).toBe(utc("2024-02-29T08:30:00Z"))
    expect(cookieExpiry(utc("2024-05-15T10:00:00.123Z"), { months: 3 })).toBe(utc("2024-08-15T10:00:00.123Z"))
    expect(cookieExpiry(utc("2024-05-15T10:00:00Z"), { days: 365 })).toBe(utc("2025-05-15T10:00:00Z"))
    expect(Number.isNaN(cookieExpiry(Number.NaN, { months: 3 }))).toBe(true)
  })

  test.prop([timestamps, fc.integer({ min: -400, max: 400 })])("days are exact 24-hour days", (now, days) => {
    expect(cookieExpiry(now, { days })).toBe(now + days * dayMs)
  })

  test.prop([timestamps, fc.integer({ min: -36, max: 36 })])(
    "months move the calendar month, clamp the day to the month's length, keep the time of day",
    (now, months) => {
      const from = new Date(now)
      const to = new Date(cookieExpiry(now, { months }))
      const index = from.getUTCFullYear() * 12 + from.getUTCMonth() + months
      expect(to.getUTCFullYear() * 12 + to.getUTCMonth()).toBe(index)
      expect(to.getUTCDate()).toBe(Math.min(from.getUTCDate(), daysIn(Math.floor(index / 12), index % 12)))
      expect(timeOfDay(to.getTime())).toBe(timeOfDay(now))
    }
  )

  test.prop([timestamps])("3 months is between 89 and 92 days ahead", (now) => {
    const ahead = cookieExpiry(now, floatingBannerCookieLifetime) - now
    expect(ahead).toBeGreaterThanOrEqual(89 * dayMs)
    expect(ahead).toBeLessThanOrEqual(92 * dayMs)
  })

  test.prop([fc.boolean(), fc.constantFrom("floatingBanner" as const, "vipNotice" as const), timestamps, timestamps])(
    "a notice shows only without its cookie; closing hides it for good and yields the cookie once",
    (cookiePresent, notice, now, later) => {
      const s = initialNotice(cookiePresent)
      expect(s.visible).toBe(!cookiePresent)
      expect(noticeVisible(cookiePresent)).toBe(!cookiePresent)
      const closed = closeNotice(s, notice, now)
      expect(closed.visible).toBe(false)
      if (cookiePresent) expect(closed).toBe(s)
      else
        expect(closed.cookie).toEqual({
          name: noticeCookies[notice].name,
          value: "1",
          expiresAtMs: cookieExpiry(now, noticeCookies[notice].lifetime)
        })
      expect(closeNotice(closed, notice, later)).toBe(closed)
    }
  )
})
