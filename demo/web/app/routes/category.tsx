/**
 * A category listing: sub-categories, sorting, price and stock filters, paging (ours, FEATURES.md). A path that is no
 * category may be one of the shop's legal content pages (terms, privacy: the footer menu links them), shown sanitized.
 */
import { useCallback } from "react"
import { data, Form, Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs, type MetaArgs } from "react-router"
import { contentPageParts } from "../../../../core/domain/layout/contentPage.ts"
import { listingSorts } from "../../../../core/domain/listing.ts"
import { listingQueryOf, paramFilterText, type ListingFilters } from "../../../../core/domain/listing.ts"
import { FacetsPanel } from "../../../../react/components/catalog/FacetsPanel.tsx"
import { shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { ProductCard } from "../../../../react/components/widgets/ProductCard.tsx"
import { Pager } from "../components/Pager.tsx"
import { sanitizeHtml } from "../../../../react/components/widgets/sanitizeHtml.ts"
import { PageError } from "../components/PageError.tsx"

/** The listing query of a page URL (the core rule: unknown or bad values are left out). */
export { listingQueryOf }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  const query = listingQueryOf(new URL(request.url).searchParams)
  try {
    const listing = await caller.call((client) => client.catalogue.listing({ query: { category: params["category"] ?? "", ...query } }))
    return { ...listing, adultContent: caller.adultContent() }
  } catch (error) {
    if ((error as { _tag?: string })._tag !== "NotFound") throw error
    const page = await caller.call((client) => client.content.findByTitle({ query: { title: params["category"] ?? "-" } })).catch(() => undefined)
    if (page === undefined) throw data(null, { status: 404 })
    // The page's own h1 becomes the heading; the rest is sanitized on the server, so the listing's chunk does not
    // carry the sanitizer.
    const { heading, body } = contentPageParts(page.content.body, page.content.title)
    return { contentHtml: sanitizeHtml(body), contentHeading: heading }
  }
}

export function meta({ loaderData: listing }: MetaArgs<typeof loader>) {
  if (listing === undefined) return [{ title: "404" }]
  if ("contentHtml" in listing) return [{ title: `${listing.contentHeading} | Storefront` }]
  return [
    { title: `${listing.category.title} | Storefront` },
    { name: "description", content: `${listing.category.title}: ${listing.total} products, ${listing.products.slice(0, 3).map((p) => p.title).join(", ")}` }
  ]
}

export default function Category() {
  const answer = useLoaderData<typeof loader>()
  const { t, money } = useShopText()
  if ("contentHtml" in answer) {
    return (
      <article className="content-page">
        <h1>{answer.contentHeading}</h1>
        <div dangerouslySetInnerHTML={{ __html: answer.contentHtml }} />
      </article>
    )
  }
  const listing = answer
  const location = useLocation()
  const query = listingQueryOf(new URLSearchParams(location.search))
  const onNavigate = useFacetNavigation(location.pathname)
  return (
    <>
      <nav aria-label={t("sf_breadcrumbs")} className="breadcrumbs">
        <ol>
          <li><Link to="/">{t("sf_home")}</Link></li>
          {listing.breadcrumbs.map((c) => <li key={c.categoryId}><Link to={`/${c.urlKey}`} aria-current={c.categoryId === listing.category.categoryId ? "page" : undefined}>{c.title}</Link></li>)}
        </ol>
      </nav>
      <h1>{listing.category.title} <small>({listing.total})</small></h1>
      {listing.children.length > 0 && (
        <ul className="chips" aria-label={t("sf_subcategories")}>
          {listing.children.map((c) => <li key={c.categoryId}><Link to={`/${c.urlKey}`}>{c.title} ({c.productCount})</Link></li>)}
        </ul>
      )}
      <Filters sort={listing.sort} priceMin={listing.priceRange.min} priceMax={listing.priceRange.max} money={money} query={query} />
      <div className="listing-layout">
        <FacetsPanel facets={listing.facets} query={query} total={listing.total} path={location.pathname} onNavigate={onNavigate} />
        <div className="listing-main">
          <div className="product-grid">{listing.products.map((p, i) => <ProductCard key={p.variantId} product={p} eager={i < 4} headingLevel={2} />)}</div>
          {listing.products.length === 0 && <p>{t("sf_no_products")}</p>}
          <Pager page={listing.page} pageCount={listing.pageCount} />
        </div>
      </div>
    </>
  )
}

/**
 * Goes to a listing URL of this page without a reload and without scrolling to the top (the facets' changes);
 * `search` is the new URL's query string.
 */
export function useFacetNavigation(pathname: string): (search: string) => void {
  const navigate = useNavigate()
  return useCallback((search: string) => void navigate({ pathname, search: search === "" ? "" : `?${search}` }, { preventScrollReset: true }), [navigate, pathname])
}

/**
 * Sorting and filters as a GET form (works without JavaScript); the page's query fills it in, and its parameter
 * filters (`param`, the facets) go along as hidden fields, so a new sort keeps them.
 */
export function Filters(props: { readonly sort: string; readonly priceMin: number; readonly priceMax: number; readonly money: (n: number) => string; readonly query?: ListingFilters; readonly keep?: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useShopText()
  const query = props.query ?? {}
  return (
    <Form method="get" className="filters" aria-label={t("sf_filters")}>
      {(props.keep ?? []).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      {(query.param ?? []).map((filter) => <input key={paramFilterText(filter)} type="hidden" name="param" value={paramFilterText(filter)} />)}
      <label>{t("sf_sort")}
        <select name="sort" defaultValue={props.sort}>
          {listingSorts.map((s) => <option key={s} value={s}>{t(`sf_sort_${s}` as never)}</option>)}
        </select>
      </label>
      <label>{t("sf_price_from")} <input name="minPrice" inputMode="decimal" size={7} defaultValue={query.minPrice ?? ""} placeholder={String(Math.floor(props.priceMin))} /></label>
      <label>{t("sf_price_to")} <input name="maxPrice" inputMode="decimal" size={7} defaultValue={query.maxPrice ?? ""} placeholder={String(Math.ceil(props.priceMax))} /></label>
      <label className="check"><input type="checkbox" name="inStock" value="true" defaultChecked={query.inStock === true} /> {t("sf_in_stock_only")}</label>
      <button type="submit" className="button">{t("sf_apply")}</button>
    </Form>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
