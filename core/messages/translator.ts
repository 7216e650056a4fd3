/**
 * Printing messages: `translate(language, key, params)` gives the text of a key in a language with its placeholders
 * filled (numbers and money by the rule core, Intl) and, for a plural message, the text of the CLDR category of
 * `count` in that language (`Intl.PluralRules`; the spec's rule where a locale has no data).
 *
 * The texts come from the catalogues registered with {@link registerCatalogue}: `core/messages` (the index) registers
 * all seven, a browser page registers only its shopper's language (`loadCatalogue` of `./load.ts`), so a page
 * never downloads six catalogues it does not show. A key of an unregistered language prints as the key itself.
 *
 * @module
 */
import { formatNumber, formatPrice } from "../domain/money.ts"
import { pluralCategory } from "../domain/plural.ts"
import type { Catalogue, EnglishMessage, Message, MessageKey, PluralText } from "./catalogue.ts"
import { uiLanguageLocales, type UiLanguage } from "./languages.ts"

const registry = new Map<UiLanguage, ReadonlyMap<string, Message>>()

/** Makes a language's catalogue available to {@link translate} (registering it again replaces it). */
export const registerCatalogue = (language: UiLanguage, catalogue: Catalogue): void => {
  registry.set(
    language,
    new Map(Object.values(catalogue).flatMap((section) => Object.entries(section as Record<string, Message>)))
  )
}

/** Whether a language's catalogue is registered. */
export const isCatalogueRegistered = (language: UiLanguage): boolean => registry.has(language)

const messageOf = (language: UiLanguage, key: string): Message | undefined => registry.get(language)?.get(key)

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
  render(messageOf(language, key) ?? key, language, (params[0] ?? {}) as Readonly<Record<string, ParamValue>>)

/**
 * The text of a key or a text from elsewhere (a flash message of the server, §3: "the text, or a translation key"):
 * a message key prints in `language`, any other text is returned as it came. For scripts and the UI alike.
 */
export const translateText = (language: UiLanguage, keyOrText: string, params: Readonly<Record<string, ParamValue>> = {}): string => {
  const message = messageOf(language, keyOrText)
  return message === undefined ? keyOrText : render(message, language, params)
}

/** The text of a flash message in a language (its message key translated, or its own text). */
export const flashText = (language: UiLanguage, flash: { readonly message: string }): string => translateText(language, flash.message)
