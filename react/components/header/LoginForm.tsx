/**
 * The login form (§5: e-mail and password required, the response's messages as form flashes; §8: after a failed login
 * the server's title shows in red above the form for its 5 s, then nothing of it stays) with the registration and
 * password-recovery links (§2, §6).
 *
 * @module
 */
import { useEffect, useId, useState } from "react"
import { loginFormFlashes } from "../../../core/domain/auth.ts"
import { guestLinks } from "../../../core/domain/customer.ts"
import { useCustomer } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/**
 * How a server-rendered login form posts before the page has hydrated (a slow phone, a click before the scripts ran):
 * to the page's own action, with the hidden fields it asks for (a CSRF token). Once hydrated, the form logs in through
 * the services as always.
 */
export interface LoginFormPost {
  /** The URL the form posts to; default the page itself. */
  readonly action?: string
  /** Hidden fields sent with the e-mail and the password. */
  readonly fields: Readonly<Record<string, string>>
  /** The e-mail to start with (the one a refused post typed). */
  readonly email?: string
}

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Runs after a successful login (navigate, refresh the page's data...). */
  readonly onLoggedIn?: () => void
  /** The path to return to after login (`?return=`, same origin only, §2); default the page's own query. */
  readonly returnTo?: string
  /** Extra class. */
  readonly className?: string
  /**
   * Lets the form post without JavaScript (`email` and `password` fields, plus `post.fields`). Without it the fields have
   * no names, so a submit before hydration sends nothing anywhere.
   */
  readonly post?: LoginFormPost
}

/**
 * The login form of the login drawer and the login page, with the failure's title above it (an alert region that is
 * always there, so the title is announced when it appears).
 *
 * @example
 * ```tsx
 * <LoginForm onLoggedIn={() => navigate("/account")} />
 * ```
 */
export function LoginForm({ onLoggedIn, returnTo, className, post }: LoginFormProps) {
  const customer = useCustomer()
  const { t, shop, text } = useShopText()
  const Link = useLink()
  const id = useId()
  const [email, setEmail] = useState(post?.email ?? "")
  const [password, setPassword] = useState("")
  // The title of the last failure, kept after its 5 s so that its repeat among the form flashes stays hidden.
  const [failureTitle, setFailureTitle] = useState<string | undefined>(undefined)
  const title = customer.loginTitle
  useEffect(() => {
    if (title !== undefined) setFailureTitle(title)
  }, [title])
  const flashes = loginFormFlashes(customer.loginError, title ?? failureTitle)
  const labels = { register: t("login_register"), passwordRecovery: t("login_password_recovery") } as const
  return (
    <div className={["login-form-host", className].filter(Boolean).join(" ")}>
      <div role="alert" className="login-title">{title !== undefined && <p className="field-error">{text(title)}</p>}</div>
      <form className="login-form" noValidate method={post === undefined ? undefined : "post"} action={post?.action} onSubmit={(e) => {
        e.preventDefault()
        setFailureTitle(undefined)
        const search = returnTo === undefined ? window.location.search : `?return=${encodeURIComponent(returnTo)}`
        customer.login({ email, password }, { search }).then(() => onLoggedIn?.(), () => undefined)
      }}>
        {post !== undefined && Object.entries(post.fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        {customer.missingFields.length > 0 && <p role="alert" className="field-error">{t("frm_required-fields")}</p>}
        {flashes.length > 0 && <p role="alert" className="field-error">{flashes.map((flash) => text(flash.message)).join(" ")}</p>}
        <p className="field">
          <label htmlFor={`${id}-email`}>{t("sf_email")}</label>
          <input id={`${id}-email`} name={post === undefined ? undefined : "email"} type="email" autoComplete="username" required value={email}
            aria-invalid={customer.missingFields.includes("email")} onChange={(e) => setEmail(e.currentTarget.value)} />
        </p>
        <p className="field">
          <label htmlFor={`${id}-password`}>{t("sf_password")}</label>
          <input id={`${id}-password`} name={post === undefined ? undefined : "password"} type="password" autoComplete="current-password" required value={password}
            aria-invalid={customer.missingFields.includes("password")} onChange={(e) => setPassword(e.currentTarget.value)} />
        </p>
        <button type="submit" className="button primary" disabled={customer.busy} aria-busy={customer.busy}>{t("sf_login")}</button>
        <p className="hint">
          {guestLinks(shop).map((link) => <Link key={link.key} to={link.href}>{labels[link.key]}</Link>)}
        </p>
      </form>
    </div>
  )
}
