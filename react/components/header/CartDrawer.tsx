/**
 * The cart drawer of the header (§2): opens on hover, lists the cart's items (image, parameters with the colour
 * swatch, active services at their price times the count, §3) and links to the cart. The list loads with the first
 * opening (`CartPanel`), so the first paint carries only the link and its badge.
 *
 * @module
 */
import { lazy } from "react"
import { widgetPieces } from "../../../core/domain/cart.ts"
import { useWidgets } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { CartIcon } from "../icons.tsx"
import { HeaderDrawer } from "./HeaderDrawer.tsx"

const CartPanel = lazy(() => import("./CartPanel.tsx").then((module) => ({ default: module.CartPanel })))

/** Props of {@link CartDrawer}. */
export interface CartDrawerProps {
  /** Extra class of the drawer's host. */
  readonly className?: string
}

/**
 * The header's cart: a link to the cart with the pieces badge, and the drawer of the items. Reads the widgets
 * data (server-rendered, refreshed by the services when the cart changes).
 *
 * @example
 * ```tsx
 * <DrawersProvider>
 *   <CartDrawer />
 * </DrawersProvider>
 * ```
 */
export function CartDrawer({ className }: CartDrawerProps) {
  const { shop, t } = useShopText()
  const items = useWidgets().state.cartArticles
  const pieces = widgetPieces(items)
  return (
    <HeaderDrawer drawer="cart" to={shop.urlKeys.cart} label={t("sf_cart")} triggerClassName="cart-link"
      {...(className === undefined ? {} : { className })}
      trigger={<>
        <CartIcon /> {t("sf_cart")} <span className="badge" aria-hidden="true">{pieces}</span>
        <span className="visually-hidden">{t("cart_pieces", { count: pieces })}</span>
      </>}>
      <CartPanel />
    </HeaderDrawer>
  )
}
