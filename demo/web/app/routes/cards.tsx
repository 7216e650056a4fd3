/**
 * The card management page (§2 manageCardList, shops whose table enables it): the customer's saved payment and
 * loyalty cards (brand and last four digits only), removed and added by forms that work without JavaScript. A new
 * card's number is checked with the core's Luhn rule before the call, and by the server again.
 */
import { data, Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import { cardNumberProblem, type CardKind } from "../../../../core/domain/paymentCards.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { AddCardForm, type AddCardErrors, SavedCardList } from "../../../../react/components/account/SavedCardList.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { callOrLogin, openClubPage } from "../lib/accountClubs.server.ts"
import { checkedForm, field } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, caller, session } = await openClubPage(request, context, "manageCardList")
  const list = await callOrLogin(shop, request, () => caller.call((client) => client.accountClubs.cards()))
  return data({ cards: list.cards, csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

type CardResult =
  | { readonly done: "added" | "removed" }
  | { readonly done: "failed" }
  | { readonly errors: AddCardErrors; readonly values: { kind: string; holder: string; expiryMonth: string; expiryYear: string } }

const whole = (text: string): number | undefined => (/^[0-9]{1,4}$/.test(text.trim()) ? Number(text.trim()) : undefined)

const rethrowLogin = (error: unknown) => {
  if (typeof error === "object" && error !== null && "_tag" in error && error._tag === "LoginRequired") throw error
  return error
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = await openClubPage(request, context, "manageCardList")
  const { form, caller } = await checkedForm(request, context, shop)
  const answer = (result: CardResult, status = 200) => data<CardResult>(result, { status, headers: cookieHeaders(caller) })
  if (field(form, "intent") === "remove") {
    const cardId = Number(field(form, "cardId"))
    const removed = await callOrLogin(shop, request, () =>
      caller.call((client) => client.accountClubs.removeCard({ params: { cardId } })).then(() => true, (error: unknown) => (rethrowLogin(error), false)))
    return answer({ done: removed ? "removed" : "failed" })
  }
  const kind: CardKind = field(form, "kind") === "loyalty" ? "loyalty" : "payment"
  const values = { kind, holder: field(form, "holder").trim(), expiryMonth: field(form, "expiryMonth").trim(), expiryYear: field(form, "expiryYear").trim() }
  const number = field(form, "number")
  const problem = cardNumberProblem(number)
  if (problem !== undefined) return answer({ errors: { number: problem === "checksum" ? "number_invalid" : "number_length" }, values }, 422)
  const month = whole(values.expiryMonth)
  const year = whole(values.expiryYear)
  const twoDigitYear = year !== undefined && year < 100 ? 2000 + year : year
  const failure = await callOrLogin(shop, request, () =>
    caller.call((client) => client.accountClubs.addCard({
      payload: {
        kind,
        number,
        holder: values.holder,
        ...(month === undefined || month === 0 ? {} : { expiryMonth: month }),
        ...(twoDigitYear === undefined || twoDigitYear === 0 ? {} : { expiryYear: twoDigitYear })
      }
    })).then(() => undefined, (error: unknown) => rethrowLogin(error)))
  if (failure === undefined) return answer({ done: "added" })
  const refused = typeof failure === "object" && failure !== null && "field" in failure ? String(failure.field) : ""
  if (refused === "expiry") return answer({ errors: { expiry: "expired" }, values }, 422)
  if (refused === "number") return answer({ errors: { number: "duplicate" }, values }, 422)
  return answer({ done: "failed" })
}

export function meta() {
  return [{ title: "Payment cards | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function CardsPage() {
  const { cards, csrfToken } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as CardResult | undefined
  const { t, shop } = useShopText()
  const busy = useNavigation().state === "submitting"
  const hidden = <input type="hidden" name={csrfField} value={csrfToken} />
  const refused = result !== undefined && "errors" in result ? result : undefined
  return (
    <section className="account-page club-page">
      <h1>{t("account_menu_manageCardList")}</h1>
      <p>{t("clubs_cards_intro")}</p>
      {result !== undefined && "done" in result
        ? result.done === "failed"
          ? <FormNotice tone="error">{t("pg_failed")}</FormNotice>
          : <FormNotice tone="success">{t(result.done === "added" ? "clubs_card_added" : "clubs_card_removed")}</FormNotice>
        : null}
      <SavedCardList cards={cards} busy={busy} form={Form} hiddenFields={hidden} />
      <h2>{t("clubs_card_add")}</h2>
      <AddCardForm
        key={result !== undefined && "done" in result ? `${result.done}-${cards.length}` : "form"}
        errors={refused?.errors ?? {}}
        {...(refused === undefined ? {} : { values: refused.values })}
        busy={busy}
        form={Form}
        hiddenFields={hidden}
      />
      <p><Link to={shop.urlKeys.clientMyAccount}>{t("sf_my_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
