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
import type { Catalogue, Message, MessageKey, SectionName } from "./catalogue.ts"
import { cs } from "./cs.ts"
import { en } from "./en.ts"
import { hr } from "./hr.ts"
import { hu } from "./hu.ts"
import { pl } from "./pl.ts"
import { sk } from "./sk.ts"
import { sl } from "./sl.ts"
import { uiLanguages, type UiLanguage } from "./languages.ts"
import { registerCatalogue } from "./translator.ts"

export type { Catalogue, EnglishCatalogue, EnglishMessage, Message, MessageKey, PluralText, SectionName } from "./catalogue.ts"

export * from "./languages.ts"
export * from "./translator.ts"
export { loadCatalogue } from "./load.ts"

export { cs, en, hr, hu, pl, sk, sl }

/** Every catalogue, by language. */
export const catalogues: { readonly [L in UiLanguage]: Catalogue } = { cs, sk, hr, hu, pl, sl, en }

/** The section names, in the order of the catalogues. */
export const sectionNames = Object.keys(en) as ReadonlyArray<SectionName>

const flatten = (catalogue: Catalogue): ReadonlyMap<string, Message> =>
  new Map(sectionNames.flatMap((section) => Object.entries(catalogue[section]) as Array<[string, Message]>))

/** Registers all seven catalogues for {@link translate} (done when this module loads; for a server that renders any language). */
export const registerAllCatalogues = (): void => {
  for (const language of uiLanguages) registerCatalogue(language, catalogues[language])
}

registerAllCatalogues()

const englishKeys = flatten(en)

/** Every message key, in catalogue order. */
export const messageKeys = [...englishKeys.keys()] as ReadonlyArray<MessageKey>

/** Whether a string is a message key. */
export const isMessageKey = (value: string): value is MessageKey => englishKeys.has(value)

