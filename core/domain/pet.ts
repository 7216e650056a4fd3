/**
 * The pet form (spec §1 "a pet form (details of the pet form: not shown)"; every rule here is ours, recorded in
 * docs/FEATURES.md): a logged-in customer describes their pets so the shop can tailor offers. A pet has a name, a
 * species, and optionally a breed, a birth date, a weight, a sex, whether it is neutered, and a note.
 *
 * @module
 */

/** The species a pet can be (ours). */
export const petSpecies = ["dog", "cat", "smallMammal", "bird", "fish", "reptile", "other"] as const

/** One of {@link petSpecies}. */
export type PetSpecies = (typeof petSpecies)[number]

/** A pet's sex (ours; `unknown` when the owner does not say). */
export const petSexes = ["female", "male", "unknown"] as const

/** One of {@link petSexes}. */
export type PetSex = (typeof petSexes)[number]

/** The most characters of a pet's name. */
export const maxPetNameLength = 60

/** The most characters of a breed. */
export const maxBreedLength = 80

/** The most characters of the note. */
export const maxPetNoteLength = 500

/** The heaviest pet accepted, in kilograms. */
export const maxPetWeightKg = 150

/** The oldest pet accepted, in years (a birth date further back is refused). */
export const maxPetAgeYears = 50

/** The most pets one customer keeps. */
export const maxPetsPerCustomer = 10

/** Why a birth date is refused: in the future or more than {@link maxPetAgeYears} years back. */
export type BirthDateProblem = "future" | "tooOld"

/**
 * Checks a birth date (`YYYY-MM-DD`) against `today` (`YYYY-MM-DD`, the shop's calendar day): not after today, not
 * more than {@link maxPetAgeYears} years before it. `undefined` when acceptable.
 */
export const birthDateProblem = (birthDate: string, today: string): BirthDateProblem | undefined => {
  if (birthDate > today) return "future"
  const year = Number(today.slice(0, 4)) - maxPetAgeYears
  if (birthDate < `${String(year).padStart(4, "0")}${today.slice(4)}`) return "tooOld"
  return undefined
}
