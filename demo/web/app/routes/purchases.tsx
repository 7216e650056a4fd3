/** The purchase list (§2 clientPurchaseList): the customer's orders in this shop, newest first. */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { cookieValue, preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { LocalDate } from "../../../../react/components/LocalDate.tsx"
import { orderStates } from "../../../../core/api/account.ts"
import { PageError } from "../components/PageError.tsx"
import { pagePathOf } from "../lib/forms.server.ts"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const login = `${shop.urlKeys.login}?return=${encodeURIComponent(pagePathOf(request))}`
  if (!hasSessionCookie(request)) throw redirect(login)
  const caller = shopCaller(request, context, shop)
  const history = await caller.call((client) => client.account.orderHistory({ query: { limit: 50 } as never })).catch(() => undefined)
  if (history === undefined) throw redirect(login)
  return history
}

export function meta() {
  return [{ title: "My orders | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Purchases() {
  const history = useLoaderData<typeof loader>()
  const { t, money, shop } = useShopText()
  return (
    <section>
      <h1>{t("sf_my_orders")} <small>({history.total})</small></h1>
      {history.orders.length === 0 ? <p>{t("order_history_empty")}</p> : (
        <table className="orders-table">
          <thead><tr><th scope="col">{t("sf_order")}</th><th scope="col">{t("sf_date")}</th><th scope="col">{t("sf_items")}</th><th scope="col">{t("sf_total")}</th><th scope="col">{t("sf_state")}</th></tr></thead>
          <tbody>
            {history.orders.map((o) => (
              <tr key={String(o.orderId)}>
                <td>#{String(o.orderId)}</td>
                <td><LocalDate value={String(o.createdAt)} /></td>
                <td>{(o.items ?? []).map((i) => `${i.count}× ${i.title ?? ""}`).join(", ")}</td>
                <td>{money(Number(o.total))}</td>
                <td><span className={`order-state order-state--${String(o.state)}`}>{(orderStates as ReadonlyArray<string>).includes(String(o.state)) ? t(`order_state_${String(o.state) as (typeof orderStates)[number]}`) : String(o.state)}</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("sf_my_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
