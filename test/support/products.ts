/** Catalogue fixtures for component tests: product summaries and banner slides. */
import type { ProductSummary } from "../../core/api/catalogue.ts"
import type { BannerSlide } from "../../core/api/entities/banner.ts"

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

/** `count` banner slides, numbered from 1: "Offer n" linking to `/offer-n`, with a PNG image and thumbnail each. */
export const bannerSlides = (count: number): ReadonlyArray<BannerSlide> =>
  Array.from({ length: count }, (_, index) => {
    const id = index + 1
    return { id, url: `/offer-${id}`, title: `Offer ${id}`, image_url: `/media/banner-${id}.png`, thumbnail_image_url: `/media/banner-${id}-thumb.png` }
  })
