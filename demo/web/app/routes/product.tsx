/**
 * A product page (§2): images with the lightbox, variants, parameters (colour swatches), availability, price, the
 * services offered with it (warranty, insurance...), add to cart with an amount, add to wishlist, reviews,
 * recommendations and the recently viewed products.
 */
import { data, Link, useLoaderData, useLocation, type LoaderFunctionArgs, type MetaArgs } from "react-router"
import { lazy, Suspense, useEffect, useState } from "react"
import { maxQuantity, minQuantity } from "../../../../core/domain/quantity.ts"
import type { AddToCartService } from "../../../../core/api/cart.ts"
import { useCustomer } from "../../../../react/storefront/hooks.ts"
import { ProductGallery } from "../../../../react/components/widgets/ImageLightbox.tsx"
import { Availability, Price } from "../../../../react/components/widgets/ProductCard.tsx"
import { AddToCartButton, AddToWishlistButton } from "../../../../react/components/widgets/BuyButtons.tsx"
import { useProductViewTracking } from "../../../../react/storefront/tracking.ts"
import { shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"
import { lazyPart } from "../lib/lazyPart.ts"
import { PageError } from "../components/PageError.tsx"

/** The financing offer: its chunk loads after the page has hydrated, outside the page's first-load script. */
const FinancingOffer = lazy(() => import("../../../../react/components/catalog/FinancingOffer.tsx").then((m) => ({ default: m.FinancingOffer })))

// The parts below the buy box: each a chunk of its own, rendered in place by the server (the loader preloads them) and
// hydrated in the browser once its chunk is in, after the gallery and the buy box, each in a task of its own.
const Watch = lazyPart(() => import("../../../../react/components/account/Watchdogs.tsx").then((m) => m.WatchProduct))
const Reviews = lazyPart(() => import("../../../../react/components/widgets/Reviews.tsx").then((m) => m.ProductReviews))
const RecommendedList = lazyPart(() => import("../../../../react/components/widgets/ProductLists.tsx").then((m) => m.Recommendations))
const RecentList = lazyPart(() => import("../../../../react/components/widgets/ProductLists.tsx").then((m) => m.RecentlyViewed))
const belowTheFold = [Watch, Reviews, RecommendedList, RecentList]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  // The parts' code loads while the API answers (once per server process); a failure shows when awaited.
  const parts = Promise.all(belowTheFold.map((part) => part.preload()))
  parts.catch(() => undefined)
  try {
    const { product } = await caller.call((client) =>
      client.catalogue.product({ query: { category: params["category"] ?? "", variant: params["variant"] ?? "" } }))
    const reviews = await caller.call((client) => client.reviews.getProductReviews({ query: { productId: product.productId, page: 1, limit: 5 } }))
      .catch(() => undefined)
    await parts
    return { product, reviews, adultContent: caller.adultContent() }
  } catch (error) {
    if ((error as { _tag?: string })._tag === "NotFound") throw data(null, { status: 404 })
    throw error
  }
}

export function meta({ loaderData: answer }: MetaArgs<typeof loader>) {
  if (answer === undefined) return [{ title: "404" }]
  return [
    { title: `${answer.product.title} | Storefront` },
    { name: "description", content: answer.product.description.slice(0, 150) }
  ]
}

