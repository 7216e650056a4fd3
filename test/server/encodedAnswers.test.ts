import { describe, expect, test } from "vitest"
import { EncodedAnswers } from "../../demo/server/handlers/encodedAnswers.ts"

describe("EncodedAnswers", () => {
  test("serves a kept body only for the same owner, key and refs (by identity)", () => {
    const answers = new EncodedAnswers<object>()
    const state = {}
    const settings = { methods: [] }
    answers.store(state, "k", [settings], "{\"a\":1}")
    expect(answers.lookup(state, "k", [settings])).toBe("{\"a\":1}")
    expect(answers.lookup({}, "k", [settings])).toBeUndefined()
    expect(answers.lookup(state, "other", [settings])).toBeUndefined()
    expect(answers.lookup(state, "k", [{ methods: [] }])).toBeUndefined()
    expect(answers.lookup(state, "k", [])).toBeUndefined()
    answers.store(state, "other", [settings], "{\"a\":2}")
    expect(answers.lookup(state, "k", [settings])).toBeUndefined()
    expect(answers.lookup(state, "other", [settings])).toBe("{\"a\":2}")
  })
})
