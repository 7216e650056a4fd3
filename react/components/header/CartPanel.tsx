/**
 * The cart drawer's content (§2, §3): the items with image, parameters (COLOR as a swatch) and active services at
 * their price times the count, and the link to the cart. Loaded when the drawer first opens.
 *
 * @module
 */
import type { WidgetCartItem } from "../../../core/api/entities/cart.ts"
import { bundlePrice, isActiveBundle } from "../../../core/domain/cart.ts"
import { ItemParams } from "../ItemParams.tsx"
import { useWidgets } from "../../storefront/hooks.ts"
import { ResponsiveImage, thumbnailImageDisplay } from "../../storefront/images.tsx"
import { useLink, useShopText } from "../../storefront/text.tsx"

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
      {image === undefined ? <span className="thumb" aria-hidden="true" /> : <ResponsiveImage className="thumb" src={image} display={thumbnailImageDisplay} alt="" width={55} height={55} loading="lazy" />}
      <div className="drawer-item-text">
        {item.url === undefined ? <span className="name">{title}</span> : <Link to={item.url} className="name">{title}</Link>}
        <ItemParams params={item.params} />
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
 * The items of the cart and the link to the cart, as the cart drawer shows them.
 *
 * @example
 * ```tsx
 * <HeaderDrawer drawer="cart" to="/kosik" label="Cart" trigger="Cart"><CartPanel /></HeaderDrawer>
 * ```
 */
export function CartPanel() {
  const { shop, t } = useShopText()
  const Link = useLink()
  const items = useWidgets().state.cartArticles
  return (
    <>
      {items.length === 0 ? <p className="drawer-empty">{t("sf_cart_empty")}</p> : (
        <ul className="drawer-items">
          {items.map((item, index) => <CartDrawerItem key={item.id ?? item.itemId ?? index} item={item} />)}
        </ul>
      )}
      <Link to={shop.urlKeys.cart} className="button primary">{t("sf_go_to_cart")}</Link>
    </>
  )
}
