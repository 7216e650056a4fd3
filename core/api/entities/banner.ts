/**
 * Banners and lightbox images (spec §3 "Banner slide", "Lightbox image").
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt } from "./wire.ts"

const BannerSlideFields = {
  id: WireInt,
  url: Schema.optionalKey(Schema.String),
  data_name: Schema.optionalKey(Schema.String),
  image_url: Schema.optionalKey(Schema.String),
  style: Schema.optionalKey(Schema.String),
  thumbnail_image_url: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
  pattern_image_url: Schema.optionalKey(Schema.String),
  bg_direction: Schema.optionalKey(Schema.String),
  bg_color1: Schema.optionalKey(Schema.String),
  bg_color2: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link BannerSlide}, named so that declarations refer to it instead of spelling it out. */
export interface BannerSlideStruct extends Schema.Struct<typeof BannerSlideFields> {}

/**
 * A slide of the home-page banner slider (§3), identified by `id` (the `bannerId` of the impression and hit calls,
 * §7). `bg_direction`, `bg_color1` and `bg_color2` describe the background gradient.
 */
export const BannerSlide: BannerSlideStruct = Schema.Struct(BannerSlideFields)

/** Decoded type of {@link BannerSlide}. */
export type BannerSlide = typeof BannerSlide.Type

const LightboxImageFields = {
  src: Schema.String
}

/** The schema type of {@link LightboxImage}, named so that declarations refer to it instead of spelling it out. */
export interface LightboxImageStruct extends Schema.Struct<typeof LightboxImageFields> {}

/** An image shown in the full-screen lightbox (§3): its `src`. */
export const LightboxImage: LightboxImageStruct = Schema.Struct(LightboxImageFields)

/** Decoded type of {@link LightboxImage}. */
export type LightboxImage = typeof LightboxImage.Type
