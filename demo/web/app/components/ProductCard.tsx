/** A product in a listing or carousel: image, title, price, availability. */
import { Link } from "react-router"
import type { ProductSummary } from "../../../../core/api/catalogue.ts"
import { useShopText } from "../lib/i18n.ts"

/** One product card. */
export function ProductCard({ product, eager = false, headingLevel = 3 }: { readonly product: ProductSummary; readonly eager?: boolean; readonly headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const { t, money } = useShopText()
  return (
    <article className="product-card">
      <Link to={product.url} className="product-link">
        {product.image !== null && (
          <img src={product.image.url} alt="" width={product.image.width} height={product.image.height}
            loading={eager ? "eager" : "lazy"} decoding="async" />
        )}
        <Heading>{product.title}</Heading>
      </Link>
      <p className="brand">{product.brand}</p>
      <p className="price">
        {money(product.price)}
        {product.originalPrice !== null && product.originalPrice > product.price && <del>{money(product.originalPrice)}</del>}
      </p>
      <p className={product.inStock > 0 ? "stock in" : "stock out"}>
        {product.inStock > 0 ? t("sf_in_stock") : t("sf_out_of_stock")}
      </p>
    </article>
  )
}
