/**
 * One questionnaire to fill in (§2 clientQuestionaireList; questions ours): each question as a group of radio buttons
 * (one option, a rating 1-5), check boxes (several options) or a text area, with the saved answers pre-filled and the
 * problems of the last send (the core's `questionnaireAnswerProblems`, or the server's) shown at their question.
 *
 * @module
 */
import type { QuestionEntry, QuestionnaireDetail } from "../../../core/api/accountClubs.ts"
import { type AnswerProblem, maxRating, maxTextAnswerLength } from "../../../core/domain/clubs.ts"
import { useShopText } from "../../storefront/text.tsx"
import { type ClubFormProps, PlainForm } from "./clubForms.tsx"

/** Props of {@link QuestionnaireForm}. */
export interface QuestionnaireFormProps extends ClubFormProps {
  readonly questionnaire: QuestionnaireDetail
  /** The problems of the last send, by question. */
  readonly problems?: ReadonlyArray<Pick<AnswerProblem, "questionId" | "reason">>
  /** The answers to show instead of the saved ones (what was sent when it was refused). */
  readonly values?: Readonly<Record<string, ReadonlyArray<string>>>
  /** The answers are being sent. */
  readonly busy?: boolean
}

/** The field name of a question's answers in the posted form. */
export const answerFieldName = (questionId: number): string => `q${questionId}`

function QuestionField({ question, values, problem }: {
  readonly question: QuestionEntry
  readonly values: ReadonlyArray<string>
  readonly problem: AnswerProblem["reason"] | undefined
}) {
  const { t } = useShopText()
  const name = answerFieldName(question.questionId)
  const errorId = `${name}-error`
  const described = problem === undefined ? {} : { "aria-describedby": errorId }
  const error = problem === undefined ? null : (
    <p id={errorId} className="field-error" role="alert">{t(problem === "required" ? "clubs_answer_required" : "clubs_answer_invalid")}</p>
  )
  if (question.kind === "text") {
    return (
      <div className="form-field question">
        <label htmlFor={name}>{question.text}</label>
        <textarea id={name} name={name} rows={3} maxLength={maxTextAnswerLength} defaultValue={values[0] ?? ""}
          required={question.required} aria-invalid={problem === undefined ? undefined : true} {...described} />
        {error}
      </div>
    )
  }
  const options = question.kind === "rating"
    ? Array.from({ length: maxRating }, (_, i) => ({ value: String(i + 1), label: t("clubs_rating", { rating: i + 1 }) }))
    : question.options.map((option) => ({ value: option, label: option }))
  const type = question.kind === "multiple" ? "checkbox" : "radio"
  return (
    <fieldset className={`question question--${question.kind}`} aria-invalid={problem === undefined ? undefined : true} {...described}>
      <legend>{question.text}{question.required ? <span aria-hidden="true"> *</span> : null}</legend>
      {options.map((option) => (
        <label key={option.value} className="check">
          <input type={type} name={name} value={option.value} defaultChecked={values.includes(option.value)}
            required={question.required && type === "radio"} />
          {option.label}
        </label>
      ))}
      {error}
    </fieldset>
  )
}

/** The questionnaire's questions and a send button; the form posts each answer as `q<questionId>`. */
export function QuestionnaireForm({ questionnaire, problems = [], values, busy = false, form: Form = PlainForm, hiddenFields }: QuestionnaireFormProps) {
  const { t } = useShopText()
  const shown = values ?? questionnaire.answers
  return (
    <Form method="post" className="stack-form questionnaire-form">
      {hiddenFields}
      {questionnaire.questions.map((question) => (
        <QuestionField key={question.questionId} question={question} values={shown[String(question.questionId)] ?? []}
          problem={problems.find((p) => p.questionId === question.questionId)?.reason} />
      ))}
      <button type="submit" className="button primary" disabled={busy}>{t("clubs_send_answers")}</button>
    </Form>
  )
}
