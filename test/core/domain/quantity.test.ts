import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  canIncrease,
  changeAmountDebounce,
  changeAmountDebounceMs,
  clampQuantity,
  decrement,
  defaultStock,
  emptyCountDebounceMs,
  increment,
  isMinusDisabled,
  isPlusDisabled,
  maxQuantity,
  minQuantity,
  parseQuantity,
  quantityCorrections
} from "../../../core/domain/quantity.ts"

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= 30

const anyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1.5, 30.5))
const anyInput = fc.oneof(fc.string(), fc.stringMatching(/^\s*[+-]?[0-9]{0,4}(\.[0-9]{0,2})?\s*$/), anyNumber)
const stock = fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constant(undefined))
const count = fc.integer({ min: 1, max: 30 })

describe("constants (§5, §9)", () => {
  test("cart quantity 1 to 30, default stock 1, debounce 250 ms and 5000 ms", () => {
    expect(minQuantity).toBe(1)
    expect(maxQuantity).toBe(30)
    expect(defaultStock).toBe(1)
    expect(changeAmountDebounceMs).toBe(250)
    expect(emptyCountDebounceMs).toBe(5000)
  })
})

describe("parseQuantity", () => {
  test.prop([anyInput, fc.option(anyNumber, { nil: undefined })])(
    "for every input the count is an integer in [1, 30]",
    (input, previous) => {
      const parsed = parseQuantity(input, previous)
      expect(isCount(parsed.count)).toBe(true)
      if (parsed._tag === "Corrected") expect(quantityCorrections).toContain(parsed.reason)
    }
  )

  test.prop([anyInput])("is idempotent: the count it gives reads back as itself, valid", (input) => {
    const { count } = parseQuantity(input)
    expect(parseQuantity(String(count))).toEqual({ _tag: "Valid", count })
    expect(parseQuantity(count)).toEqual({ _tag: "Valid", count })
  })

  test.prop([count])("every count 1..30 is valid, typed or as a number", (n) => {
    expect(parseQuantity(String(n))).toEqual({ _tag: "Valid", count: n })
    expect(parseQuantity(n)).toEqual({ _tag: "Valid", count: n })
    expect(parseQuantity(` ${n}\t`)).toEqual({ _tag: "Valid", count: n })
    expect(parseQuantity(`00${n}`)).toEqual({ _tag: "Valid", count: n })
  })

  test.prop([fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n })])(
    "a typed whole number is clamped into [1, 30], with the reason the model predicts",
    (n) => {
      const expected =
        n === 0n
          ? { _tag: "Corrected", count: 1, reason: "zero" }
          : n < 1n
            ? { _tag: "Corrected", count: 1, reason: "belowMin" }
            : n > 30n
              ? { _tag: "Corrected", count: 30, reason: "aboveMax" }
              : { _tag: "Valid", count: Number(n) }
      expect(parseQuantity(n.toString())).toEqual(expected)
    }
  )

  test.prop([fc.stringMatching(/^\s*$/), count])("an empty count is set to 1, whatever came before", (blank, previous) => {
    expect(parseQuantity(blank, previous)).toEqual({ _tag: "Corrected", count: 1, reason: "empty" })
  })

  test.prop([
    fc.oneof(
      fc.stringMatching(/^[0-9]*[a-zA-Z.,eE][0-9a-zA-Z.,]*$/),
      fc.constantFrom("1.5", "1,5", "1e3", "1 0", "abc", "--1", "0x10", "½", "٣")
    ),
    count
  ])("anything that is not a whole number keeps the previous count", (garbage, previous) => {
    expect(parseQuantity(garbage, previous)).toEqual({ _tag: "Corrected", count: previous, reason: "notWhole" })
    expect(parseQuantity(garbage)).toEqual({ _tag: "Corrected", count: 1, reason: "notWhole" })
  })

  test.prop([fc.double().filter((x) => !Number.isInteger(x)), count])(
    "a number that is not whole keeps the previous count",
    (x, previous) => {
      expect(parseQuantity(x, previous)).toEqual({ _tag: "Corrected", count: previous, reason: "notWhole" })
    }
  )

  test("examples", () => {
    expect(parseQuantity("")).toEqual({ _tag: "Corrected", count: 1, reason: "empty" })
    expect(parseQuantity("   ")).toEqual({ _tag: "Corrected", count: 1, reason: "empty" })
    expect(parseQuantity("0")).toEqual({ _tag: "Corrected", count: 1, reason: "zero" })
    expect(parseQuantity("-0")).toEqual({ _tag: "Corrected", count: 1, reason: "zero" })
    expect(parseQuantity(-0)).toEqual({ _tag: "Corrected", count: 1, reason: "zero" })
    expect(parseQuantity("-3")).toEqual({ _tag: "Corrected", count: 1, reason: "belowMin" })
    expect(parseQuantity("31")).toEqual({ _tag: "Corrected", count: 30, reason: "aboveMax" })
    expect(parseQuantity(1000)).toEqual({ _tag: "Corrected", count: 30, reason: "aboveMax" })
    expect(parseQuantity("1.5", 7)).toEqual({ _tag: "Corrected", count: 7, reason: "notWhole" })
    expect(parseQuantity("1e3")).toEqual({ _tag: "Corrected", count: 1, reason: "notWhole" })
    expect(parseQuantity("abc", 99)).toEqual({ _tag: "Corrected", count: 30, reason: "notWhole" })
    expect(parseQuantity(NaN, NaN)).toEqual({ _tag: "Corrected", count: 1, reason: "notWhole" })
    expect(parseQuantity(Infinity)).toEqual({ _tag: "Corrected", count: 1, reason: "notWhole" })
    expect(parseQuantity("+5")).toEqual({ _tag: "Valid", count: 5 })
    expect(parseQuantity("30")).toEqual({ _tag: "Valid", count: 30 })
  })
})

