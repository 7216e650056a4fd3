/**
 * Order tracking (§2 named URL `orderTracking`, §7 /api/tracking/getPickupCode): the logged-in customer's orders with
 * their state, deliveries and pick-up points, and the pick-up code of an order collected at a pick-up point. The
 * code is asked for with a link (`?order=`), so the page works without JavaScript.
 */
import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { orderStates } from "../../../../core/api/account.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { cookieHeaders, hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { pagePathOf } from "../lib/forms.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { LocalDate } from "../../../../react/components/LocalDate.tsx"
import { formatDate } from "../../../../core/domain/dates.ts"
import { uiLanguageLocales } from "../../../../core/messages/languages.ts"
import { PageError } from "../components/PageError.tsx"

/** The query parameter naming the order whose pick-up code is shown. */
const orderParameter = "order"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const path = pagePathOf(request)
  if (path !== shop.urlKeys.orderTracking) throw data(null, { status: 404 })
  const login = redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(path)}`)
  if (!hasSessionCookie(request)) throw login
  const caller = shopCaller(request, context, shop)
  const asked = new URL(request.url).searchParams.get(orderParameter)?.trim() || undefined
  const [history, code] = await Promise.all([
    caller.call((client) => client.account.orderHistory({ query: { limit: 20 } as never })).catch(() => undefined),
    asked === undefined
      ? Promise.resolve(undefined)
      : caller.call((client) => client.orderTracking.getPickupCode({ query: { orderId: asked } })).then(
        (found) => ({ orderId: asked, found }),
        () => ({ orderId: asked, found: undefined })
      )
  ])
  if (history === undefined) throw login
  return data({ orders: history.orders, code }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "Order tracking | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function OrderTracking() {
  const { orders, code } = useLoaderData<typeof loader>()
  const { t, shop, money, language } = useShopText()
  const day = (iso: string) => formatDate(iso, uiLanguageLocales[language])
  const stateText = (state: string) =>
    (orderStates as ReadonlyArray<string>).includes(state) ? t(`order_state_${state as (typeof orderStates)[number]}`) : state
  return (
    <section className="account-page">
      <h1>{t("account_menu_orderTracking")}</h1>
      <p>{t("pg_tracking_intro")}</p>
      {code === undefined ? null : code.found === undefined
        ? <FormNotice tone="error">{t("pg_tracking_no_code", { order: code.orderId })}</FormNotice>
        : (
          <FormNotice tone="success">
            {t("pg_tracking_code", { order: code.found.orderId, code: code.found.pickupCode })}
            {code.found.validTo === undefined || code.found.validTo === null ? null : <> {t("pg_tracking_valid_to", { date: day(code.found.validTo) })}</>}
          </FormNotice>
        )}
      {orders.length === 0 ? <p>{t("order_history_empty")}</p> : (
        <div className="table-scroll account-section" role="region" aria-label={t("account_menu_orderTracking")} tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("sf_order")}</th>
              <th scope="col">{t("sf_date")}</th>
              <th scope="col">{t("sf_state")}</th>
              <th scope="col">{t("sf_delivery")}</th>
              <th scope="col">{t("sf_total")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const pickup = order.deliveries.some((delivery) => delivery.branchName !== undefined)
              return (
                <tr key={order.orderId}>
                  <th scope="row">{order.orderId}</th>
                  <td><LocalDate value={order.createdAt} /></td>
                  <td>{stateText(order.state)} (<LocalDate value={order.stateDate} />)</td>
                  <td>
                    {order.deliveries.map((delivery) => [delivery.title, delivery.branchName].filter((x) => x !== undefined).join(": ")).join(", ")}
                    {pickup ? <> · <Link to={`?${orderParameter}=${encodeURIComponent(order.orderId)}`} preventScrollReset>{t("pg_tracking_code_show", { order: order.orderId })}</Link></> : null}
                  </td>
                  <td>{money(order.total)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
        </div>
      )}
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
