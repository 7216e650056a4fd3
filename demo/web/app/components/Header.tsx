/**
 * The shop header, wired from the toolkit: logo, the mobile search and menu toggles, search, the login, wishlist
 * and cart drawers, the mega-menu, and the shop and language switch.
 */
import { Form, Link, useNavigate, useRevalidator } from "react-router"
import { shopIds, shopById } from "../../../../core/domain/shop.ts"
import { uiLanguages } from "../../../../core/messages/languages.ts"
import { CartDrawer } from "../../../../react/components/header/CartDrawer.tsx"
import { DrawersProvider } from "../../../../react/components/header/drawers.tsx"
import { HidingHeader } from "../../../../react/components/header/HidingHeader.tsx"
import { LoginDrawer } from "../../../../react/components/header/LoginDrawer.tsx"
import { MegaMenu } from "../../../../react/components/header/MegaMenu.tsx"
import { MobilePanels } from "../../../../react/components/header/MobilePanels.tsx"
import { SearchCombobox } from "../../../../react/components/header/SearchCombobox.tsx"
import { WishlistDrawer } from "../../../../react/components/header/WishlistDrawer.tsx"
import { useShopText } from "../../../../react/storefront/text.tsx"
import { useRootData } from "../lib/i18n.ts"

/** The header of every page. */
export function Header() {
  const root = useRootData()
  const { shop, t } = useShopText()
  const revalidator = useRevalidator()
  return (
    <DrawersProvider>
      <HidingHeader className="site-header">
        <MobilePanels
          search={<SearchBox />}
          menu={(close) => <MegaMenu id="main-menu" items={root.menu} onNavigate={close} />}
          layout={({ toggles, search, menu }) => (
            <>
              <div className="bar">
                <Link to="/" className="logo">
                  <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0b5cad" /><path d="M7 10h14l-2 9H9z" fill="#fff" /></svg>
                  <span>Storefront <small>{shop.name}</small></span>
                </Link>
                {toggles}
                {search}
                <nav className="tools" aria-label={t("sf_tools")}>
                  <LoginDrawer csrfToken={root.csrfToken} onLoggedIn={() => void revalidator.revalidate()} />
                  <WishlistDrawer />
                  <CartDrawer />
                </nav>
              </div>
              <div className="bar secondary">
                {menu}
                <ShopSwitcher />
              </div>
            </>
          )}
        />
      </HidingHeader>
    </DrawersProvider>
  )
}

/** The shop and UI-language switch. */
function ShopSwitcher() {
  const { shop, t, language } = useShopText()
  return (
    <Form method="get" action="/switch" className="switcher" reloadDocument>
      <label>
        <span className="visually-hidden">{t("sf_shop")}</span>
        <select name="shop" defaultValue={shop.shopId} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          {shopIds.map((id) => <option key={id} value={id}>{shopById(id).name} ({shopById(id).currency})</option>)}
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t("sf_language")}</span>
        <select name="lang" defaultValue={language} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          {uiLanguages.map((l) => <option key={l} value={l}>{l.toUpperCase()}</option>)}
        </select>
      </label>
      <noscript><button type="submit">{t("sf_apply")}</button></noscript>
    </Form>
  )
}

/** The search form: the toolkit's search box with suggestions, searching the typed text on submit. */
function SearchBox() {
  const { t } = useShopText()
  const navigate = useNavigate()
  return (
    <Form method="get" action="/search" role="search" className="search">
      <SearchCombobox id="search-q" navigate={(url) => void navigate(url)} />
      <button type="submit">{t("sf_search")}</button>
    </Form>
  )
}
