/**
 * The back-to-top button (§2, §4: shown beyond 1000 px of scrolling; a click scrolls to the top).
 *
 * @module
 */
import { useEffect, useState } from "react"
import { backToTopVisible } from "../../core/domain/layout/page.ts"
import { useShopText } from "../storefront/text.tsx"
import { ArrowIcon } from "./icons.tsx"

/** Props of {@link BackToTop}. */
export interface BackToTopProps {
  /** Extra class. */
  readonly className?: string
  /** The element focused after scrolling up (default the page's `#main`, when present). */
  readonly focusTargetId?: string
}

/**
 * A button that is active (shown) once the page is scrolled beyond 1000 px and scrolls back to the top.
 *
 * @example
 * ```tsx
 * <BackToTop />
 * ```
 */
export function BackToTop({ className, focusTargetId = "main" }: BackToTopProps) {
  const { t } = useShopText()
  const [show, setShow] = useState(false)
  useEffect(() => {
    const onScroll = () => setShow(backToTopVisible(window.scrollY))
    onScroll()
    window.addEventListener("scroll", onScroll, { passive: true })
    return () => window.removeEventListener("scroll", onScroll)
  }, [])
  const toTop = () => {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
    window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" })
    document.getElementById(focusTargetId)?.focus({ preventScroll: true })
  }
  return (
    <button type="button" className={["back-to-top", show ? "active" : "", className].filter(Boolean).join(" ")}
      hidden={!show} onClick={toTop}>
      <ArrowIcon direction="up" size={18} /> {t("back_to_top")}
    </button>
  )
}
