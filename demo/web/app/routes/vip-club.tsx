/**
 * The VIP club page (§2 clientVipClub, only SI10SI): the customer's programme (VIP or VIP-plus, §3) and its benefits,
 * with the VIP notice that stays closed for 365 days once closed (§9; its cookie is read here so the server's page
 * already leaves it out).
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { vipNoticeCookieName } from "../../../../core/domain/layout/banners.ts"
import { VipClubPanel } from "../../../../react/components/account/VipClubPanel.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { callOrLogin, openClubPage } from "../lib/accountClubs.server.ts"
import { cookieValue } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, caller } = await openClubPage(request, context, "clientVipClub")
  const vip = await callOrLogin(shop, request, () => caller.call((client) => client.accountClubs.vipClub()))
  const noticeClosed = cookieValue(request.headers.get("cookie"), vipNoticeCookieName) !== undefined
  return data({ vip, noticeClosed }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "VIP club | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function VipClubPage() {
  const { vip, noticeClosed } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  return (
    <section className="account-page club-page">
      <h1>{t("account_menu_clientVipClub")}</h1>
      <VipClubPanel vip={vip} noticeClosed={noticeClosed} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("sf_my_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
