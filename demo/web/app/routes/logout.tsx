/**
 * Logout (§6): the logout link carries the session's CSRF token in its query, and the server logs out only when that
 * token is the session's. The loader sends it on and redirects home with the new session cookie; a link without a
 * valid token (another site's, an old bookmark) logs nobody out and asks the shopper to confirm with a button.
 */
import { Form, redirectDocument, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { logoutCsrfParameter } from "../../../../core/api/account.ts"
import { safeRedirectTarget } from "../../../../core/domain/redirect.ts"
import { cookieHeaders, shopCaller } from "../lib/api.server.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { PageError } from "../components/PageError.tsx"

export function meta() {
  return [{ title: "Logout | Storefront" }, { name: "robots", content: "noindex" }]
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get(logoutCsrfParameter)
  if (token === null || token === "") return { refused: false }
  const caller = shopCaller(request, context, preferencesOf(request).shop)
  try {
    // The call policy would answer a refused token by fetching the session's own and sending the call again, so the
    // link's token is compared with the session's here, before any logout is sent.
    const session = await caller.call((client) => client.session.get())
    if (session.customerId === null || session.csrfToken !== token) return { refused: true }
    const result = await caller.call((client) => client.account.logout({ query: { [logoutCsrfParameter]: token } }))
    // A whole new page: the services in the browser start over with the new session.
    return redirectDocument(safeRedirectTarget(result.redirectUrl, "/"), { headers: cookieHeaders(caller) })
  } catch {
    return { refused: true }
  }
}

export default function Logout() {
  const { refused } = useLoaderData<typeof loader>()
  const root = useRootData()
  const { t } = useShopText()
  return (
    <section className="logout">
      <h1>{t("sf_logout")}</h1>
      {refused && <p role="alert">{t("unknown_error")}</p>}
      <Form method="get" reloadDocument>
        <input type="hidden" name={logoutCsrfParameter} value={root.csrfToken} />
        <button type="submit" className="button primary">{t("sf_logout")}</button>
      </Form>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
