/**
 * The wishlist drawer of the header (§2, §4, §8): only for a logged-in customer; the five newest items, newest first,
 * a 'next' link to the wishlist page when there are more than five, the counter, and the service's error message,
 * which opens the drawer (§8).
 *
 * @module
 */
import { useEffect } from "react"
import { productLink } from "../../../core/domain/shop.ts"
import { wishlistDrawerSize } from "../../../core/domain/wishlist.ts"
import { useCustomer, useWishlists } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { HeartIcon } from "../icons.tsx"
import { useDrawer } from "./drawers.tsx"
import { HeaderDrawer } from "./HeaderDrawer.tsx"
import { WishlistCounter } from "./WishlistCounter.tsx"

/** Props of {@link WishlistDrawer}. */
export interface WishlistDrawerProps {
  /** Extra class of the drawer's host. */
  readonly className?: string
}

/**
 * The header's wishlist link with its counter, and the drawer of the newest items; nothing for a guest. The items
 * load once the services run (the service keeps them 60 s, §9).
 *
 * @example
 * ```tsx
 * <DrawersProvider>
 *   <WishlistDrawer />
 * </DrawersProvider>
 * ```
 */
export function WishlistDrawer({ className }: WishlistDrawerProps) {
  const { shop, t, text, money } = useShopText()
  const Link = useLink()
  const customer = useCustomer()
  const wishlists = useWishlists()
  const drawer = useDrawer("wishlist")
  const loggedIn = customer.role === "logged-in"
  const { state, run } = wishlists
  useEffect(() => {
    if (loggedIn) run((wishlist) => wishlist.load()).catch(() => undefined)
  }, [loggedIn, run])
  const message = state.message
  const openDrawer = drawer.send
  useEffect(() => {
    if (message !== undefined) openDrawer("pointerEnter")
  }, [message, openDrawer])
  if (!loggedIn) return null
  const items = state.drawerItems.slice(0, wishlistDrawerSize)
  return (
    <HeaderDrawer drawer="wishlist" to={shop.urlKeys.clientWishlist} label={t("sf_wishlist")} triggerClassName="wishlist-link"
      {...(className === undefined ? {} : { className })}
      trigger={<><HeartIcon /> {t("sf_wishlist")} <WishlistCounter count={state.itemsCount} /></>}>
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
    </HeaderDrawer>
  )
}
