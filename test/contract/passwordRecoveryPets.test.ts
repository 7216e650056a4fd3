/**
 * Contract of password recovery and the pet form (ours; spec §2 named URL passwordRecovery, §1 pet form): routes,
 * CSRF, timeouts, error statuses, and the Schemas that both the page and the server check.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { SafeString } from "../../core/api/entities/text.ts"
import { OpenApi as ApiDoc } from "effect/http-api"
import { NewPassword, PasswordRecoveryGroup, RecoveryRequestPayload } from "../../core/api/passwordRecovery.ts"
import { PetFormGroup, PetInput } from "../../core/api/petForm.ts"
import { maxNewPasswordLength, minNewPasswordLength, recoveryLinkPath } from "../../core/domain/passwordRecovery.ts"
import { birthDateProblem, maxPetAgeYears, petSexes, petSpecies } from "../../core/domain/pet.ts"
import { isSafeRedirectTarget } from "../../core/domain/redirect.ts"
import { csrfProtectedOf, errorStatusesOf, rejectedPaths, routesOf, timeoutOf, undescribedOf } from "./_c1Harness.ts"

const codec = <A>(schema: Schema.Codec<A, any>) => schema as unknown as Schema.Codec<unknown, unknown>

describe("password recovery contract", () => {
  it("two CSRF-protected POSTs of 5000 ms, described; reset answers 410 for a spent token", () => {
    expect(routesOf(PasswordRecoveryGroup)).toEqual([
      ["request", "POST", "/api/auth/password-recovery/"],
      ["reset", "POST", "/api/auth/password-recovery/reset"]
    ])
    expect(csrfProtectedOf(PasswordRecoveryGroup)).toEqual(["request", "reset"])
    expect(timeoutOf(PasswordRecoveryGroup, "reset")).toBe(5000)
    expect(undescribedOf(PasswordRecoveryGroup, ApiDoc.Description)).toEqual([])
    expect(errorStatusesOf(PasswordRecoveryGroup, "request")).toEqual([429])
    expect(errorStatusesOf(PasswordRecoveryGroup, "reset")).toEqual([410, 422, 429])
  })

  test.prop([fc.string({ unit: "binary", maxLength: 300 })])(
    "a new password is accepted exactly when it has 8 to 256 characters and is a safe text",
    (password) => {
      const length = [...password].length
      const accepted = rejectedPaths(codec(NewPassword), password) === "accepted"
      expect(accepted).toBe(length >= minNewPasswordLength && length <= maxNewPasswordLength && Schema.is(SafeString)(password))
    }
  )

  it("the request refuses a malformed e-mail, naming it", () => {
    expect(rejectedPaths(codec(RecoveryRequestPayload), { email: "not an e-mail" })).toEqual(["email"])
    expect(rejectedPaths(codec(RecoveryRequestPayload), { email: "jan@example.cz", returnPath: "/kosik" })).toBe("accepted")
  })

  test.prop([fc.base64String({ minLength: 1 }), fc.option(fc.webPath().filter(isSafeRedirectTarget), { nil: undefined })])(
    "a link opens the shop's recovery page with the token and the return path",
    (token, returnPath) => {
      const url = new URL(recoveryLinkPath("/zapomenute-heslo", token, returnPath), "http://shop.test")
      expect(url.pathname).toBe("/zapomenute-heslo")
      expect(url.searchParams.get("token")).toBe(token)
      expect(url.searchParams.get("return")).toBe(returnPath ?? null)
    }
  )
})

const petArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() === s && s.length > 0),
  species: fc.constantFrom(...petSpecies),
  sex: fc.constantFrom(...petSexes),
  neutered: fc.boolean()
})

describe("pet form contract", () => {
  it("list, add and remove under /api/account/pets; changes are CSRF-protected; guests get 401", () => {
    expect(routesOf(PetFormGroup)).toEqual([
      ["add", "POST", "/api/account/pets"],
      ["list", "GET", "/api/account/pets"],
      ["remove", "DELETE", "/api/account/pets/:petId"]
    ])
    expect(csrfProtectedOf(PetFormGroup)).toEqual(["add", "remove"])
    expect(undescribedOf(PetFormGroup, ApiDoc.Description)).toEqual([])
    expect(errorStatusesOf(PetFormGroup, "add")).toEqual([401, 422])
  })

  test.prop([petArb])("a pet with the required fields is accepted", (pet) => {
    expect(rejectedPaths(codec(PetInput), pet)).toBe("accepted")
  })

  test.prop([petArb, fc.oneof(fc.constant(""), fc.constant(" Rex"), fc.string({ minLength: 61, maxLength: 80 }))])(
    "a blank, untrimmed or too long name is refused, naming it",
    (pet, name) => {
      expect(rejectedPaths(codec(PetInput), { ...pet, name })).toEqual(["name"])
    }
  )

  test.prop([petArb, fc.oneof(fc.constant(0), fc.constant(-1), fc.constant(150.5), fc.constant(Number.NaN))])(
    "a weight outside (0, 150] kg is refused, naming it",
    (pet, weightKg) => {
      expect(rejectedPaths(codec(PetInput), { ...pet, weightKg })).toEqual(["weightKg"])
    }
  )

  test.prop([petArb, fc.constantFrom("2024-02-30", "2023-13-01", "1.1.2020", "2020-1-1", "")])(
    "a birth date that is not a calendar day is refused, naming it",
    (pet, birthDate) => {
      expect(rejectedPaths(codec(PetInput), { ...pet, birthDate })).toEqual(["birthDate"])
    }
  )

  test.prop([petArb, fc.string().filter((s) => !(petSpecies as ReadonlyArray<string>).includes(s))])(
    "an unknown species is refused, naming it",
    (pet, species) => {
      expect(rejectedPaths(codec(PetInput), { ...pet, species })).toEqual(["species"])
    }
  )

  test.prop([fc.date({ min: new Date("1950-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }), fc.integer({ min: -40000, max: 40000 })])(
    "a birth date is refused when after today or more than 50 years back",
    (todayDate, offsetDays) => {
      const today = todayDate.toISOString().slice(0, 10)
      const birth = new Date(todayDate.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10)
      const limit = `${Number(today.slice(0, 4)) - maxPetAgeYears}${today.slice(4)}`
      const expected = birth > today ? "future" : birth < limit ? "tooOld" : undefined
      expect(birthDateProblem(birth, today)).toBe(expected)
    }
  )
})
