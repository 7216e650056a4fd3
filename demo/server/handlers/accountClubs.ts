/**
 * The account clubs group (spec §2 clientLoyaltyClubs, clientVipClub, clientQuestionaireList, manageCardList; ours):
 * loyalty clubs to join and leave, the VIP programme, questionnaires to answer and saved cards. Every call needs a
 * logged-in customer (401); the shop is the session's.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { VipClubView } from "../../../core/api/accountClubs.ts"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { NotFound, Unprocessable } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { loyaltyClubFlags } from "../../../core/domain/clubs.ts"
import { isVipProgram } from "../../../core/domain/customer.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer } from "../domain/account/customer.ts"
import {
  type CardRow,
  cardView,
  checkCard,
  clubEntry,
  type ClubRow,
  clubStateOf,
  firstAnswerProblem,
  questionEntry,
  type QuestionRow,
  storedAnswers
} from "../domain/accountClubs.ts"

const answerMessages: Readonly<Record<string, string>> = {
  required: "Please answer this question.",
  option: "Choose one of the offered answers.",
  one_option: "Choose one answer only.",
  rating: "Choose a rating from 1 to 5.",
  too_long: "The answer is too long.",
  unknown_question: "The questionnaire does not ask this question."
}

/**
 * The handlers of the account clubs group.
 *
 * - `loyaltyClubs`, `joinLoyaltyClub`, `leaveLoyaltyClub`: the shop's clubs with the customer's standing; joining
 *   makes a member (a trial too), leaving deletes the membership; after each change `customers.loyalty_club` is the
 *   core's `loyaltyClubFlags` of all memberships (§3 flags).
 * - `vipClub`: the customer's programme and `vip_since`.
 * - `questionnaires`, `questionnaire`, `answerQuestionnaire`: the shop's active questionnaires; answers are checked by
 *   the core's `questionnaireAnswerProblems` (422 `answers.<id>`) and replace earlier ones.
 * - `cards`, `addCard`, `removeCard`: brand, last four digits, holder and expiry; the number must pass the Luhn check
 *   (422 `number`), a payment card's expiry must not be past (422 `expiry`); the same number twice is 422 `number`.
 */
