/**
 * The login page (§2): the login form; after login the `return` path (same origin only) or the account. Works without
 * JavaScript too: before the page has hydrated the form posts to this route's action, which logs in through the API
 * with the same rules (§5 required fields, §8 failures: a locked account goes to its same-origin redirect, any other
 * refusal shows the server's title) and redirects like the hydrated form.
 */
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs
} from "react-router"
import {
  interpretAuthResponse,
  loginFailureAction,
  loginFormFlashes,
  loginPayload,
  validateLoginForm,
  type LoginField
} from "../../../../core/domain/auth.ts"
import { loginRefusalOf } from "../../../../core/services/authRefusals.ts"
import { loginRedirectTarget, loginReturnTarget } from "../../../../core/domain/redirect.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { LoginForm } from "../components/LoginForm.tsx"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys.login) throw data(null, { status: 404 })
  const { caller, session } = await pageSession(request, context, shop)
  return data({ csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

/** What a refused post answers: the missing fields (§5), or the server's title and messages (§8), and the e-mail typed. */
type ActionResult =
  | { readonly missing: ReadonlyArray<LoginField>; readonly email: string }
  | { readonly title: string; readonly messages: ReadonlyArray<string>; readonly email: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const url = new URL(request.url)
  const { form, caller } = await checkedForm(request, context, shop)
  const headers = cookieHeaders(caller)
  const login = { email: field(form, "email"), password: field(form, "password") }
  const missing = validateLoginForm(login)
  if (missing.length > 0) return data<ActionResult>({ missing, email: login.email }, { headers })
  const outcome = await caller.call((client) => client.account.login({ payload: loginPayload(login) })).then(
    (success) => ({ success }),
    (error: unknown) => ({ error })
  )
  if ("success" in outcome) {
    const target = loginRedirectTarget({ redirectUrl: outcome.success.redirectUrl, search: url.search, fallback: shop.urlKeys.clientMyAccount })
    throw redirect(target, { headers: cookieHeaders(caller) })
  }
  const { failure, response } = loginRefusalOf(outcome.error)
  const reaction = loginFailureAction(failure, shop)
  if (reaction._tag === "Redirect") throw redirect(reaction.url, { headers: cookieHeaders(caller) })
  const verdict = interpretAuthResponse(response)
  const messages = loginFormFlashes(verdict._tag === "Failure" ? verdict.flashes : [], reaction.title).map((flash) => flash.message)
  return data<ActionResult>({ title: reaction.title, messages, email: login.email }, { headers })
}

/** The page carries the session's csrf token: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "no-store" }
}

export function meta() {
  return [{ title: "Login | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Login() {
  const { csrfToken } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as ActionResult | undefined
  const { t, text, shop } = useShopText()
  const [params] = useSearchParams()
  const target = loginReturnTarget(params.toString(), shop.urlKeys.clientMyAccount)
  return (
    <section className="narrow">
      <h1>{t("sf_login")}</h1>
      {refused !== undefined && (
        <FormNotice tone="error">
          {"missing" in refused ? t("frm_required-fields") : [refused.title, ...refused.messages].map((message) => text(message)).join(" ")}
        </FormNotice>
      )}
      <LoginForm
        onLoggedIn={() => window.location.assign(target)}
        post={{ fields: { [csrfField]: csrfToken }, ...(refused === undefined ? {} : { email: refused.email }) }}
      />
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