describe("clampQuantity", () => {
  test.prop([anyNumber])("gives a count in [1, 30], and leaves counts alone", (n) => {
    const clamped = clampQuantity(n)
    expect(isCount(clamped)).toBe(true)
    if (isCount(n)) expect(clamped).toBe(n)
    expect(clampQuantity(clamped)).toBe(clamped)
  })
})

describe("plus and minus (§5)", () => {
  test.prop([fc.integer({ min: -5, max: 40 }), fc.integer({ min: -5, max: 60 })])(
    "increase is possible exactly while the stock exceeds the count and the count is below 30",
    (c, s) => {
      expect(canIncrease(c, s)).toBe(s > c && c < 30)
      expect(isPlusDisabled(c, s)).toBe(!(s > c && c < 30))
    }
  )

  test.prop([count])("the default stock is 1, so a count of 1 or more cannot grow without a stock", (c) => {
    expect(canIncrease(c)).toBe(false)
    expect(isPlusDisabled(c)).toBe(true)
    expect(increment(c)).toBe(c)
  })

  test.prop([count, stock])("plus adds one while allowed, and never passes min(30, stock)", (c, s) => {
    const next = increment(c, s)
    const limit = Math.min(30, s ?? 1)
    if (c < limit) expect(next).toBe(c + 1)
    else expect(next).toBe(c)
    if (next > c) expect(next).toBeLessThanOrEqual(limit)
  })

  test.prop([count, fc.integer({ min: 1, max: 100 })])("pressing plus repeatedly stops at min(30, stock)", (c, s) => {
    let current = c
    for (let i = 0; i < 40; i++) current = increment(current, s)
    expect(current).toBe(Math.max(c, Math.min(30, s)))
  })

  test.prop([fc.double({ min: 0, max: 40, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true })])(
    "only whole pieces of a fractional stock count",
    (s, start) => {
      let current = clampQuantity(start)
      for (let i = 0; i < 40; i++) current = increment(current, s)
      if (current > clampQuantity(start)) expect(current).toBeLessThanOrEqual(s)
    }
  )

  test.prop([count])("minus removes one down to 1, and is disabled exactly at 1", (c) => {
    expect(decrement(c)).toBe(Math.max(1, c - 1))
    expect(isMinusDisabled(c)).toBe(c === 1)
  })

  test.prop([anyNumber, stock])("plus and minus always give a count in [1, 30]", (c, s) => {
    expect(isCount(increment(c, s))).toBe(true)
    expect(isCount(decrement(c))).toBe(true)
  })

  test.prop([count, fc.integer({ min: 2, max: 100 })])("minus undoes plus", (c, s) => {
    if (canIncrease(c, s)) expect(decrement(increment(c, s))).toBe(c)
  })

  test("examples", () => {
    expect(isMinusDisabled(1)).toBe(true)
    expect(isMinusDisabled(NaN)).toBe(true)
    expect(isMinusDisabled(2)).toBe(false)
    expect(isPlusDisabled(29, 100)).toBe(false)
    expect(isPlusDisabled(30, 100)).toBe(true)
    expect(isPlusDisabled(3, 3)).toBe(true)
    expect(increment(30, 100)).toBe(30)
    expect(increment(NaN, 5)).toBe(2)
    expect(decrement(1)).toBe(1)
    expect(decrement(45)).toBe(29)
    expect(canIncrease(2, 2.5)).toBe(false)
  })
})

describe("changeAmountDebounce (§9)", () => {
  test.prop([fc.stringMatching(/^\s*$/)])("an empty typed count waits 5000 ms", (blank) => {
    expect(changeAmountDebounce(blank)).toBe(5000)
  })

  test.prop([fc.string().filter((s) => s.trim() !== ""), fc.double()])("any other input waits 250 ms", (text, n) => {
    expect(changeAmountDebounce(text)).toBe(250)
    expect(changeAmountDebounce(n)).toBe(250)
  })
})
