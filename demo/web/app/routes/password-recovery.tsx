/**
 * Password recovery (§2 named URL `passwordRecovery`, §8 where a locked login sends the shopper): without a token
 * the shopper asks for a link by e-mail; the link's `token` opens the form for the new password, which logs the
 * customer in and goes to the link's same-origin return path (or `return` / `redirectUrl` of this page, or the
 * account). Works without JavaScript (forms post to this route's action).
 */
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import { RecoveryTokenInvalid } from "../../../../core/api/passwordRecovery.ts"
import {
  maxNewPasswordLength,
  minNewPasswordLength,
  newPasswordProblem,
  recoveryTokenParameter
} from "../../../../core/domain/passwordRecovery.ts"
import { isEmail } from "../../../../core/domain/contact.ts"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../../react/components/forms/TextField.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { loginRedirectTarget, loginReturnTarget } from "../../../../core/domain/redirect.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

/** The return path of a recovery page URL: `return`, else `redirectUrl`, same-origin only. */
const returnOf = (url: URL): string | undefined => {
  const target = loginReturnTarget(url.search, "")
  return target === "" ? undefined : target
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const url = new URL(request.url)
  if (pagePathOf(request) !== shop.urlKeys.passwordRecovery) throw data(null, { status: 404 })
  const { caller, session } = await pageSession(request, context, shop)
  const token = url.searchParams.get(recoveryTokenParameter) ?? undefined
  return data({ csrfToken: session.csrfToken, token }, { headers: cookieHeaders(caller) })
}

type ActionResult =
  | { readonly sent: true }
  | { readonly error: "invalidEmail" | "linkInvalid" | "mismatch" | "tooShort" | "tooLong" | "failed"; readonly email?: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const url = new URL(request.url)
  const { form, caller } = await checkedForm(request, context, shop)
  const answer = (result: ActionResult) => data(result, { headers: cookieHeaders(caller) })
  if (field(form, "intent") === "reset") {
    const password = field(form, "password")
    const problem = newPasswordProblem(password)
    if (problem !== undefined) return answer({ error: problem })
    if (password !== field(form, "passwordAgain")) return answer({ error: "mismatch" })
    const outcome = await caller.call((client) =>
      client.passwordRecovery.reset({ payload: { token: field(form, recoveryTokenParameter).trim(), password } })
    ).then((success) => ({ success }), (error: unknown) => ({ error }))
    if ("error" in outcome) return answer({ error: outcome.error instanceof RecoveryTokenInvalid ? "linkInvalid" : "failed" })
    const target = loginRedirectTarget({ redirectUrl: outcome.success.redirectUrl, search: url.search, fallback: shop.urlKeys.clientMyAccount })
    throw redirect(target, { headers: cookieHeaders(caller) })
  }
  const email = field(form, "email").trim()
  if (!isEmail(email)) return answer({ error: "invalidEmail", email })
  const returnPath = returnOf(url)
  const sent = await caller.call((client) =>
    client.passwordRecovery.request({ payload: { email, ...(returnPath === undefined ? {} : { returnPath }) } })
  ).then(() => true, () => false)
  return answer(sent ? { sent: true } : { error: "failed", email })
}

/** The link's token must not leak to other sites through the Referer header (same-origin posts keep their Origin). */
export function headers() {
  return { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" }
}

export function meta() {
  return [{ title: "Password recovery | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function PasswordRecovery() {
  const { csrfToken, token } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ActionResult | undefined
  const busy = useNavigation().state === "submitting"
  const { t } = useShopText()
  const error = result !== undefined && "error" in result ? result.error : undefined
  const errorText = {
    invalidEmail: t("frm_invalid-email"),
    linkInvalid: t("pg_recovery_link_invalid"),
    mismatch: t("pg_password_mismatch"),
    tooShort: t("pg_password_too_short", { min: minNewPasswordLength }),
    tooLong: t("pg_password_too_long", { max: maxNewPasswordLength }),
    failed: t("pg_failed")
  }
  if (token !== undefined && error !== "linkInvalid") {
    const passwordError = error === "tooShort" || error === "tooLong" ? errorText[error] : undefined
    return (
      <section className="narrow">
        <h1>{t("pg_recovery_new_title")}</h1>
        {error === "failed" ? <FormNotice tone="error">{errorText.failed}</FormNotice> : null}
        <Form method="post" className="stack-form">
          <input type="hidden" name={csrfField} value={csrfToken} />
          <input type="hidden" name={recoveryTokenParameter} value={token} />
          <input type="hidden" name="intent" value="reset" />
          <TextField
            label={t("pg_new_password")}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minNewPasswordLength}
            maxLength={maxNewPasswordLength}
            hint={t("pg_password_hint", { min: minNewPasswordLength })}
            error={passwordError}
          />
          <TextField
            label={t("pg_new_password_again")}
            name="passwordAgain"
            type="password"
            autoComplete="new-password"
            required
            error={error === "mismatch" ? errorText.mismatch : undefined}
          />
          <button type="submit" className="button primary" disabled={busy}>{t("pg_recovery_save")}</button>
        </Form>
      </section>
    )
  }
  const sent = result !== undefined && "sent" in result
  return (
    <section className="narrow">
      <h1>{t("pg_recovery_title")}</h1>
      {error === "linkInvalid" ? <FormNotice tone="error">{errorText.linkInvalid}</FormNotice> : null}
      {error === "failed" ? <FormNotice tone="error">{errorText.failed}</FormNotice> : null}
      {sent ? <FormNotice tone="success">{t("pg_recovery_sent")}</FormNotice> : null}
      <p>{t("pg_recovery_intro")}</p>
      <Form method="post" className="stack-form">
        <input type="hidden" name={csrfField} value={csrfToken} />
        <input type="hidden" name="intent" value="request" />
        <TextField
          label={t("sf_email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result !== undefined && "email" in result ? result.email : ""}
          error={error === "invalidEmail" ? errorText.invalidEmail : undefined}
        />
        <button type="submit" className="button primary" disabled={busy}>{token === undefined ? t("pg_recovery_send") : t("pg_recovery_ask_again")}</button>
      </Form>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
