import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  clubAction,
  clubMembershipStates,
  loyaltyClubFlags,
  maxRating,
  maxTextAnswerLength,
  type Question,
  questionnaireAnswerProblems,
  vipBenefits
} from "../../../core/domain/clubs.ts"

const states = fc.array(fc.constantFrom(...clubMembershipStates), { maxLength: 6 })

const questions: ReadonlyArray<Question> = [
  { questionId: 1, kind: "rating", required: true, options: [] },
  { questionId: 2, kind: "single", required: true, options: ["a", "b"] },
  { questionId: 3, kind: "multiple", required: false, options: ["x", "y", "z"] },
  { questionId: 4, kind: "text", required: false, options: [] }
]

describe("loyalty clubs and the VIP club (§3, §6)", () => {
  test.prop([states])("the loyaltyClub flags: registered when a member of any club, else trial when in any trial; never both", (list) => {
    const flags = loyaltyClubFlags(list)
    expect(flags.registered).toBe(list.includes("registered"))
    expect(flags.trial).toBe(!list.includes("registered") && list.includes("trial"))
    expect(flags.registered && flags.trial).toBe(false)
  })

  test("a club one is not in can be joined, one is in (or trying) can be left", () => {
    expect(clubMembershipStates.map(clubAction)).toEqual(["leave", "leave", "join"])
  })

  test("VIP-plus has every VIP benefit and more", () => {
    for (const benefit of vipBenefits.vip_program) expect(vipBenefits.vip_plus_program).toContain(benefit)
    expect(vipBenefits.vip_plus_program.length).toBeGreaterThan(vipBenefits.vip_program.length)
  })
})

describe("questionnaire answers (ours)", () => {
  test("a complete set of answers is fine; missing required ones are named", () => {
    expect(questionnaireAnswerProblems(questions, { "1": ["4"], "2": ["a"], "3": ["x", "z"], "4": ["More colours"] })).toEqual([])
    expect(questionnaireAnswerProblems(questions, { "4": ["  "] })).toEqual([
      { questionId: 1, reason: "required" },
      { questionId: 2, reason: "required" }
    ])
  })

  test("options, ratings, lengths and unknown questions", () => {
    const base = { "1": ["5"], "2": ["b"] }
    expect(questionnaireAnswerProblems(questions, { ...base, "2": ["c"] })).toEqual([{ questionId: 2, reason: "option" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "2": ["a", "b"] })).toEqual([{ questionId: 2, reason: "one_option" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "3": ["x", "w"] })).toEqual([{ questionId: 3, reason: "option" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "1": ["6"] })).toEqual([{ questionId: 1, reason: "rating" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "1": ["2.5"] })).toEqual([{ questionId: 1, reason: "rating" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "4": ["x".repeat(maxTextAnswerLength + 1)] })).toEqual([{ questionId: 4, reason: "too_long" }])
    expect(questionnaireAnswerProblems(questions, { ...base, "9": ["?"] })).toEqual([{ questionId: 9, reason: "unknown_question" }])
  })

  test.prop([fc.integer({ min: -5, max: 20 })])("a rating is fine exactly when it is a whole number 1..max", (rating) => {
    const problems = questionnaireAnswerProblems(questions, { "1": [String(rating)], "2": ["a"] })
    expect(problems.length === 0).toBe(rating >= 1 && rating <= maxRating)
  })

  test.prop([fc.subarray(["x", "y", "z"])])("any subset of a multiple choice's options is fine", (chosen) => {
    expect(questionnaireAnswerProblems(questions, { "1": ["3"], "2": ["a"], "3": chosen })).toEqual([])
  })
})
