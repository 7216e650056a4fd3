/**
 * The login drawer of the header (§2, §6): the login form with the registration and password-recovery links for a
 * guest; for a logged-in customer their name ("Jan N.") and the account menu with the logout link. The form and the
 * menu load with the first opening.
 *
 * @module
 */
import { lazy } from "react"
import { loginDrawerView } from "../../../core/domain/customer.ts"
import { useCustomer } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { UserIcon } from "../icons.tsx"
import { HeaderDrawer } from "./HeaderDrawer.tsx"

const LoginForm = lazy(() => import("./LoginForm.tsx").then((module) => ({ default: module.LoginForm })))
const AccountMenu = lazy(() => import("./AccountMenu.tsx").then((module) => ({ default: module.AccountMenu })))

/** Props of {@link LoginDrawer}. */
export interface LoginDrawerProps {
  /** The session's CSRF token as the page was rendered, carried by the account menu's logout link (§6) until the account service knows a newer one. */
  readonly csrfToken?: string
  /** Runs after a login from the drawer (e.g. refresh the page's data). */
  readonly onLoggedIn?: () => void
  /** Extra class of the drawer's host. */
  readonly className?: string
}

/**
 * The header's login or account link and its drawer.
 *
 * @example
 * ```tsx
 * <DrawersProvider>
 *   <LoginDrawer csrfToken={root.csrfToken} onLoggedIn={() => revalidator.revalidate()} />
 * </DrawersProvider>
 * ```
 */
export function LoginDrawer({ csrfToken, onLoggedIn, className }: LoginDrawerProps) {
  const { shop, t } = useShopText()
  const customer = useCustomer()
  const view = loginDrawerView(customer.customer)
  const props = className === undefined ? {} : { className }
  if (view === "loginForm") {
    return (
      <HeaderDrawer drawer="login" to={shop.urlKeys.login} label={t("sf_login")} triggerClassName="login-link" {...props}
        trigger={<><UserIcon /> {t("sf_login")}</>}>
        <LoginForm {...(onLoggedIn === undefined ? {} : { onLoggedIn })} />
      </HeaderDrawer>
    )
  }
  // After a login from this drawer the session is new: its token comes from the account service before the page's
  // data is reloaded.
  const token = customer.csrfToken ?? csrfToken
  const name = customer.displayName === "" ? t("sf_my_account") : customer.displayName
  return (
    <HeaderDrawer drawer="login" to={shop.urlKeys.clientMyAccount} label={t("sf_account_menu")} triggerClassName="account-link" {...props}
      trigger={<><UserIcon /> {name}</>}>
      <AccountMenu {...(token === undefined ? {} : { csrfToken: token })} />
    </HeaderDrawer>
  )
}
