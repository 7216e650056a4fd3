/**
 * Texts, money and links for the components: every visible string comes from the core's message catalogues in the
 * provider's UI language, money goes through the rule core (Intl) in the shop's currency and locale, and links are
 * rendered by the app's router (React Router's `Link`, Next's `Link`...) or a plain anchor.
 *
 * The texts come from the registered catalogues: before the first render, load the shopper's language with
 * `loadCatalogue(language)` (`storefront-toolkit/core/messages/load`, one chunk per language), or import
 * `storefront-toolkit/core/messages`, which registers all seven (servers, scripts).
 *
 * @module
 */
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from "react"
import { formatPrice } from "../../core/domain/money.ts"
import type { Shop } from "../../core/domain/shop.ts"
import type { MessageKey } from "../../core/messages/catalogue.ts"
import type { UiLanguage } from "../../core/messages/languages.ts"
import { translate, translateText, type ParamValue } from "../../core/messages/translator.ts"
import { useStorefront } from "./StorefrontProvider.tsx"

/** Props a link component receives: `to` is a same-origin path, the rest are an anchor's attributes. */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { readonly to: string; readonly children?: ReactNode }

/** A link component (the router's own, or {@link PlainLink}). */
export type LinkComponent = ComponentType<LinkProps>

/** A plain anchor: the link of an app without a client-side router. */
export function PlainLink({ to, children, ...rest }: LinkProps) {
  return <a href={to} {...rest}>{children}</a>
}

const LinkContext = createContext<LinkComponent>(PlainLink)

/** Gives the components the app's link component (default {@link PlainLink}). */
export function LinkProvider({ link, children }: { readonly link: LinkComponent; readonly children?: ReactNode }) {
  return <LinkContext.Provider value={link}>{children}</LinkContext.Provider>
}

/** The link component the components render links with. */
export const useLink = (): LinkComponent => useContext(LinkContext)

/** What {@link useShopText} gives a component. */
export interface ShopText {
  /** The shop of the provider. */
  readonly shop: Shop
  /** The UI language of the provider. */
  readonly language: UiLanguage
  /** The text of a message key, placeholders filled (plural keys take `count`). */
  readonly t: (key: MessageKey, params?: Readonly<Record<string, ParamValue>>) => string
  /** A message key translated, or a text from elsewhere (a server's flash message) as it came. */
  readonly text: (keyOrText: string) => string
  /** An amount in the shop's currency, by the price rule (§5). */
  readonly money: (amount: number) => string
}

/**
 * The shop, its UI language and the translators, from the nearest {@link StorefrontProvider}.
 *
 * @example
 * ```tsx
 * function CartLink() {
 *   const { shop, t } = useShopText()
 *   const Link = useLink()
 *   return <Link to={shop.urlKeys.cart}>{t("sf_cart")}</Link>
 * }
 * ```
 */
export const useShopText = (): ShopText => {
  const { shop, language } = useStorefront()
  return useMemo(() => ({
    shop,
    language,
    t: (key, params) => (translate as (l: UiLanguage, k: string, p?: object) => string)(language, key, params),
    text: (keyOrText) => translateText(language, keyOrText),
    money: (amount) => formatPrice(amount, { currency: shop.currency, locale: shop.locale })
  }), [shop, language])
}
