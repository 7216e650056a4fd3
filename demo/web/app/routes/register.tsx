/**
 * Registration (§5): e-mail, password, name; a refusal shows the server's messages. Works without JavaScript too:
 * before the page has hydrated the form posts to this route's action, which checks the form with the contract's own
 * Schema, registers through the API (behind the session's CSRF token) and goes to the account like the hydrated form.
 */
import { useState } from "react"
import { Schema } from "effect"
import {
  data,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs
} from "react-router"
import { RegistrationPayload } from "../../../../core/api/account.ts"
import { interpretAuthResponse } from "../../../../core/domain/auth.ts"
import { Account } from "../../../../core/services/Account.ts"
import { registrationResponseOf } from "../../../../core/services/authRefusals.ts"
import { useRun } from "../../../../react/storefront/hooks.ts"
import { cookieHeaders } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

/** The fields of the form, in order. */
const fields = ["email", "password", "firstname", "lastname"] as const

/** What a refused post answers: the messages to show (none: the form is incomplete) and what was typed but the password. */
type ActionResult = {
  readonly messages: ReadonlyArray<string>
  readonly typed: { readonly email: string; readonly firstname: string; readonly lastname: string }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys.register) throw data(null, { status: 404 })
  const { caller, session } = await pageSession(request, context, shop)
  return data({ csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

const decodeRegistration = Schema.decodeUnknownResult(RegistrationPayload)

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const { form, caller } = await checkedForm(request, context, shop)
  const headers = cookieHeaders(caller)
  const values = Object.fromEntries(fields.map((name) => [name, field(form, name)])) as Record<(typeof fields)[number], string>
  const typed = { email: values.email, firstname: values.firstname, lastname: values.lastname }
  const checked = decodeRegistration(values)
  if (checked._tag === "Failure") return data<ActionResult>({ messages: [], typed }, { headers })
  const outcome = await caller.call((client) => client.account.register({ payload: checked.success })).then(
    () => undefined,
    (error: unknown) => error
  )
  if (outcome === undefined) throw redirect(shop.urlKeys.clientMyAccount, { headers: cookieHeaders(caller) })
  const verdict = interpretAuthResponse(registrationResponseOf(outcome))
  return data<ActionResult>({ messages: verdict._tag === "Failure" ? verdict.flashes.map((flash) => flash.message) : [], typed }, { headers })
}

/** The page carries the session's csrf token: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "no-store" }
}

export function meta() {
  return [{ title: "Register | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Register() {
  const { csrfToken } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as ActionResult | undefined
  const run = useRun()
  const { t, text, shop } = useShopText()
  const [form, setForm] = useState({ password: "", ...(refused?.typed ?? { email: "", firstname: "", lastname: "" }) })
  const refusal = refused === undefined
    ? undefined
    : refused.messages.length === 0 ? t("frm_required-fields") : refused.messages.map((message) => text(message)).join(" ")
  const [error, setError] = useState<string | undefined>(refusal)
  const [busy, setBusy] = useState(false)
  const input = (name: (typeof fields)[number], label: string, type = "text", autoComplete = "off") => (
    <p className="field">
      <label htmlFor={`reg-${name}`}>{label}</label>
      <input id={`reg-${name}`} name={name} type={type} autoComplete={autoComplete} required value={form[name]}
        minLength={name === "password" ? 8 : undefined} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} />
    </p>
  )
  return (
    <section className="narrow">
      <h1>{t("sf_register")}</h1>
      <form method="post" onSubmit={(e) => {
        e.preventDefault()
        setBusy(true)
        setError(undefined)
        void run(Account.use((a) => a.register(form)))
          .then(() => window.location.assign(shop.urlKeys.clientMyAccount))
          .catch((failure: { flashes?: ReadonlyArray<{ message: string }> }) =>
            setError((failure.flashes ?? []).map((f) => text(f.message)).join(" ") || t("unknown_error")))
          .finally(() => setBusy(false))
      }}>
        <input type="hidden" name={csrfField} value={csrfToken} />
        {input("email", t("sf_email"), "email", "email")}
        {input("password", t("sf_password"), "password", "new-password")}
        {input("firstname", t("sf_first_name"), "text", "given-name")}
        {input("lastname", t("sf_last_name"), "text", "family-name")}
        {error !== undefined && <p role="alert" className="field-error">{error}</p>}
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("sf_register")}</button>
      </form>
      <p><Link to={shop.urlKeys.login}>{t("sf_have_account")}</Link></p>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
