/**
 * The account's club pages (spec §2 clientLoyaltyClubs, clientVipClub, clientQuestionaireList, manageCardList; §3
 * Customer `loyaltyClub`, `vipType`; §6 loyalty club registration and trial states). §7 shows none of these calls:
 * paths and shapes are ours, in the style of the account group. Every call needs a logged-in customer (401
 * `LoginRequired`); the calls that change something carry `CsrfProtection`.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { cardBrands, cardKinds, cardNumberLength } from "../domain/paymentCards.ts"
import { clubMembershipStates, questionKinds } from "../domain/clubs.ts"
import { Customer, ProgramName } from "./entities/customer.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { SafeString } from "./entities/text.ts"
import { LoginRequired, NotFound, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs } from "./policy.ts"
import { PositiveId, PositiveIdFromString, RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"

const LoyaltyClubEntryFields = {
  clubId: Schema.Int,
  name: SafeString,
  description: SafeString,
  state: Schema.Literals(clubMembershipStates),
  /** When the customer joined (ISO date), for a member or trial. */
  since: Schema.optionalKey(SafeString),
  /** The last day of the trial (ISO date), for a trial. */
  trialEnds: Schema.optionalKey(SafeString)
}

/** The schema type of {@link LoyaltyClubEntry}, named so that declarations refer to it instead of spelling it out. */
export interface LoyaltyClubEntryStruct extends Schema.Struct<typeof LoyaltyClubEntryFields> {}

/** One loyalty club of the shop and the customer's standing in it (`registered`, `trial` or `available` to join). */
export const LoyaltyClubEntry: LoyaltyClubEntryStruct = Schema.Struct(LoyaltyClubEntryFields)

/** Decoded type of {@link LoyaltyClubEntry}. */
export type LoyaltyClubEntry = typeof LoyaltyClubEntry.Type

const LoyaltyClubListFields = {
  clubs: Schema.Array(LoyaltyClubEntry),
  customer: Customer
}

/** The schema type of {@link LoyaltyClubList}, named so that declarations refer to it instead of spelling it out. */
export interface LoyaltyClubListStruct extends Schema.Struct<typeof LoyaltyClubListFields> {}

/** The shop's loyalty clubs with the customer's standing, and the customer's §3 `loyaltyClub` flags after it. */
export const LoyaltyClubList: LoyaltyClubListStruct = Schema.Struct(LoyaltyClubListFields)

/** Decoded type of {@link LoyaltyClubList}. */
export type LoyaltyClubList = typeof LoyaltyClubList.Type

/** The path parameter naming one club. */
export const ClubParams = Schema.Struct({ clubId: PositiveIdFromString })

const VipClubViewFields = {
  program: Schema.NullOr(ProgramName),
  since: Schema.NullOr(SafeString)
}

/** The schema type of {@link VipClubView}, named so that declarations refer to it instead of spelling it out. */
export interface VipClubViewStruct extends Schema.Struct<typeof VipClubViewFields> {}

/** The customer's VIP club (§1, §3): the programme they are in (none, VIP or VIP-plus) and since when. */
export const VipClubView: VipClubViewStruct = Schema.Struct(VipClubViewFields)

/** Decoded type of {@link VipClubView}. */
export type VipClubView = typeof VipClubView.Type

const QuestionnaireSummaryFields = {
  questionnaireId: Schema.Int,
  title: SafeString,
  questionCount: Schema.Int,
  answeredAt: Schema.NullOr(SafeString)
}

/** The schema type of {@link QuestionnaireSummary}, named so that declarations refer to it instead of spelling it out. */
export interface QuestionnaireSummaryStruct extends Schema.Struct<typeof QuestionnaireSummaryFields> {}

/** A questionnaire in the list: its id, title, how many questions, and when the customer answered it (or null). */
export const QuestionnaireSummary: QuestionnaireSummaryStruct = Schema.Struct(QuestionnaireSummaryFields)

