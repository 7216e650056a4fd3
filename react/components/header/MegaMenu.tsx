/**
 * The mega-menu (§2 "Menu and content layers load on hover", §9 menu delays and the 3600 s cache of the Menu
 * service): on desktop a top item's layer opens after the hover delay (300 ms, 100 ms when moving from an open
 * layer) and closes 100 ms after the pointer leaves; its sheet loads when it first opens. A button beside each item
 * opens its layer by keyboard (`aria-expanded`, `aria-controls`), Escape closes it. On tablet and mobile the items
 * are accordions of their sub-items, closed by default (§4).
 *
 * @module
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import type { MenuItem } from "../../../core/api/menu.ts"
import { menuDelays } from "../../../core/domain/layout/menu.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { Accordion } from "../Accordion.tsx"
import { ArrowIcon } from "../icons.tsx"
import { Spinner } from "../Spinner.tsx"
import { useDevice } from "../widgets/useDevice.ts"
import type { MenuLayerProps } from "./MenuLayer.tsx"

const MenuLayer = lazy(() => import("./MenuLayer.tsx").then((module) => ({ default: module.MenuLayer })))

/** Loads the sheet HTML of a menu item; undefined when it has none. */
export type SheetLoader = (menuItemId: number) => Promise<string | undefined>

/** Props of {@link MegaMenu}. */
export interface MegaMenuProps {
  /** The menu's entries (the server's getMenu): top entries have no parent. */
  readonly items: ReadonlyArray<MenuItem>
  /** The id of the navigation (the mobile menu toggle controls it). */
  readonly id?: string
  /** Loads a sheet; default the Menu service (cached 3600 s in local storage). */
  readonly loadSheet?: SheetLoader
  /** Runs after a link of the menu is followed (e.g. close the mobile menu). */
  readonly onNavigate?: () => void
  /** Extra class. */
  readonly className?: string
}

/** A sheet being loaded, loaded (its HTML) or failed. */
type Sheet = NonNullable<MenuLayerProps["sheet"]>

/** The Menu service's sheet loader, run once the services are up. */
export const useMenuSheetLoader = (): SheetLoader => {
  const run = useRunWith()
  return useCallback((menuItemId: number) => run((m) => m.Menu.use((menu) => menu.sheet(menuItemId))), [run])
}

/**
 * The shop's category navigation.
 *
 * @example
 * ```tsx
 * <MegaMenu items={root.menu} onNavigate={() => setMobileMenuOpen(false)} />
 * ```
 */
export function MegaMenu({ items, id, loadSheet, onNavigate, className }: MegaMenuProps) {
  const { t } = useShopText()
  const device = useDevice("desktop", { debounce: false })
  const serviceLoader = useMenuSheetLoader()
  const load = loadSheet ?? serviceLoader
  const tops = items.filter((item) => item.parentId === null)
  const childrenOf = (item: MenuItem) => items.filter((child) => child.parentId === item.menuItemId)
  return (
    <nav id={id} className={["mega-menu", className].filter(Boolean).join(" ")} aria-label={t("sf_categories")}>
      {device === "desktop"
        ? <DesktopMenu tops={tops} childrenOf={childrenOf} load={load} {...(onNavigate === undefined ? {} : { onNavigate })} />
        : <MobileMenu tops={tops} childrenOf={childrenOf} {...(onNavigate === undefined ? {} : { onNavigate })} />}
    </nav>
  )
}

interface MenuPartProps {
  readonly tops: ReadonlyArray<MenuItem>
  readonly childrenOf: (item: MenuItem) => ReadonlyArray<MenuItem>
  readonly onNavigate?: () => void
}

