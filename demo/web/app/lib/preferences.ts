/**
 * The shopper's shop and UI language, kept in two cookies (the shop switcher and the language switch
 * set them); every shop is reachable in English.
 *
 * @module
 */
import { fallbackUiLanguage, isUiLanguage, uiLanguageOf, type UiLanguage } from "../../../../core/messages/languages.ts"
import { isShopId, shopById, type Shop } from "../../../../core/domain/shop.ts"

/** The cookie naming the shop. */
export const shopCookie = "sf_shop"
/** The cookie naming the UI language. */
export const languageCookie = "sf_lang"
/** The shop of a first visit. */
export const defaultShopId = "CZ10MA"

/** The value of cookie `name` in a Cookie header. */
export const cookieValue = (header: string | null, name: string): string | undefined => {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=")
    if (key === name) return decodeURIComponent(rest.join("="))
  }
  return undefined
}

/** The shopper's shop and language from a request's cookies. */
export const preferencesOf = (request: Request): { readonly shop: Shop; readonly language: UiLanguage } => {
  const cookies = request.headers.get("cookie")
  const shopId = cookieValue(cookies, shopCookie)
  const shop = shopById(shopId !== undefined && isShopId(shopId) ? shopId : defaultShopId)
  const language = cookieValue(cookies, languageCookie)
  return { shop, language: language !== undefined && isUiLanguage(language) ? language : uiLanguageOf(shop) ?? fallbackUiLanguage }
}

/** A Set-Cookie value remembering a preference for a year. */
export const preferenceCookie = (name: string, value: string): string =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`
