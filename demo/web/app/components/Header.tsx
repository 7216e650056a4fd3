/** The shop header: logo, category menu, search, shop and language switch, account, wishlist and cart. */
import { Form, Link, NavLink } from "react-router"
import { useEffect, useRef, useState } from "react"
import { shopIds, shopById } from "../../../../core/domain/shop.ts"
import { uiLanguages } from "../../../../core/messages/index.ts"
import { useCustomer, useWidgets } from "../../../../react/storefront/hooks.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"
import { CartDrawer } from "./CartDrawer.tsx"

/** The header of every page. */
export function Header() {
  const root = useRootData()
  const { shop, t, language } = useShopText()
  const customer = useCustomer()
  const loggedIn = root.customerId !== null || customer.customer?.isLogged === true
  const topCategories = root.categories.filter((c) => c.parentId === null)
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <header className="site-header">
      <div className="bar">
        <Link to="/" className="logo">
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0b5cad" /><path d="M7 10h14l-2 9H9z" fill="#fff" /></svg>
          <span>Storefront <small>{shop.name}</small></span>
        </Link>
        <SearchBox />
        <nav className="tools" aria-label={t("sf_tools")}>
          <Link to={loggedIn ? shop.urlKeys.clientMyAccount : shop.urlKeys.login} className="tool">
            {loggedIn ? t("sf_my_account") : t("sf_login")}
          </Link>
          {loggedIn && <Link to={shop.urlKeys.clientWishlist} className="tool">{t("sf_wishlist")}</Link>}
          <CartDrawer />
        </nav>
      </div>
      <div className="bar secondary">
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOpen(!menuOpen)}>
          {t("sf_menu")}
        </button>
        <nav id="main-menu" className={menuOpen ? "menu open" : "menu"} aria-label={t("sf_categories")}>
          <ul>
            {topCategories.map((c) => (
              <li key={c.categoryId}><NavLink to={`/${c.urlKey}`} onClick={() => setMenuOpen(false)}>{c.title}</NavLink></li>
            ))}
          </ul>
        </nav>
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
      </div>
    </header>
  )
}

/** The search form with suggestions after 2 typed characters. */
function SearchBox() {
  const { t, shop } = useShopText()
  const [text, setText] = useState("")
  const [suggestions, setSuggestions] = useState<ReadonlyArray<{ readonly title: string; readonly url: string }>>([])
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    clearTimeout(timer.current)
    if (text.trim().length < 2) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    timer.current = setTimeout(() => {
      fetch(`/api/catalogue/suggest?q=${encodeURIComponent(text.trim())}`, {
        signal: controller.signal,
        headers: { accept: "application/json", "x-shop-id": shop.shopId, "x-requested-with": "XMLHttpRequest" }
      })
        .then((r) => (r.ok ? r.json() : { products: [] }))
        .then((answer: { products?: ReadonlyArray<{ title: string; url: string }> }) => setSuggestions(answer.products ?? []))
        .catch(() => undefined)
    }, 250)
    return () => controller.abort()
  }, [text])
  return (
    <Form method="get" action="/search" role="search" className="search">
      <label htmlFor="search-q" className="visually-hidden">{t("sf_search")}</label>
      <input id="search-q" name="q" type="search" value={text} onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t("sf_search_placeholder")} autoComplete="off" aria-controls="search-suggestions" aria-expanded={suggestions.length > 0} role="combobox" />
      <button type="submit">{t("sf_search")}</button>
      {suggestions.length > 0 && (
        <ul id="search-suggestions" className="suggestions" role="listbox" aria-label={t("sf_suggestions")}>
          {suggestions.map((s) => (
            <li key={s.url} role="option" aria-selected="false"><Link to={s.url} onClick={() => setText("")}>{s.title}</Link></li>
          ))}
        </ul>
      )}
    </Form>
  )
}
