/**
 * The page shell's parts the server renders in place: the server's entry hands the header and footer through this
 * context, so they are in the HTML where they belong, while the browser loads them from their own chunks (React.lazy)
 * after the page's, keeping them out of the first-load JavaScript. The server's HTML stays in place until they
 * hydrate.
 *
 * @module
 */
import { createContext, type ComponentType } from "react"

/** The header and footer components, given during server rendering only. */
export interface ShellParts {
  readonly Header: ComponentType
  readonly Footer: ComponentType
  /** The storefront's stylesheet, put in the head inline, so the first paint waits for no request. */
  readonly styles?: string
}

/** The id of the inline stylesheet; in the browser its server-rendered text is read back, so hydration keeps it. */
export const inlineStylesId = "sf-styles"

/** The server-rendered shell parts; undefined in the browser. */
export const ShellContext = createContext<ShellParts | undefined>(undefined)
