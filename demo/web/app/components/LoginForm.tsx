/**
 * The login form (§5: e-mail and password required; a failed login shows the server's text for 5 s,
 * §8) with the registration and password-recovery links (§2).
 */
import { Link } from "react-router"
import { useState } from "react"
import { useCustomer } from "../../../../react/storefront/hooks.ts"
import { useShopText } from "../lib/i18n.ts"

/** The login form; `onLoggedIn` runs after a successful login. */
export function LoginForm({ onLoggedIn, returnTo }: { readonly onLoggedIn?: () => void; readonly returnTo?: string }) {
  const customer = useCustomer()
  const { t, shop, text } = useShopText()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [failed, setFailed] = useState(false)
  const errors = [...(customer.loginTitle === undefined ? [] : [customer.loginTitle]), ...customer.loginError.map((f) => text(f.message))]
  return (
    <form className="login-form" noValidate onSubmit={(e) => {
      e.preventDefault()
      setFailed(false)
      void customer.login({ email, password }, { search: returnTo === undefined ? window.location.search : `?return=${encodeURIComponent(returnTo)}` })
        .then(() => onLoggedIn?.(), () => setFailed(true))
    }}>
      <p className="field">
        <label htmlFor="login-email">{t("sf_email")}</label>
        <input id="login-email" type="email" autoComplete="username" required value={email}
          aria-invalid={customer.missingFields.includes("email")} onChange={(e) => setEmail(e.currentTarget.value)} />
      </p>
      <p className="field">
        <label htmlFor="login-password">{t("sf_password")}</label>
        <input id="login-password" type="password" autoComplete="current-password" required value={password}
          aria-invalid={customer.missingFields.includes("password")} onChange={(e) => setPassword(e.currentTarget.value)} />
      </p>
      {(failed || errors.length > 0) && (
        <p role="alert" className="field-error">{errors.join(" ") || t("sf_login_failed")}</p>
      )}
      <button type="submit" className="button primary" disabled={customer.busy} aria-busy={customer.busy}>{t("sf_login")}</button>
      <p className="hint">
        <Link to={shop.urlKeys.register}>{t("sf_register")}</Link>
      </p>
    </form>
  )
}
