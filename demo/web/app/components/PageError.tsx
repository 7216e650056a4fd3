/**
 * A page's error inside the shop's layout: the header, the search and the footer stay, so a shopper who followed a
 * dead link goes on from there. A 404 says the page is not there; any other error is the friendly server-error text.
 */
import { isRouteErrorResponse, Link, useRouteError } from "react-router"
import { useShopText } from "../lib/i18n.ts"

/** The error text of a page: "not found" for a 404, the friendly server-error text otherwise. */
export function PageErrorView({ notFound }: { readonly notFound: boolean }) {
  const { t } = useShopText()
  return (
    <section className="error-page">
      <h1>{notFound ? t("sf_not_found_title") : t("unknown_error")}</h1>
      {notFound && <p>{t("sf_not_found_text")}</p>}
      <p><Link to="/" className="button primary">{t("sf_back_to_shop")}</Link></p>
    </section>
  )
}

/** A route's `ErrorBoundary`: the error its loader or view threw, shown by {@link PageErrorView}. */
export function PageError() {
  const error = useRouteError()
  return <PageErrorView notFound={isRouteErrorResponse(error) && error.status === 404} />
}
