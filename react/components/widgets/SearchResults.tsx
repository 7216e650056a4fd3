/**
 * The product results of a search (§7 PUT /api/searching/put/): the product cards, and following one tells the
 * Searching service which result of which search the shopper chose. The event outlives the page it was sent from
 * (the navigation it starts does not cancel it).
 *
 * @module
 */
import type { ProductSummary } from "../../../core/api/catalogue.ts"
import { useStorefront } from "../../storefront/StorefrontProvider.tsx"
import { ProductCard } from "./ProductCard.tsx"

/** Props of {@link SearchResults}. */
export interface SearchResultsProps {
  /** The query the results answer (the search token is made from it). */
  readonly query: string
  /** The results, in order. */
  readonly products: ReadonlyArray<ProductSummary>
  /** How many cards load their image at once (above the fold). Default 4. */
  readonly eager?: number
  /** Extra classes of the grid. */
  readonly className?: string
}

/**
 * A grid of product cards for a search; a click or Enter on a card's link records the followed result.
 *
 * @example
 * ```tsx
 * <SearchResults query={results.query} products={results.products} />
 * ```
 */
export function SearchResults({ query, products, eager = 4, className }: SearchResultsProps) {
  const { runWith } = useStorefront()
  const followed = (variantId: number) =>
    void runWith((services) => services.Searching.use((searching) => searching.resultFollowed(query, variantId))).catch(() => undefined)
  return (
    <div className={["product-grid", className ?? ""].join(" ").trim()}>
      {products.map((product, index) => (
        <div key={product.variantId} style={{ display: "contents" }} onClickCapture={(event) => {
          if ((event.target as Element).closest("a") !== null) followed(product.variantId)
        }}>
          <ProductCard product={product} eager={index < eager} headingLevel={2} />
        </div>
      ))}
    </div>
  )
}
