/**
 * Banners and lightbox images (spec §3 "Banner slide", "Lightbox image").
 *
 * @module
 */
import { Schema } from "effect"
import { WireInt } from "./wire.ts"
import { SafeString } from "./text.ts"

/**
 * A slide of the home-page banner slider (§3), identified by `id` (the `bannerId` of the impression and hit calls,
 * §7). `bg_direction`, `bg_color1` and `bg_color2` describe the background gradient.
 */
export const BannerSlide = Schema.Struct({
  id: WireInt,
  url: Schema.optionalKey(SafeString),
  data_name: Schema.optionalKey(SafeString),
  image_url: Schema.optionalKey(SafeString),
  style: Schema.optionalKey(SafeString),
  thumbnail_image_url: Schema.optionalKey(SafeString),
  title: Schema.optionalKey(SafeString),
  pattern_image_url: Schema.optionalKey(SafeString),
  bg_direction: Schema.optionalKey(SafeString),
  bg_color1: Schema.optionalKey(SafeString),
  bg_color2: Schema.optionalKey(SafeString)
})

/** Decoded type of {@link BannerSlide}. */
export type BannerSlide = typeof BannerSlide.Type

/** An image shown in the full-screen lightbox (§3): its `src`. */
export const LightboxImage = Schema.Struct({
  src: SafeString
})

/** Decoded type of {@link LightboxImage}. */
export type LightboxImage = typeof LightboxImage.Type
