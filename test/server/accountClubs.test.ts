/**
 * The account clubs group against the real server in-process: loyalty clubs (seeded memberships, join, leave, the
 * §3 flags following), the VIP programme, questionnaires (list, detail, answers checked and replaced) and saved cards
 * (Luhn check, expiry, duplicates, only the last four digits stored, remove).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { AccountClubsGroup } from "../../core/api/accountClubs.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { AccountClubsHandlers } from "../../demo/server/handlers/accountClubs.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs } from "./accountSupport.ts"

const { backend, probe } = accountBackend([AccountClubsGroup], [AccountClubsHandlers])
afterAll(() => backend.dispose())

const loyaltyFlagOf = (key: string, shopId = "CZ10MA") =>
  probe.use((sql) =>
    sql<{ loyalty_club: string | null }>`SELECT loyalty_club FROM customers WHERE email = ${demoAccount(key)} AND shop_id = ${shopId}`
  ).pipe(Effect.map((rows) => rows[0]!.loyalty_club))

describe("accountClubs (server)", () => {
  it.effect("a guest gets LoginRequired from every call", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const errors = [
        yield* Effect.flip(client.accountClubs.loyaltyClubs()),
        yield* Effect.flip(client.accountClubs.vipClub()),
        yield* Effect.flip(client.accountClubs.questionnaires()),
        yield* Effect.flip(client.accountClubs.cards()),
        yield* Effect.flip(client.accountClubs.addCard({ payload: { kind: "loyalty", number: "4242424242424242", holder: "X" } }))
      ]
      assert.deepStrictEqual(errors.map((error) => error._tag), Array(5).fill("LoginRequired"))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("loyalty clubs: the seeded trial, joining makes a member, leaving everything clears the §3 flags", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "loyalty-trial")
      const list = yield* client.accountClubs.loyaltyClubs()
      assert.deepStrictEqual(list.clubs.map((club) => [club.name, club.state]), [["Klub Rodina", "trial"], ["Klub Zahrada", "available"]])
      assert.strictEqual(list.clubs[0]!.trialEnds, "2099-12-31")
      assert.deepStrictEqual(list.customer.loyaltyClub, { registered: false, trial: true })
      const joined = yield* client.accountClubs.joinLoyaltyClub({ params: { clubId: list.clubs[1]!.clubId } })
      assert.deepStrictEqual(joined.clubs.map((club) => club.state), ["trial", "registered"])
      assert.deepStrictEqual(joined.customer.loyaltyClub, { registered: true, trial: false })
      assert.strictEqual(yield* loyaltyFlagOf("loyalty-trial"), "registered")
      yield* client.accountClubs.leaveLoyaltyClub({ params: { clubId: list.clubs[1]!.clubId } })
      const left = yield* client.accountClubs.leaveLoyaltyClub({ params: { clubId: list.clubs[0]!.clubId } })
      assert.deepStrictEqual(left.clubs.map((club) => club.state), ["available", "available"])
      assert.deepStrictEqual(left.customer.loyaltyClub, { registered: false, trial: false })
      assert.isNull(yield* loyaltyFlagOf("loyalty-trial"))
      const otherShop = yield* probe.use((sql) => sql<{ club_id: number }>`SELECT club_id FROM loyalty_clubs WHERE shop_id = 'SK10MA' LIMIT 1`)
      const missing = yield* Effect.flip(client.accountClubs.joinLoyaltyClub({ params: { clubId: otherShop[0]!.club_id } }))
      assert.strictEqual(missing._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the VIP club: the programme and since when", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "vip-plus", "SI10SI")
      assert.deepStrictEqual(yield* client.accountClubs.vipClub(), { program: "vip_plus_program", since: "2025-02-01" })
    }).pipe(Effect.provide(clientLayerFor(backend, "SI10SI"))))

  it.effect("the VIP club of a customer in no programme", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver", "SI10SI")
      assert.deepStrictEqual(yield* client.accountClubs.vipClub(), { program: null, since: null })
    }).pipe(Effect.provide(clientLayerFor(backend, "SI10SI"))))

  it.effect("questionnaires: listed, answers checked (422 names the question) and replaced", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver")
      const list = yield* client.accountClubs.questionnaires()
      assert.deepStrictEqual(list.questionnaires.map((q) => [q.title, q.questionCount, q.answeredAt]), [
        ["Spokojenost s nákupem", 4, null],
        ["Doprava a vyzvednutí", 2, null]
      ])
      const detail = yield* client.accountClubs.questionnaire({ params: { questionnaireId: list.questionnaires[0]!.questionnaireId } })
      assert.deepStrictEqual(detail.questions.map((q) => q.kind), ["rating", "single", "multiple", "text"])
      const [rating, single, multiple] = detail.questions
      const params = { questionnaireId: detail.questionnaireId }
      const refused = yield* Effect.flip(client.accountClubs.answerQuestionnaire({ params, payload: { answers: { [rating!.questionId]: ["4"] } } }))
      assert.strictEqual(refused._tag, "Unprocessable")
      assert.strictEqual((refused as { field?: string }).field, `answers.${single!.questionId}`)
      const saved = yield* client.accountClubs.answerQuestionnaire({
        params,
        payload: { answers: { [rating!.questionId]: ["4"], [single!.questionId]: [single!.options[1]!], [multiple!.questionId]: [] } }
      })
      assert.deepStrictEqual(saved.answers, { [rating!.questionId]: ["4"], [single!.questionId]: [single!.options[1]!] })
      assert.isString(saved.answeredAt)
      const again = yield* client.accountClubs.answerQuestionnaire({
        params,
        payload: { answers: { [rating!.questionId]: ["5"], [single!.questionId]: [single!.options[0]!] } }
      })
      assert.deepStrictEqual(again.answers[String(rating!.questionId)], ["5"])
      const listed = yield* client.accountClubs.questionnaires()
      assert.isString(listed.questionnaires[0]!.answeredAt)
      assert.isNull(listed.questionnaires[1]!.answeredAt)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("questionnaires of another shop: none, and CZ10MA's are 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver", "SK10MA")
      assert.deepStrictEqual((yield* client.accountClubs.questionnaires()).questionnaires, [])
      const czech = yield* probe.use((sql) => sql<{ questionnaire_id: number }>`SELECT questionnaire_id FROM questionnaires WHERE shop_id = 'CZ10MA' LIMIT 1`)
      const missing = yield* Effect.flip(client.accountClubs.questionnaire({ params: { questionnaireId: czech[0]!.questionnaire_id } }))
      assert.strictEqual(missing._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))

  it.effect("cards: the seeded ones, Luhn and expiry checks, no duplicates, only the last four digits stored, remove", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold", "PL10MA")
      const seeded = yield* client.accountClubs.cards()
      assert.deepStrictEqual(seeded.cards.map((card) => [card.kind, card.brand, card.last4]), [["loyalty", "other", "0005"], ["payment", "visa", "4242"]])
      const wrong = yield* Effect.flip(client.accountClubs.addCard({ payload: { kind: "payment", number: "5555 5555 5555 4445", holder: "Jan Novák", expiryMonth: 12, expiryYear: 2099 } }))
      assert.strictEqual((wrong as { field?: string }).field, "number")
      const expired = yield* Effect.flip(client.accountClubs.addCard({ payload: { kind: "payment", number: "5555 5555 5555 4444", holder: "Jan Novák", expiryMonth: 1, expiryYear: 2020 } }))
      assert.strictEqual((expired as { field?: string }).field, "expiry")
      const card = yield* client.accountClubs.addCard({ payload: { kind: "payment", number: "5555 5555 5555 4444", holder: "Jan Novák", expiryMonth: 12, expiryYear: 2099 } })
      assert.deepInclude(card, { kind: "payment", brand: "mastercard", last4: "4444", holder: "Jan Novák", expiryMonth: 12, expiryYear: 2099 })
      const twice = yield* Effect.flip(client.accountClubs.addCard({ payload: { kind: "payment", number: "5555-5555-5555-4444", holder: "Jan", expiryMonth: 11, expiryYear: 2099 } }))
      assert.strictEqual((twice as { field?: string }).field, "number")
      const stored = yield* probe.use((sql) => sql<{ row: string }>`SELECT row_to_json(c)::text AS row FROM customer_cards c WHERE card_id = ${card.cardId}`)
      assert.notInclude(stored[0]!.row, "555555555555")
      assert.strictEqual((yield* client.accountClubs.cards()).cards[0]!.cardId, card.cardId)
      yield* client.accountClubs.removeCard({ params: { cardId: card.cardId } })
      assert.strictEqual((yield* client.accountClubs.cards()).cards.length, 2)
      const gone = yield* Effect.flip(client.accountClubs.removeCard({ params: { cardId: card.cardId } }))
      assert.strictEqual(gone._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend, "PL10MA"))))

  it.effect("another customer's card cannot be removed", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "silver", "PL10MA")
      const golds = yield* probe.use((sql) => sql<{ card_id: number }>`
        SELECT k.card_id FROM customer_cards k JOIN customers c USING (customer_id) WHERE c.email = ${demoAccount("gold", "PL10MA")} AND c.shop_id = 'PL10MA'`)
      const notTheirs = yield* Effect.flip(client.accountClubs.removeCard({ params: { cardId: golds[0]!.card_id } }))
      assert.strictEqual(notTheirs._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend, "PL10MA"))))
})
