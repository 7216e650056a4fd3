/**
 * The Content-Security-Policy nonce of a server-rendered page: the serving process makes one per request, sends it in
 * the page's CSP header and hands it to the render through {@link nonceContext}; the render gives it to React Router's
 * inline scripts through {@link NonceContext}. The browser hides it after load, so the client renders without it.
 *
 * @module
 */
import { createContext as createReactContext } from "react"
import { createContext, type RouterContextProvider } from "react-router"

/** The router context through which the serving process hands the render its nonce (absent in `npm run dev`). */
export const nonceContext = createContext<string | undefined>(undefined)

/** The nonce of the page being rendered, for `<Scripts nonce>` and `<ScrollRestoration nonce>`. */
export const NonceContext = createReactContext<string | undefined>(undefined)

/** The nonce the serving process handed the render, if any (`npm run dev`'s context has none: React Router throws there). */
export const nonceOf = (context: Readonly<RouterContextProvider> | undefined): string | undefined => {
  try {
    return context?.get(nonceContext)
  } catch {
    return undefined
  }
}
