/**
 * The login form (§5: e-mail and password required; §8: the server's text shows above the form, a failure without
 * messages shows a generic error) with the registration and password-recovery links (§2, §6).
 *
 * @module
 */
import { useId, useState } from "react"
import { guestLinks } from "../../../core/domain/customer.ts"
import { useCustomer } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Runs after a successful login (navigate, refresh the page's data...). */
  readonly onLoggedIn?: () => void
  /** The path to return to after login (`?return=`, same origin only, §2); default the page's own query. */
  readonly returnTo?: string
  /** Extra class. */
  readonly className?: string
}

/**
 * The login form of the login drawer and the login page.
 *
 * @example
 * ```tsx
 * <LoginForm onLoggedIn={() => navigate("/account")} />
 * ```
 */
export function LoginForm({ onLoggedIn, returnTo, className }: LoginFormProps) {
  const customer = useCustomer()
  const { t, shop, text } = useShopText()
  const Link = useLink()
  const id = useId()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [failed, setFailed] = useState(false)
  const errors = [...(customer.loginTitle === undefined ? [] : [customer.loginTitle]), ...customer.loginError.map((f) => text(f.message))]
  const labels = { register: t("login_register"), passwordRecovery: t("login_password_recovery") } as const
  return (
    <form className={["login-form", className].filter(Boolean).join(" ")} noValidate onSubmit={(e) => {
      e.preventDefault()
      setFailed(false)
      const search = returnTo === undefined ? window.location.search : `?return=${encodeURIComponent(returnTo)}`
      customer.login({ email, password }, { search }).then(() => onLoggedIn?.(), () => setFailed(true))
    }}>
      {(failed || errors.length > 0) && (
        <p role="alert" className="field-error">{errors.join(" ") || t("sf_login_failed")}</p>
      )}
      <p className="field">
        <label htmlFor={`${id}-email`}>{t("sf_email")}</label>
        <input id={`${id}-email`} type="email" autoComplete="username" required value={email}
          aria-invalid={customer.missingFields.includes("email")} onChange={(e) => setEmail(e.currentTarget.value)} />
      </p>
      <p className="field">
        <label htmlFor={`${id}-password`}>{t("sf_password")}</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" required value={password}
          aria-invalid={customer.missingFields.includes("password")} onChange={(e) => setPassword(e.currentTarget.value)} />
      </p>
      <button type="submit" className="button primary" disabled={customer.busy} aria-busy={customer.busy}>{t("sf_login")}</button>
      <p className="hint">
        {guestLinks(shop).map((link) => <Link key={link.key} to={link.href}>{labels[link.key]}</Link>)}
      </p>
    </form>
  )
}
