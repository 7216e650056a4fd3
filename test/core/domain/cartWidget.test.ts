/** The cart widget of the header (§3): the COLOR swatch (only hex colours reach a style) and the badge's pieces. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { colorParamKey, colorSwatch, widgetPieces } from "../../../core/domain/cart.ts"

const hexDigits = (n: number) => fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: n, maxLength: n })

describe("colorSwatch", () => {
  test.prop([fc.constantFrom(3, 4, 6, 8).chain(hexDigits)])("a COLOR parameter with a hex css shows it as a swatch", (digits) => {
    expect(colorSwatch({ key: colorParamKey, css: ` #${digits} ` })).toBe(`#${digits}`)
  })

  test.prop([fc.string()])("any other css text gives no swatch, so it never reaches a style", (css) => {
    fc.pre(!/^\s*#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\s*$/i.test(css))
    expect(colorSwatch({ key: colorParamKey, css })).toBeUndefined()
  })

  test.prop([fc.string().filter((key) => key !== colorParamKey), fc.constant("#ff0000")])("other parameters have no swatch", (key, css) => {
    expect(colorSwatch({ key, css })).toBeUndefined()
  })

  test.prop([fc.constantFrom("red; background:url(x)", "url(javascript:alert(1))", "expression(alert(1))", "#12345", "")])(
    "style injections are refused",
    (css) => {
      expect(colorSwatch({ key: colorParamKey, css })).toBeUndefined()
    }
  )
})

describe("widgetPieces", () => {
  test.prop([fc.array(fc.option(fc.nat({ max: 30 }), { nil: undefined }))])("sums the counts, a missing count as one piece", (counts) => {
    const expected = counts.reduce<number>((sum, count) => sum + (count ?? 1), 0)
    expect(widgetPieces(counts.map((count) => (count === undefined ? {} : { count })))).toBe(expected)
  })

  test.prop([fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY)])("a negative or non-finite count adds nothing", (count) => {
    expect(widgetPieces([{ count }, { count: 2 }])).toBe(2)
  })
})
