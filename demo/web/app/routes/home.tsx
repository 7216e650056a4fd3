/** The home page: banner slider, popular products, the new-arrivals carousel and the shopper's recommendations. */
import { lazy, Suspense } from "react"
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router"
import { shopCaller } from "../lib/api.server.ts"
import { cookieValue, preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { ProductCard } from "../../../../react/components/widgets/ProductCard.tsx"
import { BannerSlider } from "../../../../react/components/widgets/BannerSlider.tsx"
import { useTracking } from "../../../../react/storefront/tracking.ts"
import type { BannerSlide } from "../../../../core/api/entities/banner.ts"
import { Carousel } from "../../../../react/components/widgets/Carousel.tsx"
import { FloatingBanner } from "../../../../react/components/widgets/FloatingBanner.tsx"
import { floatingBannerCookieName } from "../../../../core/domain/layout/banners.ts"

/** Recommendations show only once the services run in the browser: their code loads then too. */
const Recommendations = lazy(() => import("../../../../react/components/widgets/ProductLists.tsx").then((m) => ({ default: m.Recommendations })))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  const [popular, newest, banners, floating] = await Promise.all([
    caller.call((client) => client.catalogue.search({ query: { q: " ", sort: "popular", perPage: 8 } })).catch(() =>
      caller.call((client) => client.catalogue.suggest({ query: { q: "a" } }))
    ),
    caller.call((client) => client.catalogue.search({ query: { q: " ", sort: "newest", perPage: 12 } })).catch(() => ({ products: [] })),
    caller.call((client) => client.banner.slides()).catch(() => undefined),
    caller.call((client) => client.banner.floating()).then((answer) => answer.slide, () => null)
  ])
  // The floating banner stays closed while its closed cookie lives (§4, §9: 3 months).
  const floatingClosed = cookieValue(request.headers.get("cookie"), floatingBannerCookieName) !== undefined
  // Mixed listings on the home page show adult products among others without gating the page (§4: pages of adult content).
  return { popular: popular.products, newest: newest.products, slides: banners?.slides ?? [], floating, floatingClosed }
}

export function meta() {
  return [{ title: "Storefront" }, { name: "description", content: "A multi-country online shop: electronics, home and more." }]
}

export default function Home() {
  const { popular, newest, slides, floating, floatingClosed } = useLoaderData<typeof loader>()
  const { t, shop } = useShopText()
  const tracking = useTracking()
  const promotion = (slide: BannerSlide) =>
    ({ id: String(slide.id), name: slide.data_name ?? slide.title ?? "", creative: slide.image_url ?? "", position: `slider_${slides.indexOf(slide) + 1}` })
  return (
    <>
      <h1 className="visually-hidden">{t("sf_home_title", { shop: shop.name })}</h1>
      <BannerSlider slides={slides}
        onImpression={(slide) => void tracking.promoView(promotion(slide), slide.id)}
        onHit={(slide) => void tracking.promoClick(promotion(slide), slide.id)} />
      <section aria-labelledby="popular-heading">
        <h2 id="popular-heading">{t("sf_popular")}</h2>
        <div className="product-grid">{popular.map((p) => <ProductCard key={p.variantId} product={p} />)}</div>
      </section>
      <section aria-labelledby="newest-heading">
        <h2 id="newest-heading">{t("sf_newest")}</h2>
        <Carousel label={t("sf_newest")}>{newest.map((p) => <ProductCard key={p.variantId} product={p} />)}</Carousel>
      </section>
      <Suspense fallback={null}><Recommendations title={t("widgets_recommended")} /></Suspense>
      <p><Link to="/search?q=%20">{t("sf_all_products")}</Link></p>
      {floating !== null && <FloatingBanner key={floating.id} slide={floating} closed={floatingClosed} />}
    </>
  )
}
