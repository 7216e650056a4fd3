import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  hasPluralData,
  pluralCategories,
  pluralCategory,
  pluralForm,
  pluralForms,
  pluralize,
  pluralMessage,
  specPluralCategory
} from "../../../core/domain/plural.ts"
import { uiLanguages } from "../../../core/messages/index.ts"
import { allShops } from "../../../core/domain/shop.ts"

const shopLocale = fc.constantFrom(...new Set(allShops.map((shop) => shop.locale)))
const czechOrSlovak = fc.constantFrom("cs-CZ", "sk-SK")
const count = fc.integer({ min: 0, max: 10_000 })
/** Non-integers with at most three decimals (Intl.PluralRules rounds to three). */
const fraction = fc
  .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom(10, 100, 1000))
  .map(([n, d]) => n / d)
  .filter((x) => !Number.isInteger(x))

const texts = { one: "kus", few: "kusy", many: "kusů" } as const

describe("the spec's rule: 1, 2, 2-4, 5 (§5)", () => {
  test("examples", () => {
    expect(pluralForms).toEqual(["one", "few", "many"])
    expect([0, 1, 2, 3, 4, 5, 11, 21, 22, 100].map(pluralForm)).toEqual([
      "many", "one", "few", "few", "few", "many", "many", "many", "many", "many"
    ])
    expect(pluralize(1, texts)).toBe("kus")
    expect(pluralize(2, texts)).toBe("kusy")
    expect(pluralize(4, texts)).toBe("kusy")
    expect(pluralize(5, texts)).toBe("kusů")
    expect(pluralize(0, texts)).toBe("kusů")
    expect(pluralForm(-1)).toBe("one")
    expect(pluralForm(-3)).toBe("few")
    expect(pluralForm(1.5)).toBe("many")
    expect(pluralForm(NaN)).toBe("many")
    expect(pluralForm(Infinity)).toBe("many")
  })

  test.prop([fc.integer()])("one exactly for ±1, few exactly for ±2..±4, many for the rest", (n) => {
    const size = Math.abs(n)
    expect(pluralForm(n)).toBe(size === 1 ? "one" : size >= 2 && size <= 4 ? "few" : "many")
    expect(pluralForm(-n)).toBe(pluralForm(n))
  })

  test.prop([fc.double().filter((x) => !Number.isInteger(x))])("every non-integer is many", (x) => {
    expect(pluralForm(x)).toBe("many")
  })

  test.prop([fc.double()])("pluralize picks the text of the form", (x) => {
    expect(pluralize(x, texts)).toBe(texts[pluralForm(x)])
  })
})

describe("CLDR categories (Intl.PluralRules)", () => {
  test.prop([shopLocale, count])("for every shop locale and n in 0..10,000, the category is Intl's", (locale, n) => {
    expect(pluralCategory(locale, n)).toBe(new Intl.PluralRules(locale).select(n))
    expect(pluralCategories).toContain(pluralCategory(locale, n))
  })

  test.prop([shopLocale, fraction])("and for fractions", (locale, x) => {
    expect(pluralCategory(locale, x)).toBe(new Intl.PluralRules(locale).select(x))
  })

  test("every shop locale and n in 0..10,000, exhaustively", () => {
    for (const locale of new Set(allShops.map((shop) => shop.locale))) {
      const rules = new Intl.PluralRules(locale)
      const mismatches: Array<number> = []
      for (let n = 0; n <= 10_000; n++) if (pluralCategory(locale, n) !== rules.select(n)) mismatches.push(n)
      expect(mismatches).toEqual([])
    }
  })

  test("examples per shop language", () => {
    expect([1, 2, 5, 1.5].map((n) => pluralCategory("cs-CZ", n))).toEqual(["one", "few", "other", "many"])
    expect([1, 2, 5, 22, 25].map((n) => pluralCategory("pl-PL", n))).toEqual(["one", "few", "many", "few", "many"])
    expect([1, 21, 22, 25].map((n) => pluralCategory("hr-HR", n))).toEqual(["one", "one", "few", "other"])
    expect([1, 2, 3, 5, 101].map((n) => pluralCategory("sl-SI", n))).toEqual(["one", "two", "few", "other", "one"])
    expect([1, 2, 5].map((n) => pluralCategory("hu-HU", n))).toEqual(["one", "other", "other"])
  })

  test.prop([fc.string(), fc.double()])("is total: a locale without CLDR data takes the spec's rule, NaN and Infinity are other", (locale, x) => {
    expect(pluralCategories).toContain(pluralCategory(locale, x))
    if (!hasPluralData(locale)) expect(pluralCategory(locale, x)).toBe(Number.isFinite(x) ? specPluralCategory(x) : "other")
    expect(pluralCategory("cs-CZ", NaN)).toBe("other")
    expect(pluralCategory("cs-CZ", Infinity)).toBe("other")
  })

  test("the spec's rule is the documented fallback where a locale has no CLDR data", () => {
    for (const locale of ["not a locale!", "tlh", "qaa", "zz"]) {
      expect(hasPluralData(locale)).toBe(false)
      expect([0, 1, 2, 4, 5, 21, 22].map((n) => pluralCategory(locale, n))).toEqual(["other", "one", "few", "few", "other", "other", "other"])
    }
  })
})

