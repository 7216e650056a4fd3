/**
 * The cart drawer of the header (§2): opens on hover or click, closes 900 ms after the pointer
 * leaves (§9), lists the cart's items with image and parameters, links to the cart.
 */
import { Link } from "react-router"
import { useEffect, useId, useRef, useState } from "react"
import { widgetAutoHideDelayMs } from "../../../../core/domain/layout.ts"
import { useWidgets } from "../../../../react/storefront/hooks.ts"
import { useShopText } from "../lib/i18n.ts"

/** The header's cart button and drawer. */
export function CartDrawer() {
  const { shop, t, money } = useShopText()
  const widgets = useWidgets()
  const items = widgets.state.cartArticles
  const count = items.reduce((sum, item) => sum + (item.count ?? 1), 0)
  const [open, setOpen] = useState(false)
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const id = useId()
  useEffect(() => () => clearTimeout(hide.current), [])
  const show = () => {
    clearTimeout(hide.current)
    setOpen(true)
  }
  const later = () => {
    clearTimeout(hide.current)
    hide.current = setTimeout(() => setOpen(false), widgetAutoHideDelayMs)
  }
  return (
    <div className="drawer-host" onMouseEnter={show} onMouseLeave={later}
      onKeyDown={(e) => { if (e.key === "Escape") setOpen(false) }}>
      <Link to={shop.urlKeys.cart} className="tool cart-link" aria-expanded={open} aria-controls={id} onFocus={show}>
        {t("sf_cart")} <span className="badge" aria-label={t("cart_pieces", { count })}>{count}</span>
      </Link>
      <div id={id} className="drawer" hidden={!open} role="region" aria-label={t("sf_cart")}>
        {items.length === 0 ? <p>{t("sf_cart_empty")}</p> : (
          <ul className="drawer-items">
            {items.slice(0, 5).map((item, index) => (
              <li key={`${item.id ?? index}`}>
                {item.image !== undefined && <img src={item.image} alt="" width={48} height={48} />}
                <span className="name">{item.title}</span>
                <span className="qty">{item.count ?? 1}×</span>
                {item.price !== undefined && <span className="price">{money(Number(item.price))}</span>}
              </li>
            ))}
          </ul>
        )}
        <Link to={shop.urlKeys.cart} className="button primary">{t("sf_go_to_cart")}</Link>
      </div>
    </div>
  )
}
