/**
 * The questionnaires of the account (§2 clientQuestionaireList): each with its number of questions, whether and when
 * the customer answered it, and a link to fill it in (or change the answers).
 *
 * @module
 */
import type { QuestionnaireSummary } from "../../../core/api/accountClubs.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { dateLocaleOf, shopDate } from "./clubForms.tsx"

/** Props of {@link QuestionnaireList}. */
export interface QuestionnaireListProps {
  readonly questionnaires: ReadonlyArray<QuestionnaireSummary>
  /** The path of one questionnaire's page. */
  readonly hrefOf: (questionnaireId: number) => string
}

/** The list of questionnaires with their state and a link to each. */
export function QuestionnaireList({ questionnaires, hrefOf }: QuestionnaireListProps) {
  const { t, shop, language } = useShopText()
  const locale = dateLocaleOf(shop, language)
  const Link = useLink()
  if (questionnaires.length === 0) return <p>{t("clubs_questionnaires_none")}</p>
  return (
    <ul className="questionnaire-list">
      {questionnaires.map((q) => (
        <li key={q.questionnaireId} className={q.answeredAt === null ? "questionnaire" : "questionnaire questionnaire--answered"}>
          <Link to={hrefOf(q.questionnaireId)}>{t(q.answeredAt === null ? "clubs_fill" : "clubs_edit_answers", { title: q.title })}</Link>
          <span>{t("clubs_question_count", { count: q.questionCount })}</span>
          <span>{q.answeredAt === null ? t("clubs_not_answered") : t("clubs_answered_on", { date: shopDate(q.answeredAt, locale) })}</span>
        </li>
      ))}
    </ul>
  )
}
