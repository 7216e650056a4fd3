/**
 * The pet form (spec §1, details not shown; ours, recorded in docs/FEATURES.md): a logged-in customer lists, adds
 * and removes their pets. {@link PetInput} is the one Schema the page checks before sending and the server checks on
 * arrival; the birth-date rule that needs today's date is the domain's `birthDateProblem`, run on both sides.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  maxBreedLength,
  maxPetNameLength,
  maxPetNoteLength,
  maxPetWeightKg,
  petSexes,
  petSpecies
} from "../domain/pet.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { LoginRequired, NotFound, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs } from "./policy.ts"
import { PositiveIdFromString } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"

const trimmedText = (max: number, what: string) =>
  Schema.String.check(
    Schema.isTrimmed({ expected: `${what} without leading or trailing whitespace` }),
    Schema.isMaxLength(max, { expected: `${what} of at most ${max} characters` })
  )

/** A calendar day as `YYYY-MM-DD` that exists (no 31 April). */
export const CalendarDay = Schema.String.check(
  Schema.makeFilter((value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  }, { expected: "a calendar day as YYYY-MM-DD" })
)

/** The fields of a pet as the form sends them. */
export const PetInput = Schema.Struct({
  name: trimmedText(maxPetNameLength, "a name").check(Schema.isNonEmpty({ expected: "a name" })),
  species: Schema.Literals(petSpecies),
  breed: Schema.optionalKey(trimmedText(maxBreedLength, "a breed")),
  birthDate: Schema.optionalKey(CalendarDay),
  weightKg: Schema.optionalKey(
    Schema.Finite.check(
      Schema.isGreaterThan(0, { expected: "a weight above 0 kg" }),
      Schema.isLessThanOrEqualTo(maxPetWeightKg, { expected: `a weight of at most ${maxPetWeightKg} kg` })
    )
  ),
  sex: Schema.Literals(petSexes),
  neutered: Schema.Boolean,
  note: Schema.optionalKey(trimmedText(maxPetNoteLength, "a note"))
})

/** Decoded type of {@link PetInput}. */
export type PetInput = typeof PetInput.Type

/** A stored pet: the input's fields with its id. */
export const Pet = Schema.Struct({
  petId: Schema.Int,
  ...PetInput.fields
})

/** Decoded type of {@link Pet}. */
export type Pet = typeof Pet.Type

/** The customer's pets, oldest entry first. */
export const PetList = Schema.Struct({ pets: Schema.Array(Pet) })

/** Decoded type of {@link PetList}. */
export type PetList = typeof PetList.Type

/** The path parameter naming one pet. */
export const PetParams = Schema.Struct({ petId: PositiveIdFromString })

/** Decoded type of {@link PetParams}. */
export type PetParams = typeof PetParams.Type

/**
 * The pet form's calls (ours). Every call needs a logged-in customer (401 `LoginRequired` with the login url);
 * `add` answers 422 naming the field for a birth date in the future or too far back, or when the customer already
 * keeps the most pets; `remove` answers 404 for a pet that is not the customer's.
 */
export class PetFormGroup extends HttpApiGroup.make("pets")
  .add(
    HttpApiEndpoint.get("list", "/api/account/pets", {
      success: PetList,
      error: LoginRequired
    }).annotate(OpenApi.Description, "The logged-in customer's pets (pet form, §1; ours)."),
    HttpApiEndpoint.post("add", "/api/account/pets", {
      payload: PetInput,
      success: Pet,
      error: [LoginRequired, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Adds a pet (pet form, §1; ours). 422 names the refused field."),
    HttpApiEndpoint.delete("remove", "/api/account/pets/:petId", {
      params: PetParams,
      success: StatusResponse,
      error: [LoginRequired, NotFound]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes one of the customer's pets (ours).")
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "The pet form (§1; fields ours).")
{}
