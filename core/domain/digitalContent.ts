/**
 * The customer's digital content (spec §1 "the shop also offers digital content", §2 clientDigitalContent): whether a
 * licence key is still valid on a day. Validity is ours: a key with a `validTo` day works through that day; a key
 * without one never expires.
 *
 * @module
 */

/** The state of a licence key on a day: it never expires, works until its last day, or has expired. */
export type LicenseState = "perpetual" | "valid" | "expired"

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/**
 * The state of a licence key on `today` (both `YYYY-MM-DD`): `perpetual` without a `validTo`, `valid` through the
 * `validTo` day itself, `expired` after it. A `validTo` that is not a calendar day counts as perpetual (the key is
 * shown, never hidden, when the date cannot be read).
 */
export const licenseState = (validTo: string | null | undefined, today: string): LicenseState => {
  if (validTo === null || validTo === undefined || !isoDay.test(validTo)) return "perpetual"
  return validTo >= today.slice(0, 10) ? "valid" : "expired"
}
