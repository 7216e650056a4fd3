/**
 * Dismissible notices remembered by a cookie (spec §4, §9): the floating banner (3 months) and the
 * VIP notice (365 days), and the pure cookie expiry arithmetic.
 *
 * @module
 */

/** A cookie lifetime in calendar months. */
export interface MonthsLifetime {
  /** Number of calendar months. */
  readonly months: number
}

/** A cookie lifetime in 24-hour days. */
export interface DaysLifetime {
  /** Number of days. */
  readonly days: number
}

/** How long a cookie lives. */
export type CookieLifetime = MonthsLifetime | DaysLifetime

/** Lifetime of the floating-banner closed cookie, in months (§9). */
export const floatingBannerCookieMonths = 3

/** Lifetime of the VIP-notice closed cookie, in days (§9). */
export const vipNoticeCookieDays = 365

/** Lifetime of the floating-banner closed cookie (§9: 3 months). */
export const floatingBannerCookieLifetime: CookieLifetime = { months: floatingBannerCookieMonths }

/** Lifetime of the VIP-notice closed cookie (§9: 365 days). */
export const vipNoticeCookieLifetime: CookieLifetime = { days: vipNoticeCookieDays }

/** Name of the floating-banner closed cookie (the spec does not show it; ours). */
export const floatingBannerCookieName = "floatingBannerClosed"

/** Name of the VIP-notice closed cookie (the spec does not show it; ours). */
export const vipNoticeCookieName = "vipNoticeClosed"

const dayMs = 86_400_000

const whole = (n: number): number => (Number.isFinite(n) ? Math.trunc(n) : 0)

/**
 * When a cookie set at `nowMs` expires (epoch ms). Days are 24-hour days. Months are calendar
 * months in UTC, keeping the time of day; a day that the target month lacks becomes its last day
 * (31 January + 1 month is 28 or 29 February). Counts are truncated to whole numbers, a non-finite
 * count counts as 0; the result is NaN when `nowMs` or the result is outside the Date range.
 */
export const cookieExpiry = (nowMs: number, lifetime: CookieLifetime): number => {
  if ("days" in lifetime) return new Date(nowMs + whole(lifetime.days) * dayMs).getTime()
  const now = new Date(nowMs)
  if (Number.isNaN(now.getTime())) return Number.NaN
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + whole(lifetime.months)
  const endOfMonth = new Date(0)
  endOfMonth.setUTCFullYear(year, month + 1, 0)
  const expiry = new Date(nowMs)
  expiry.setUTCFullYear(year, month, Math.min(now.getUTCDate(), endOfMonth.getUTCDate()))
  return expiry.getTime()
}

/** A cookie to set: name, value and expiry (epoch ms). */
export interface ClosedCookie {
  /** Cookie name. */
  readonly name: string
  /** Cookie value. */
  readonly value: string
  /** Expiry, epoch ms. */
  readonly expiresAtMs: number
}

/** The cookie that remembers a notice was closed at `nowMs`. */
export const closedCookie = (name: string, lifetime: CookieLifetime, nowMs: number): ClosedCookie => ({
  name,
  value: "1",
  expiresAtMs: cookieExpiry(nowMs, lifetime)
})

/** Whether a dismissible notice shows (§4 floating banner "hidden once closed"): only while its closed cookie is absent. */
export const noticeVisible = (closedCookiePresent: boolean): boolean => !closedCookiePresent

/** A dismissible notice: whether it shows, and the cookie to set when it was just closed. */
export interface NoticeState {
  /** The notice shows. */
  readonly visible: boolean
  /** The cookie the UI must write after a close, or null. */
  readonly cookie: ClosedCookie | null
}

/** A dismissible notice as the page loads, from whether its closed cookie is present. */
export const initialNotice = (closedCookiePresent: boolean): NoticeState => ({
  visible: noticeVisible(closedCookiePresent),
  cookie: null
})

/** Which notice: the floating banner or the VIP notice. */
export type Notice = "floatingBanner" | "vipNotice"

/** The closed cookie of a notice. */
export interface NoticeCookie {
  /** Cookie name. */
  readonly name: string
  /** Cookie lifetime. */
  readonly lifetime: CookieLifetime
}

/** The closed cookie name and lifetime of each notice (§9). */
export const noticeCookies: { readonly [K in Notice]: NoticeCookie } = {
  floatingBanner: { name: floatingBannerCookieName, lifetime: floatingBannerCookieLifetime },
  vipNotice: { name: vipNoticeCookieName, lifetime: vipNoticeCookieLifetime }
}

/**
 * A notice after its close button is pressed at `nowMs`: hidden for good, with the cookie to write.
 * Closing an already hidden notice changes nothing.
 */
export const closeNotice = (state: NoticeState, notice: Notice, nowMs: number): NoticeState =>
  state.visible
    ? { visible: false, cookie: closedCookie(noticeCookies[notice].name, noticeCookies[notice].lifetime, nowMs) }
    : state
