/**
 * The home-page banner slider (§2): rotates every 7000 ms (§9) except on mobile and while hovered or
 * focused, with thumbnails marking the active slide.
 */
import { useEffect, useState } from "react"
import type { BannerSlides } from "../../../../core/api/banner.ts"
import { sliderAutoRotateMs } from "../../../../core/domain/layout/slider.ts"
import { useShopText } from "../lib/i18n.ts"

/** The slider; nothing when there are no slides. */
export function BannerSlider({ banners }: { readonly banners: BannerSlides | null }) {
  const { t } = useShopText()
  const slides = banners?.slides ?? []
  const [active, setActive] = useState(0)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused || slides.length < 2 || window.matchMedia("(max-width: 767px)").matches) return
    const timer = setInterval(() => setActive((i) => (i + 1) % slides.length), sliderAutoRotateMs)
    return () => clearInterval(timer)
  }, [paused, slides.length])
  if (slides.length === 0) return null
  return (
    <section className="slider" aria-roledescription="carousel" aria-label={t("sf_banners")}
      onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}>
      {slides.map((slide, index) => (
        <a key={slide.id} href={slide.url ?? "/"} className="slide" hidden={index !== active}
          aria-roledescription="slide" aria-label={`${index + 1} / ${slides.length}: ${slide.title ?? ""}`}
          style={{ background: `linear-gradient(90deg, ${slide.bg_color1 ?? "#0b5cad"}, ${slide.bg_color2 ?? "#2a8bf2"})` }}>
          {slide.image_url !== undefined && <img src={slide.image_url} alt="" width={1200} height={300} fetchPriority={index === 0 ? "high" : "low"} />}
          {slide.image_url === undefined && <span className="slide-title">{slide.title}</span>}
        </a>
      ))}
      <div className="thumbs">
        {slides.map((slide, index) => (
          <button key={slide.id} type="button" aria-label={`${t("sf_show_banner")} ${index + 1}`} aria-current={index === active}
            className={index === active ? "thumb active" : "thumb"} onClick={() => setActive(index)} />
        ))}
      </div>
    </section>
  )
}
