/**
 * The AccountClubs service against the reference backend through msw: a wrong card number or incomplete answers are
 * refused by the core's rules without a call; joining a loyalty club updates the account's `loyaltyClub` flags; a
 * server refusal comes back as a typed error naming the field; a guest is sent to the login.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, SubscriptionRef } from "effect"
import { AccountGroup } from "../../core/api/account.ts"
import { AccountClubsGroup } from "../../core/api/accountClubs.ts"
import { Account } from "../../core/services/Account.ts"
import { AccountClubs } from "../../core/services/AccountClubs.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { AccountClubsHandlers } from "../../demo/server/handlers/accountClubs.ts"
import { demoAccount, groupsOf } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { recordSignals, shopLayer, useBackend } from "./harness.ts"

const harness = useBackend(backendFor(groupsOf(AccountGroup, AccountClubsGroup), Layer.mergeAll(AccountHandlers, AccountClubsHandlers)))
const layer = AccountClubs.layer.pipe(Layer.provideMerge(Account.layer), Layer.provideMerge(shopLayer()))
const logIn = (key: string) => Account.use((account) => account.login({ email: demoAccount(key), password: demoPassword }))

describe("AccountClubs", () => {
  it.effect("a card failing the Luhn check and incomplete answers are refused without a call", () =>
    Effect.gen(function*() {
      const clubs = yield* AccountClubs
      const card = yield* Effect.flip(clubs.addCard({ kind: "payment", number: "4242 4242 4242 4241", holder: "Jan", expiryMonth: 1, expiryYear: 2099 }))
      assert.deepInclude(card, { _tag: "CardRefused", field: "number", problem: "checksum" })
      const answers = yield* Effect.flip(clubs.answerQuestionnaire({
        questionnaireId: 1,
        title: "T",
        answeredAt: null,
        answers: {},
        questions: [{ questionId: 1, kind: "rating", text: "?", required: true, options: [] }]
      }, {}))
      assert.strictEqual(answers._tag, "AnswersRefused")
      assert.deepStrictEqual(answers._tag === "AnswersRefused" && answers.problems, [{ questionId: 1, reason: "required" }])
      assert.lengthOf(harness.sent("POST", "/api/account/cards"), 0)
    }).pipe(Effect.provide(layer)))

  it.effect("joining a club updates the account's loyaltyClub flags; a refused card names its field", () =>
    Effect.gen(function*() {
      yield* logIn("loyalty-trial")
      const clubs = yield* AccountClubs
      const list = yield* clubs.loyaltyClubs
      const available = list.clubs.find((club) => club.state === "available")!
      yield* clubs.joinLoyaltyClub(available.clubId)
      const state = yield* Account.use((account) => SubscriptionRef.get(account.state))
      assert.deepStrictEqual(state.customer?.loyaltyClub, { registered: true, trial: false })
      const expired = yield* Effect.flip(clubs.addCard({ kind: "payment", number: "4111 1111 1111 1111", holder: "Jan", expiryMonth: 1, expiryYear: 2020 }))
      assert.deepInclude(expired, { _tag: "CardRefused", field: "expiry" })
      yield* clubs.leaveLoyaltyClub(available.clubId)
    }).pipe(Effect.provide(layer)))

  it.effect("a guest is sent to the login", () =>
    Effect.gen(function*() {
      const signals = yield* recordSignals
      const error = yield* Effect.flip(AccountClubs.use((clubs) => clubs.cards))
      assert.strictEqual(error._tag, "AccountLoginRequired")
      assert.isTrue((yield* signals).some((signal) => signal._tag === "Redirect"))
    }).pipe(Effect.scoped, Effect.provide(layer)))
})
