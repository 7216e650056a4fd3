/**
 * The wire shapes of catalogue browsing (ours, the spec shows none; see docs/FEATURES.md
 * "Catalogue browsing"): products as listings show them, categories with their product counts,
 * parameter facets, and a product's page.
 *
 * @module
 */
import { Schema } from "effect"

const CatalogueImageFields = {
  url: Schema.String,
  width: Schema.Int,
  height: Schema.Int
}

/** The schema type of {@link CatalogueImage}, named so that declarations refer to it instead of spelling it out. */
export interface CatalogueImageStruct extends Schema.Struct<typeof CatalogueImageFields> {}

/** An image with its size in pixels, so nothing shifts while it loads. */
export const CatalogueImage: CatalogueImageStruct = Schema.Struct(CatalogueImageFields)

/** Decoded type of {@link CatalogueImage}. */
export type CatalogueImage = typeof CatalogueImage.Type

const ProductSummaryFields = {
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
}

/** The schema type of {@link ProductSummary}, named so that declarations refer to it instead of spelling it out. */
export interface ProductSummaryStruct extends Schema.Struct<typeof ProductSummaryFields> {}

/**
 * A product as a listing, a carousel or a suggestion shows it: its default variant (the one marked
 * default, else the first by position). `url` is the product link `/{mainCategoryUrlKey}/{variantUrl}`
 * (§2); `price` and `originalPrice` (before a sale, or null) are in `currency`, VAT included;
 * `inStock` counts the pieces in stock and `availabilityKey` names the availability
 * (`in_stock`, `low_stock`, `partner_stock`, `out_of_stock`); `marketplacePartner` is the selling
 * partner's title, null for the shop's own stock.
 */
export const ProductSummary: ProductSummaryStruct = Schema.Struct(ProductSummaryFields)

/** Decoded type of {@link ProductSummary}. */
export type ProductSummary = typeof ProductSummary.Type

const CategorySummaryFields = {
  categoryId: Schema.Int,
  parentId: Schema.NullOr(Schema.Int),
  code: Schema.String,
  urlKey: Schema.String,
  title: Schema.String,
  productCount: Schema.Int
}

/** The schema type of {@link CategorySummary}, named so that declarations refer to it instead of spelling it out. */
export interface CategorySummaryStruct extends Schema.Struct<typeof CategorySummaryFields> {}

/**
 * A category of the shop: `parentId` null for a top category; `urlKey` is the first part of its
 * products' links and of its listing page; `productCount` counts the active products in it and in
 * its descendants.
 */
export const CategorySummary: CategorySummaryStruct = Schema.Struct(CategorySummaryFields)

/** Decoded type of {@link CategorySummary}. */
export type CategorySummary = typeof CategorySummary.Type

const ProductParamFields = {
  key: Schema.String,
  title: Schema.String,
  value: Schema.String,
  css: Schema.NullOr(Schema.String),
  measure: Schema.NullOr(Schema.String)
}

/** The schema type of {@link ProductParam}, named so that declarations refer to it instead of spelling it out. */
export interface ProductParamStruct extends Schema.Struct<typeof ProductParamFields> {}

/**
 * A product parameter (as §3's item params): `key` (`COLOR` carries the swatch colour in `css`),
 * the key's `title` in the shop's language, the `value` and its unit (`measure`).
 */
export const ProductParam: ProductParamStruct = Schema.Struct(ProductParamFields)

/** Decoded type of {@link ProductParam}. */
export type ProductParam = typeof ProductParam.Type

const FacetValueFields = {
  value: Schema.String,
  css: Schema.NullOr(Schema.String),
  count: Schema.Int
}

/** The schema type of {@link FacetValue}, named so that declarations refer to it instead of spelling it out. */
export interface FacetValueStruct extends Schema.Struct<typeof FacetValueFields> {}

/** One value of a {@link ParamFacet}: how many products the listing would show with it chosen. */
export const FacetValue: FacetValueStruct = Schema.Struct(FacetValueFields)

/** Decoded type of {@link FacetValue}. */
export type FacetValue = typeof FacetValue.Type

const ParamFacetFields = {
  key: Schema.String,
  title: Schema.String,
  values: Schema.Array(FacetValue)
}

/** The schema type of {@link ParamFacet}, named so that declarations refer to it instead of spelling it out. */
export interface ParamFacetStruct extends Schema.Struct<typeof ParamFacetFields> {}

/**
 * A parameter to filter a listing by: its `key` (what a `param=KEY:VALUE` filter names), its
 * `title` and its values. A value's `count` is the number of products that pass every other filter
 * (price, stock, the other keys' parameters) and have a variant with that value.
 */
export const ParamFacet: ParamFacetStruct = Schema.Struct(ParamFacetFields)

/** Decoded type of {@link ParamFacet}. */
export type ParamFacet = typeof ParamFacet.Type

const ProductVariantOptionFields = {
  variantId: Schema.Int,
  title: Schema.String,
  url: Schema.String,
  price: Schema.Finite,
  inStock: Schema.Int,
  availabilityKey: Schema.String,
  params: Schema.Array(ProductParam),
  image: Schema.NullOr(CatalogueImage),
  isDefault: Schema.Boolean
}

/** The schema type of {@link ProductVariantOption}, named so that declarations refer to it instead of spelling it out. */
export interface ProductVariantOptionStruct extends Schema.Struct<typeof ProductVariantOptionFields> {}

/** A variant of a product's page: its link, price, stock, parameters and image. */
export const ProductVariantOption: ProductVariantOptionStruct = Schema.Struct(ProductVariantOptionFields)

/** Decoded type of {@link ProductVariantOption}. */
export type ProductVariantOption = typeof ProductVariantOption.Type

const BundleOfferFields = {
  bundleId: Schema.Int,
  type: Schema.Literals(["warranty", "insurance", "digital", "return_guarantee"]),
  title: Schema.String,
  price: Schema.Finite
}

/** The schema type of {@link BundleOffer}, named so that declarations refer to it instead of spelling it out. */
export interface BundleOfferStruct extends Schema.Struct<typeof BundleOfferFields> {}

/** A service offered with a product (§3 bundle types), at its price per piece. */
export const BundleOffer: BundleOfferStruct = Schema.Struct(BundleOfferFields)

/** Decoded type of {@link BundleOffer}. */
export type BundleOffer = typeof BundleOffer.Type

const ProductDetailFields = {
  ...ProductSummary.fields,
  description: Schema.String,
  images: Schema.Array(CatalogueImage),
  params: Schema.Array(ProductParam),
  variants: Schema.Array(ProductVariantOption),
  bundles: Schema.Array(BundleOffer),
  breadcrumbs: Schema.Array(CategorySummary),
  digitalContent: Schema.Boolean
}

/** The schema type of {@link ProductDetail}, named so that declarations refer to it instead of spelling it out. */
export interface ProductDetailStruct extends Schema.Struct<typeof ProductDetailFields> {}

/**
 * A product's page: the variant asked for (its summary fields), the description, images,
 * parameters, every variant of the product (exactly one `isDefault`: the one listings show), the
 * services offered with it, the category path from the top (ending with its main category) and
 * whether it is digital content.
 */
export const ProductDetail: ProductDetailStruct = Schema.Struct(ProductDetailFields)

/** Decoded type of {@link ProductDetail}. */
export type ProductDetail = typeof ProductDetail.Type