/** Decoded type of {@link QuestionnaireSummary}. */
export type QuestionnaireSummary = typeof QuestionnaireSummary.Type

/** The questionnaires open to the customer in the shop. */
export const QuestionnaireList = Schema.Struct({ questionnaires: Schema.Array(QuestionnaireSummary) })

/** Decoded type of {@link QuestionnaireList}. */
export type QuestionnaireList = typeof QuestionnaireList.Type

const QuestionEntryFields = {
  questionId: Schema.Int,
  kind: Schema.Literals(questionKinds),
  text: SafeString,
  required: Schema.Boolean,
  options: Schema.Array(SafeString)
}

/** The schema type of {@link QuestionEntry}, named so that declarations refer to it instead of spelling it out. */
export interface QuestionEntryStruct extends Schema.Struct<typeof QuestionEntryFields> {}

/** A question: its kind, text, whether required, and the options of a choice. */
export const QuestionEntry: QuestionEntryStruct = Schema.Struct(QuestionEntryFields)

/** Decoded type of {@link QuestionEntry}. */
export type QuestionEntry = typeof QuestionEntry.Type

/** The answers: question id (as a string key) to the values chosen or typed. */
export const AnswerValues = Schema.Record(SafeString, Schema.Array(SafeString))

const QuestionnaireDetailFields = {
  questionnaireId: Schema.Int,
  title: SafeString,
  questions: Schema.Array(QuestionEntry),
  answers: AnswerValues,
  answeredAt: Schema.NullOr(SafeString)
}

/** The schema type of {@link QuestionnaireDetail}, named so that declarations refer to it instead of spelling it out. */
export interface QuestionnaireDetailStruct extends Schema.Struct<typeof QuestionnaireDetailFields> {}

/** A questionnaire with its questions and the customer's saved answers (empty before they answer). */
export const QuestionnaireDetail: QuestionnaireDetailStruct = Schema.Struct(QuestionnaireDetailFields)

/** Decoded type of {@link QuestionnaireDetail}. */
export type QuestionnaireDetail = typeof QuestionnaireDetail.Type

/** The path parameter naming one questionnaire. */
export const QuestionnaireParams = Schema.Struct({ questionnaireId: PositiveIdFromString })

/** The body of answering a questionnaire: every answer at once (answering again replaces them). */
export const QuestionnaireAnswersPayload = Schema.Struct({ answers: AnswerValues })

/** Decoded type of {@link QuestionnaireAnswersPayload}. */
export type QuestionnaireAnswersPayload = typeof QuestionnaireAnswersPayload.Type

const SavedCardFields = {
  cardId: Schema.Int,
  kind: Schema.Literals(cardKinds),
  brand: Schema.Literals(cardBrands),
  last4: SafeString,
  holder: SafeString,
  expiryMonth: Schema.NullOr(Schema.Int),
  expiryYear: Schema.NullOr(Schema.Int),
  createdAt: SafeString
}

/** The schema type of {@link SavedCard}, named so that declarations refer to it instead of spelling it out. */
export interface SavedCardStruct extends Schema.Struct<typeof SavedCardFields> {}

/** A saved card as the account shows it: kind, brand, last four digits, holder and expiry; never the whole number. */
export const SavedCard: SavedCardStruct = Schema.Struct(SavedCardFields)

/** Decoded type of {@link SavedCard}. */
export type SavedCard = typeof SavedCard.Type

/** The customer's saved cards, newest first. */
export const SavedCardList = Schema.Struct({ cards: Schema.Array(SavedCard) })

/** Decoded type of {@link SavedCardList}. */
export type SavedCardList = typeof SavedCardList.Type

const NewCardPayloadFields = {
  kind: Schema.Literals(cardKinds),
  number: SafeString.check(Schema.isMaxLength(cardNumberLength.max * 2)),
  holder: RequiredText,
  expiryMonth: Schema.optionalKey(PositiveId),
  expiryYear: Schema.optionalKey(PositiveId)
}

