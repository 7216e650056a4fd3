/**
 * The server side of the account's club pages (spec §2 clientLoyaltyClubs, clientVipClub, clientQuestionaireList,
 * manageCardList; ours): rows to wire shapes, and the card and answer checks over the core's rules
 * (core/domain/paymentCards.ts, core/domain/clubs.ts).
 *
 * @module
 */
import { createHash } from "node:crypto"
import type { LoyaltyClubEntry, NewCardPayload, QuestionEntry, SavedCard } from "../../../core/api/accountClubs.ts"
import { type ClubMembershipState, type Question, questionnaireAnswerProblems, type QuestionnaireAnswers } from "../../../core/domain/clubs.ts"
import { cardBrands, cardNotExpired, cardNumberProblem, cardSummary, stripCardNumber, type YearMonth } from "../../../core/domain/paymentCards.ts"

/** A club of the shop joined with the customer's membership row (if any). */
export interface ClubRow {
  readonly club_id: number
  readonly name: string
  readonly description: string
  readonly state: "registered" | "trial" | null
  readonly joined_at: string | null
  readonly trial_ends: string | null
}

/** The membership state of a club row: the stored one, or `available` without a membership. */
export const clubStateOf = (row: Pick<ClubRow, "state">): ClubMembershipState => row.state ?? "available"

/** A club row as the wire's {@link LoyaltyClubEntry}. */
export const clubEntry = (row: ClubRow): LoyaltyClubEntry => ({
  clubId: row.club_id,
  name: row.name,
  description: row.description,
  state: clubStateOf(row),
  ...(row.joined_at === null ? {} : { since: row.joined_at }),
  ...(row.trial_ends === null || row.state !== "trial" ? {} : { trialEnds: row.trial_ends })
})

/** A stored card. */
export interface CardRow {
  readonly card_id: number
  readonly kind: "payment" | "loyalty"
  readonly brand: string
  readonly last4: string
  readonly holder: string
  readonly expiry_month: number | null
  readonly expiry_year: number | null
  readonly created_at: Date
}

/** A card row as the wire's {@link SavedCard}. */
export const cardView = (row: CardRow): SavedCard => ({
  cardId: row.card_id,
  kind: row.kind,
  brand: (cardBrands as ReadonlyArray<string>).includes(row.brand) ? (row.brand as SavedCard["brand"]) : "other",
  last4: row.last4,
  holder: row.holder,
  expiryMonth: row.expiry_month,
  expiryYear: row.expiry_year,
  createdAt: row.created_at.toISOString()
})

/** A card that passed the checks, ready to store (brand, last four digits, fingerprint; never the number). */
export interface CheckedCard {
  readonly brand: string
  readonly last4: string
  readonly fingerprint: string
  readonly holder: string
  readonly expiryMonth: number | null
  readonly expiryYear: number | null
}

/** The refused field of a card and why. */
export interface CardRefusal {
  readonly field: "number" | "expiry"
  readonly message: string
}

/**
 * Checks a card to save (ours): the number passes {@link cardNumberProblem} (12-19 digits, Luhn); a payment card
 * needs an expiry month 1-12 and year not before `today`'s month; a loyalty card's expiry is optional but checked
 * the same way when given. The fingerprint is the SHA-256 of the customer id and the digits, so the same card is
 * not saved twice by one customer and the number cannot be read back.
 */
export const checkCard = (customerId: number, payload: NewCardPayload, today: YearMonth): CheckedCard | CardRefusal => {
  const problem = cardNumberProblem(payload.number)
  if (problem !== undefined) {
    return { field: "number", message: problem === "checksum" ? "The card number is not valid." : "Enter the card number as 12 to 19 digits." }
  }
  const hasExpiry = payload.expiryMonth !== undefined || payload.expiryYear !== undefined
  if (payload.kind === "payment" || hasExpiry) {
    const expiry = { month: payload.expiryMonth ?? 0, year: payload.expiryYear ?? 0 }
    if (!cardNotExpired(expiry, today)) return { field: "expiry", message: "The card has expired or the expiry is not valid." }
  }
  const summary = cardSummary(payload.number)
  return {
    brand: payload.kind === "loyalty" ? "other" : summary.brand,
    last4: summary.last4,
    fingerprint: createHash("sha256").update(`${customerId}:${stripCardNumber(payload.number)}`).digest("hex"),
    holder: payload.holder.trim(),
    expiryMonth: hasExpiry || payload.kind === "payment" ? payload.expiryMonth ?? null : null,
    expiryYear: hasExpiry || payload.kind === "payment" ? payload.expiryYear ?? null : null
  }
}

/** A stored question. */
export interface QuestionRow {
  readonly question_id: number
  readonly kind: QuestionEntry["kind"]
  readonly text: string
  readonly required: boolean
  readonly options: unknown
}

const optionsOf = (options: unknown): ReadonlyArray<string> =>
  Array.isArray(options) ? options.filter((option): option is string => typeof option === "string") : []

/** A question row as the wire's {@link QuestionEntry}. */
export const questionEntry = (row: QuestionRow): QuestionEntry => ({
  questionId: row.question_id,
  kind: row.kind,
  text: row.text,
  required: row.required,
  options: optionsOf(row.options)
})

/** A question row as the core's {@link Question} (for the answer rules). */
export const questionOf = (row: QuestionRow): Question => ({
  questionId: row.question_id,
  kind: row.kind,
  required: row.required,
  options: optionsOf(row.options)
})

/** The first problem of the answers as the 422 field (`answers.<questionId>`) and reason, or `undefined`. */
export const firstAnswerProblem = (
  rows: ReadonlyArray<QuestionRow>,
  answers: QuestionnaireAnswers
): { readonly field: string; readonly reason: string } | undefined => {
  const problem = questionnaireAnswerProblems(rows.map(questionOf), answers)[0]
  return problem === undefined ? undefined : { field: `answers.${problem.questionId}`, reason: problem.reason }
}

/** The answers as stored: trimmed, blank values dropped, unanswered questions left out. */
export const storedAnswers = (answers: QuestionnaireAnswers): Record<string, ReadonlyArray<string>> =>
  Object.fromEntries(
    Object.entries(answers)
      .map(([key, values]) => [key, values.map((value) => value.trim()).filter((value) => value !== "")] as const)
      .filter(([, values]) => values.length > 0)
  )
