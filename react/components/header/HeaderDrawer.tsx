/**
 * One header drawer (§2): a link to its page that opens a panel on hover, focus, Enter or Space; Escape closes it
 * and returns focus to the link. On mobile the drawers stay closed and the link just leads to its page.
 *
 * @module
 */
import { Suspense, useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from "react"
import type { Drawer } from "../../../core/domain/layout/drawers.ts"
import { useLink } from "../../storefront/text.tsx"
import { Spinner } from "../Spinner.tsx"
import { useDrawer, useDrawers } from "./drawers.tsx"

/** Props of {@link HeaderDrawer}. */
export interface HeaderDrawerProps {
  /** Which drawer this is (one of them is open at a time). */
  readonly drawer: Drawer
  /** The page the trigger leads to (the cart, the login page, the account...). */
  readonly to: string
  /** What the trigger shows (icon, text, badge); its text is the trigger's accessible name. */
  readonly trigger: ReactNode
  /** The panel's accessible name (it is a labelled region). */
  readonly label: string
  /** The panel's content; rendered only while the drawer is open (a lazy content shows the spinner while it loads). */
  readonly children?: ReactNode
  /** Extra class of the host element. */
  readonly className?: string
  /** Extra class of the trigger link. */
  readonly triggerClassName?: string
}

/**
 * A header drawer: the trigger link exposes `aria-expanded` and `aria-controls`; the panel is a region named by
 * `label`. Opening and hiding follow the shared {@link DrawersProvider}.
 *
 * @example
 * ```tsx
 * <HeaderDrawer drawer="cart" to="/kosik" label="Cart" trigger={<>Cart <span className="badge">2</span></>}>
 *   <CartItems />
 * </HeaderDrawer>
 * ```
 */
export function HeaderDrawer({ drawer, to, trigger, label, children, className, triggerClassName }: HeaderDrawerProps) {
  const Link = useLink()
  const { open, send, close } = useDrawer(drawer)
  const { state } = useDrawers()
  const id = useId()
  const host = useRef<HTMLDivElement>(null)
  const returningFocus = useRef(false)
  const mobile = state.device === "mobile"

  const onTriggerFocus = () => {
    if (returningFocus.current) returningFocus.current = false
    else send("pointerEnter")
  }
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (mobile) return
    if (event.key === " " || (event.key === "Enter" && !open)) {
      event.preventDefault()
      send("toggle")
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !open) return
    event.stopPropagation()
    close()
    returningFocus.current = true
    host.current?.querySelector<HTMLAnchorElement>("[data-drawer-trigger]")?.focus()
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget
    if (!(next instanceof Node) || !host.current?.contains(next)) send("pointerLeave")
  }
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a") !== null) close()
  }

  return (
    <div ref={host} className={["drawer-host", className].filter(Boolean).join(" ")}
      onMouseEnter={() => send("pointerEnter")} onMouseLeave={() => send("pointerLeave")} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Link to={to} className={["tool", triggerClassName].filter(Boolean).join(" ")} data-drawer-trigger=""
        aria-expanded={open} aria-controls={id} onFocus={onTriggerFocus} onKeyDown={onTriggerKeyDown}>
        {trigger}
      </Link>
      <div id={id} className="drawer" role="region" aria-label={label} hidden={!open} onClick={onPanelClick}>
        {open && <Suspense fallback={<Spinner />}>{children}</Suspense>}
      </div>
    </div>
  )
}
