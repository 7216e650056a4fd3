/**
 * Product lists loaded after the page is interactive: personalised recommendations (only with the
 * gdpr_personalization consent, §6) and the shopper's recently viewed products (§7, §9: 10 by default), each a
 * carousel of variant cards under a heading; nothing shows while there is nothing to show.
 *
 * @module
 */
import { useEffect, useId, useState } from "react"
import type { ProductVariant } from "../../../core/api/productApi.ts"
import { useConsent, useRunWith } from "../../storefront/hooks.ts"
import { useTracking } from "../../storefront/tracking.ts"
import { Carousel } from "./Carousel.tsx"
import { VariantCard } from "./ProductCard.tsx"

/** A heading and a carousel of variants; nothing when there are none. */
function VariantCarousel({ title, variants, exclude, className, onFollow }: {
  readonly title: string
  readonly variants: ReadonlyArray<ProductVariant>
  readonly exclude: number | undefined
  readonly className: string | undefined
  readonly onFollow?: ((variant: ProductVariant, position: number) => void) | undefined
}) {
  const headingId = useId()
  const shown = variants.filter((variant) => variant.variantId !== exclude)
  if (shown.length === 0) return null
  return (
    <section className={["sf-product-list", className ?? ""].join(" ").trim()} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Carousel label={title}>{shown.map((variant, index) => (
        <VariantCard key={variant.variantId} variant={variant}
          {...(onFollow === undefined ? {} : { onFollow: () => onFollow(variant, index + 1) })} />
      ))}</Carousel>
    </section>
  )
}

/** Props of {@link Recommendations}. */
export interface RecommendationsProps {
  /** The heading (translated). */
  readonly title: string
  /** The variant to recommend for; absent: the shopper's most recently viewed one (none viewed: nothing shows). */
  readonly variantId?: number
  /** At most this many (default 12). */
  readonly count?: number
  /** Extra classes. */
  readonly className?: string
  /** Where the list is shown, reported with a followed product's cross-sell click (§7 placement; default `product_detail` with a variant, else `homepage`). */
  readonly placement?: string
}

/** The model id (`m_id`) reported for a followed recommendation: the product API call that chose it (ours). */
export const recommendationModelId = "recommended-products"

/**
 * Personalised recommendations, asked for only once the consent service says personalisation is allowed (§6).
 *
 * @example
 * ```tsx
 * <Recommendations title={t("widgets_recommended")} variantId={product.variantId} />
 * ```
 */
export function Recommendations({ title, variantId, count = 12, className, placement }: RecommendationsProps) {
  const consent = useConsent()
  const run = useRunWith()
  const tracking = useTracking()
  const [basisId, setBasisId] = useState<number | undefined>(variantId)
  const allowed = consent.state?.gates.personalisation === true
  const [variants, setVariants] = useState<ReadonlyArray<ProductVariant>>([])
  useEffect(() => {
    if (!allowed) return setVariants([])
    const basis = variantId !== undefined
      ? Promise.resolve(variantId)
      : run((m) => m.Catalog.use((catalog) => catalog.recentlyViewed(1))).then((viewed) => viewed[0]?.variantId)
    basis
      .then((id) => {
        setBasisId(id)
        return id === undefined ? [] : run((m) => m.Catalog.use((catalog) => catalog.recommendations(id, { count })))
      })
      .then(setVariants, () => setVariants([]))
  }, [allowed, variantId, count, run])
  // A followed recommendation is kept as a cross-sell click (§7, §9): the placement, the variant it was chosen for
  // (bookmark), the model and its position in the list (strategy slot); reported if that variant is bought.
  const follow = (variant: ProductVariant, position: number) =>
    void tracking.crossSellClick({
      productId: variant.variantId,
      placement: placement ?? (variantId === undefined ? "homepage" : "product_detail"),
      bookmarkId: String(basisId ?? ""),
      mId: recommendationModelId,
      sId: String(position)
    })
  return <VariantCarousel title={title} variants={allowed ? variants : []} exclude={variantId} className={className} onFollow={follow} />
}

/** Props of {@link RecentlyViewed}. */
export interface RecentlyViewedProps {
  /** The heading (translated). */
  readonly title: string
  /** The product on this page, left out of the list. */
  readonly currentVariantId?: number
  /** At most this many (default 10, §9). */
  readonly count?: number
  /** Extra classes. */
  readonly className?: string
}

/**
 * The shopper's recently viewed products, newest first.
 *
 * @example
 * ```tsx
 * <RecentlyViewed title={t("widgets_recently_viewed")} currentVariantId={product.variantId} />
 * ```
 */
export function RecentlyViewed({ title, currentVariantId, count, className }: RecentlyViewedProps) {
  // Below the fold: the list waits for the services (started on the shopper's first interaction) instead of starting them.
  const run = useRunWith({ start: false })
  const [variants, setVariants] = useState<ReadonlyArray<ProductVariant>>([])
  useEffect(() => {
    run((m) => m.Catalog.use((catalog) => catalog.recentlyViewed(count))).then(setVariants, () => setVariants([]))
  }, [run, count])
  return <VariantCarousel title={title} variants={variants} exclude={currentVariantId} className={className} />
}
