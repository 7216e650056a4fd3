import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  cardBrandOf,
  cardNotExpired,
  cardNumberLength,
  cardNumberProblem,
  cardSummary,
  luhnCheckDigit,
  passesLuhnCheck,
  stripCardNumber
} from "../../../core/domain/paymentCards.ts"

const digitString = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`))

/** A number of the allowed length that passes the Luhn check: a payload and its check digit. */
const validNumber = digitString(cardNumberLength.min - 1, cardNumberLength.max - 1).map((payload) => payload + luhnCheckDigit(payload))

/** The Luhn sum computed the textbook way (double every second digit from the right, add the digits of the products). */
const referenceLuhn = (digits: string): boolean =>
  [...digits].reverse().reduce((sum, char, index) => {
    const value = Number(char) * (index % 2 === 1 ? 2 : 1)
    return sum + Math.floor(value / 10) + (value % 10)
  }, 0) % 10 === 0

describe("saved cards: the Luhn check (§2 manageCardList; ours)", () => {
  test("known numbers", () => {
    expect(passesLuhnCheck("4242424242424242")).toBe(true)
    expect(passesLuhnCheck("4111111111111111")).toBe(true)
    expect(passesLuhnCheck("5555555555554444")).toBe(true)
    expect(passesLuhnCheck("378282246310005")).toBe(true)
    expect(passesLuhnCheck("4242424242424241")).toBe(false)
    expect(passesLuhnCheck("")).toBe(false)
    expect(passesLuhnCheck("4242 4242 4242 4242")).toBe(false)
    expect(cardNumberProblem("4242 4242 4242 4242")).toBeUndefined()
    expect(cardNumberProblem("4242-4242-4242-4241")).toBe("checksum")
    expect(cardNumberProblem("4242")).toBe("length")
    expect(cardNumberProblem("4242 abcd 4242 4242")).toBe("format")
  })

  test.prop([fc.string()])("for every string, the check agrees with the textbook Luhn sum over ASCII digits", (text) => {
    expect(passesLuhnCheck(text)).toBe(/^[0-9]+$/.test(text) && referenceLuhn(text))
  })

  test.prop([digitString(1, 30)])("every payload completed with its check digit passes, and no other last digit does", (payload) => {
    const check = luhnCheckDigit(payload)
    expect(passesLuhnCheck(payload + check)).toBe(true)
    for (let digit = 0; digit <= 9; digit++) {
      if (String(digit) !== check) expect(passesLuhnCheck(payload + String(digit))).toBe(false)
    }
  })

  test.prop([validNumber, fc.nat(), fc.integer({ min: 1, max: 9 })])("changing any one digit of a valid number fails the check", (number, at, delta) => {
    const index = at % number.length
    const changed = number.slice(0, index) + String((Number(number[index]) + delta) % 10) + number.slice(index + 1)
    expect(passesLuhnCheck(changed)).toBe(false)
    expect(cardNumberProblem(changed)).toBe("checksum")
  })

  test.prop([validNumber, fc.nat()])("swapping two adjacent different digits fails the check unless they are 0 and 9", (number, at) => {
    const index = at % (number.length - 1)
    const [a, b] = [number[index]!, number[index + 1]!]
    fc.pre(a !== b && !(a === "0" && b === "9") && !(a === "9" && b === "0"))
    const swapped = number.slice(0, index) + b + a + number.slice(index + 2)
    expect(passesLuhnCheck(swapped)).toBe(false)
  })

  test.prop([validNumber, fc.array(fc.constantFrom(" ", "-"), { maxLength: 6 }), fc.array(fc.nat())])(
    "spaces and hyphens between the digits change nothing",
    (number, separators, positions) => {
      let typed = number
      separators.forEach((separator, i) => {
        const at = (positions[i] ?? 0) % (typed.length + 1)
        typed = typed.slice(0, at) + separator + typed.slice(at)
      })
      expect(stripCardNumber(typed)).toBe(number)
      expect(cardNumberProblem(typed)).toBeUndefined()
      expect(cardSummary(typed)).toEqual({ brand: cardBrandOf(number), last4: number.slice(-4) })
    }
  )

  test.prop([digitString(1, 40)])("a number outside 12..19 digits is refused for its length", (digits) => {
    fc.pre(digits.length < cardNumberLength.min || digits.length > cardNumberLength.max)
    expect(cardNumberProblem(digits)).toBe("length")
  })

  test("brands by their first digits", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa")
    expect(cardBrandOf("5555555555554444")).toBe("mastercard")
    expect(cardBrandOf("2223003122003222")).toBe("mastercard")
    expect(cardBrandOf("378282246310005")).toBe("amex")
    expect(cardBrandOf("6759649826438453")).toBe("maestro")
    expect(cardBrandOf("9999999999999995")).toBe("other")
  })

  test.prop([fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 })])(
    "a card can be used through its expiry month and not after",
    (year, month, todayYear, todayMonth) => {
      expect(cardNotExpired({ year, month }, { year: todayYear, month: todayMonth })).toBe(
        year > todayYear || (year === todayYear && month >= todayMonth)
      )
    }
  )

  test("an expiry month outside 1..12 is never valid", () => {
    expect(cardNotExpired({ year: 2099, month: 0 }, { year: 2025, month: 1 })).toBe(false)
    expect(cardNotExpired({ year: 2099, month: 13 }, { year: 2025, month: 1 })).toBe(false)
  })
})
