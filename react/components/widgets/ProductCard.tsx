/**
 * Product widgets of listings and carousels (§2): the price (a zero decimal dropped, §5), the availability, and the
 * product card in its two shapes: a catalogue product and a product-API variant (recommendations, recently viewed).
 *
 * @module
 */
import type { ProductSummary } from "../../../core/api/catalogue.ts"
import type { ProductVariant } from "../../../core/api/productApi.ts"
import { type ImageDisplay, ResponsiveImage } from "../../storefront/images.tsx"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link Price}. */
export interface PriceProps {
  /** The price in the shop's currency. */
  readonly price: number
  /** The price before a discount, shown struck through when higher. */
  readonly originalPrice?: number | null
  /** Extra classes. */
  readonly className?: string
}

/**
 * A price in the shop's currency, with the earlier price struck through when it was higher.
 *
 * @example
 * ```tsx
 * <Price price={product.price} originalPrice={product.originalPrice} />
 * ```
 */
export function Price({ price, originalPrice = null, className }: PriceProps) {
  const { t, money } = useShopText()
  return (
    <p className={["price", className ?? ""].join(" ").trim()}>
      {money(price)}
      {originalPrice !== null && originalPrice > price && (
        <del><span className="visually-hidden">{t("widgets_original_price")} </span>{money(originalPrice)}</del>
      )}
    </p>
  )
}

/** Props of {@link Availability}. */
export interface AvailabilityProps {
  /** Pieces in stock (0 or less: out of stock). */
  readonly inStock: number
  /** Show the number of pieces (product page) rather than just "in stock". */
  readonly showCount?: boolean
  /** Extra classes. */
  readonly className?: string
}

/**
 * Whether a product is in stock; with `showCount`, how many pieces (in the UI language's plural form).
 *
 * @example
 * ```tsx
 * <Availability inStock={product.inStock} showCount />
 * ```
 */
export function Availability({ inStock, showCount = false, className }: AvailabilityProps) {
  const { t } = useShopText()
  const available = inStock > 0
  return (
    <p className={["stock", available ? "in" : "out", className ?? ""].join(" ").trim()}>
      {!available ? t("sf_out_of_stock") : showCount ? t("widgets_in_stock_pieces", { count: inStock }) : t("sf_in_stock")}
    </p>
  )
}

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  /** The product. */
  readonly product: ProductSummary
  /** Load the image at once (the first cards of a page). */
  readonly eager?: boolean
  /** The heading level of the title under the page's headings. */
  readonly headingLevel?: 2 | 3
  /** Extra classes. */
  readonly className?: string
}

/** How a card shows its image: half a phone's width less the gaps, at most about 280 CSS px in a grid of 200 px columns. */
export const cardImageDisplay: ImageDisplay = { largest: 340, sizes: "(max-width: 767px) calc(50vw - 45px), 280px" }

/**
 * A product in a listing or carousel: image, title, brand, price and availability, linked to its page.
 *
 * @example
 * ```tsx
 * <ProductCard product={product} headingLevel={2} eager={index < 4} />
 * ```
 */
export function ProductCard({ product, eager = false, headingLevel = 3, className }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const Link = useLink()
  return (
    <article className={["product-card", className ?? ""].join(" ").trim()}>
      <Link to={product.url} className="product-link">
        {product.image !== null && (
          <ResponsiveImage src={product.image.url} display={{ ...cardImageDisplay, own: product.image.width }} alt=""
            width={product.image.width} height={product.image.height} loading={eager ? "eager" : "lazy"} decoding="async" />
        )}
        <Heading>{product.title}</Heading>
      </Link>
      <p className="brand">{product.brand}</p>
      <Price price={product.price} originalPrice={product.originalPrice} />
      <Availability inStock={product.inStock} />
    </article>
  )
}

/** The size the variant cards draw their images at (the product API gives no size). */
export const variantImageSize = { width: 200, height: 200 } as const

/**
 * A product-API variant as a card (recommendations, recently viewed): image, title and price, linked to
 * `/{mainCategoryUrlKey}/{variantUrl}` (§2).
 *
 * @example
 * ```tsx
 * <VariantCard variant={variant} />
 * ```
 */
export function VariantCard({ variant, className, onFollow }: {
  readonly variant: ProductVariant
  readonly className?: string
  /** Called when the shopper follows the card's link (a recommendation list records the cross-sell click). */
  readonly onFollow?: ((variant: ProductVariant) => void) | undefined
}) {
  const Link = useLink()
  return (
    <article className={["product-card", className ?? ""].join(" ").trim()}>
      <Link to={`/${variant.mainCategoryUrlKey}/${variant.variantUrl}`} className="product-link"
        {...(onFollow === undefined ? {} : { onClick: () => onFollow(variant) })}>
        {variant.image !== undefined && (
          <ResponsiveImage src={variant.image} display={cardImageDisplay} alt="" width={variantImageSize.width} height={variantImageSize.height}
            loading="lazy" decoding="async" />
        )}
        <h3>{variant.title}</h3>
      </Link>
      <Price price={variant.price} />
    </article>
  )
}
