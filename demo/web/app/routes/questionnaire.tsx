/**
 * One questionnaire (§2 clientQuestionaireList, `{list}/{questionnaireId}`): its questions with the saved answers; the
 * answers are checked with the core's rules before the call and by the server again, and the problems show at their
 * question. After a successful send the page goes back to the list.
 */
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import type { QuestionnaireDetail } from "../../../../core/api/accountClubs.ts"
import { type AnswerProblem, questionnaireAnswerProblems } from "../../../../core/domain/clubs.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { answerFieldName, QuestionnaireForm } from "../../../../react/components/account/QuestionnaireForm.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { callOrLogin, openClubPage } from "../lib/accountClubs.server.ts"
import { checkedForm, pagePathOf } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

const listPathOf = (request: Request) => pagePathOf(request).replace(/\/[^/]*$/, "")

const idOf = (raw: string | undefined): number => (raw !== undefined && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : Number.NaN)

const load = async (request: Request, context: LoaderFunctionArgs["context"], raw: string | undefined) => {
  const opened = await openClubPage(request, context, "clientQuestionaireList", listPathOf(request))
  const questionnaireId = idOf(raw)
  if (Number.isNaN(questionnaireId)) throw data(null, { status: 404 })
  const questionnaire = await callOrLogin(opened.shop, request, () =>
    opened.caller.call((client) => client.accountClubs.questionnaire({ params: { questionnaireId } }))
  ).catch((error: unknown) => {
    if (error instanceof Response) throw error
    throw data(null, { status: 404 })
  })
  return { ...opened, questionnaire }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { caller, session, questionnaire } = await load(request, context, params["questionnaireId"])
  return data({ questionnaire, csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

type AnswerResult = { readonly problems: ReadonlyArray<Pick<AnswerProblem, "questionId" | "reason">>; readonly values: Record<string, ReadonlyArray<string>> }

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { shop, questionnaire } = await load(request, context, params["questionnaireId"])
  const { form, caller } = await checkedForm(request, context, shop)
  const answers: Record<string, ReadonlyArray<string>> = Object.fromEntries(questionnaire.questions.map((question) => [
    String(question.questionId),
    form.getAll(answerFieldName(question.questionId)).filter((value): value is string => typeof value === "string").map((value) => value.trim()).filter((value) => value !== "")
  ]))
  const refused = (problems: AnswerResult["problems"]) => data<AnswerResult>({ problems, values: answers }, { status: 422, headers: cookieHeaders(caller) })
  const problems = questionnaireAnswerProblems(questionnaire.questions, answers)
  if (problems.length > 0) return refused(problems)
  const outcome = await callOrLogin(shop, request, () =>
    caller.call((client) => client.accountClubs.answerQuestionnaire({ params: { questionnaireId: questionnaire.questionnaireId }, payload: { answers } }))
      .then(() => undefined, (error: unknown) => {
        if (typeof error === "object" && error !== null && "_tag" in error && error._tag === "LoginRequired") throw error
        const field = typeof error === "object" && error !== null && "field" in error ? String(error.field) : ""
        return /^answers\.[0-9]+$/.test(field) ? Number(field.slice("answers.".length)) : 0
      }))
  if (outcome === undefined) {
    throw redirect(`${shop.urlKeys.clientQuestionaireList}?saved=${questionnaire.questionnaireId}`, { headers: cookieHeaders(caller) })
  }
  return refused([{ questionId: outcome, reason: "option" }])
}

export function meta({ data: loaded }: { readonly data?: { readonly questionnaire?: QuestionnaireDetail } }) {
  return [{ title: `${loaded?.questionnaire?.title ?? "Questionnaire"} | Storefront` }, { name: "robots", content: "noindex" }]
}

export default function QuestionnairePage() {
  const { questionnaire, csrfToken } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as AnswerResult | undefined
  const { t, shop } = useShopText()
  const busy = useNavigation().state === "submitting"
  return (
    <section className="account-page club-page">
      <h1>{questionnaire.title}</h1>
      {result !== undefined && result.problems.some((p) => p.questionId === 0) ? <FormNotice tone="error">{t("pg_failed")}</FormNotice> : null}
      <QuestionnaireForm
        key={JSON.stringify(result?.values ?? questionnaire.answers)}
        questionnaire={questionnaire}
        problems={result?.problems ?? []}
        {...(result === undefined ? {} : { values: result.values })}
        busy={busy}
        form={Form}
        hiddenFields={<input type="hidden" name={csrfField} value={csrfToken} />}
      />
      <p><Link to={shop.urlKeys.clientQuestionaireList}>{t("clubs_back_to_questionnaires")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
