/**
 * The shop footer: accordions (closed on mobile) of the customer-service links, the shop's footer menu and the
 * payment card brands; the copyright; back-to-top (§2).
 */
import { BackToTop } from "../../../../react/components/BackToTop.tsx"
import { FooterMenu } from "../../../../react/components/footer/FooterMenu.tsx"
import { CardBrandIcon, cardBrands } from "../../../../react/components/icons.tsx"
import { footerMenuItems } from "../../../../core/domain/layout/footer.ts"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import { useShopText } from "../../../../react/storefront/text.tsx"
import { useRootData } from "../lib/i18n.ts"

/** The footer of every page. */
export function Footer() {
  const { shop, t } = useShopText()
  const root = useRootData()
  const serviceLinks = [
    { to: String(shopPagesOf(shop.shopId).contact), title: t("pg_contact_title") },
    { to: shop.urlKeys.orderTracking, title: t("account_menu_orderTracking") },
    { to: shop.urlKeys.cart, title: t("sf_cart") }
  ]
  // The shop's footer menu may link a page the service group already has (the contact page): listed once.
  const menuItems = footerMenuItems(root.footerMenu ?? [], serviceLinks)
  return (
    <footer className="site-footer">
      <FooterMenu
        items={menuItems}
        groups={[{ key: "service", title: t("furniture_footer_service"), links: serviceLinks }]}
        after={[{
          key: "payment",
          title: t("furniture_footer_payment"),
          content: <p className="card-brands">{cardBrands.map((brand) => <CardBrandIcon key={brand} brand={brand} />)}</p>
        }]}
      />
      <p className="site-footer-legal">© 2026 Storefront · {shop.name}</p>
      <BackToTop />
    </footer>
  )
}