export const AccountClubsHandlers = HttpApiBuilder.group(
  ShopApi,
  "accountClubs",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    const current = Effect.gen(function*() {
      const session = yield* Session
      const customer = yield* requireCustomer(session)
      return { shopId: session.shopId, customerId: customer.customerId }
    })

    const clubList = (shopId: string, customerId: number) =>
      Effect.gen(function*() {
        const rows = yield* sql<ClubRow>`
          SELECT l.club_id, l.name, l.description, m.state, m.joined_at::text AS joined_at, m.trial_ends::text AS trial_ends
          FROM loyalty_clubs l
          LEFT JOIN loyalty_club_members m ON m.club_id = l.club_id AND m.customer_id = ${customerId}
          WHERE l.shop_id = ${shopId}
          ORDER BY l.position, l.club_id`
        const flags = loyaltyClubFlags(rows.map(clubStateOf))
        return { clubs: rows.map(clubEntry), customer: { loyaltyClub: flags } }
      })

    const clubOfShop = (shopId: string, clubId: number) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ club_id: number }>`SELECT club_id FROM loyalty_clubs WHERE club_id = ${clubId} AND shop_id = ${shopId}`
        if (rows[0] === undefined) return yield* new NotFound({ message: "No such loyalty club." })
      })

    /** `customers.loyalty_club` after a change of memberships (§3 flags). */
    const syncFlags = (customerId: number) =>
      Effect.gen(function*() {
        const states = yield* sql<{ state: "registered" | "trial" }>`
          SELECT state FROM loyalty_club_members WHERE customer_id = ${customerId}`
        const flags = loyaltyClubFlags(states.map((row) => row.state))
        const value = flags.registered ? "registered" : flags.trial ? "trial" : null
        yield* sql`UPDATE customers SET loyalty_club = ${value}, updated_at = now() WHERE customer_id = ${customerId}`
      })

    const questionnaireDetail = (shopId: string, customerId: number, questionnaireId: number) =>
      Effect.gen(function*() {
        const head = yield* sql<{ questionnaire_id: number; title: string }>`
          SELECT questionnaire_id, title FROM questionnaires
          WHERE questionnaire_id = ${questionnaireId} AND shop_id = ${shopId} AND active`
        if (head[0] === undefined) return yield* new NotFound({ message: "No such questionnaire." })
        const questions = yield* sql<QuestionRow>`
          SELECT question_id, kind, text, required, options FROM questionnaire_questions
          WHERE questionnaire_id = ${questionnaireId} ORDER BY position, question_id`
        const answers = yield* sql<{ answers: Record<string, ReadonlyArray<string>>; answered_at: Date }>`
          SELECT answers, answered_at FROM questionnaire_answers
          WHERE customer_id = ${customerId} AND questionnaire_id = ${questionnaireId}`
        return {
          questionnaireId: head[0].questionnaire_id,
          title: head[0].title,
          questions: questions.map(questionEntry),
          answers: answers[0]?.answers ?? {},
          answeredAt: answers[0]?.answered_at.toISOString() ?? null,
          rows: questions
        }
      })

    return handlers
      .handle("loyaltyClubs", () =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          return yield* clubList(shopId, customerId)
        })))
      .handle("joinLoyaltyClub", ({ params }) =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          yield* clubOfShop(shopId, params.clubId)
          yield* sql.withTransaction(Effect.gen(function*() {
            yield* sql`
              INSERT INTO loyalty_club_members (customer_id, club_id, state, joined_at)
              VALUES (${customerId}, ${params.clubId}, 'registered', CURRENT_DATE)
              ON CONFLICT (customer_id, club_id) DO UPDATE SET state = 'registered', trial_ends = NULL`
            yield* syncFlags(customerId)
          }))
          return yield* clubList(shopId, customerId)
        })))
      .handle("leaveLoyaltyClub", ({ params }) =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          yield* clubOfShop(shopId, params.clubId)
          yield* sql.withTransaction(Effect.gen(function*() {
            yield* sql`DELETE FROM loyalty_club_members WHERE customer_id = ${customerId} AND club_id = ${params.clubId}`
            yield* syncFlags(customerId)
          }))
          return yield* clubList(shopId, customerId)
        })))
      .handle("vipClub", () =>
        run(Effect.gen(function*() {
          const { customerId } = yield* current
          const rows = yield* sql<{ vip_type: string | null; vip_since: string | null }>`
            SELECT vip_type, vip_since::text AS vip_since FROM customers WHERE customer_id = ${customerId}`
          const program = rows[0]?.vip_type ?? null
          const view: VipClubView = program !== null && isVipProgram(program)
            ? { program, since: rows[0]?.vip_since ?? null }
            : { program: null, since: null }
          return view
        })))
      .handle("questionnaires", () =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          const rows = yield* sql<{ questionnaire_id: number; title: string; question_count: number; answered_at: Date | null }>`
            SELECT q.questionnaire_id, q.title,
                   (SELECT count(*)::integer FROM questionnaire_questions x WHERE x.questionnaire_id = q.questionnaire_id) AS question_count,
                   a.answered_at
            FROM questionnaires q
            LEFT JOIN questionnaire_answers a ON a.questionnaire_id = q.questionnaire_id AND a.customer_id = ${customerId}
            WHERE q.shop_id = ${shopId} AND q.active
            ORDER BY q.position, q.questionnaire_id`
          return {
            questionnaires: rows.map((row) => ({
              questionnaireId: row.questionnaire_id,
              title: row.title,
              questionCount: row.question_count,
              answeredAt: row.answered_at?.toISOString() ?? null
            }))
          }
        })))
      .handle("questionnaire", ({ params }) =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          const { rows: _rows, ...detail } = yield* questionnaireDetail(shopId, customerId, params.questionnaireId)
          return detail
        })))
      .handle("answerQuestionnaire", ({ params, payload }) =>
        run(Effect.gen(function*() {
          const { shopId, customerId } = yield* current
          const before = yield* questionnaireDetail(shopId, customerId, params.questionnaireId)
          const problem = firstAnswerProblem(before.rows, payload.answers)
          if (problem !== undefined) {
            return yield* new Unprocessable({ message: answerMessages[problem.reason] ?? "Check the answer.", field: problem.field })
          }
          yield* sql`
            INSERT INTO questionnaire_answers (customer_id, questionnaire_id, answers)
            VALUES (${customerId}, ${params.questionnaireId}, ${JSON.stringify(storedAnswers(payload.answers))})
            ON CONFLICT (customer_id, questionnaire_id) DO UPDATE SET answers = EXCLUDED.answers, answered_at = now()`
          const { rows: _rows, ...detail } = yield* questionnaireDetail(shopId, customerId, params.questionnaireId)
          return detail
        })))
      .handle("cards", () =>
        run(Effect.gen(function*() {
          const { customerId } = yield* current
          const rows = yield* sql<CardRow>`
            SELECT card_id, kind, brand, last4, holder, expiry_month, expiry_year, created_at
            FROM customer_cards WHERE customer_id = ${customerId} ORDER BY created_at DESC, card_id DESC`
          return { cards: rows.map(cardView) }
        })))
      .handle("addCard", ({ payload }) =>
        run(Effect.gen(function*() {
          const { customerId } = yield* current
          const now = new Date()
          const checked = checkCard(customerId, payload, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })
          if ("field" in checked) return yield* new Unprocessable({ message: checked.message, field: checked.field })
          const rows = yield* sql<CardRow>`
            INSERT INTO customer_cards (customer_id, kind, brand, last4, holder, expiry_month, expiry_year, fingerprint)
            VALUES (${customerId}, ${payload.kind}, ${checked.brand}, ${checked.last4}, ${checked.holder},
                    ${checked.expiryMonth}, ${checked.expiryYear}, ${checked.fingerprint})
            ON CONFLICT (customer_id, fingerprint) DO NOTHING
            RETURNING card_id, kind, brand, last4, holder, expiry_month, expiry_year, created_at`
          if (rows[0] === undefined) return yield* new Unprocessable({ message: "This card is saved already.", field: "number" })
          return cardView(rows[0])
        })))
      .handle("removeCard", ({ params }) =>
        run(Effect.gen(function*() {
          const { customerId } = yield* current
          const rows = yield* sql<{ card_id: number }>`
            DELETE FROM customer_cards WHERE card_id = ${params.cardId} AND customer_id = ${customerId} RETURNING card_id`
          if (rows[0] === undefined) return yield* new NotFound({ message: "No such card." })
          return { status: okStatus }
        })))
  })
)
