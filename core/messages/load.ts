/**
 * Loads one UI language's catalogue on demand (one chunk per language in a bundled app) and registers it, so a
 * browser page ships only the texts of its shopper's language.
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"
import type { UiLanguage } from "./languages.ts"
import { isCatalogueRegistered, registerCatalogue } from "./translator.ts"

const loaders: { readonly [L in UiLanguage]: () => Promise<Catalogue> } = {
  cs: () => import("./cs.ts").then((module) => module.cs),
  sk: () => import("./sk.ts").then((module) => module.sk),
  hr: () => import("./hr.ts").then((module) => module.hr),
  hu: () => import("./hu.ts").then((module) => module.hu),
  pl: () => import("./pl.ts").then((module) => module.pl),
  sl: () => import("./sl.ts").then((module) => module.sl),
  en: () => import("./en.ts").then((module) => module.en)
}

/**
 * Loads and registers the catalogue of `language` (nothing to do when it is registered already).
 *
 * @example
 * ```ts
 * await loadCatalogue("pl")
 * translate("pl", "sf_cart") // "Koszyk"
 * ```
 */
export const loadCatalogue = async (language: UiLanguage): Promise<void> => {
  if (isCatalogueRegistered(language)) return
  registerCatalogue(language, await loaders[language]())
}
