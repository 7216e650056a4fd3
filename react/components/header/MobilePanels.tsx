/**
 * The small-screen header's search and menu (§2: mutually exclusive): two toggle buttons and two panels, at most
 * one open. The stylesheet shows the toggles and hides a closed panel at 1024 px and below, so the server-rendered
 * page already has the right layout on every device.
 *
 * @module
 */
import { useEffect, useId, useReducer, useRef, type KeyboardEvent, type ReactNode } from "react"
import { initialMobilePanels, isMobilePanelOpen, mobilePanelsReducer, type MobilePanel } from "../../../core/domain/layout/mobilePanels.ts"
import { useShopText } from "../../storefront/text.tsx"
import { MenuIcon, SearchIcon } from "../icons.tsx"
import { useDevice } from "../widgets/useDevice.ts"

/** Props of {@link MobilePanels}. */
export interface MobilePanelsProps {
  /** The search form. */
  readonly search: ReactNode
  /** The menu; a function gets a `close` to call after navigating. */
  readonly menu: ReactNode | ((close: () => void) => ReactNode)
  /** Places the parts (toggles, search panel, menu panel) in the header; default one after another. */
  readonly layout?: (parts: MobilePanelsParts) => ReactNode
  /** Extra class. */
  readonly className?: string
}

/** The parts of {@link MobilePanels} a layout places. */
export interface MobilePanelsParts {
  /** The two toggle buttons (shown below 1024 px by the stylesheet). */
  readonly toggles: ReactNode
  /** The search panel. */
  readonly search: ReactNode
  /** The menu panel. */
  readonly menu: ReactNode
}

/**
 * The header's search and menu with their mobile toggles (`aria-expanded`, `aria-controls`); Escape closes the open
 * panel and returns focus to its toggle.
 *
 * @example
 * ```tsx
 * <MobilePanels search={<SearchBox />} menu={(close) => <MegaMenu items={menu} onNavigate={close} />} />
 * ```
 */
export function MobilePanels({ search, menu, layout, className }: MobilePanelsProps) {
  const { t } = useShopText()
  const device = useDevice("desktop", { debounce: false })
  const [state, dispatch] = useReducer(mobilePanelsReducer, device, initialMobilePanels)
  useEffect(() => dispatch({ type: "deviceChanged", device }), [device])
  const id = useId()
  const toggles = useRef<Partial<Record<MobilePanel, HTMLButtonElement | null>>>({})
  const close = () => dispatch({ type: "close" })
  const onKeyDown = (panel: MobilePanel) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !isMobilePanelOpen(state, panel)) return
    close()
    toggles.current[panel]?.focus()
  }
  const panel = (name: MobilePanel, content: ReactNode) => (
    <div id={`${id}-${name}`} className={`mobile-panel ${name}-panel${isMobilePanelOpen(state, name) ? " open" : ""}`} onKeyDown={onKeyDown(name)}>
      {content}
    </div>
  )
  const toggleButtons = (
      <div className="mobile-toggles">
        <button type="button" ref={(el) => { toggles.current.menu = el }} aria-expanded={isMobilePanelOpen(state, "menu")}
          aria-controls={`${id}-menu`} onClick={() => dispatch({ type: "toggle", panel: "menu" })}>
          <MenuIcon /> {t("sf_menu")}
        </button>
        <button type="button" ref={(el) => { toggles.current.search = el }} aria-expanded={isMobilePanelOpen(state, "search")}
          aria-controls={`${id}-search`} onClick={() => dispatch({ type: "toggle", panel: "search" })}>
          <SearchIcon /> {t("header_search_toggle")}
        </button>
      </div>
  )
  const parts: MobilePanelsParts = {
    toggles: toggleButtons,
    search: panel("search", search),
    menu: panel("menu", typeof menu === "function" ? menu(close) : menu)
  }
  if (layout !== undefined) return <>{layout(parts)}</>
  return <div className={["header-panels", className].filter(Boolean).join(" ")}>{parts.toggles}{parts.search}{parts.menu}</div>
}
