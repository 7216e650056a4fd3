/** Registration (§5): e-mail, password, name; a refusal shows the server's messages. */
import { Link } from "react-router"
import { useState } from "react"
import { Account } from "../../../../core/services/Account.ts"
import { useRun } from "../../../../react/storefront/hooks.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

export function meta() {
  return [{ title: "Register | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Register() {
  const run = useRun()
  const { t, text, shop } = useShopText()
  const [form, setForm] = useState({ email: "", password: "", firstname: "", lastname: "" })
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const field = (name: keyof typeof form, label: string, type = "text", autoComplete = "off") => (
    <p className="field">
      <label htmlFor={`reg-${name}`}>{label}</label>
      <input id={`reg-${name}`} type={type} autoComplete={autoComplete} required value={form[name]}
        minLength={name === "password" ? 8 : undefined} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} />
    </p>
  )
  return (
    <section className="narrow">
      <h1>{t("sf_register")}</h1>
      <form onSubmit={(e) => {
        e.preventDefault()
        setBusy(true)
        setError(undefined)
        void run(Account.use((a) => a.register(form)))
          .then(() => window.location.assign(shop.urlKeys.clientMyAccount))
          .catch((failure: { flashes?: ReadonlyArray<{ message: string }> }) =>
            setError((failure.flashes ?? []).map((f) => text(f.message)).join(" ") || t("unknown_error")))
          .finally(() => setBusy(false))
      }}>
        {field("email", t("sf_email"), "email", "email")}
        {field("password", t("sf_password"), "password", "new-password")}
        {field("firstname", t("sf_first_name"), "text", "given-name")}
        {field("lastname", t("sf_last_name"), "text", "family-name")}
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
