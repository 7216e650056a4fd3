/**
 * The favicon container (§2 "Trusted-HTML injection containers, including one for the favicon"): it renders the links
 * that `faviconLinks` let through, so the sanitizer itself runs where the snippet arrives (a server loader) and stays
 * out of the page's JavaScript.
 *
 * @module
 */
import type { FaviconLink } from "./sanitizeHtml.ts"

/**
 * The favicon container (§2): the shop's icon links, as `faviconLinks` read them out of its favicon snippet (call
 * it where the snippet arrives, e.g. in a server loader, so the sanitizer stays out of the page's JavaScript).
 * React hoists the links into the document head.
 *
 * @example
 * ```tsx
 * <FaviconLinks links={faviconLinks('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')} />
 * ```
 */
export function FaviconLinks({ links }: { readonly links: ReadonlyArray<FaviconLink> }) {
  return (
    <>
      {links.map((link) => (
        <link key={`${link.rel} ${link.href} ${link.sizes ?? ""}`} rel={link.rel} href={link.href}
          {...(link.type === undefined ? {} : { type: link.type })} {...(link.sizes === undefined ? {} : { sizes: link.sizes })} />
      ))}
    </>
  )
}