export default function Product() {
  const { product, reviews } = useLoaderData<typeof loader>()
  const { t, money } = useShopText()
  const customer = useCustomer()
  const root = useRootData()
  const { pathname } = useLocation()
  const loggedIn = root.customerId !== null || customer.customer?.isLogged === true
  const [amount, setAmount] = useState(1)
  const [services, setServices] = useState<ReadonlyArray<AddToCartService>>([])
  useProductViewTracking({
    productId: product.productId,
    variantId: product.variantId,
    title: product.title,
    brand: product.brand,
    price: product.price,
    categories: product.breadcrumbs
  })
  const images = product.images.length > 0 ? product.images : product.image === null ? [] : [product.image]
  return (
    <article className="product-page">
      <nav aria-label={t("sf_breadcrumbs")} className="breadcrumbs">
        <ol>
          <li><Link to="/">{t("sf_home")}</Link></li>
          {product.breadcrumbs.map((c) => <li key={c.categoryId}><Link to={`/${c.urlKey}`}>{c.title}</Link></li>)}
        </ol>
      </nav>
      <div className="product-main">
        <ProductGallery className="gallery" images={images} title={product.title} />
        <div className="buy-box">
          <p className="brand">{product.brand}</p>
          <h1>{product.title}</h1>
          <Price className="big" price={product.price} originalPrice={product.originalPrice} />
          <Availability inStock={product.inStock} showCount />
          {product.marketplacePartner !== null && <p className="partner">{t("sf_sold_by", { partner: product.marketplacePartner })}</p>}
          {product.variants.length > 1 && (
            <fieldset className="variants">
              <legend>{t("sf_variants")}</legend>
              <ul>
                {product.variants.map((v) => {
                  const colour = v.params.find((p) => p.css !== null)
                  return (
                    <li key={v.variantId}>
                      <Link to={v.url} aria-current={v.variantId === product.variantId ? "true" : undefined} className="variant">
                        {colour !== undefined && <span className="swatch" style={{ background: colour.css ?? undefined }} aria-hidden="true" />}
                        {v.title}
                      </Link>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          )}
          {product.bundles.length > 0 && (
            <fieldset className="bundles">
              <legend>{t("sf_services")}</legend>
              {product.bundles.map((b) => (
                <label key={b.bundleId} className="check">
                  <input type="checkbox" checked={services.some((s) => s.bundleId === b.bundleId)}
                    onChange={(e) => setServices(e.currentTarget.checked
                      ? [...services, { type: b.type, bundleId: b.bundleId }]
                      : services.filter((s) => s.bundleId !== b.bundleId))} />
                  {b.title} (+{money(b.price)})
                </label>
              ))}
            </fieldset>
          )}
          <div className="add-row">
            <label>{t("sf_quantity")}
              <input type="number" min={minQuantity} max={maxQuantity} value={amount} inputMode="numeric"
                onChange={(e) => {
                  const n = Number(e.currentTarget.value)
                  setAmount(Number.isInteger(n) ? Math.min(maxQuantity, Math.max(minQuantity, n)) : 1)
                }} />
            </label>
            <AddToCartButton variantId={product.variantId} amount={amount} services={services} disabled={product.inStock <= 0} />
            <AddToWishlistButton variantId={product.variantId} loggedIn={loggedIn} returnTo={pathname} />
          </div>
          <FinancingSlot key={product.variantId} price={product.price} variantId={product.variantId} />
        </div>
      </div>
      <Suspense fallback={null}>
        <section aria-labelledby="description-heading">
          <h2 id="description-heading">{t("sf_description")}</h2>
          <p>{product.description}</p>
        </section>
        {product.params.length > 0 && (
          <section aria-labelledby="params-heading">
            <h2 id="params-heading">{t("sf_parameters")}</h2>
            <table className="params">
              <tbody>
                {product.params.map((p) => (
                  <tr key={p.key}><th scope="row">{p.title}</th><td>{p.value}{p.measure === null ? "" : ` ${p.measure}`}</td></tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </Suspense>
      <Suspense fallback={null}>
        <Watch.Component key={`watch-${product.variantId}`} variantId={product.variantId} price={product.price} loggedIn={loggedIn} returnTo={pathname} />
      </Suspense>
      <Suspense fallback={null}>
        <Reviews.Component key={product.productId} productId={product.productId} initial={reviews} loggedIn={loggedIn} returnTo={pathname} />
      </Suspense>
      <Suspense fallback={null}>
        <RecommendedList.Component title={t("widgets_recommended")} variantId={product.variantId} />
        <RecentList.Component key={product.variantId} title={t("widgets_recently_viewed")} currentVariantId={product.variantId} />
      </Suspense>
    </article>
  )
}

/** The financing offer's place in the buy box: filled once the page has hydrated (the offer is the browser's). */
function FinancingSlot({ price, variantId }: { readonly price: number; readonly variantId: number }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <div className="financing-slot">
      {hydrated && <Suspense fallback={null}><FinancingOffer price={price} variantId={variantId} /></Suspense>}
    </div>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
