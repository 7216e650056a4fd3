/**
 * The UI languages and their locales, without any catalogue (so a page can know its language without loading texts).
 *
 * @module
 */

/** The UI languages, by ISO 639-1 code. */
export const uiLanguages = ["cs", "sk", "hr", "hu", "pl", "sl", "en"] as const

/** A UI language. */
export type UiLanguage = (typeof uiLanguages)[number]

/** The language a text falls back to when a language is not one of {@link uiLanguages}. */
export const fallbackUiLanguage: UiLanguage = "en"

/** Whether a string is a UI language code. */
export const isUiLanguage = (value: string): value is UiLanguage => (uiLanguages as ReadonlyArray<string>).includes(value)

/** The locale numbers, money and plurals of a UI language are formatted in (English: en-US, the spec's §9 default). */
export const uiLanguageLocales: { readonly [L in UiLanguage]: string } = {
  cs: "cs-CZ",
  sk: "sk-SK",
  hr: "hr-HR",
  hu: "hu-HU",
  pl: "pl-PL",
  sl: "sl-SI",
  en: "en-US"
}

/** The UI language of a shop (its `language`), English for a language without a catalogue. */
export const uiLanguageOf = (shop: { readonly language: string }): UiLanguage =>
  isUiLanguage(shop.language) ? shop.language : fallbackUiLanguage
