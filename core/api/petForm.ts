/**
 * The pet form (spec §1, details not shown; ours, recorded in docs/FEATURES.md): a logged-in customer lists, adds
 * and removes their pets. {@link PetInput} is the one Schema the page checks before sending and the server checks on
 * arrival; the birth-date rule that needs today's date is the domain's `birthDateProblem`, run on both sides.
 *
 * @module
 */
import { Schema, SchemaIssue } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  birthDateProblem,
  maxBreedLength,
  maxPetNameLength,
  maxPetNoteLength,
  maxPetWeightKg,
  petSexes,
  petSpecies
} from "../domain/pet.ts"
import { StatusResponse } from "./entities/envelope.ts"
import { SafeString } from "./entities/text.ts"
import { LoginRequired, NotFound, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs } from "./policy.ts"
import { PositiveIdFromString } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"

const trimmedText = (max: number, what: string) =>
  SafeString.check(
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

const PetInputFields = {
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
}

/** The schema type of {@link PetInput}, named so that declarations refer to it instead of spelling it out. */
export interface PetInputStruct extends Schema.Struct<typeof PetInputFields> {}

/** The fields of a pet as the form sends them. */
export const PetInput: PetInputStruct = Schema.Struct(PetInputFields)

/** Decoded type of {@link PetInput}. */
export type PetInput = typeof PetInput.Type

const PetFields = {
  petId: Schema.Int,
  ...PetInput.fields
}

/** The schema type of {@link Pet}, named so that declarations refer to it instead of spelling it out. */
export interface PetStruct extends Schema.Struct<typeof PetFields> {}

/** A stored pet: the input's fields with its id. */
export const Pet: PetStruct = Schema.Struct(PetFields)

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

/** The fields of the pet form, in the order the form shows them. */
export const petFields = ["name", "species", "breed", "birthDate", "weightKg", "sex", "neutered", "note"] as const

/** A field of the pet form. */
export type PetField = (typeof petFields)[number]

/**
 * The pet form's values as a {@link PetInput} candidate: texts trimmed, empty optional fields left out, the weight
 * read with a decimal point or comma, `neutered` from a checkbox (`on`) or `true`, the sex `unknown` when not
 * chosen. The candidate still goes through {@link checkPet}.
 */
export const petCandidate = (value: (name: PetField) => string): unknown => {
  const optional = (name: PetField, read: (text: string) => unknown = (text) => text) => {
    const text = value(name).trim()
    return text === "" ? {} : { [name]: read(text) }
  }
  return {
    name: value("name").trim(),
    species: value("species"),
    sex: value("sex") === "" ? "unknown" : value("sex"),
    neutered: value("neutered") === "on" || value("neutered") === "true",
    ...optional("breed"),
    ...optional("birthDate"),
    ...optional("weightKg", (text) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN)),
    ...optional("note")
  }
}

/** The outcome of {@link checkPet}: the pet to send, or the refused fields. */
export type PetCheck =
  | { readonly _tag: "Valid"; readonly pet: PetInput }
  | { readonly _tag: "Invalid"; readonly fields: Partial<Readonly<Record<PetField, "invalid" | "future" | "tooOld">>> }

const decodePet = Schema.decodeUnknownResult(PetInput, { errors: "all" })

/**
 * Checks a candidate with {@link PetInput} and the birth-date rule against `today` (`YYYY-MM-DD`): the page runs it
 * before sending, the server runs the same Schema on arrival and the same rule with its own day.
 */
export const checkPet = (candidate: unknown, today: string): PetCheck => {
  const decoded = decodePet(candidate)
  if (decoded._tag === "Failure") {
    const fields: Partial<Record<PetField, "invalid">> = {}
    for (const issue of SchemaIssue.makeFormatterStandardSchemaV1()(decoded.failure.issue).issues) {
      const name = String(issue.path?.[0] ?? "")
      if ((petFields as ReadonlyArray<string>).includes(name)) fields[name as PetField] = "invalid"
    }
    return { _tag: "Invalid", fields }
  }
  const problem = decoded.success.birthDate === undefined ? undefined : birthDateProblem(decoded.success.birthDate, today)
  return problem === undefined ? { _tag: "Valid", pet: decoded.success } : { _tag: "Invalid", fields: { birthDate: problem } }
}
