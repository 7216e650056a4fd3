/**
 * The loyalty clubs page (§2 clientLoyaltyClubs, shops whose table enables loyalty clubs): the shop's clubs with the
 * customer's standing (§6 registration and trial states), joined and left by forms that work without JavaScript.
 */
import { data, Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { LoyaltyClubList } from "../../../../react/components/account/LoyaltyClubList.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { callOrLogin, openClubPage } from "../lib/accountClubs.server.ts"
import { checkedForm, field } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, caller, session } = await openClubPage(request, context, "clientLoyaltyClubs")
  const list = await callOrLogin(shop, request, () => caller.call((client) => client.accountClubs.loyaltyClubs()))
  return data({ clubs: list.clubs, csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = await openClubPage(request, context, "clientLoyaltyClubs")
  const { form, caller } = await checkedForm(request, context, shop)
  const clubId = Number(field(form, "clubId"))
  const joining = field(form, "intent") === "join"
  const done = await callOrLogin(shop, request, () =>
    caller.call((client) =>
      joining
        ? client.accountClubs.joinLoyaltyClub({ params: { clubId } })
        : client.accountClubs.leaveLoyaltyClub({ params: { clubId } })
    ).then(() => true, (error: unknown) => {
      if (typeof error === "object" && error !== null && "_tag" in error && error._tag === "LoginRequired") throw error
      return false
    }))
  return data({ done: done ? (joining ? "joined" : "left") : "failed" } as const, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "Loyalty clubs | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function LoyaltyClubsPage() {
  const { clubs, csrfToken } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t, shop } = useShopText()
  const busy = useNavigation().state === "submitting"
  return (
    <section className="account-page club-page">
      <h1>{t("account_menu_clientLoyaltyClubs")}</h1>
      <p>{t("clubs_loyalty_intro")}</p>
      {result === undefined ? null : result.done === "failed"
        ? <FormNotice tone="error">{t("pg_failed")}</FormNotice>
        : <FormNotice tone="success">{t(result.done === "joined" ? "clubs_joined" : "clubs_left")}</FormNotice>}
      <LoyaltyClubList clubs={clubs} busy={busy} form={Form} hiddenFields={<input type="hidden" name={csrfField} value={csrfToken} />} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("sf_my_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
