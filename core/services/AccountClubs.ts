/**
 * The account clubs service (spec §2 clientLoyaltyClubs, clientVipClub, clientQuestionaireList, manageCardList):
 * loyalty clubs to join and leave (the customer's §3 `loyaltyClub` flags follow in the account state), the VIP
 * programme, questionnaires to answer, and saved cards to add and remove. A card and the answers are checked with the
 * core's rules before any call (the Luhn check, the questionnaire answer rules); the server checks them again.
 *
 * @module
 */
import { Context, Data, Effect, Layer, Ref, SubscriptionRef } from "effect"
import type {
  LoyaltyClubList,
  NewCardPayload,
  QuestionnaireDetail,
  QuestionnaireList,
  SavedCard,
  SavedCardList,
  VipClubView
} from "../api/accountClubs.ts"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import { LoginRequired, Unprocessable } from "../api/errors.ts"
import { type AnswerProblem, questionnaireAnswerProblems, type QuestionnaireAnswers } from "../domain/clubs.ts"
import { cardNumberProblem, type CardNumberProblem } from "../domain/paymentCards.ts"
import { safeRedirectTarget } from "../domain/redirect.ts"
import { shopById } from "../domain/shop.ts"
import { Account, AccountLoginRequired } from "./Account.ts"
import { type CallFailed, callFailed } from "./failures.ts"
import { ensureSession } from "./session.ts"
import { redirectSignal, Signals } from "./Signals.ts"

/** A card refused before or by the server: the field (`number`, `expiry`) and why. */
export class CardRefused extends Data.TaggedError("CardRefused")<{
  readonly field: string
  /** The core's reason for a number refused before the call. */
  readonly problem?: CardNumberProblem
  /** The server's message, when it refused. */
  readonly message: string
}> {}

/** Answers refused before or by the server: the problems found by the core's rules, or the server's field. */
export class AnswersRefused extends Data.TaggedError("AnswersRefused")<{
  readonly problems: ReadonlyArray<AnswerProblem>
  /** The server's field (`answers.<questionId>`), when it refused. */
  readonly field?: string
  readonly message: string
}> {}

/** How a call of the account-club pages can fail: the call itself, or a session that is no longer logged in. */
export type Failure = CallFailed | AccountLoginRequired

/** The account clubs service's operations. */
export interface AccountClubsShape {
  /** The shop's loyalty clubs with the customer's standing. */
  readonly loyaltyClubs: Effect.Effect<LoyaltyClubList, Failure>
  /** Joins a club; the account's `loyaltyClub` flags follow. */
  readonly joinLoyaltyClub: (clubId: number) => Effect.Effect<LoyaltyClubList, Failure>
  /** Leaves a club (or ends its trial); the account's `loyaltyClub` flags follow. */
  readonly leaveLoyaltyClub: (clubId: number) => Effect.Effect<LoyaltyClubList, Failure>
  /** The customer's VIP programme. */
  readonly vipClub: Effect.Effect<VipClubView, Failure>
  /** The questionnaires open to the customer. */
  readonly questionnaires: Effect.Effect<QuestionnaireList, Failure>
  /** One questionnaire with the customer's answers. */
  readonly questionnaire: (questionnaireId: number) => Effect.Effect<QuestionnaireDetail, Failure>
  /** Saves the answers of a questionnaire, checked against its questions first. */
  readonly answerQuestionnaire: (
    questionnaire: QuestionnaireDetail,
    answers: QuestionnaireAnswers
  ) => Effect.Effect<QuestionnaireDetail, Failure | AnswersRefused>
  /** The customer's saved cards. */
  readonly cards: Effect.Effect<SavedCardList, Failure>
  /** Saves a card; a number failing the Luhn check is refused without a call. */
  readonly addCard: (card: NewCardPayload) => Effect.Effect<SavedCard, Failure | CardRefused>
  /** Removes a saved card. */
  readonly removeCard: (cardId: number) => Effect.Effect<void, Failure>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const callState = yield* ShopCallState
  const signals = yield* Signals
  const account = yield* Account

  const failed = (operation: string) => (error: unknown) =>
    Effect.gen(function*() {
      if (error instanceof LoginRequired) {
        const { shopId } = yield* Ref.get(callState)
        const target = safeRedirectTarget(error.redirectUrl, shopById(shopId).urlKeys.login)
        yield* signals.publish(redirectSignal(target))
        return yield* new AccountLoginRequired({ redirectUrl: target })
      }
      return yield* callFailed(operation, error)
    })
  const inSession = <A, E>(call: Effect.Effect<A, E>) => Effect.andThen(ensureSession(api, callState), call)

