/**
 * The message catalogues of the seven UI languages and the one way to print them, shared by Node scripts and the
 * React layer (framework-free): `translate(language, key, params)` gives the text of a key in a language, with its
 * placeholders filled (numbers and money formatted by the rule core, Intl) and, for a plural message, the text of
 * the CLDR category of `count` in that language (`Intl.PluralRules`; the spec's rule where a locale has no data).
 *
 * Keys are the spec's and the server's (`err_request_timeout`, `checkout_delivery_not_selected`,
 * `delivery_method_address`...), so a flash message the server sent prints as text with {@link translateText}.
 *
 * @module
 */
import { formatNumber, formatPrice } from "../domain/money.ts"
import { pluralCategory } from "../domain/plural.ts"
import type { Catalogue, EnglishMessage, Message, MessageKey, PluralText, SectionName } from "./catalogue.ts"
import { cs } from "./cs.ts"
import { en } from "./en.ts"
import { hr } from "./hr.ts"
import { hu } from "./hu.ts"
import { pl } from "./pl.ts"
import { sk } from "./sk.ts"
import { sl } from "./sl.ts"

export type { Catalogue, EnglishCatalogue, EnglishMessage, Message, MessageKey, PluralText, SectionName } from "./catalogue.ts"

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

export { cs, en, hr, hu, pl, sk, sl }

/** Every catalogue, by language. */
export const catalogues: { readonly [L in UiLanguage]: Catalogue } = { cs, sk, hr, hu, pl, sl, en }

/** The section names, in the order of the catalogues. */
export const sectionNames = Object.keys(en) as ReadonlyArray<SectionName>

const flatten = (catalogue: Catalogue): ReadonlyMap<string, Message> =>
  new Map(sectionNames.flatMap((section) => Object.entries(catalogue[section]) as Array<[string, Message]>))

const flatCatalogues = new Map<UiLanguage, ReadonlyMap<string, Message>>(
  uiLanguages.map((language) => [language, flatten(catalogues[language])])
)

/** Every message key, in catalogue order. */
export const messageKeys = [...flatten(en).keys()] as ReadonlyArray<MessageKey>

/** Whether a string is a message key. */
export const isMessageKey = (value: string): value is MessageKey => flatCatalogues.get(fallbackUiLanguage)!.has(value)

/** Whether a message is plural (one text per CLDR category). */
export const isPluralText = (message: Message): message is PluralText => typeof message !== "string"

/** A money amount to print in a message: formatted in the language's locale and the currency (§5 price rule). */
export interface MoneyParam {
  /** The amount. */
  readonly amount: number
  /** The ISO 4217 currency code (or a currency text written after the number). */
  readonly currency: string
}

/** A value for a placeholder: a text as is, a number in the language's locale, money by the price rule. */
export type ParamValue = string | number | MoneyParam

/** The placeholder names of a text type (`"Total: {total}"` gives `"total"`). */
export type Placeholders<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never

/** The texts of a message type: the text, or the union of its plural texts. */
export type TextsOf<M> = M extends string ? M : M[keyof M]

/**
 * The parameters a key takes: one per placeholder of its English text (`{total}`, `{max}`...), and `count` for a
 * plural message.
 */
export type MessageParams<K extends MessageKey> =
  & { readonly [P in Placeholders<TextsOf<EnglishMessage<K>>>]: ParamValue }
  & (EnglishMessage<K> extends string ? unknown : { readonly count: number })

/** The parameters argument of {@link translate}: required when the key has placeholders or is plural. */
export type ParamsArgument<K extends MessageKey> = [keyof MessageParams<K>] extends [never] ? [params?: MessageParams<K>]
  : [params: MessageParams<K>]

const isMoney = (value: ParamValue): value is MoneyParam => typeof value === "object"

const formatParam = (value: ParamValue, locale: string): string =>
  isMoney(value) ? formatPrice(value.amount, { locale, currency: value.currency }) : typeof value === "number" ? formatNumber(value, locale) : value

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
const fill = (text: string, params: Readonly<Record<string, ParamValue>>, locale: string): string =>
  text.replace(/\{([A-Za-z0-9_]+)\}/g, (placeholder, name: string) => {
    const value = params[name]
    return value === undefined ? placeholder : formatParam(value, locale)
  })

/** The text of a message in a language: a plural message by the CLDR category of `params.count` (no count: `other`). */
const render = (message: Message, language: UiLanguage, params: Readonly<Record<string, ParamValue>>): string => {
  const locale = uiLanguageLocales[language]
  if (!isPluralText(message)) return fill(message, params, locale)
  const count = params["count"]
  const text = typeof count === "number" ? (message[pluralCategory(locale, count)] ?? message.other) : message.other
  return fill(text, params, locale)
}

/**
 * The text of `key` in `language` with its placeholders filled: numbers in the language's locale, money by the price
 * rule (§5, Intl), and for a plural message the text of the CLDR category of `count` (e.g. Polish 22 is `few`).
 */
export const translate = <K extends MessageKey>(language: UiLanguage, key: K, ...params: ParamsArgument<K>): string =>
  render(flatCatalogues.get(language)!.get(key)!, language, (params[0] ?? {}) as Readonly<Record<string, ParamValue>>)

/**
 * The text of a key or a text from elsewhere (a flash message of the server, §3: "the text, or a translation key"):
 * a message key prints in `language`, any other text is returned as it came. For scripts and the UI alike.
 */
export const translateText = (language: UiLanguage, keyOrText: string, params: Readonly<Record<string, ParamValue>> = {}): string => {
  const message = flatCatalogues.get(language)!.get(keyOrText)
  return message === undefined ? keyOrText : render(message, language, params)
}

/** The text of a flash message in a language (its message key translated, or its own text). */
export const flashText = (language: UiLanguage, flash: { readonly message: string }): string => translateText(language, flash.message)
