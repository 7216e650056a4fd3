/**
 * The home-page banner slider (§2, §4, §9): slides with a link, a background image, a thumbnail and a title; arrows;
 * clickable thumbnails; the active slide highlighted; auto-rotation every 7000 ms except on mobile and while the
 * pointer is over it (or focus is in it). The core's slider reducer decides every move.
 *
 * @module
 */
import { useEffect, useReducer } from "react"
import type { BannerSlide } from "../../../core/api/entities/banner.ts"
import { initialSlider, nextRotationAt, sliderReducer, sliderThumbnailSize } from "../../../core/domain/layout/slider.ts"
import { type ImageDisplay, ResponsiveImage, thumbnailImageDisplay } from "../../storefront/images.tsx"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { useDevice } from "./useDevice.ts"

/** Props of {@link BannerSlider}. */
export interface BannerSliderProps {
  /** The slides, in display order. */
  readonly slides: ReadonlyArray<BannerSlide>
  /** Extra classes. */
  readonly className?: string
  /** Runs when a slide becomes the shown one (for view counting). */
  readonly onImpression?: (slide: BannerSlide) => void
  /** Runs when the shopper follows a slide's link (for click counting). */
  readonly onHit?: (slide: BannerSlide) => void
}

/** How a slide shows its image: the page's width, at most 1,168 CSS px (1,200 less the page's padding). */
export const slideImageDisplay: ImageDisplay = { largest: 1168, sizes: "(max-width: 1200px) 100vw, 1168px" }

const backgroundOf = (slide: BannerSlide): string =>
  `linear-gradient(${slide.bg_direction ?? "90deg"}, ${slide.bg_color1 ?? "#0b5cad"}, ${slide.bg_color2 ?? "#2a8bf2"})`

/**
 * The banner slider; nothing when there are no slides.
 *
 * @example
 * ```tsx
 * <BannerSlider slides={banners.slides} />
 * ```
 */
export function BannerSlider({ slides, className, onImpression, onHit }: BannerSliderProps) {
  const { t } = useShopText()
  const Link = useLink()
  const device = useDevice()
  const [state, dispatch] = useReducer(sliderReducer, slides.length, (count) => initialSlider(count, "mobile", 0))
  useEffect(() => dispatch({ type: "deviceChanged", device, at: Date.now() }), [device])
  const due = nextRotationAt(state)
  useEffect(() => {
    if (due === null) return
    const timer = setTimeout(() => dispatch({ type: "rotate", at: Date.now() }), Math.max(0, due - Date.now()))
    return () => clearTimeout(timer)
  }, [due])
  const shown = slides[state.active]
  useEffect(() => {
    if (shown !== undefined) onImpression?.(shown)
    // One impression each time a slide becomes the shown one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown?.id])
  if (slides.length === 0) return null
  const now = () => Date.now()
  return (
    <section className={["sf-slider", state.interrupted ? "sf-slider--interrupted" : "", className ?? ""].join(" ").trim()}
      aria-roledescription="carousel" aria-label={t("sf_banners")}
      onMouseEnter={() => dispatch({ type: "mouseEnter", at: now() })} onMouseLeave={() => dispatch({ type: "mouseLeave", at: now() })}
      onFocus={() => dispatch({ type: "mouseEnter", at: now() })}
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: "mouseLeave", at: now() }) }}>
      <div className="sf-slides" aria-live={state.interrupted ? "polite" : "off"}>
        {slides.map((slide, index) => (
          <div key={slide.id} className={index === state.active ? "sf-slide sf-slide--active" : "sf-slide"} hidden={index !== state.active}
            role="group" aria-roledescription="slide" aria-label={t("widgets_slide_of", { n: index + 1, count: slides.length })}
            style={{ background: backgroundOf(slide) }}>
            <Link to={slide.url ?? "/"} className="sf-slide-link" onClick={() => onHit?.(slide)}>
              {slide.image_url !== undefined && (
                <ResponsiveImage src={slide.image_url} display={slideImageDisplay} alt="" width={1200} height={300}
                  fetchPriority={index === 0 ? "high" : "low"} loading={index === 0 ? "eager" : "lazy"} />
              )}
              <span className="sf-slide-title">{slide.title}</span>
            </Link>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" className="sf-slider-arrow sf-slider-arrow--prev" aria-label={t("widgets_previous_slide")}
            onClick={() => dispatch({ type: "arrowLeft", at: now() })}><span aria-hidden="true">‹</span></button>
          <button type="button" className="sf-slider-arrow sf-slider-arrow--next" aria-label={t("widgets_next_slide")}
            onClick={() => dispatch({ type: "arrowRight", at: now() })}><span aria-hidden="true">›</span></button>
          <div className="sf-slider-thumbs">
            {slides.map((slide, index) => (
              <button key={slide.id} type="button" className={index === state.active ? "sf-thumb sf-thumb--active" : "sf-thumb"}
                aria-label={t("widgets_show_slide", { n: index + 1, title: slide.title ?? "" })} aria-current={index === state.active}
                onClick={() => dispatch({ type: "thumbnailClick", index, at: now() })}>
                {slide.thumbnail_image_url !== undefined && (
                  <ResponsiveImage src={slide.thumbnail_image_url} display={thumbnailImageDisplay} alt="" width={sliderThumbnailSize.width}
                    height={sliderThumbnailSize.height} loading="lazy" />
                )}
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
