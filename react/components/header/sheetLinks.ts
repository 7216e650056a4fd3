/**
 * The links of a mega-menu sheet (§7 getSheet answers HTML): only anchors whose target is a same-origin path are
 * kept, as plain data the menu renders with the app's links, so no markup or script of the sheet reaches the page.
 *
 * @module
 */
import { isSafeRedirectTarget } from "../../../core/domain/redirect.ts"

/** A link of a sheet. */
export interface SheetLink {
  /** A same-origin path. */
  readonly to: string
  /** The anchor's text, whitespace collapsed. */
  readonly title: string
}

/**
 * The same-origin links of sheet HTML in document order (parsed inert with `DOMParser`, never attached to the page);
 * anchors without text or with any other target are dropped. Empty where there is no `DOMParser` (server rendering).
 *
 * @example
 * ```ts
 * sheetLinks('<ul><li><a href="/phones">Phones</a></li></ul>') // [{ to: "/phones", title: "Phones" }]
 * ```
 */
export const sheetLinks = (html: string): ReadonlyArray<SheetLink> => {
  if (typeof DOMParser === "undefined") return []
  const parsed = new DOMParser().parseFromString(html, "text/html")
  return Array.from(parsed.querySelectorAll("a[href]")).flatMap((anchor) => {
    const to = anchor.getAttribute("href") ?? ""
    const title = (anchor.textContent ?? "").replace(/\s+/g, " ").trim()
    return title !== "" && isSafeRedirectTarget(to) ? [{ to, title }] : []
  })
}
