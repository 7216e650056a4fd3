/**
 * The document's hydration marker: once React has hydrated the page (the root's first effects ran), `<html>` carries
 * {@link hydratedAttribute}, so a script or a test can wait for the page to take clicks instead of guessing a time
 * (the first load's modules start only after the first paint, so hydration may end well after the `load` event).
 *
 * @module
 */
import { useEffect } from "react"

/** The attribute `<html>` carries once the page has hydrated. */
export const hydratedAttribute = "data-hydrated"

/** Sets {@link hydratedAttribute} on `<html>` once the calling component (the root) has hydrated. */
export const useHydratedMarker = (): void => {
  useEffect(() => {
    document.documentElement.setAttribute(hydratedAttribute, "")
  }, [])
}