/** The schema type of {@link NewCardPayload}, named so that declarations refer to it instead of spelling it out. */
export interface NewCardPayloadStruct extends Schema.Struct<typeof NewCardPayloadFields> {}

/**
 * A card to save: kind, the number as typed (12 to 19 digits with spaces or hyphens; the server runs the Luhn check
 * and keeps only the brand and last four digits), the holder, and for a payment card its expiry month and year.
 */
export const NewCardPayload: NewCardPayloadStruct = Schema.Struct(NewCardPayloadFields)

/** Decoded type of {@link NewCardPayload}. */
export type NewCardPayload = typeof NewCardPayload.Type

/** The path parameter naming one card. */
export const CardParams = Schema.Struct({ cardId: PositiveIdFromString })

/**
 * The account's clubs, questionnaires and cards (ours; §7 shows no call of these pages). The calls answer in every
 * shop; the shop table's flags only decide which account menu entries show (§2). 404 for a club, questionnaire or
 * card that is not there (or not the customer's); 422 names the refused field (`number`, `expiry`, `answers.<id>`).
 */
export class AccountClubsGroup extends HttpApiGroup.make("accountClubs")
  .add(
    HttpApiEndpoint.get("loyaltyClubs", "/api/account/loyalty-clubs", {
      success: LoyaltyClubList,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The shop's loyalty clubs and the customer's standing in each (§2, §6)."),
    HttpApiEndpoint.post("joinLoyaltyClub", "/api/account/loyalty-clubs/:clubId/join", {
      params: ClubParams,
      success: LoyaltyClubList,
      error: [LoginRequired, NotFound]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Joins a loyalty club (a trial becomes a membership)."),
    HttpApiEndpoint.post("leaveLoyaltyClub", "/api/account/loyalty-clubs/:clubId/leave", {
      params: ClubParams,
      success: LoyaltyClubList,
      error: [LoginRequired, NotFound]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Leaves a loyalty club (or ends its trial)."),
    HttpApiEndpoint.get("vipClub", "/api/account/vip-club", {
      success: VipClubView,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The customer's VIP programme (vip_program, vip_plus_program or none, §3)."),
    HttpApiEndpoint.get("questionnaires", "/api/account/questionnaires", {
      success: QuestionnaireList,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The questionnaires open in the shop, with when the customer answered each."),
    HttpApiEndpoint.get("questionnaire", "/api/account/questionnaires/:questionnaireId", {
      params: QuestionnaireParams,
      success: QuestionnaireDetail,
      error: [LoginRequired, NotFound]
    }).annotate(OpenApi.Description, "One questionnaire with its questions and the customer's saved answers."),
    HttpApiEndpoint.post("answerQuestionnaire", "/api/account/questionnaires/:questionnaireId/answers", {
      params: QuestionnaireParams,
      payload: QuestionnaireAnswersPayload,
      success: QuestionnaireDetail,
      error: [LoginRequired, NotFound, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Saves every answer of a questionnaire (replacing earlier ones); 422 field answers.<questionId>."),
    HttpApiEndpoint.get("cards", "/api/account/cards", {
      success: SavedCardList,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The customer's saved payment and loyalty cards (brand and last four digits)."),
    HttpApiEndpoint.post("addCard", "/api/account/cards", {
      payload: NewCardPayload,
      success: SavedCard,
      error: [LoginRequired, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Saves a card: the number must pass the Luhn check (422 field number), a payment card needs an expiry not past (422 field expiry)."),
    HttpApiEndpoint.delete("removeCard", "/api/account/cards/:cardId", {
      params: CardParams,
      success: StatusResponse,
      error: [LoginRequired, NotFound]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes one of the customer's saved cards.")
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Account clubs (§2): loyalty clubs, the VIP club, questionnaires and saved cards (ours).")
{}
