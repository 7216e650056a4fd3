/**
 * The trusted-HTML container (§2): content markup from the shop injected through the sanitizer.
 *
 * @module
 */
import { useMemo, type HTMLAttributes } from "react"
import { sanitizeHtml } from "./sanitizeHtml.ts"

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
