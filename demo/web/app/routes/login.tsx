/** The login page (§2): the login form; after login the `return` path (same origin only) or the account. */
import { data, useSearchParams, type LoaderFunctionArgs } from "react-router"
import { safeRedirectPath } from "../lib/redirect.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { LoginForm } from "../components/LoginForm.tsx"
import { PageError } from "../components/PageError.tsx"
import { pagePathOf } from "../lib/forms.server.ts"

export function loader({ request }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys.login) throw data(null, { status: 404 })
  return null
}

export function meta() {
  return [{ title: "Login | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Login() {
  const { t, shop } = useShopText()
  const [params] = useSearchParams()
  const target = safeRedirectPath(params.get("return") ?? params.get("redirectUrl"), shop.urlKeys.clientMyAccount)
  return (
    <section className="narrow">
      <h1>{t("sf_login")}</h1>
      <LoginForm onLoggedIn={() => window.location.assign(target)} />
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
