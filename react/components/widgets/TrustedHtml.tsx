/**
 * Trusted-HTML containers (§2): content markup from the shop injected through the sanitizer, and the favicon
 * container that puts the shop's icon links into the document head.
 *
 * @module
 */
import { useMemo, type HTMLAttributes } from "react"
import { sanitizeHtml, type FaviconLink } from "./sanitizeHtml.ts"

/** Props of {@link TrustedHtml}. */
export interface TrustedHtmlProps extends Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> {
  /** The markup to inject; it is sanitized first ({@link sanitizeHtml}). */
  readonly html: string
  /** The container element; default `div`. */
  readonly as?: "div" | "section" | "article" | "span"
}

/**
 * A container for shop content markup: the markup is sanitized (no script, handler or `javascript:` URL survives),
 * the same way during server rendering and in the browser.
 *
 * @example
 * ```tsx
 * <TrustedHtml className="legal-text" html={legal.text} />
 * ```
 */
export function TrustedHtml({ html, as: Container = "div", ...rest }: TrustedHtmlProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html])
  return <Container {...rest} dangerouslySetInnerHTML={{ __html: safe }} />
}

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
