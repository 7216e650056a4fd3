/**
 * Digital content (§2 clientDigitalContent, shown only where the shop enables it): the digital products the customer
 * bought, with their licence keys (§7 getProductLicenseKeys, asked with each order line's product id), and the API
 * key (§7 createCustomerApiKey, updateCustomerApiKey).
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import type { LicenseKey } from "../../../../core/api/digitalContent.ts"
import { DigitalContent, licenseKeysKey } from "../../../../react/components/account/DigitalContent.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { accountPage, isLoginRequired } from "../lib/accountPage.server.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller, toLogin } = accountPage(request, context, "clientDigitalContent", (shop) => shop.features.digitalContent)
  const list = await caller.call((client) => client.digitalContent.getDigitalContent()).catch((error: unknown) => {
    if (isLoginRequired(error)) throw toLogin()
    throw error
  })
  const keys: Record<string, ReadonlyArray<LicenseKey>> = {}
  await Promise.all(list.items.map(async (item) => {
    const answer = await caller.call((client) =>
      client.digitalContent.getProductLicenseKeys({ query: { purchaseId: item.purchaseId, productId: item.productId } })).catch(() => undefined)
    if (answer !== undefined) keys[licenseKeysKey(item)] = answer.licenseKeys
  }))
  return data({ list, keys, today: new Date().toISOString().slice(0, 10) }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "Digital content | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function DigitalContentPage() {
  const { list, keys, today } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  return (
    <section className="account-page">
      <h1>{t("account_menu_clientDigitalContent")}</h1>
      <DigitalContent initial={list} keys={keys} today={today} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("ap_back_to_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
