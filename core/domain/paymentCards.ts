/**
 * The customer's saved cards (spec §2 manageCardList; the card rules are not shown: ours): the card number as typed,
 * its Luhn check digit, the brand read from its first digits (the card-brand icons of §2), the expiry, and what is
 * kept of a card (brand and last four digits, never the whole number).
 *
 * @module
 */

/** The kinds of card a customer saves: a payment card or a loyalty card. */
export const cardKinds = ["payment", "loyalty"] as const

/** A kind of saved card. */
export type CardKind = (typeof cardKinds)[number]

/** The brands the storefront tells apart (its card-brand icons, §2). */
export const cardBrands = ["visa", "mastercard", "maestro", "amex", "other"] as const

/** A card brand. */
export type CardBrand = (typeof cardBrands)[number]

/** The fewest and most digits of a card number (ISO/IEC 7812: 12 to 19). */
export const cardNumberLength = { min: 12, max: 19 } as const

/** A card number without the spaces and hyphens a person types between the groups of digits. */
export const stripCardNumber = (typed: string): string => typed.replace(/[\s-]/g, "")

/**
 * The Luhn check (ISO/IEC 7812-1): from the rightmost digit, every second digit is doubled (less 9 when over 9) and
 * the sum of all digits must end in 0. Only a string of ASCII digits can pass; the empty string does not.
 */
export const passesLuhnCheck = (digits: string): boolean => {
  if (!/^[0-9]+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48
    const weighted = i % 2 === 1 ? digit * 2 : digit
    sum += weighted > 9 ? weighted - 9 : weighted
  }
  return sum % 10 === 0
}

/** The Luhn check digit that completes `payload` (ASCII digits) into a number that passes {@link passesLuhnCheck}. */
export const luhnCheckDigit = (payload: string): string => {
  for (let digit = 0; digit <= 9; digit++) {
    if (passesLuhnCheck(`${payload}${digit}`)) return String(digit)
  }
  throw new Error("luhnCheckDigit: the payload must be ASCII digits")
}

/** The brand of a card number by its first digits (Visa 4, Mastercard 51-55 and 2221-2720, Amex 34/37, Maestro 50/56-69). */
export const cardBrandOf = (digits: string): CardBrand => {
  if (/^4/.test(digits)) return "visa"
  if (/^3[47]/.test(digits)) return "amex"
  const first4 = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (first4 >= 2221 && first4 <= 2720)) return "mastercard"
  if (/^(50|5[6-9]|6)/.test(digits)) return "maestro"
  return "other"
}

/** Why a card number is refused: not digits, too short or too long, or a wrong check digit. */
export type CardNumberProblem = "format" | "length" | "checksum"

/**
 * What is wrong with a card number as typed, or `undefined` when it is fine: after {@link stripCardNumber} it must be
 * 12 to 19 ASCII digits that pass the Luhn check. A loyalty card is checked the same way (our cards carry a Luhn
 * digit too).
 */
export const cardNumberProblem = (typed: string): CardNumberProblem | undefined => {
  const digits = stripCardNumber(typed)
  if (!/^[0-9]+$/.test(digits)) return "format"
  if (digits.length < cardNumberLength.min || digits.length > cardNumberLength.max) return "length"
  return passesLuhnCheck(digits) ? undefined : "checksum"
}

/** A year and month (1-12). */
export interface YearMonth {
  /** The full year, e.g. 2027. */
  readonly year: number
  /** The month, 1 to 12. */
  readonly month: number
}

/** Whether a card expiring at the end of `expiry` can still be used in the month `today` (expiry month included). */
export const cardNotExpired = (expiry: YearMonth, today: YearMonth): boolean =>
  Number.isInteger(expiry.month) && expiry.month >= 1 && expiry.month <= 12 && Number.isInteger(expiry.year) &&
  expiry.year * 12 + expiry.month >= today.year * 12 + today.month

/** What is kept of a card: its brand and last four digits (never the whole number). */
export interface CardSummary {
  /** The brand, from the first digits. */
  readonly brand: CardBrand
  /** The last four digits. */
  readonly last4: string
}

/** The brand and last four digits of a valid card number as typed. */
export const cardSummary = (typed: string): CardSummary => {
  const digits = stripCardNumber(typed)
  return { brand: cardBrandOf(digits), last4: digits.slice(-4) }
}

/** The masked number a card shows as: three groups of bullets and the last four digits ("•••• •••• •••• 4242"). */
export const maskedCardNumber = (last4: string): string => `•••• •••• •••• ${last4}`
