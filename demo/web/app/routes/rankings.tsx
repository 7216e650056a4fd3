/**
 * The ranking list (§2 clientRankingList; ours): the customer's product reviews, best rated first and editable, and
 * the products they bought and have not rated yet.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { Rankings } from "../../../../react/components/account/Rankings.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { accountPage, isLoginRequired } from "../lib/accountPage.server.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller, toLogin } = accountPage(request, context, "clientRankingList")
  const rankings = await caller.call((client) => client.reviews.getCustomerReviews()).catch((error: unknown) => {
    if (isLoginRequired(error)) throw toLogin()
    throw error
  })
  return data({ rankings }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "My reviews | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function RankingsPage() {
  const { rankings } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  return (
    <section className="account-page">
      <h1>{t("account_menu_clientRankingList")}</h1>
      <Rankings initial={rankings} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("ap_back_to_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
