/**
 * The questionnaires page (§2 clientQuestionaireList, only CZ10MA): the questionnaires open to the customer, each
 * with whether it was answered, linking to its own page to fill it in.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { QuestionnaireList } from "../../../../react/components/account/QuestionnaireList.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { callOrLogin, openClubPage } from "../lib/accountClubs.server.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, caller } = await openClubPage(request, context, "clientQuestionaireList")
  const list = await callOrLogin(shop, request, () => caller.call((client) => client.accountClubs.questionnaires()))
  const saved = new URL(request.url).searchParams.has("saved")
  return data({ ...list, saved }, { headers: cookieHeaders(caller) })
}

export function meta() {
  return [{ title: "Questionnaires | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function QuestionnairesPage() {
  const { questionnaires, saved } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  return (
    <section className="account-page club-page">
      <h1>{t("account_menu_clientQuestionaireList")}</h1>
      {saved ? <FormNotice tone="success">{t("clubs_answers_saved")}</FormNotice> : null}
      <p>{t("clubs_questionnaires_intro")}</p>
      <QuestionnaireList questionnaires={questionnaires} hrefOf={(id) => `${shop.urlKeys.clientQuestionaireList}/${id}`} />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("sf_my_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
