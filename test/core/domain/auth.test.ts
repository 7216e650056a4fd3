import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  interpretAuthResponse,
  loginFailureAction,
  loginFailureTitleMs,
  loginLockedStatus,
  loginPayload,
  validateLoginForm
} from "../../../core/domain/auth.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const anyShop = fc.constantFrom(...allShops)
const base = "https://shop.example"
const nonBlank = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "")

describe("login form", () => {
  test("both fields are required", () => {
    expect(validateLoginForm({ email: "", password: "" })).toEqual(["email", "password"])
    expect(validateLoginForm({ email: "a@b.cz", password: "" })).toEqual(["password"])
    expect(validateLoginForm({ email: "  ", password: "secret" })).toEqual(["email"])
    expect(validateLoginForm({ email: "a@b.cz", password: "secret" })).toEqual([])
  })

  test.prop([fc.string(), fc.string()])("a field is reported missing exactly when it is empty", (email, password) => {
    const missing = validateLoginForm({ email, password })
    expect(missing.includes("email")).toBe(email.trim().length === 0)
    expect(missing.includes("password")).toBe(password.length === 0)
  })

  test.prop([fc.string(), fc.string()])("the payload sends the e-mail as username", (email, password) => {
    expect(loginPayload({ email, password })).toEqual({ username: email.trim(), password })
  })
})

describe("interpretAuthResponse", () => {
  test("examples", () => {
    expect(interpretAuthResponse({})).toEqual({ _tag: "Success" })
    expect(interpretAuthResponse({ error: false, errors: [] })).toEqual({ _tag: "Success" })
    expect(interpretAuthResponse({ error: true })).toEqual({
      _tag: "Failure",
      flashes: [{ message: "unknown_error", type: "danger", cat: "form" }]
    })
    expect(interpretAuthResponse({ errors: ["Bad password", { message: "Locked" }] })).toEqual({
      _tag: "Failure",
      flashes: [
        { message: "Bad password", type: "danger", cat: "form" },
        { message: "Locked", type: "danger", cat: "form" }
      ]
    })
    expect(interpretAuthResponse({ error: "Wrong e-mail" })).toEqual({
      _tag: "Failure",
      flashes: [{ message: "Wrong e-mail", type: "danger", cat: "form" }]
    })
  })

  test.prop([fc.anything(), fc.oneof(fc.array(fc.anything()), fc.anything())])(
    "failure exactly when error is truthy or errors is a non-empty array; failures always carry form flashes",
    (error, errors) => {
      const outcome = interpretAuthResponse({ error, errors })
      const failed = Boolean(error) || (Array.isArray(errors) && errors.length > 0)
      expect(outcome._tag).toBe(failed ? "Failure" : "Success")
      if (outcome._tag === "Failure") {
        expect(outcome.flashes.length).toBeGreaterThan(0)
        for (const flash of outcome.flashes) {
          expect(flash.cat).toBe("form")
          expect(flash.type).toBe("danger")
          expect(flash.message.trim()).not.toBe("")
        }
      }
    }
  )

  test.prop([fc.array(nonBlank, { minLength: 1 })])("every server message becomes a flash, in order", (messages) => {
    const outcome = interpretAuthResponse({ errors: messages })
    expect(outcome._tag === "Failure" ? outcome.flashes.map((f) => f.message) : []).toEqual(messages)
  })

  test.prop([fc.array(fc.constantFrom("", " ", null, 0, {}, []), { minLength: 1 })])(
    "without any message the failure shows one generic error",
    (errors) => {
      const outcome = interpretAuthResponse({ errors })
      expect(outcome).toEqual({ _tag: "Failure", flashes: [{ message: "unknown_error", type: "danger", cat: "form" }] })
    }
  )
})

describe("loginFailureAction", () => {
  test("the spec's constants", () => {
    expect(loginFailureTitleMs).toBe(5000)
    expect(loginLockedStatus).toBe(423)
  })

  test("examples", () => {
    const shop = shopById("CZ10MA")
    expect(loginFailureAction({ status: 423, redirectUrl: "/overeni" }, shop)).toEqual({ _tag: "Redirect", url: "/overeni" })
    expect(loginFailureAction({ status: 423, redirectUrl: "https://evil.example" }, shop)).toEqual({
      _tag: "Redirect",
      url: "/prihlaseni"
    })
    expect(loginFailureAction({ status: 401, title: "Wrong password" }, shop)).toEqual({
      _tag: "ShowTitle",
      title: "Wrong password",
      durationMs: 5000
    })
    expect(loginFailureAction({ status: 423 }, shop)).toEqual({ _tag: "ShowTitle", title: "unknown_error", durationMs: 5000 })
    expect(loginFailureAction({}, shop)).toEqual({ _tag: "Redirect", url: "/prihlaseni" })
    expect(loginFailureAction({ status: 0, title: "x" }, shop)).toEqual({ _tag: "Redirect", url: "/prihlaseni" })
  })

  test.prop([
    anyShop,
    fc.record(
      {
        status: fc.option(fc.oneof(fc.constant(423), fc.integer({ min: -1, max: 599 }), fc.double()), { nil: undefined }),
        redirectUrl: fc.option(fc.oneof(fc.string(), fc.constantFrom("//evil.example", "/ok", "https://evil.example")), {
          nil: undefined
        }),
        title: fc.option(fc.string(), { nil: undefined })
      },
      { requiredKeys: [] }
    )
  ])("the action follows §8 and never leaves the shop", (shop, failure) => {
    const action = loginFailureAction(failure, shop)
    const status = failure.status
    const noStatus = status === undefined || !Number.isFinite(status) || status <= 0
    if (noStatus) {
      expect(action).toEqual({ _tag: "Redirect", url: shop.urlKeys.login })
    } else if (status === 423 && failure.redirectUrl !== undefined && failure.redirectUrl !== "") {
      expect(action._tag).toBe("Redirect")
    } else {
      expect(action).toEqual({
        _tag: "ShowTitle",
        title: failure.title !== undefined && failure.title.trim() !== "" ? failure.title : "unknown_error",
        durationMs: 5000
      })
    }
    if (action._tag === "Redirect") {
      expect(new URL(action.url, base).origin).toBe(base)
      expect(action.url.startsWith("//")).toBe(false)
    }
  })
})
