/** Product fixtures for component tests. */
import type { ProductSummary } from "../../core/api/catalogue.ts"

/** A product card's summary (a garden product in CZK, in stock, no image) named `title`, its url made from the title. */
export const productSummary = (variantId: number, title: string): ProductSummary => ({
  productId: variantId,
  variantId,
  title,
  brand: "Garden & Co",
  url: `/zahrada/${title.toLowerCase().replace(/\s+/g, "-")}`,
  image: null,
  price: 1290,
  originalPrice: null,
  currency: "CZK",
  vatRate: 21,
  inStock: 4,
  availabilityKey: "in_stock",
  adultOnly: false,
  marketplacePartner: null
})
