/**
 * The pet form's group (spec §1, details ours; docs/FEATURES.md): the logged-in customer's pets, checked with the
 * contract's `PetInput` (already decoded) and the domain's birth-date rule against the server's calendar day.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { NotFound, Unprocessable } from "../../../core/api/errors.ts"
import type { Pet, PetInput } from "../../../core/api/petForm.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { birthDateProblem, maxPetsPerCustomer, type PetSex, type PetSpecies } from "../../../core/domain/pet.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer } from "../domain/account/customer.ts"

interface PetRow {
  readonly pet_id: number
  readonly name: string
  readonly species: string
  readonly breed: string | null
  readonly birth_date: string | Date | null
  readonly weight_kg: string | null
  readonly sex: string
  readonly neutered: boolean
  readonly note: string | null
}

const dayOf = (value: string | Date): string => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10))

/** A stored pet as the contract answers it. */
export const petView = (row: PetRow): Pet => ({
  petId: row.pet_id,
  name: row.name,
  species: row.species as PetSpecies,
  sex: row.sex as PetSex,
  neutered: row.neutered,
  ...(row.breed === null ? {} : { breed: row.breed }),
  ...(row.birth_date === null ? {} : { birthDate: dayOf(row.birth_date) }),
  ...(row.weight_kg === null ? {} : { weightKg: Number(row.weight_kg) }),
  ...(row.note === null ? {} : { note: row.note })
})

/** The texts of refusals (the demo server's locale is en-US). */
export const petTexts = {
  future: "The birth date is in the future.",
  tooOld: "The birth date is too far back.",
  tooMany: `At most ${maxPetsPerCustomer} pets can be kept.`,
  notFound: "No such pet."
} as const

const today = (): string => new Date().toISOString().slice(0, 10)

/** The pet form's handlers: list, add (422 naming `birthDate`, or the count), remove (404 when not the customer's). */
export const PetFormHandlers = HttpApiBuilder.group(
  ShopApi,
  "pets",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    return handlers
      .handle("list", () =>
        run(Effect.gen(function*() {
          const customer = yield* requireCustomer(yield* Session)
          const rows = yield* sql<PetRow>`
            SELECT pet_id, name, species, breed, birth_date::text AS birth_date, weight_kg::text AS weight_kg, sex,
                   neutered, note
            FROM pets WHERE customer_id = ${customer.customerId} ORDER BY pet_id`
          return { pets: rows.map(petView) }
        })))
      .handle("add", ({ payload }: { readonly payload: PetInput }) =>
        run(Effect.gen(function*() {
          const customer = yield* requireCustomer(yield* Session)
          if (payload.birthDate !== undefined) {
            const problem = birthDateProblem(payload.birthDate, today())
            if (problem !== undefined) return yield* new Unprocessable({ message: petTexts[problem], field: "birthDate" })
          }
          return yield* sql.withTransaction(Effect.gen(function*() {
            const count = yield* sql<{ n: number }>`
              SELECT count(*)::int AS n FROM pets WHERE customer_id = ${customer.customerId}`
            if ((count[0]?.n ?? 0) >= maxPetsPerCustomer) return yield* new Unprocessable({ message: petTexts.tooMany })
            const rows = yield* sql<PetRow>`
              INSERT INTO pets (customer_id, name, species, breed, birth_date, weight_kg, sex, neutered, note)
              VALUES (${customer.customerId}, ${payload.name}, ${payload.species}, ${payload.breed ?? null},
                      ${payload.birthDate ?? null}::date, ${payload.weightKg === undefined ? null : String(payload.weightKg)}::numeric,
                      ${payload.sex}, ${payload.neutered}, ${payload.note ?? null})
              RETURNING pet_id, name, species, breed, birth_date::text AS birth_date, weight_kg::text AS weight_kg, sex,
                        neutered, note`
            return petView(rows[0]!)
          }))
        })))
      .handle("remove", ({ params }) =>
        run(Effect.gen(function*() {
          const customer = yield* requireCustomer(yield* Session)
          const rows = yield* sql<{ pet_id: number }>`
            DELETE FROM pets WHERE pet_id = ${params.petId} AND customer_id = ${customer.customerId} RETURNING pet_id`
          if (rows.length === 0) return yield* new NotFound({ message: petTexts.notFound })
          return { status: okStatus }
        })))
  })
)
