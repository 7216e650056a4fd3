/**
 * Postal code display (spec §5: Czech `xxx xx`, Polish `xx-xxx`), driven by the shop table's
 * `zipPattern`, where `#` stands for one digit and every other character is written as it is.
 *
 * @module
 */

/** Where a zip pattern comes from: the pattern itself or a shop row (its `zipPattern`). */
export type ZipPatternSource =
  | string
  | {
      /** Display pattern, `#` standing for one digit. */
      readonly zipPattern: string
    }

/** The character of a zip pattern that stands for one digit. */
export const zipDigitPlaceholder = "#"

const patternOf = (source: ZipPatternSource): string => (typeof source === "string" ? source : source.zipPattern)

const separators = /[\s\-\u2010-\u2015\u2212]/g

/** A zip without its separators: all whitespace and hyphens/dashes removed, nothing else changed. */
export const stripZip = (zip: string | number): string => String(zip).replace(separators, "")

/** How many digits a zip of the pattern has. */
export const zipDigitCount = (source: ZipPatternSource): number =>
  [...patternOf(source)].filter((char) => char === zipDigitPlaceholder).length

/** Whether a zip, once stripped of separators, is exactly as many ASCII digits as the pattern asks for. */
export const isValidZip = (zip: string | number, source: ZipPatternSource): boolean => {
  const digits = stripZip(zip)
  return /^[0-9]*$/.test(digits) && digits.length === zipDigitCount(source)
}

/**
 * A zip for display in the shop's pattern (§5): separators are stripped, then the digits fill the
 * `#`s in order (CZ `11000` gives `110 00`, PL `00950` gives `00-950`). A zip whose digits do not fit
 * the pattern is returned trimmed and otherwise unchanged. A numeric zip that lost leading zeros does
 * not fit.
 */
export const formatZip = (zip: string | number, source: ZipPatternSource): string => {
  if (!isValidZip(zip, source)) return String(zip).trim()
  const digits = [...stripZip(zip)]
  let next = 0
  return [...patternOf(source)]
    .map((char) => (char === zipDigitPlaceholder ? (digits[next++] ?? "") : char))
    .join("")
}
