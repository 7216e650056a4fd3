/**
 * The cart drawer of the header (§2): opens on hover, lists the cart's items (image, parameters with the colour
 * swatch, active services at their price times the count, §3) and links to the cart.
 *
 * @module
 */
import type { WidgetCartItem } from "../../../core/api/entities/cart.ts"
import { bundlePrice, colorSwatch, isActiveBundle, widgetPieces } from "../../../core/domain/cart.ts"
import { useWidgets } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { CartIcon } from "../icons.tsx"
import { HeaderDrawer } from "./HeaderDrawer.tsx"

/** Props of {@link CartDrawer}. */
export interface CartDrawerProps {
  /** Extra class of the drawer's host. */
  readonly className?: string
}

const imageOf = (item: WidgetCartItem): string | undefined => {
  if (item.image === undefined || item.image === "") return undefined
  return item.imgServer === undefined || /^(?:[a-z]+:)?\/\//i.test(item.image) ? item.image : `${item.imgServer.replace(/\/$/, "")}/${item.image.replace(/^\//, "")}`
}

/** One item of the cart drawer. */
function CartDrawerItem({ item }: { readonly item: WidgetCartItem }) {
  const { t, text, money } = useShopText()
  const Link = useLink()
  const count = item.count ?? 1
  const title = item.title ?? item.article?.title ?? ""
  const image = imageOf(item)
  const bundles = (item.bundles ?? []).filter(isActiveBundle)
  return (
    <li className="drawer-item">
      {image === undefined ? <span className="thumb" aria-hidden="true" /> : <img className="thumb" src={image} alt="" width={55} height={55} loading="lazy" />}
      <div className="drawer-item-text">
        {item.url === undefined ? <span className="name">{title}</span> : <Link to={item.url} className="name">{title}</Link>}
        {(item.params ?? []).length > 0 && (
          <ul className="params">
            {(item.params ?? []).map((param) => {
              const swatch = colorSwatch(param)
              return (
                <li key={param.key}>
                  {swatch !== undefined && <span className="swatch" style={{ backgroundColor: swatch }} aria-hidden="true" />}
                  {param.title ?? param.key}: {param.value ?? ""}{param.measure === undefined ? "" : ` ${param.measure}`}
                </li>
              )
            })}
          </ul>
        )}
        {bundles.length > 0 && (
          <ul className="bundles" aria-label={t("sf_services")}>
            {bundles.map((bundle, index) => (
              <li key={`${bundle.type}-${bundle.id ?? index}`}>
                {bundle.title === undefined ? t(`header_bundle_${bundle.type}`) : text(bundle.title)}: {money(bundlePrice(bundle, count))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <span className="qty">{t("cart_pieces", { count })}</span>
      {item.price !== undefined && <span className="price">{money(item.price)}</span>}
    </li>
  )
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
  const Link = useLink()
  const items = useWidgets().state.cartArticles
  const pieces = widgetPieces(items)
  return (
    <HeaderDrawer drawer="cart" to={shop.urlKeys.cart} label={t("sf_cart")} triggerClassName="cart-link"
      {...(className === undefined ? {} : { className })}
      trigger={<>
        <CartIcon /> {t("sf_cart")} <span className="badge" aria-hidden="true">{pieces}</span>
        <span className="visually-hidden">{t("cart_pieces", { count: pieces })}</span>
      </>}>
      {items.length === 0 ? <p className="drawer-empty">{t("sf_cart_empty")}</p> : (
        <ul className="drawer-items">
          {items.map((item, index) => <CartDrawerItem key={item.id ?? item.itemId ?? index} item={item} />)}
        </ul>
      )}
      <Link to={shop.urlKeys.cart} className="button primary">{t("sf_go_to_cart")}</Link>
    </HeaderDrawer>
  )
}