  const followFlags = (list: LoyaltyClubList) =>
    Effect.as(
      Effect.flatMap(SubscriptionRef.get(account.state), (state) =>
        state.customer === undefined ? Effect.void : Effect.asVoid(account.setCustomer({ ...state.customer, ...list.customer }))),
      list
    )

  return AccountClubs.of({
    loyaltyClubs: api.accountClubs.loyaltyClubs().pipe(Effect.catch(failed("AccountClubs.loyaltyClubs")), Effect.withSpan("AccountClubs.loyaltyClubs")),
    joinLoyaltyClub: Effect.fn("AccountClubs.joinLoyaltyClub")(function*(clubId: number) {
      const list = yield* inSession(api.accountClubs.joinLoyaltyClub({ params: { clubId } })).pipe(Effect.catch(failed("AccountClubs.joinLoyaltyClub")))
      return yield* followFlags(list)
    }),
    leaveLoyaltyClub: Effect.fn("AccountClubs.leaveLoyaltyClub")(function*(clubId: number) {
      const list = yield* inSession(api.accountClubs.leaveLoyaltyClub({ params: { clubId } })).pipe(Effect.catch(failed("AccountClubs.leaveLoyaltyClub")))
      return yield* followFlags(list)
    }),
    vipClub: api.accountClubs.vipClub().pipe(Effect.catch(failed("AccountClubs.vipClub")), Effect.withSpan("AccountClubs.vipClub")),
    questionnaires: api.accountClubs.questionnaires().pipe(Effect.catch(failed("AccountClubs.questionnaires")), Effect.withSpan("AccountClubs.questionnaires")),
    questionnaire: Effect.fn("AccountClubs.questionnaire")(function*(questionnaireId: number) {
      return yield* api.accountClubs.questionnaire({ params: { questionnaireId } }).pipe(Effect.catch(failed("AccountClubs.questionnaire")))
    }),
    answerQuestionnaire: Effect.fn("AccountClubs.answerQuestionnaire")(function*(questionnaire: QuestionnaireDetail, answers: QuestionnaireAnswers) {
      const problems = questionnaireAnswerProblems(questionnaire.questions, answers)
      if (problems.length > 0) return yield* new AnswersRefused({ problems, message: "" })
      return yield* inSession(api.accountClubs.answerQuestionnaire({
        params: { questionnaireId: questionnaire.questionnaireId },
        payload: { answers }
      })).pipe(Effect.catch((error): Effect.Effect<never, Failure | AnswersRefused> =>
        error instanceof Unprocessable
          ? Effect.fail(new AnswersRefused({ problems: [], message: error.message, ...(error.field === undefined ? {} : { field: error.field }) }))
          : failed("AccountClubs.answerQuestionnaire")(error)))
    }),
    cards: api.accountClubs.cards().pipe(Effect.catch(failed("AccountClubs.cards")), Effect.withSpan("AccountClubs.cards")),
    addCard: Effect.fn("AccountClubs.addCard")(function*(card: NewCardPayload) {
      const problem = cardNumberProblem(card.number)
      if (problem !== undefined) return yield* new CardRefused({ field: "number", problem, message: "" })
      return yield* inSession(api.accountClubs.addCard({ payload: card })).pipe(Effect.catch((error): Effect.Effect<never, Failure | CardRefused> =>
        error instanceof Unprocessable
          ? Effect.fail(new CardRefused({ field: error.field ?? "number", message: error.message }))
          : failed("AccountClubs.addCard")(error)))
    }),
    removeCard: Effect.fn("AccountClubs.removeCard")(function*(cardId: number) {
      yield* inSession(api.accountClubs.removeCard({ params: { cardId } })).pipe(Effect.catch(failed("AccountClubs.removeCard")))
    })
  })
})

/** The account clubs service: see {@link AccountClubsShape}. */
export class AccountClubs extends Context.Service<AccountClubs, AccountClubsShape>()("storefront/AccountClubs") {
  /** Over the shop API client, its call state, the signals hub and the account (whose loyalty flags it updates). */
  static readonly layer = Layer.effect(AccountClubs, make)
}
