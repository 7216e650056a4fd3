/**
 * The wire shapes of catalogue browsing (ours, the spec shows none; see docs/FEATURES.md
 * "Catalogue browsing"): products as listings show them, categories with their product counts,
 * parameter facets, and a product's page.
 *
 * @module
 */
import { Schema } from "effect"

/** An image with its size in pixels, so nothing shifts while it loads. */
export const CatalogueImage = Schema.Struct({
  url: Schema.String,
  width: Schema.Int,
  height: Schema.Int
})

/** Decoded type of {@link CatalogueImage}. */
export type CatalogueImage = typeof CatalogueImage.Type

/**
 * A product as a listing, a carousel or a suggestion shows it: its default variant (the one marked
 * default, else the first by position). `url` is the product link `/{mainCategoryUrlKey}/{variantUrl}`
 * (§2); `price` and `originalPrice` (before a sale, or null) are in `currency`, VAT included;
 * `inStock` counts the pieces in stock and `availabilityKey` names the availability
 * (`in_stock`, `low_stock`, `partner_stock`, `out_of_stock`); `marketplacePartner` is the selling
 * partner's title, null for the shop's own stock.
 */
export const ProductSummary = Schema.Struct({
  variantId: Schema.Int,
  productId: Schema.Int,
  title: Schema.String,
  brand: Schema.String,
  url: Schema.String,
  image: Schema.NullOr(CatalogueImage),
  price: Schema.Finite,
  originalPrice: Schema.NullOr(Schema.Finite),
  currency: Schema.String,
  vatRate: Schema.Finite,
  inStock: Schema.Int,
  availabilityKey: Schema.String,
  adultOnly: Schema.Boolean,
  marketplacePartner: Schema.NullOr(Schema.String)
})

/** Decoded type of {@link ProductSummary}. */
export type ProductSummary = typeof ProductSummary.Type

/**
 * A category of the shop: `parentId` null for a top category; `urlKey` is the first part of its
 * products' links and of its listing page; `productCount` counts the active products in it and in
 * its descendants.
 */
export const CategorySummary = Schema.Struct({
  categoryId: Schema.Int,
  parentId: Schema.NullOr(Schema.Int),
  code: Schema.String,
  urlKey: Schema.String,
  title: Schema.String,
  productCount: Schema.Int
})

/** Decoded type of {@link CategorySummary}. */
export type CategorySummary = typeof CategorySummary.Type

/**
 * A product parameter (as §3's item params): `key` (`COLOR` carries the swatch colour in `css`),
 * the key's `title` in the shop's language, the `value` and its unit (`measure`).
 */
export const ProductParam = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  value: Schema.String,
  css: Schema.NullOr(Schema.String),
  measure: Schema.NullOr(Schema.String)
})

/** Decoded type of {@link ProductParam}. */
export type ProductParam = typeof ProductParam.Type

/** One value of a {@link ParamFacet}: how many products the listing would show with it chosen. */
export const FacetValue = Schema.Struct({
  value: Schema.String,
  css: Schema.NullOr(Schema.String),
  count: Schema.Int
})

/** Decoded type of {@link FacetValue}. */
export type FacetValue = typeof FacetValue.Type

/**
 * A parameter to filter a listing by: its `key` (what a `param=KEY:VALUE` filter names), its
 * `title` and its values. A value's `count` is the number of products that pass every other filter
 * (price, stock, the other keys' parameters) and have a variant with that value.
 */
export const ParamFacet = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  values: Schema.Array(FacetValue)
})

/** Decoded type of {@link ParamFacet}. */
export type ParamFacet = typeof ParamFacet.Type

/** A variant of a product's page: its link, price, stock, parameters and image. */
export const ProductVariantOption = Schema.Struct({
  variantId: Schema.Int,
  title: Schema.String,
  url: Schema.String,
  price: Schema.Finite,
  inStock: Schema.Int,
  availabilityKey: Schema.String,
  params: Schema.Array(ProductParam),
  image: Schema.NullOr(CatalogueImage),
  isDefault: Schema.Boolean
})

/** Decoded type of {@link ProductVariantOption}. */
export type ProductVariantOption = typeof ProductVariantOption.Type

/** A service offered with a product (§3 bundle types), at its price per piece. */
export const BundleOffer = Schema.Struct({
  bundleId: Schema.Int,
  type: Schema.Literals(["warranty", "insurance", "digital", "return_guarantee"]),
  title: Schema.String,
  price: Schema.Finite
})

/** Decoded type of {@link BundleOffer}. */
export type BundleOffer = typeof BundleOffer.Type

/**
 * A product's page: the variant asked for (its summary fields), the description, images,
 * parameters, every variant of the product (exactly one `isDefault`: the one listings show), the
 * services offered with it, the category path from the top (ending with its main category) and
 * whether it is digital content.
 */
export const ProductDetail = Schema.Struct({
  ...ProductSummary.fields,
  description: Schema.String,
  images: Schema.Array(CatalogueImage),
  params: Schema.Array(ProductParam),
  variants: Schema.Array(ProductVariantOption),
  bundles: Schema.Array(BundleOffer),
  breadcrumbs: Schema.Array(CategorySummary),
  digitalContent: Schema.Boolean
})

/** Decoded type of {@link ProductDetail}. */
export type ProductDetail = typeof ProductDetail.Type
