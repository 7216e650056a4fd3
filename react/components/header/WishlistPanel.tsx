/**
 * The wishlist drawer's content (§2, §4, §8): the service's error message, the five newest items (newest first),
 * and the 'next' link to the wishlist page when there are more than five. Loaded when the drawer first opens.
 *
 * @module
 */
import { productLink } from "../../../core/domain/shop.ts"
import { wishlistDrawerSize } from "../../../core/domain/wishlist.ts"
import { useWishlists } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link WishlistPanel}. */
export interface WishlistPanelProps {
  /** Whether the panel shows the service's error message (default true; the wishlist drawer shows it itself). */
  readonly message?: boolean
}

/**
 * The newest wishlist items and the link to the wishlist, as the wishlist drawer shows them.
 *
 * @example
 * ```tsx
 * <HeaderDrawer drawer="wishlist" to="/oblibene" label="Wishlist" trigger="Wishlist"><WishlistPanel /></HeaderDrawer>
 * ```
 */
export function WishlistPanel({ message: showMessage = true }: WishlistPanelProps = {}) {
  const { shop, t, text, money } = useShopText()
  const Link = useLink()
  const { state } = useWishlists()
  const message = showMessage ? state.message : undefined
  const items = state.drawerItems.slice(0, wishlistDrawerSize)
  return (
    <>
      {message !== undefined && <p className="flash danger" role="alert">{text(message)}</p>}
      {items.length === 0 ? <p className="drawer-empty">{t("sf_wishlist_empty")}</p> : (
        <ul className="drawer-items">
          {items.map((item) => {
            const variant = item.product?.variant
            const title = variant?.title ?? ""
            const url = item.product?.mainCategoryUrlKey !== undefined && variant?.variantUrl !== undefined
              ? productLink({ mainCategoryUrlKey: item.product.mainCategoryUrlKey, variantUrl: variant.variantUrl })
              : undefined
            return (
              <li key={item.wishListItemId} className="drawer-item">
                <div className="drawer-item-text">
                  {url === undefined ? <span className="name">{title}</span> : <Link to={url} className="name">{title}</Link>}
                </div>
                {variant?.price !== undefined && <span className="price">{money(variant.price)}</span>}
              </li>
            )
          })}
        </ul>
      )}
      {state.hasNext
        ? <Link to={shop.urlKeys.clientWishlist} className="button">{t("wishlist_drawer_next")}</Link>
        : <Link to={shop.urlKeys.clientWishlist} className="button">{t("wishlist_main")}</Link>}
    </>
  )
}
