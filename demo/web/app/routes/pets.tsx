/**
 * The pet form (§1; its fields are ours, recorded in docs/FEATURES.md): the logged-in customer's pets and a form to
 * add one, checked by the same `PetInput` Schema and birth-date rule the server applies. Works without JavaScript.
 */
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import { checkPet, petCandidate, type PetCheck, type PetField } from "../../../../core/api/petForm.ts"
import { maxPetNameLength, maxPetNoteLength, maxPetsPerCustomer, maxPetWeightKg, maxBreedLength, petSexes, petSpecies } from "../../../../core/domain/pet.ts"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import type { Shop } from "../../../../core/domain/shop.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../../react/components/forms/TextField.tsx"
import { cookieHeaders, hasSessionCookie } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

const loginRedirect = (shop: Shop, request: Request) =>
  redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(pagePathOf(request))}`)

const today = (): string => new Date().toISOString().slice(0, 10)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shopPagesOf(shop.shopId).petForm) throw data(null, { status: 404 })
  if (!hasSessionCookie(request)) throw loginRedirect(shop, request)
  const { caller, session } = await pageSession(request, context, shop)
  const list = await caller.call((client) => client.pets.list()).catch(() => undefined)
  if (list === undefined) throw loginRedirect(shop, request)
  return data({ csrfToken: session.csrfToken, pets: list.pets, today: today() }, { headers: cookieHeaders(caller) })
}

type PetResult =
  | { readonly added: string }
  | { readonly removed: true }
  | { readonly invalid: Extract<PetCheck, { _tag: "Invalid" }>["fields"]; readonly values: Readonly<Record<string, string>> }
  | { readonly error: "tooMany" | "failed"; readonly values?: Readonly<Record<string, string>> }

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const { form, caller } = await checkedForm(request, context, shop)
  const answer = (result: PetResult) => data(result, { headers: cookieHeaders(caller) })
  if (field(form, "intent") === "remove") {
    const petId = Number(field(form, "petId"))
    const removed = await caller.call((client) => client.pets.remove({ params: { petId } })).then(() => true, () => false)
    return answer(removed ? { removed: true } : { error: "failed" })
  }
  const read = (name: PetField) => field(form, name)
  const values = Object.fromEntries(["name", "species", "breed", "birthDate", "weightKg", "sex", "neutered", "note"].map((name) => [name, field(form, name)]))
  const checked = checkPet(petCandidate(read), today())
  if (checked._tag === "Invalid") return answer({ invalid: checked.fields, values })
  const outcome = await caller.call((client) => client.pets.add({ payload: checked.pet }))
    .then((pet) => ({ pet }), (error: unknown) => ({ error }))
  if ("pet" in outcome) return answer({ added: outcome.pet.name })
  const tag = typeof outcome.error === "object" && outcome.error !== null && "_tag" in outcome.error ? outcome.error._tag : ""
  if (tag === "LoginRequired") throw loginRedirect(shop, request)
  const refused = tag === "Unprocessable" ? (outcome.error as { readonly field?: string }).field : undefined
  if (refused === "birthDate") return answer({ invalid: { birthDate: "future" }, values })
  return answer({ error: tag === "Unprocessable" ? "tooMany" : "failed", values })
}

export function meta() {
  return [{ title: "My pets | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Pets() {
  const { csrfToken, pets, today: day } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as PetResult | undefined
  const busy = useNavigation().state === "submitting"
  const { t } = useShopText()
  const invalid = result !== undefined && "invalid" in result ? result.invalid : {}
  const kept = result !== undefined && "values" in result && result.values !== undefined ? result.values : {}
  const errorOf = (name: PetField): string | undefined => {
    const problem = invalid[name]
    if (problem === undefined) return undefined
    if (name === "birthDate") return problem === "tooOld" ? t("pg_pet_birth_too_old") : problem === "future" ? t("pg_pet_birth_future") : t("frm_required")
    if (name === "weightKg") return t("pg_pet_weight_invalid", { max: maxPetWeightKg })
    if (name === "name") return t("pg_pet_name_invalid", { max: maxPetNameLength })
    return t("frm_required")
  }
  return (
    <section className="pets-page">
      <h1>{t("pg_pets_title")}</h1>
      <p>{t("pg_pets_intro")}</p>
      {result !== undefined && "added" in result ? <FormNotice tone="success">{t("pg_pet_added", { name: result.added })}</FormNotice> : null}
      {result !== undefined && "removed" in result ? <FormNotice tone="success">{t("pg_pet_removed")}</FormNotice> : null}
      {result !== undefined && "error" in result
        ? <FormNotice tone="error">{result.error === "tooMany" ? t("pg_pet_too_many", { max: maxPetsPerCustomer }) : t("pg_failed")}</FormNotice>
        : null}
      {pets.length === 0 ? <p>{t("pg_pets_empty")}</p> : (
        <ul className="pet-list">
          {pets.map((pet) => (
            <li key={pet.petId} className="pet-card">
              <h2>{pet.name}</h2>
              <dl>
                <dt>{t("pg_pet_species")}</dt><dd>{t(`pg_pet_species_${pet.species}`)}</dd>
                {pet.breed === undefined ? null : <><dt>{t("pg_pet_breed")}</dt><dd>{pet.breed}</dd></>}
                {pet.birthDate === undefined ? null : <><dt>{t("pg_pet_birth_date")}</dt><dd>{pet.birthDate}</dd></>}
                {pet.weightKg === undefined ? null : <><dt>{t("pg_pet_weight")}</dt><dd>{pet.weightKg}</dd></>}
                <dt>{t("pg_pet_sex")}</dt><dd>{t(`pg_pet_sex_${pet.sex}`)}</dd>
                <dt>{t("pg_pet_neutered")}</dt><dd>{pet.neutered ? t("pg_pet_yes") : t("pg_pet_no")}</dd>
                {pet.note === undefined ? null : <><dt>{t("pg_pet_note")}</dt><dd>{pet.note}</dd></>}
              </dl>
              <Form method="post">
                <input type="hidden" name={csrfField} value={csrfToken} />
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="petId" value={pet.petId} />
                <button type="submit" className="button button--secondary" disabled={busy}>{t("pg_pet_remove", { name: pet.name })}</button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2>{t("pg_pet_new")}</h2>
      <Form method="post" className="stack-form pet-form" key={result !== undefined && "added" in result ? `added-${pets.length}` : "form"}>
        <p className="form-hint">{t("frm_required-fields")}</p>
        <input type="hidden" name={csrfField} value={csrfToken} />
        <input type="hidden" name="intent" value="add" />
        <TextField label={t("pg_pet_name")} name="name" required maxLength={maxPetNameLength} defaultValue={kept["name"] ?? ""} error={errorOf("name")} />
        <div className="form-field">
          <label htmlFor="pet-species">{t("pg_pet_species")}<span aria-hidden="true"> *</span></label>
          <select id="pet-species" name="species" required defaultValue={kept["species"] ?? "dog"}>
            {petSpecies.map((species) => <option key={species} value={species}>{t(`pg_pet_species_${species}`)}</option>)}
          </select>
        </div>
        <TextField label={t("pg_pet_breed")} name="breed" maxLength={maxBreedLength} defaultValue={kept["breed"] ?? ""} hint={t("pg_optional")} error={errorOf("breed")} />
        <div className="form-row">
          <TextField label={t("pg_pet_birth_date")} name="birthDate" type="date" max={day} defaultValue={kept["birthDate"] ?? ""} hint={t("pg_optional")} error={errorOf("birthDate")} />
          <TextField label={t("pg_pet_weight")} name="weightKg" type="number" inputMode="decimal" min="0.01" max={maxPetWeightKg} step="0.01" defaultValue={kept["weightKg"] ?? ""} hint={t("pg_optional")} error={errorOf("weightKg")} />
        </div>
        <fieldset className="form-field radio-group">
          <legend>{t("pg_pet_sex")}</legend>
          {petSexes.map((sex) => (
            <label key={sex} className="radio">
              <input type="radio" name="sex" value={sex} defaultChecked={(kept["sex"] || "unknown") === sex} /> {t(`pg_pet_sex_${sex}`)}
            </label>
          ))}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name="neutered" defaultChecked={kept["neutered"] === "on"} /> {t("pg_pet_neutered")}
        </label>
        <TextField label={t("pg_pet_note")} name="note" multiline rows={3} maxLength={maxPetNoteLength} defaultValue={kept["note"] ?? ""} hint={t("pg_optional")} error={errorOf("note")} />
        <button type="submit" className="button primary" disabled={busy}>{t("pg_pet_add")}</button>
      </Form>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
