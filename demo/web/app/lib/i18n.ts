/**
 * The storefront's texts: every visible string comes from the core's message catalogues in the UI
 * language the shopper chose; money goes through the rule core (Intl) in the shop's locale.
 *
 * @module
 */
import { useRouteLoaderData } from "react-router"
import type { MenuItem } from "../../../../core/api/menu.ts"
import { formatPrice } from "../../../../core/domain/money.ts"
import { shopById, type Shop, type ShopId } from "../../../../core/domain/shop.ts"
import type { Customer } from "../../../../core/api/entities/customer.ts"
import type { FaviconLink } from "../../../../react/components/widgets/sanitizeHtml.ts"
import type { MessageKey } from "../../../../core/messages/catalogue.ts"
import type { UiLanguage } from "../../../../core/messages/languages.ts"
import { translate, translateText } from "../../../../core/messages/translator.ts"

/** What the root loader tells every page. */
export interface RootData {
  readonly shopId: ShopId
  readonly language: UiLanguage
  readonly csrfToken: string
  readonly cartId: number
  readonly customerId: number | null
  readonly categories: ReadonlyArray<{ readonly categoryId: number; readonly parentId: number | null; readonly urlKey: string; readonly title: string }>
  /** The main menu's entries (the mega-menu). */
  readonly menu: ReadonlyArray<MenuItem>
  readonly cartArticles: ReadonlyArray<unknown>
  readonly debug: boolean
  readonly consents: Readonly<Record<string, boolean>>
  /** The logged-in customer as the cart's answer gives them (with their consents); absent for a guest. */
  readonly customer?: Customer
  /** The shop's favicon links, read out of its favicon snippet on the server. */
  readonly favicon: ReadonlyArray<FaviconLink>
  /** The footer menu's entries (the footer's accordions); absent when the menu could not be read. */
  readonly footerMenu?: ReadonlyArray<MenuItem>
}

/** The root loader's data. */
export const useRootData = (): RootData => useRouteLoaderData("root") as RootData

/** The shop and a translator for the page. */
export const useShopText = (): {
  readonly shop: Shop
  readonly language: UiLanguage
  readonly t: (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string
  readonly text: (keyOrText: string) => string
  readonly money: (amount: number) => string
} => {
  const root = useRootData()
  const shop = shopById(root.shopId)
  const language = root.language
  return {
    shop,
    language,
    t: (key, params) => (translate as (l: UiLanguage, k: string, p?: object) => string)(language, key, params),
    text: (keyOrText) => translateText(language, keyOrText),
    money: (amount) => formatPrice(amount, { currency: shop.currency, locale: shop.locale })
  }
}
