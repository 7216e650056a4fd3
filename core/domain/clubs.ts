/**
 * Loyalty clubs, the VIP club and questionnaires of the account pages (spec §1 "may belong to a loyalty club", §2
 * clientLoyaltyClubs, clientVipClub, clientQuestionaireList, §3 Customer `loyaltyClub`, `vipType`, §6 "loyalty club
 * registration and trial states"). What a club offers and what a questionnaire asks are not shown: ours.
 *
 * @module
 */
import type { VipProgram } from "./customer.ts"

/** A customer's standing in one loyalty club: a member, in the trial period, or free to join. */
export const clubMembershipStates = ["registered", "trial", "available"] as const

/** A membership state of a loyalty club. */
export type ClubMembershipState = (typeof clubMembershipStates)[number]

/** The §3 `loyaltyClub` flags of a customer. */
export interface LoyaltyClubFlags {
  /** A member of at least one club. */
  readonly registered: boolean
  /** In the trial of at least one club, and a member of none. */
  readonly trial: boolean
}

/**
 * The customer's `loyaltyClub` flags (§3, §6) from their standing in each club: registered when a member of any club;
 * otherwise trial when in any club's trial; otherwise neither. Never both.
 */
export const loyaltyClubFlags = (states: ReadonlyArray<ClubMembershipState>): LoyaltyClubFlags => {
  const registered = states.includes("registered")
  return { registered, trial: !registered && states.includes("trial") }
}

/** What the customer can do with a club in a state: join a club they are not in, leave one they are in. */
export const clubAction = (state: ClubMembershipState): "join" | "leave" => (state === "available" ? "join" : "leave")

/** The benefits of the VIP club's programmes (§1, §3 vip_program, vip_plus_program), as message keys; VIP-plus has all of VIP's. */
export const vipBenefits: { readonly [P in VipProgram]: ReadonlyArray<string> } = {
  vip_program: ["clubs_vip_benefit_prices", "clubs_vip_benefit_delivery"],
  vip_plus_program: ["clubs_vip_benefit_prices", "clubs_vip_benefit_delivery", "clubs_vip_benefit_returns", "clubs_vip_benefit_support"]
}

/** The kinds of question a questionnaire asks: one option, several options, a rating 1-5, or free text. */
export const questionKinds = ["single", "multiple", "rating", "text"] as const

/** A kind of question. */
export type QuestionKind = (typeof questionKinds)[number]

/** The highest rating of a rating question (1 to it). */
export const maxRating = 5

/** The longest free-text answer, in characters. */
export const maxTextAnswerLength = 1000

/** A question of a questionnaire. */
export interface Question {
  /** The question's id. */
  readonly questionId: number
  /** What kind of answer it takes. */
  readonly kind: QuestionKind
  /** Whether it must be answered. */
  readonly required: boolean
  /** The options of a single or multiple choice (their values). */
  readonly options: ReadonlyArray<string>
}

/** The answers to a questionnaire: question id to the values chosen or typed. */
export type QuestionnaireAnswers = Readonly<Record<string, ReadonlyArray<string>>>

/** Why an answer is refused. */
export type AnswerProblem = {
  readonly questionId: number
  readonly reason: "required" | "option" | "one_option" | "rating" | "too_long" | "unknown_question"
}

/**
 * The problems of a questionnaire's answers (ours): a required question needs an answer (blank text counts as none);
 * a single choice takes one of its options, a multiple choice only its options, a rating one whole number 1 to
 * {@link maxRating}, a text at most {@link maxTextAnswerLength} characters; an answer to a question the questionnaire
 * does not ask is refused. Empty means the answers can be saved.
 */
export const questionnaireAnswerProblems = (
  questions: ReadonlyArray<Question>,
  answers: QuestionnaireAnswers
): ReadonlyArray<AnswerProblem> => {
  const problems: Array<AnswerProblem> = []
  const asked = new Set(questions.map((question) => String(question.questionId)))
  for (const key of Object.keys(answers)) {
    if (!asked.has(key)) problems.push({ questionId: Number(key), reason: "unknown_question" })
  }
  for (const question of questions) {
    const values = (answers[String(question.questionId)] ?? []).map((value) => value.trim()).filter((value) => value !== "")
    if (values.length === 0) {
      if (question.required) problems.push({ questionId: question.questionId, reason: "required" })
      continue
    }
    const problem = answerProblem(question, values)
    if (problem !== undefined) problems.push({ questionId: question.questionId, reason: problem })
  }
  return problems
}

const answerProblem = (question: Question, values: ReadonlyArray<string>): AnswerProblem["reason"] | undefined => {
  switch (question.kind) {
    case "single":
      if (values.length > 1) return "one_option"
      return question.options.includes(values[0]!) ? undefined : "option"
    case "multiple":
      return values.every((value) => question.options.includes(value)) ? undefined : "option"
    case "rating": {
      if (values.length > 1) return "one_option"
      const rating = Number(values[0])
      return /^[0-9]+$/.test(values[0]!) && rating >= 1 && rating <= maxRating ? undefined : "rating"
    }
    case "text":
      return values.length === 1 && values[0]!.length <= maxTextAnswerLength ? undefined : "too_long"
  }
}
