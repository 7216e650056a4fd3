import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  nextActiveSuggestion,
  searchProductItem,
  searchResultClick,
  searchResultEvent,
  searchToken,
  searchTokenMaxLength,
  shouldSuggest,
  suggestionMinLength,
  type SuggestionKey
} from "../../../core/domain/searching.ts"

const space = fc.constantFrom(" ", "  ", "\t", "\n")

describe("search events (§7 searching)", () => {
  test.prop([fc.string({ maxLength: 150 })])("the token is trimmed, lower case, single-spaced and at most 100 characters", (query) => {
    const token = searchToken(query)
    expect(token).toBe(token.trim())
    expect(token).toBe(token.toLowerCase())
    expect(token).not.toMatch(/\s{2}|[\t\n]/)
    expect(Array.from(token).length).toBeLessThanOrEqual(searchTokenMaxLength)
  })

  test.prop([fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/), { minLength: 1, maxLength: 5 }), space, space])(
    "one search gives one token however the shopper spaced or cased it",
    (words, before, between) => {
      const plain = words.join(" ")
      expect(searchToken(`${before}${words.join(between)}${before}`.toUpperCase())).toBe(searchToken(plain))
    }
  )

  test.prop([fc.string({ maxLength: 40 }), fc.oneof(fc.integer(), fc.double())])(
    "an event only for a search that was made and a positive whole variant id, naming the product followed",
    (query, variantId) => {
      const event = searchResultEvent(query, variantId)
      if (searchToken(query) === "" || !Number.isSafeInteger(variantId) || variantId <= 0) {
        expect(event).toBeUndefined()
      } else {
        expect(event).toEqual({ event: searchResultClick, token: searchToken(query), type: searchProductItem, itemId: variantId })
      }
    }
  )
})

describe("search suggestions (ours)", () => {
  test.prop([fc.string({ maxLength: 10 }), space])("suggestions are asked for from 2 characters after trimming", (text, pad) => {
    expect(shouldSuggest(`${pad}${text}${pad}`)).toBe(Array.from(text.trim()).length >= suggestionMinLength)
  })

  const key = fc.constantFrom<SuggestionKey>("down", "up")

  test.prop([fc.option(fc.integer({ min: -3, max: 12 }), { nil: undefined }), fc.integer({ min: 0, max: 10 }), key])(
    "a key always lands on a suggestion of the list, or none when the list is empty",
    (active, count, pressed) => {
      const next = nextActiveSuggestion(active, count, pressed)
      if (count === 0) expect(next).toBeUndefined()
      else expect(next !== undefined && next >= 0 && next < count).toBe(true)
    }
  )

  test.prop([fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 9 })])(
    "down then up comes back, wrapping round the ends",
    (count, start) => {
      const active = start % count
      expect(nextActiveSuggestion(nextActiveSuggestion(active, count, "down"), count, "up")).toBe(active)
      expect(nextActiveSuggestion(count - 1, count, "down")).toBe(0)
      expect(nextActiveSuggestion(0, count, "up")).toBe(count - 1)
      expect(nextActiveSuggestion(undefined, count, "down")).toBe(0)
      expect(nextActiveSuggestion(undefined, count, "up")).toBe(count - 1)
    }
  )
})
