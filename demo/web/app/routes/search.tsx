/** Search results (and suggestions for the header's search box). */
import { useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router"
import { shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { SearchResults } from "../../../../react/components/widgets/SearchResults.tsx"
import { Pager } from "../components/Pager.tsx"
import { Filters, listingQueryOf, useFacetNavigation } from "./category.tsx"
import { FacetsPanel } from "../../../../react/components/catalog/FacetsPanel.tsx"
import { useSearchTracking } from "../../../../react/storefront/tracking.ts"
import { PageError } from "../components/PageError.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  const params = new URL(request.url).searchParams
  const q = (params.get("q") ?? "").slice(0, 100) || " "
  return caller.call((client) => client.catalogue.search({ query: { q, ...listingQueryOf(params) } }))
}

export function meta() {
  return [{ title: "Search | Storefront" }, { name: "description", content: "Search the shop's products by name, brand or parameter." }]
}

export default function Search() {
  const results = useLoaderData<typeof loader>()
  const { t, money } = useShopText()
  useSearchTracking(results.query, results.total)
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const query = listingQueryOf(params)
  const keep = params.has("q") ? [["q", params.get("q") ?? ""] as const] : []
  const onNavigate = useFacetNavigation(location.pathname)
  return (
    <>
      <h1>{results.query.trim() === "" ? t("sf_all_products") : t("sf_search_results", { query: results.query })} <small>({results.total})</small></h1>
      <Filters sort={results.sort} priceMin={results.priceRange.min} priceMax={results.priceRange.max} money={money} query={query} keep={keep} />
      <div className="listing-layout">
        <FacetsPanel facets={results.facets} query={query} total={results.total} path={location.pathname} keep={keep} onNavigate={onNavigate} />
        <div className="listing-main">
          <SearchResults query={results.query} products={results.products} />
          {results.products.length === 0 && <p>{t("sf_no_products")}</p>}
          <Pager page={results.page} pageCount={results.pageCount} />
        </div>
      </div>
    </>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
