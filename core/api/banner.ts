/**
 * Banners (spec §7 PUT /api/banner/impression and /api/banner/hit with `bannerId`; §2 banner slider; §3 banner
 * slide). The slides call is ours: the spec does not show where the slider's slides come from.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { PositiveId } from "./requestFields.ts"
import { BannerSlide } from "./entities/banner.ts"
import { NotFound } from "./errors.ts"
import { CsrfProtection } from "./security.ts"

const BannerEventFields = {
  bannerId: PositiveId
}

/** The schema type of {@link BannerEvent}, named so that declarations refer to it instead of spelling it out. */
export interface BannerEventStruct extends Schema.Struct<typeof BannerEventFields> {}

/** The body of the impression and hit calls (§7): the `bannerId` (a slide's `id`, §3). */
export const BannerEvent: BannerEventStruct = Schema.Struct(BannerEventFields)

/** Decoded type of {@link BannerEvent}. */
export type BannerEvent = typeof BannerEvent.Type

const BannerSlidesFields = {
  slides: Schema.Array(BannerSlide)
}

/** The schema type of {@link BannerSlides}, named so that declarations refer to it instead of spelling it out. */
export interface BannerSlidesStruct extends Schema.Struct<typeof BannerSlidesFields> {}

/** The slides of the home-page banner slider (ours), in display order. */
export const BannerSlides: BannerSlidesStruct = Schema.Struct(BannerSlidesFields)

/** Decoded type of {@link BannerSlides}. */
export type BannerSlides = typeof BannerSlides.Type

const FloatingBannerFields = {
  slide: Schema.NullOr(BannerSlide)
}

/** The schema type of {@link FloatingBanner}, named so that declarations refer to it instead of spelling it out. */
export interface FloatingBannerStruct extends Schema.Struct<typeof FloatingBannerFields> {}

/** The floating banner (ours, §4 "Floating banner"): the shop's active floating slide, or null when it has none. */
export const FloatingBanner: FloatingBannerStruct = Schema.Struct(FloatingBannerFields)

/** Decoded type of {@link FloatingBanner}. */
export type FloatingBanner = typeof FloatingBanner.Type

/**
 * The banner calls: `impression` and `hit` (PUT, §7) count a view and a click of a banner; they change counters, so
 * they are CSRF-protected, and answer 204 (nothing is read). `slides` (GET, ours: /api/banner/slides) lists the
 * slider's slides; `floating` (GET, ours: /api/banner/floating) answers the floating banner.
 */
export class BannerGroup extends HttpApiGroup.make("banner").add(
  HttpApiEndpoint.put("impression", "/api/banner/impression", {
    payload: BannerEvent,
    success: HttpApiSchema.NoContent,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Counts a view of the banner `bannerId` (§7)."),
  HttpApiEndpoint.put("hit", "/api/banner/hit", {
    payload: BannerEvent,
    success: HttpApiSchema.NoContent,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Counts a click on the banner `bannerId` (§7)."),
  HttpApiEndpoint.get("slides", "/api/banner/slides", {
    success: BannerSlides
  }).annotate(OpenApi.Description, "The slides of the home-page banner slider, in display order (ours, §2, §3)."),
  HttpApiEndpoint.get("floating", "/api/banner/floating", {
    success: FloatingBanner
  }).annotate(OpenApi.Description, "The shop's floating banner, or null (ours, §4 floating banner).")
) {}
