/**
 * Pluralisation (spec §5: "Pluralisation rule: 1, 2, 2-4, 5"). Visible text follows CLDR: the plural
 * category of a number is `Intl.PluralRules` of the UI language ({@link pluralCategory}); the spec's
 * three-form rule ({@link pluralForm}) stays as the fallback where a locale has no CLDR data
 * ({@link specPluralCategory}).
 *
 * Why CLDR: the spec's rule agrees with CLDR for Czech and Slovak (for every integer `one` and `few` are
 * the same and the spec's `many` is CLDR `other`), but measured over 0..10,000 it disagrees for 2,697
 * numbers in Polish (CLDR `few` for 22-24, 32-34, …), 3,596 in Croatian (21 is `one`, 22 `few`) and
 * 397 in Slovenian (`two`, and 101 is `one`), and Hungarian has no `few` at all.
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
 * The spec's form of a count (§5): `one` for 1, `few` for 2 to 4, `many` for 0 and 5 or more. The fallback rule
 * only: visible text takes {@link pluralCategory} of the UI language.
 * Negative counts take the form of their absolute value (-2 is `few`); fractions, NaN and ±Infinity
 * are `many` (as Czech and Slovak CLDR do for fractions).
 */
export const pluralForm = (n: number): PluralForm => {
  const size = Math.abs(n)
  if (size === 1) return "one"
  if (size === 2 || size === 3 || size === 4) return "few"
  return "many"
}

/** The text of the spec's form of a count (fallback rule; visible text uses {@link pluralMessage}). */
export const pluralize = (n: number, texts: PluralTexts): string => texts[pluralForm(n)]

/** The CLDR plural categories. */
export const pluralCategories = ["zero", "one", "two", "few", "many", "other"] as const

/** A CLDR plural category. */
export type PluralCategory = (typeof pluralCategories)[number]

/**
 * The spec's rule as a CLDR category, the fallback for a locale without CLDR data: `one` for ±1, `few` for
 * ±2..±4, `other` for the rest (the spec's `many`, which is CLDR `other` in Czech and Slovak).
 */
export const specPluralCategory = (n: number): PluralCategory => {
  const form = pluralForm(n)
  return form === "many" ? "other" : form
}

const rulesCache = new Map<string, Intl.PluralRules | null>()

/** The CLDR rules of a locale, or null when `Intl` has no plural data for it (or the tag is not valid). */
const pluralRules = (locale: string): Intl.PluralRules | null => {
  const cached = rulesCache.get(locale)
  if (cached !== undefined) return cached
  let rules: Intl.PluralRules | null = null
  try {
    if (Intl.PluralRules.supportedLocalesOf(locale).length > 0) rules = new Intl.PluralRules(locale)
  } catch {
    rules = null
  }
  rulesCache.set(locale, rules)
  return rules
}

/** Whether `Intl` has CLDR plural data for a locale (an invalid tag has none). */
export const hasPluralData = (locale: string): boolean => pluralRules(locale) !== null

/**
 * The plural category of a number in a locale: the CLDR cardinal category, `Intl.PluralRules(locale).select(n)`
 * (rules memoised per locale); for a locale without CLDR data (or an invalid tag), the spec's rule
 * ({@link specPluralCategory}). NaN and ±Infinity are `other` either way.
 */
export const pluralCategory = (locale: string, n: number): PluralCategory => {
  const rules = pluralRules(locale)
  if (rules !== null) return rules.select(n)
  return Number.isFinite(n) ? specPluralCategory(n) : "other"
}

/** Texts keyed by CLDR category; `other` is required, the rest optional. */
export type PluralMessages = {
  /** The text for every category without its own text. */
  readonly other: string
} & { readonly [C in PluralCategory]?: string }

/** The text for a number in a locale: the text of its category ({@link pluralCategory}), or `other` when that one is missing. */
export const pluralMessage = (locale: string, n: number, messages: PluralMessages): string =>
  messages[pluralCategory(locale, n)] ?? messages.other
