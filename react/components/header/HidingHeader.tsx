/**
 * The page header that slides out of view 5000 ms after the shopper starts scrolling down (§9 header hide timer)
 * and comes back on scrolling up, at the top, or while the pointer is over it or focus is in it. The core's
 * `headerHideReducer` decides; this component feeds it the scroll offsets and fires its timer.
 *
 * @module
 */
import { useEffect, useReducer, type ReactNode } from "react"
import { headerHideReducer, initialHeaderHide } from "../../../core/domain/layout/page.ts"

/** Props of {@link HidingHeader}. */
export interface HidingHeaderProps {
  /** The header's content. */
  readonly children: ReactNode
  /** Extra classes (the hidden header also gets `is-hidden`). */
  readonly className?: string
}

/**
 * A `<header>` (banner landmark) that hides by the §9 timer; `data-hidden` and the `is-hidden` class tell the
 * stylesheet to slide it up.
 *
 * @example
 * ```tsx
 * <HidingHeader className="site-header">...</HidingHeader>
 * ```
 */
export function HidingHeader({ children, className }: HidingHeaderProps) {
  const [state, dispatch] = useReducer(headerHideReducer, 0, initialHeaderHide)
  useEffect(() => {
    const onScroll = () => dispatch({ type: "scroll", scrollY: window.scrollY, at: Date.now() })
    onScroll()
    window.addEventListener("scroll", onScroll, { passive: true })
    return () => window.removeEventListener("scroll", onScroll)
  }, [])
  useEffect(() => {
    if (state.hideAt === null) return
    const timer = setTimeout(() => dispatch({ type: "tick", at: Date.now() }), Math.max(0, state.hideAt - Date.now()))
    return () => clearTimeout(timer)
  }, [state.hideAt])
  return (
    <header className={[className, state.hidden ? "is-hidden" : ""].filter(Boolean).join(" ")} data-hidden={state.hidden}
      onPointerEnter={() => dispatch({ type: "hold" })} onPointerLeave={() => dispatch({ type: "release" })}
      onFocus={() => dispatch({ type: "hold" })}
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: "release" }) }}>
      {children}
    </header>
  )
}
