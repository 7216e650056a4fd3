/**
 * The floating banner (§4 "hidden once closed, remembered by a cookie"; §9 the cookie lives 3 calendar months): a
 * slide's link floating over the page with a close button. Closing writes the closed cookie through the storage
 * port; the page does not show the banner while that cookie exists. The core's notice rules decide.
 *
 * @module
 */
import { useEffect, useState } from "react"
import type { BannerSlide } from "../../../core/api/entities/banner.ts"
import { closeNotice, initialNotice, noticeCookies } from "../../../core/domain/layout/banners.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { ResponsiveImage, thumbnailImageDisplay } from "../../storefront/images.tsx"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link FloatingBanner}. */
export interface FloatingBannerProps {
  /** The banner's slide (link, image, title, colours). */
  readonly slide: BannerSlide
  /** The closed cookie was present when the page was made (the server read it): the banner does not show. */
  readonly closed?: boolean
  /** Runs when the banner shows to the shopper (for view counting). */
  readonly onImpression?: (slide: BannerSlide) => void
  /** Runs when the shopper follows the banner's link (for click counting). */
  readonly onHit?: (slide: BannerSlide) => void
  /** Extra class. */
  readonly className?: string
}

const cookie = noticeCookies.floatingBanner

/**
 * The floating banner, until the shopper closes it; the closed cookie (`floatingBannerClosed`, 3 months) keeps it
 * closed on every later page until it expires.
 *
 * @example
 * ```tsx
 * {floating !== null && <FloatingBanner slide={floating} closed={floatingClosed} />}
 * ```
 */
export function FloatingBanner({ slide, closed = false, onImpression, onHit, className }: FloatingBannerProps) {
  const { t } = useShopText()
  const Link = useLink()
  const run = useRunWith()
  // Only a page kept from before the close needs this answer: it waits for the services instead of starting them.
  const check = useRunWith({ start: false })
  const [notice, setNotice] = useState(() => initialNotice(closed))
  // A page kept from before the close (the history cache) learns of the cookie from the storage port.
  useEffect(() => {
    if (!notice.visible) return
    let active = true
    check((m) => m.Storage.use((storage) => storage.get("cookies", cookie.name)))
      .then((value) => { if (active && value !== undefined) setNotice(initialNotice(true)) }, () => undefined)
    return () => { active = false }
    // Read once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (notice.visible) onImpression?.(slide)
    // One impression per showing of this slide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice.visible, slide.id])
  if (!notice.visible) return null
  const close = () => {
    const next = closeNotice(notice, "floatingBanner", Date.now())
    setNotice(next)
    // The close button goes away with the banner: focus moves to the page's content.
    document.getElementById("main")?.focus({ preventScroll: true })
    const written = next.cookie
    if (written === null || !Number.isFinite(written.expiresAtMs)) return
    void run((m) => m.Storage.use((storage) => storage.set("cookies", written.name, written.value, { expiresAt: written.expiresAtMs })))
      .catch(() => undefined)
  }
  const title = slide.title ?? ""
  return (
    <aside className={["sf-floating-banner", className ?? ""].join(" ").trim()} aria-label={t("furniture_floating_banner")}
      style={{ background: `linear-gradient(${slide.bg_direction ?? "to right"}, ${slide.bg_color1 ?? "#059669"}, ${slide.bg_color2 ?? "#064e3b"})` }}>
      <Link to={slide.url ?? "/"} className="sf-floating-banner-link" onClick={() => onHit?.(slide)}>
        {slide.thumbnail_image_url !== undefined && (
          <ResponsiveImage src={slide.thumbnail_image_url} display={thumbnailImageDisplay} alt="" width={55} height={55} loading="lazy" />
        )}
        <span>{title}</span>
      </Link>
      <button type="button" className="sf-floating-banner-close" aria-label={t("furniture_floating_close")} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  )
}
