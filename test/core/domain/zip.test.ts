import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { allShops, shopById } from "../../../core/domain/shop.ts"
import { formatZip, isValidZip, stripZip, zipDigitCount, zipDigitPlaceholder } from "../../../core/domain/zip.ts"

const anyShop = fc.constantFrom(...allShops)
const digits = (length: number) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`))
const separator = fc.constantFrom(" ", "-", "\u00a0", "\t", "\u2013", "")

/** The display shape of each country (§5 for CZ and PL; the national formats for the others). */
const shapes = { CZ: /^[0-9]{3} [0-9]{2}$/, SK: /^[0-9]{3} [0-9]{2}$/, PL: /^[0-9]{2}-[0-9]{3}$/, HU: /^[0-9]{4}$/, HR: /^[0-9]{5}$/, SI: /^[0-9]{4}$/ }

describe("zip display (§5)", () => {
  test("the pattern character and the shops' digit counts", () => {
    expect(zipDigitPlaceholder).toBe("#")
    const counts = Object.fromEntries(allShops.map((shop) => [shop.country, zipDigitCount(shop)]))
    expect(counts).toEqual({ CZ: 5, SK: 5, PL: 5, HR: 5, HU: 4, SI: 4 })
  })

  test("examples", () => {
    expect(formatZip("11000", shopById("CZ10MA"))).toBe("110 00")
    expect(formatZip("110 00", shopById("CZ10MA"))).toBe("110 00")
    expect(formatZip(" 1 1 0-0 0 ", shopById("CZ10MA"))).toBe("110 00")
    expect(formatZip("81101", shopById("SK10MA"))).toBe("811 01")
    expect(formatZip("00950", shopById("PL10MA"))).toBe("00-950")
    expect(formatZip("00 950", shopById("PL20MA"))).toBe("00-950")
    expect(formatZip("1051", shopById("HU10MA"))).toBe("1051")
    expect(formatZip("10000", shopById("HR10MA"))).toBe("10000")
    expect(formatZip("1000", shopById("SI10SI"))).toBe("1000")
    expect(formatZip(11000, "### ##")).toBe("110 00")
    expect(formatZip("  1100  ", shopById("CZ10MA"))).toBe("1100")
    expect(formatZip(" SW1A 1AA ", shopById("CZ10MA"))).toBe("SW1A 1AA")
    expect(formatZip(1051, "##-###")).toBe("1051")
    expect(isValidZip("110 00", shopById("CZ10MA"))).toBe(true)
    expect(isValidZip("1100", shopById("CZ10MA"))).toBe(false)
    expect(isValidZip("11ooo", shopById("CZ10MA"))).toBe(false)
  })

  test.prop([anyShop, fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separator), { minLength: 5, maxLength: 5 })])(
    "every 5-digit zip, with or without separators, is shown in the shop's shape when the shop has 5 digits",
    (shop, pieces) => {
      const zip = pieces.map(([digit, sep]) => `${digit}${sep}`).join("")
      const plain = pieces.map(([digit]) => digit).join("")
      const shown = formatZip(zip, shop)
      if (zipDigitCount(shop) === 5) {
        expect(shown).toMatch(shapes[shop.country])
        expect(shown.replace(/[^0-9]/g, "")).toBe(plain)
        expect(isValidZip(zip, shop)).toBe(true)
      } else {
        expect(shown).toBe(zip.trim())
        expect(isValidZip(zip, shop)).toBe(false)
      }
    }
  )

  test.prop([anyShop, digits(4)])("every 4-digit zip is shown as it is in HU and SI and left alone elsewhere", (shop, zip) => {
    expect(formatZip(zip, shop)).toBe(zip)
    expect(isValidZip(zip, shop)).toBe(zipDigitCount(shop) === 4)
    if (zipDigitCount(shop) === 4) expect(formatZip(zip, shop)).toMatch(shapes[shop.country])
  })

  test.prop([anyShop, fc.string()])("never throws; a zip that does not fit comes back trimmed and unchanged", (shop, zip) => {
    const shown = formatZip(zip, shop)
    if (!isValidZip(zip, shop)) expect(shown).toBe(zip.trim())
    else expect(shown).toMatch(shapes[shop.country])
  })

  test.prop([anyShop, fc.oneof(fc.string(), digits(4), digits(5))])("is idempotent and keeps the digits", (shop, zip) => {
    const shown = formatZip(zip, shop)
    expect(formatZip(shown, shop)).toBe(shown)
    expect(isValidZip(shown, shop)).toBe(isValidZip(zip, shop))
    if (isValidZip(zip, shop)) expect(stripZip(shown)).toBe(stripZip(zip))
  })

  test.prop([fc.stringMatching(/^[#a-z -]{0,8}$/), fc.string()])("any pattern: never throws, fills every # in order", (pattern, zip) => {
    const shown = formatZip(zip, pattern)
    if (isValidZip(zip, pattern)) {
      expect(shown.length).toBe(pattern.length)
      const digitsShown = [...pattern].map((char, i) => (char === "#" ? shown[i] : "")).join("")
      expect(digitsShown).toBe(stripZip(zip))
    } else {
      expect(shown).toBe(zip.trim())
    }
  })
})
