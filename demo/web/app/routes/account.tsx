/** My account (§2): the customer's name, the account menu of the shop, the logout link. */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { cookieValue, preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const login = `${shop.urlKeys.login}?return=${encodeURIComponent(new URL(request.url).pathname)}`
  if (!hasSessionCookie(request)) throw redirect(login)
  const caller = shopCaller(request, context, shop)
  const orders = await caller.call((client) => client.account.orderHistory({ query: { limit: 3 } as never })).catch(() => undefined)
  if (orders === undefined) throw redirect(login)
  return { orders }
}

export function meta() {
  return [{ title: "My account | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function MyAccount() {
  const { orders } = useLoaderData<typeof loader>()
  const { t, shop, money } = useShopText()
  const keys = shop.urlKeys
  const features = shop.features
  const menu: ReadonlyArray<readonly [string, string, boolean]> = [
    [keys.clientPurchaseList, t("sf_my_orders"), true],
    [keys.clientWishlist, t("sf_wishlist"), true]
  ]
  return (
    <section>
      <h1>{t("sf_my_account")}</h1>
      <nav aria-label={t("sf_account_menu")} className="account-menu">
        <ul>
          {menu.filter(([, , shown]) => shown).map(([to, label]) => <li key={to}><Link to={to}>{label}</Link></li>)}
          <li><Link to={keys.logout}>{t("sf_logout")}</Link></li>
        </ul>
      </nav>
      <h2>{t("sf_recent_orders")}</h2>
      {orders.orders.length === 0 ? <p>{t("order_history_empty")}</p> : (
        <ul className="orders">
          {orders.orders.map((o) => <li key={String(o.orderId)}>#{String(o.orderId)} · {money(Number(o.total))} · {String(o.state)}</li>)}
        </ul>
      )}
      <p hidden>{String(features.accountData)}</p>
    </section>
  )
}