describe("visible text follows CLDR in every UI language (issue 11)", () => {
  test("for cs, sk, hr, hu, pl, sl and en and every n in 0..10,000 the category is Intl's, exhaustively", () => {
    for (const language of uiLanguages) {
      expect(hasPluralData(language)).toBe(true)
      const rules = new Intl.PluralRules(language)
      const mismatches: Array<number> = []
      for (let n = 0; n <= 10_000; n++) if (pluralCategory(language, n) !== rules.select(n)) mismatches.push(n)
      expect(mismatches, language).toEqual([])
    }
  })

  test("the spec's rule, measured the same way, disagrees for 2,697 numbers in Polish, 3,596 in Croatian, 397 in Slovenian", () => {
    const disagreements = (language: string, asCategory: (n: number) => string) => {
      const rules = new Intl.PluralRules(language)
      let count = 0
      for (let n = 0; n <= 10_000; n++) if (rules.select(n) !== asCategory(n)) count++
      return count
    }
    // Polish has its own `many`; Croatian and Slovenian read the spec's `many` as `other`.
    expect(disagreements("pl", pluralForm)).toBe(2697)
    expect(disagreements("hr", specPluralCategory)).toBe(3596)
    expect(disagreements("sl", specPluralCategory)).toBe(397)
    expect(disagreements("cs", specPluralCategory)).toBe(0)
    expect(disagreements("sk", specPluralCategory)).toBe(0)
    for (const language of uiLanguages) expect(disagreements(language, (n) => pluralCategory(language, n))).toBe(0)
  })
})

describe("the spec's rule against CLDR", () => {
  test.prop([czechOrSlovak, fc.integer({ min: -1_000_000, max: 1_000_000 })])(
    "cs and sk: on every integer, one and few agree and the spec's many is CLDR other",
    (locale, n) => {
      const cldr = pluralCategory(locale, n)
      expect(cldr).toBe({ one: "one", few: "few", many: "other" }[pluralForm(n)])
    }
  )

  test.prop([czechOrSlovak, fraction])("cs and sk: on every fraction of up to three decimals both say many", (locale, x) => {
    expect(pluralForm(x)).toBe("many")
    expect(pluralCategory(locale, x)).toBe("many")
  })

  test("cs and sk: a fraction of more than three decimals is rounded by CLDR, so they differ there", () => {
    expect(pluralForm(2.0004)).toBe("many")
    expect(pluralCategory("cs-CZ", 2.0004)).toBe("few")
  })

  test.prop([count])("pl: they agree except where n mod 10 is 2..4, n mod 100 is not 12..14 and n > 4", (n) => {
    const cldr = pluralCategory("pl-PL", n)
    const differs = n > 4 && n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)
    if (differs) {
      expect(pluralForm(n)).toBe("many")
      expect(cldr).toBe("few")
    } else {
      expect(cldr).toBe(pluralForm(n))
    }
  })

  test("cs, sk and pl statements hold for every n in 0..10,000, exhaustively", () => {
    const cs = new Intl.PluralRules("cs-CZ")
    const sk = new Intl.PluralRules("sk-SK")
    const pl = new Intl.PluralRules("pl-PL")
    const differsInPolish: Array<number> = []
    const differsInCzechOrSlovak: Array<number> = []
    for (let n = 0; n <= 10_000; n++) {
      const asCzech = { one: "one", few: "few", many: "other" }[pluralForm(n)]
      if (cs.select(n) !== asCzech || sk.select(n) !== asCzech) differsInCzechOrSlovak.push(n)
      if (pl.select(n) !== pluralForm(n)) differsInPolish.push(n)
    }
    expect(differsInCzechOrSlovak).toEqual([])
    expect(differsInPolish.slice(0, 9)).toEqual([22, 23, 24, 32, 33, 34, 42, 43, 44])
    expect(differsInPolish).not.toContain(112)
    expect(differsInPolish).toContain(122)
    expect(differsInPolish.every((n) => pl.select(n) === "few" && pluralForm(n) === "many")).toBe(true)
  })

  test("hr, sl and hu differ from the spec's rule", () => {
    expect(pluralCategory("hr-HR", 21)).toBe("one")
    expect(pluralForm(21)).toBe("many")
    expect(pluralCategory("sl-SI", 2)).toBe("two")
    expect(pluralCategory("hu-HU", 3)).toBe("other")
  })
})

describe("pluralMessage", () => {
  const messages = { one: "{n} kus", few: "{n} kusy", other: "{n} kusů" } as const

  test.prop([shopLocale, count])("picks the text of the category, falling back to other", (locale, n) => {
    const category = new Intl.PluralRules(locale).select(n)
    const expected = category === "one" ? messages.one : category === "few" ? messages.few : messages.other
    expect(pluralMessage(locale, n, messages)).toBe(expected)
    expect(pluralMessage(locale, n, { other: "x" })).toBe("x")
  })

  test("examples", () => {
    expect(pluralMessage("cs-CZ", 1, messages)).toBe("{n} kus")
    expect(pluralMessage("cs-CZ", 3, messages)).toBe("{n} kusy")
    expect(pluralMessage("cs-CZ", 7, messages)).toBe("{n} kusů")
    expect(pluralMessage("cs-CZ", 1.5, messages)).toBe("{n} kusů")
    expect(pluralMessage("sl-SI", 2, { two: "dva", other: "več" })).toBe("dva")
  })
})
