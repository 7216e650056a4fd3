/**
 * A mega-menu layer's content: the sheet's same-origin links ({@link sheetLinks}), the spinner while the sheet
 * loads, the menu's own sub-items when there is no sheet. Loaded when a layer first opens.
 *
 * @module
 */
import { useMemo } from "react"
import { useLink } from "../../storefront/text.tsx"
import { Spinner } from "../Spinner.tsx"
import { sheetLinks, type SheetLink } from "./sheetLinks.ts"

/** Props of {@link MenuLayer}. */
export interface MenuLayerProps {
  /** The sheet: loading, failed, or its HTML. */
  readonly sheet: "loading" | "failed" | { readonly html: string } | undefined
  /** The links shown without a sheet (the menu's sub-items). */
  readonly fallback: ReadonlyArray<SheetLink>
  /** Runs when a link is followed. */
  readonly onNavigate?: () => void
}

/**
 * The links of one layer.
 *
 * @example
 * ```tsx
 * <MenuLayer sheet={{ html }} fallback={[{ to: "/phones", title: "Phones" }]} />
 * ```
 */
export function MenuLayer({ sheet, fallback, onNavigate }: MenuLayerProps) {
  const Link = useLink()
  const html = typeof sheet === "object" ? sheet.html : undefined
  const fromSheet = useMemo(() => (html === undefined ? [] : sheetLinks(html)), [html])
  if (sheet === "loading") return <Spinner />
  const links = fromSheet.length > 0 ? fromSheet : fallback
  return (
    <ul className="menu-sheet">
      {links.map((link) => <li key={link.to}><Link to={link.to} onClick={onNavigate}>{link.title}</Link></li>)}
    </ul>
  )
}