function MobileMenu({ tops, childrenOf, onNavigate }: MenuPartProps) {
  const { t } = useShopText()
  const Link = useLink()
  return (
    <ul className="menu-accordions">
      {tops.map((top) => {
        const children = childrenOf(top)
        if (children.length === 0) return <li key={top.menuItemId}><Link to={top.url} onClick={onNavigate}>{top.title}</Link></li>
        return (
          <li key={top.menuItemId}>
            <Accordion title={top.title} level={2}>
              <ul>
                <li><Link to={top.url} onClick={onNavigate}>{t("sf_all_products")}</Link></li>
                {children.map((child) => <li key={child.menuItemId}><Link to={child.url} onClick={onNavigate}>{child.title}</Link></li>)}
              </ul>
            </Accordion>
          </li>
        )
      })}
    </ul>
  )
}

function DesktopMenu({ tops, childrenOf, load, onNavigate }: MenuPartProps & { readonly load: SheetLoader }) {
  const { t } = useShopText()
  const Link = useLink()
  const baseId = useId()
  const [open, setOpen] = useState<number | null>(null)
  const [sheets, setSheets] = useState<ReadonlyMap<number, Sheet>>(new Map())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const requested = useRef(new Set<number>())
  useEffect(() => () => clearTimeout(timer.current), [])

  const setSheet = (menuItemId: number, sheet: Sheet) => setSheets((current) => new Map(current).set(menuItemId, sheet))
  const openLayer = (item: MenuItem) => {
    setOpen(item.menuItemId)
    if (!item.hasSheet || requested.current.has(item.menuItemId)) return
    requested.current.add(item.menuItemId)
    setSheet(item.menuItemId, "loading")
    load(item.menuItemId).then(
      (html) => setSheet(item.menuItemId, html === undefined ? "failed" : { html }),
      () => {
        requested.current.delete(item.menuItemId)
        setSheet(item.menuItemId, "failed")
      }
    )
  }
  const later = (action: () => void, ms: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(action, ms)
  }
  const hoverStart = (item: MenuItem) => {
    if (open === item.menuItemId) return clearTimeout(timer.current)
    later(() => openLayer(item), open === null ? menuDelays.primaryHoverMs : menuDelays.secondaryHoverMs)
  }
  const hoverEnd = () => later(() => setOpen(null), menuDelays.navCloseMs)
  const toggle = (item: MenuItem) => {
    clearTimeout(timer.current)
    if (open === item.menuItemId) setOpen(null)
    else openLayer(item)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== "Escape" || open === null) return
    event.stopPropagation()
    setOpen(null)
    event.currentTarget.querySelector<HTMLButtonElement>("button[aria-controls]")?.focus()
  }
  const navigate = () => {
    clearTimeout(timer.current)
    setOpen(null)
    onNavigate?.()
  }

  return (
    <ul className="menu-top" onMouseLeave={hoverEnd}>
      {tops.map((item, index) => {
        const layerId = `${baseId}-layer-${index}`
        const isOpen = open === item.menuItemId
        const children = childrenOf(item)
        const hasLayer = item.hasSheet || children.length > 0
        const sheet = sheets.get(item.menuItemId)
        return (
          <li key={item.menuItemId} className={[item.cssClass, isOpen ? "open" : ""].filter(Boolean).join(" ")}
            onMouseEnter={() => (hasLayer ? hoverStart(item) : hoverEnd())} onKeyDown={onKeyDown}>
            <Link to={item.url} className="menu-link" onClick={navigate}>{item.title}</Link>
            {hasLayer && (
              <>
                <button type="button" className="layer-toggle" aria-expanded={isOpen} aria-controls={layerId}
                  aria-label={t("header_subcategories_of", { category: item.title })} onClick={() => toggle(item)}>
                  <ArrowIcon direction="down" size={14} />
                </button>
                <div id={layerId} className="menu-layer" hidden={!isOpen}>
                  {isOpen && (
                    <Suspense fallback={<Spinner />}>
                      <MenuLayer sheet={sheet} onNavigate={navigate}
                        fallback={children.map((child) => ({ to: child.url, title: child.title }))} />
                    </Suspense>
                  )}
                </div>
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}
