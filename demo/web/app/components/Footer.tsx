/** The shop footer: links to the cart, the contact page and order tracking, the payment card brands, back-to-top (§2). */
import { Link } from "react-router"
import { BackToTop } from "../../../../react/components/BackToTop.tsx"
import { CardBrandIcon, cardBrands } from "../../../../react/components/icons.tsx"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import { useShopText } from "../../../../react/storefront/text.tsx"

/** The footer of every page. */
export function Footer() {
  const { shop, t } = useShopText()
  return (
    <footer className="site-footer">
      <nav aria-label={t("sf_footer")}>
        <Link to={shop.urlKeys.cart}>{t("sf_cart")}</Link>
        <Link to={shopPagesOf(shop.shopId).contact}>{t("pg_contact_title")}</Link>
        <Link to={shop.urlKeys.orderTracking}>{t("account_menu_orderTracking")}</Link>
      </nav>
      <p className="card-brands">{cardBrands.map((brand) => <CardBrandIcon key={brand} brand={brand} />)}</p>
      <p>© 2026 Storefront · {shop.name}</p>
      <BackToTop />
    </footer>
  )
}
