/** The wishlists of the logged-in customer (§2): each list with its products. */
import { Link } from "react-router"
import { useEffect } from "react"
import { useCustomer, useWishlists } from "../../../../react/storefront/hooks.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"

export function meta() {
  return [{ title: "Wishlist | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Wishlists() {
  const root = useRootData()
  const customer = useCustomer()
  const wishlists = useWishlists()
  const { t, shop } = useShopText()
  const loggedIn = root.customerId !== null || customer.customer?.isLogged === true
  useEffect(() => {
    if (loggedIn) void wishlists.run((w) => w.load()).catch(() => undefined)
    // Load once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn])
  if (!loggedIn) return <section><h1>{t("sf_wishlist")}</h1><p><Link to={shop.urlKeys.login}>{t("err_login_required")}</Link></p></section>
  const items = wishlists.state.items
  return (
    <section>
      <h1>{t("sf_wishlist")} <small>({wishlists.state.itemsCount})</small></h1>
      {items.length === 0 ? <p>{t("sf_wishlist_empty")}</p> : (
        <ul className="wishlist-items">
          {items.map((item) => (
            <li key={String(item.wishListItemId)}>
              {item.product?.mainCategoryUrlKey !== undefined && item.product.variant.variantUrl !== undefined
                ? <Link to={`/${item.product.mainCategoryUrlKey}/${item.product.variant.variantUrl}`}>{item.product.variant.title ?? ""}</Link>
                : <span>{item.product?.variant.title ?? ""}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
