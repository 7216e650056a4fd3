import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  defaultFlashCategory,
  defaultFlashType,
  flashCategories,
  flashMessage,
  flashTypes,
  genericErrorFlash,
  hasPaymentProviderCheckError,
  isFlashCategory,
  isFlashType,
  isPaymentProviderCheckError,
  parseFlashType,
  paymentProviderCheckErrorMarker,
  requestTimeoutFlash,
  requestTimeoutKey,
  UnknownMessageTypeError,
  unknownErrorKey
} from "../../../core/domain/flash.ts"

const specTypes = ["default", "danger", "notice", "success", "warning"]

describe("flash messages", () => {
  test("the spec's types and categories", () => {
    expect([...flashTypes]).toEqual(specTypes)
    expect([...flashCategories]).toEqual(["cart", "form"])
    expect(isFlashCategory("cart")).toBe(true)
    expect(isFlashCategory("form")).toBe(true)
    expect(isFlashCategory("page")).toBe(false)
  })

  test("the spec's error keys", () => {
    expect(requestTimeoutKey).toBe("err_request_timeout")
    expect(unknownErrorKey).toBe("unknown_error")
    expect(paymentProviderCheckErrorMarker).toBe("err")
  })

  test("the request timeout flash is err_request_timeout, danger, cart", () => {
    expect(requestTimeoutFlash).toEqual({ message: "err_request_timeout", type: "danger", cat: "cart" })
  })

  test("the generic error flash is unknown_error as a danger message", () => {
    expect(genericErrorFlash()).toEqual({ message: "unknown_error", type: "danger", cat: "cart" })
    expect(genericErrorFlash("form")).toEqual({ message: "unknown_error", type: "danger", cat: "form" })
  })

  test.prop([fc.string()])("a flash without type or category is a default cart flash", (message) => {
    expect(defaultFlashType).toBe("default")
    expect(defaultFlashCategory).toBe("cart")
    expect(flashMessage(message)).toEqual({ message, type: "default", cat: "cart" })
  })

  test.prop([fc.string(), fc.constantFrom(...flashTypes), fc.constantFrom(...flashCategories)])(
    "a flash keeps the given message, type and category",
    (message, type, cat) => {
      expect(flashMessage(message, type, cat)).toEqual({ message, type, cat })
    }
  )
})

describe("parseFlashType", () => {
  test.prop([fc.constantFrom(...specTypes)])("every known type parses to itself", (type) => {
    expect(parseFlashType(type)).toBe(type)
    expect(isFlashType(type)).toBe(true)
  })

  test.prop([fc.string().filter((s) => !specTypes.includes(s))])("an unknown message type throws (§8)", (type) => {
    expect(isFlashType(type)).toBe(false)
    expect(() => parseFlashType(type)).toThrow(UnknownMessageTypeError)
    try {
      parseFlashType(type)
    } catch (error) {
      expect(error).toBeInstanceOf(Error)
      expect((error as UnknownMessageTypeError).messageType).toBe(type)
      expect((error as UnknownMessageTypeError)._tag).toBe("UnknownMessageTypeError")
    }
  })

  test("case matters", () => {
    expect(() => parseFlashType("Danger")).toThrow(UnknownMessageTypeError)
    expect(() => parseFlashType("")).toThrow(UnknownMessageTypeError)
  })
})

describe("payment-provider-check errors", () => {
  test("examples", () => {
    expect(isPaymentProviderCheckError({ message: "err_pfc_load" })).toBe(true)
    expect(isPaymentProviderCheckError({ message: "payment_error" })).toBe(true)
    expect(isPaymentProviderCheckError({ message: "ok" })).toBe(false)
    expect(isPaymentProviderCheckError(requestTimeoutFlash)).toBe(true)
  })

  test.prop([fc.string(), fc.string()])("a message containing err marks the error", (before, after) => {
    expect(isPaymentProviderCheckError({ message: `${before}err${after}` })).toBe(true)
  })

  test.prop([fc.string({ unit: fc.constantFrom("a", "b", "e", "r", "E", "R", " ", "_") })])(
    "a message marks the error exactly when some position spells e, r, r",
    (message) => {
      const spells = [...message].some((_, i) => message[i] === "e" && message[i + 1] === "r" && message[i + 2] === "r")
      expect(isPaymentProviderCheckError({ message })).toBe(spells)
    }
  )

  test.prop([fc.array(fc.string())])("a list has the error iff one of its flashes has it", (messages) => {
    const flashes = messages.map((message) => flashMessage(message))
    expect(hasPaymentProviderCheckError(flashes)).toBe(flashes.filter(isPaymentProviderCheckError).length > 0)
  })
})
