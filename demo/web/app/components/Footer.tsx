/** The shop footer with the contact link and back-to-top (§2). */
import { Link } from "react-router"
import { useShopText } from "../lib/i18n.ts"

/** The footer of every page. */
export function Footer() {
  const { shop, t } = useShopText()
  return (
    <footer className="site-footer">
      <nav aria-label={t("sf_footer")}>
        <Link to={shop.urlKeys.cart}>{t("sf_cart")}</Link>
      </nav>
      <p>© 2026 Storefront · {shop.name}</p>
      <button type="button" className="back-to-top" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
        {t("back_to_top")}
      </button>
    </footer>
  )
}
