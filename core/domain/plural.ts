/**
 * Pluralisation (spec §5: "Pluralisation rule: 1, 2, 2-4, 5"): the spec's three-form rule, and the
 * CLDR plural categories of a locale through `Intl.PluralRules`.
 *
 * The spec's rule agrees with CLDR for Czech and Slovak: for every integer, `one` and `few` are the
 * same and the spec's `many` is CLDR `other`; for every non-integer of at most three decimals both give
 * `many` (`Intl.PluralRules` rounds to three decimals, so 2.0004 is CLDR `few`). It does not fit
 * Polish (CLDR `few` for 22-24, 32-34, …), Croatian (21 is `one`), Slovenian (`two`, and 101 is `one`)
 * or Hungarian (no `few`); use {@link pluralCategory} / {@link pluralMessage} for those.
 *
 * @module
 */

/** The forms of the spec's rule: 1, 2-4, and 5 or more. */
export const pluralForms = ["one", "few", "many"] as const

/** A form of the spec's rule. */
export type PluralForm = (typeof pluralForms)[number]

/** The text of each form of the spec's rule, e.g. `{ one: "kus", few: "kusy", many: "kusů" }`. */
export type PluralTexts = { readonly [F in PluralForm]: string }

/**
 * The spec's form of a count (§5): `one` for 1, `few` for 2 to 4, `many` for 0 and 5 or more.
 * Negative counts take the form of their absolute value (-2 is `few`); fractions, NaN and ±Infinity
 * are `many` (as Czech and Slovak CLDR do for fractions).
 */
export const pluralForm = (n: number): PluralForm => {
  const size = Math.abs(n)
  if (size === 1) return "one"
  if (size === 2 || size === 3 || size === 4) return "few"
  return "many"
}

/** The text of the spec's form of a count. */
export const pluralize = (n: number, texts: PluralTexts): string => texts[pluralForm(n)]

/** The CLDR plural categories. */
export const pluralCategories = ["zero", "one", "two", "few", "many", "other"] as const

/** A CLDR plural category. */
export type PluralCategory = (typeof pluralCategories)[number]

/** The locale used when a given locale tag is not one `Intl` accepts. */
export const fallbackPluralLocale = "en"

const rulesCache = new Map<string, Intl.PluralRules>()

const pluralRules = (locale: string): Intl.PluralRules => {
  const cached = rulesCache.get(locale)
  if (cached !== undefined) return cached
  let rules: Intl.PluralRules
  try {
    rules = new Intl.PluralRules(locale)
  } catch {
    rules = new Intl.PluralRules(fallbackPluralLocale)
  }
  rulesCache.set(locale, rules)
  return rules
}

/**
 * The CLDR cardinal category of a number in a locale, as `Intl.PluralRules(locale).select(n)`
 * (rules memoised per locale). An invalid locale tag falls back to {@link fallbackPluralLocale};
 * NaN and ±Infinity are `other`.
 */
export const pluralCategory = (locale: string, n: number): PluralCategory => pluralRules(locale).select(n)

/** Texts keyed by CLDR category; `other` is required, the rest optional. */
export type PluralMessages = {
  /** The text for every category without its own text. */
  readonly other: string
} & { readonly [C in PluralCategory]?: string }

/** The text for a number in a locale: the text of its CLDR category, or `other` when that one is missing. */
export const pluralMessage = (locale: string, n: number, messages: PluralMessages): string =>
  messages[pluralCategory(locale, n)] ?? messages.other
