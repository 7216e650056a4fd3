/** Paging links of a listing, keeping the page's other query parameters. */
import { Link, useLocation } from "react-router"
import { useShopText } from "../lib/i18n.ts"

/** Previous / numbered / next page links. */
export function Pager({ page, pageCount }: { readonly page: number; readonly pageCount: number }) {
  const { t } = useShopText()
  const location = useLocation()
  if (pageCount <= 1) return null
  const to = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set("page", String(n))
    return `${location.pathname}?${params}`
  }
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2)
  return (
    <nav className="pager" aria-label={t("sf_pages")}>
      {page > 1 && <Link to={to(page - 1)} rel="prev">{t("sf_previous")}</Link>}
      {pages.map((n) => <Link key={n} to={to(n)} aria-current={n === page ? "page" : undefined}>{n}</Link>)}
      {page < pageCount && <Link to={to(page + 1)} rel="next">{t("sf_next")}</Link>}
    </nav>
  )
}
