/**
 * The shape every message catalogue has: the sections and keys of the English catalogue (`en.ts`), each key a text
 * or, where the English one is plural, one text per CLDR plural category of the language (`other` required).
 *
 * @module
 */
import type { PluralCategory } from "../domain/plural.ts"
import type { en } from "./en.ts"

/** A text per CLDR plural category; `other` is required, the categories the language has are expected. */
export type PluralText = { readonly other: string } & { readonly [C in PluralCategory]?: string }

/** One message: a text, or plural texts. */
export type Message = string | PluralText

/** The English catalogue's type: the key set. */
export type EnglishCatalogue = typeof en

/** A section of the catalogues (errors, layout, cart, checkout, account, wishlist, contact, consent). */
export type SectionName = keyof EnglishCatalogue

/**
 * A catalogue of one language: every section and key of the English one, nothing more; a key is plural exactly where
 * the English one is. `satisfies Catalogue` makes a missing or extra key a type error.
 */
export type Catalogue = {
  readonly [S in SectionName]: {
    readonly [K in keyof EnglishCatalogue[S]]: EnglishCatalogue[S][K] extends string ? string : PluralText
  }
}

/** A message key (flat over the sections; keys are unique across sections). */
export type MessageKey = { [S in SectionName]: keyof EnglishCatalogue[S] & string }[SectionName]

/** The English message of a key (its text, or its plural texts). */
export type EnglishMessage<K extends MessageKey> = {
  [S in SectionName]: K extends keyof EnglishCatalogue[S] ? EnglishCatalogue[S][K] : never
}[SectionName]
