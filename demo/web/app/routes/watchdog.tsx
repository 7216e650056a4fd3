/** The product watchdog (§2 clientWatchdog; ours): the products the customer watches, their price and stock now. */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { Watchdogs } from "../../../../react/components/account/Watchdogs.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { accountPage, isLoginRequired } from "../lib/accountPage.server.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller, toLogin } = accountPage(request, context, "clientWatchdog")
  const list = await caller.call((client) => client.watchdog.list()).catch((error: unknown) => {
    if (isLoginRequired(error)) throw toLogin()
    throw error
  })
  return data({ watchdogs: list.watchdogs }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "Watchdog | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function WatchdogPage() {
  const { watchdogs } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  return (
    <section className="account-page">
      <h1>{t("account_menu_clientWatchdog")}</h1>
      <Watchdogs initial={watchdogs} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("ap_back_to_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
