/**
 * The cart quantity input (spec §5, §9): whole numbers from 1 to 30, a zero or empty count set to 1,
 * increase only while the stock exceeds the count, and the debounce of a typed change.
 *
 * @module
 */

/** The smallest count of a cart line (§5, §9). */
export const minQuantity = 1

/** The largest count of a cart line (§5, §9). */
export const maxQuantity = 30

/** The stock assumed when the server sends none (§5: "stock (default 1)"). */
export const defaultStock = 1

/** Debounce of a changed amount before it is sent, in ms (§9). */
export const changeAmountDebounceMs = 250

/** Debounce of a changed amount while the typed count is empty, in ms (§9). */
export const emptyCountDebounceMs = 5000

/** Why a typed quantity was replaced by another count. */
export const quantityCorrections = ["empty", "zero", "notWhole", "belowMin", "aboveMax"] as const

/**
 * Why a typed quantity was replaced: `empty` (nothing but whitespace typed), `zero`, `notWhole`
 * (letters, decimals, exponents, inner spaces, NaN or ±Infinity), `belowMin` (a negative whole number),
 * `aboveMax` (a whole number above {@link maxQuantity}).
 */
export type QuantityCorrection = (typeof quantityCorrections)[number]

/** The typed input is exactly a count in [1, 30]. */
export interface ValidQuantity {
  /** Discriminant. */
  readonly _tag: "Valid"
  /** The count typed. */
  readonly count: number
}

/** The typed input was not a count in [1, 30]; `count` is the valid count to use instead. */
export interface CorrectedQuantity {
  /** Discriminant. */
  readonly _tag: "Corrected"
  /** The count to use instead of the input. */
  readonly count: number
  /** Why the input was replaced, for the message shown to the shopper. */
  readonly reason: QuantityCorrection
}

/** The outcome of reading a typed quantity: always carries a whole count in [1, 30]. */
export type ParsedQuantity = ValidQuantity | CorrectedQuantity

const valid = (count: number): ParsedQuantity => ({ _tag: "Valid", count })

const corrected = (count: number, reason: QuantityCorrection): ParsedQuantity => ({ _tag: "Corrected", count, reason })

/** The nearest count in [1, 30]: fractions are truncated, NaN gives 1, ±Infinity the bounds. */
export const clampQuantity = (count: number): number => {
  if (Number.isNaN(count)) return minQuantity
  return Math.min(maxQuantity, Math.max(minQuantity, Math.trunc(count)))
}

const fromWholeNumber = (value: number): ParsedQuantity => {
  if (value === 0) return corrected(minQuantity, "zero")
  if (value < minQuantity) return corrected(minQuantity, "belowMin")
  if (value > maxQuantity) return corrected(maxQuantity, "aboveMax")
  return valid(value)
}

const wholeNumberText = /^\s*([+-]?)([0-9]+)\s*$/

/**
 * Reads a typed cart quantity (§5). Surrounding whitespace, a leading sign and leading zeros are
 * accepted; a zero or empty count becomes 1; a whole number outside [1, 30] is clamped; anything
 * that is not a whole number keeps `previous` (clamped to [1, 30]; 1 when not given).
 */
export const parseQuantity = (input: string | number, previous: number = minQuantity): ParsedQuantity => {
  if (typeof input === "number") {
    return Number.isInteger(input) ? fromWholeNumber(input) : corrected(clampQuantity(previous), "notWhole")
  }
  if (input.trim() === "") return corrected(minQuantity, "empty")
  const match = wholeNumberText.exec(input)
  if (match === null) return corrected(clampQuantity(previous), "notWhole")
  const magnitude = Number(match[2])
  return fromWholeNumber(match[1] === "-" ? -magnitude : magnitude)
}

/**
 * Whether the count may be increased (§5): only while the stock (default 1) exceeds the count and
 * the count is below 30. Only whole pieces of a fractional stock count.
 */
export const canIncrease = (count: number, stock: number = defaultStock): boolean =>
  count < maxQuantity && count + 1 <= stock

/** Whether the minus button is disabled: at 1 (or below, or when the count is not a number). */
export const isMinusDisabled = (count: number): boolean => !(count > minQuantity)

/** Whether the plus button is disabled: whenever the count may not be increased. */
export const isPlusDisabled = (count: number, stock: number = defaultStock): boolean => !canIncrease(count, stock)

/** The count after pressing plus: one more when allowed, otherwise the count clamped to [1, 30]. */
export const increment = (count: number, stock: number = defaultStock): number => {
  const current = clampQuantity(count)
  return canIncrease(current, stock) ? current + 1 : current
}

/** The count after pressing minus: one less, never below 1; the count is first clamped to [1, 30]. */
export const decrement = (count: number): number => Math.max(minQuantity, clampQuantity(count) - 1)

/** The debounce before a typed amount is sent (§9): 5000 ms while the input is empty, else 250 ms. */
export const changeAmountDebounce = (rawInput: string | number): number =>
  typeof rawInput === "string" && rawInput.trim() === "" ? emptyCountDebounceMs : changeAmountDebounceMs
