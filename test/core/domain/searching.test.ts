import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { searchProductItem, searchResultClick, searchResultEvent, searchToken, searchTokenMaxLength } from "../../../core/domain/searching.ts"

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
