/**
 * The page's `window.dataLayer`, without Effect: the array the tag manager reads, created when the page has none.
 *
 * @module
 */

/** The page's data layer, created on first use; looked up again on every call, so a replaced array is the one used. */
export const windowDataLayer = (): Array<unknown> => {
  const host = globalThis as unknown as { dataLayer?: Array<unknown> }
  if (!Array.isArray(host.dataLayer)) host.dataLayer = []
  return host.dataLayer
}
