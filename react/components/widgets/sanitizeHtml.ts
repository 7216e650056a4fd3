/**
 * The sanitizer of trusted-HTML containers (§2 "Trusted-HTML injection containers, including one for the favicon"):
 * markup from the shop's content (legal texts, content blocks, the favicon snippet) keeps an allow-list of elements
 * and attributes, and every URL keeps only a safe scheme. It is `xss` (js-xss): a string tokenizer with no DOM, so the
 * same code runs during server rendering in Node and in the browser, and it is small (about 7 kB gzip).
 *
 * @module
 */
import { FilterXSS } from "xss"

/** URL schemes a link may use; any other scheme (`javascript:`, `vbscript:`, `data:`...) is dropped. */
export const safeLinkSchemes = ["http", "https", "mailto", "tel"] as const

/** Image types an image or icon may embed as a `data:` URL (raster only: an SVG may carry script). */
const safeDataImage = /^data:image\/(?:png|gif|jpeg|webp|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/=\s]*$/i

const numericEntity = /&#(x[0-9a-f]+|\d+);?/gi
const namedEntities: Readonly<Record<string, string>> = { colon: ":", tab: "\t", newline: "\n", amp: "&", quot: "\"", apos: "'", lt: "<", gt: ">", sol: "/", lpar: "(", rpar: ")" }

/** An attribute value as the browser reads it: character references decoded, control and blank characters dropped. */
const decodedUrl = (value: string): string =>
  value
    .replace(numericEntity, (_, code: string) => {
      const point = code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10)
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ""
    })
    .replace(/&([a-z]+);/gi, (whole, name: string) => namedEntities[name.toLowerCase()] ?? whole)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, "")

/**
 * The URL to keep for a link or an image source, or `undefined` to drop it: relative URLs and the
 * {@link safeLinkSchemes} pass (images and icons also a raster `data:` image); the scheme is read as the browser
 * reads it, after decoding character references and dropping blanks (`jav&#x09;ascript:` is `javascript:`).
 */
export const safeUrl = (value: string, kind: "link" | "image"): string | undefined => {
  const url = decodedUrl(value)
  const schemeEnd = url.search(/[:/?#]/)
  if (schemeEnd === -1 || url[schemeEnd] !== ":") return url
  const scheme = url.slice(0, schemeEnd).toLowerCase()
  if ((safeLinkSchemes as ReadonlyArray<string>).includes(scheme)) return url
  return kind === "image" && safeDataImage.test(url) ? url : undefined
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

const urlAttributes: Readonly<Record<string, "link" | "image">> = { href: "link", src: "image" }

/** Elements and attributes content markup keeps (no `style`, `id` or event handler anywhere). */
const contentAllowList: Readonly<Record<string, Array<string>>> = Object.fromEntries([
  ...["p", "br", "hr", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark", "code", "pre", "blockquote",
    "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "div", "span", "figure", "figcaption",
    "table", "caption", "thead", "tbody", "tfoot", "tr"].map((tag) => [tag, ["class", "title", "lang", "dir"]]),
  ["th", ["class", "scope", "colspan", "rowspan"]],
  ["td", ["class", "colspan", "rowspan"]],
  ["a", ["href", "title", "class", "hreflang"]],
  ["img", ["src", "alt", "title", "width", "height", "class", "loading"]]
])

const filterOf = (allowList: Readonly<Record<string, Array<string>>>) =>
  new FilterXSS({
    whiteList: allowList,
    stripIgnoreTag: true,
    stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math", "textarea", "xmp", "noembed", "noframes"],
    allowCommentTag: false,
    css: false,
    safeAttrValue: (_tag, name, value) => {
      const kind = urlAttributes[name]
      if (kind === undefined) return escapeAttribute(value)
      return escapeAttribute(safeUrl(value, kind) ?? "")
    }
  })

const contentFilter = filterOf(contentAllowList)

/** The marker js-xss leaves where a stripped element (a `<script>` without its end tag...) began. */
const removedMarker = /\[\/?removed\]/g

/**
 * Trusted HTML made safe to inject: only allow-listed elements and attributes survive (no script, style, frame,
 * form or event handler), URLs keep only safe schemes, comments go.
 *
 * @example
 * ```ts
 * sanitizeHtml('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p>') // '<p>Hi <a href>there</a></p>'
 * ```
 */
export const sanitizeHtml = (html: string): string => contentFilter.process(html).replace(removedMarker, "")

/** A favicon link of the favicon container: `rel`, `href` and optional `type` and `sizes`. */
export interface FaviconLink {
  /** The link relation (`icon`, `apple-touch-icon`...). */
  readonly rel: string
  /** The icon's URL (relative, http(s) or a raster `data:` image). */
  readonly href: string
  /** The icon's media type. */
  readonly type?: string
  /** The icon's sizes (`32x32`, `any`). */
  readonly sizes?: string
}

/** Link relations the favicon container keeps. */
export const faviconRelations = ["icon", "shortcut icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon"] as const

const faviconFilter = new FilterXSS({
  whiteList: { link: ["rel", "href", "type", "sizes"] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg"],
  allowCommentTag: false,
  css: false,
  safeAttrValue: (_tag, name, value) =>
    escapeAttribute(name === "href" ? safeUrl(value, "image") ?? "" : value)
})

const unescapeAttribute = (value: string): string =>
  value.replace(/&quot;/g, "\"").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")

/**
 * The favicon links of a favicon HTML snippet (§2 favicon container): only `<link>` elements whose relation is a
 * {@link faviconRelations} entry and whose `href` is safe; everything else is dropped.
 *
 * @example
 * ```ts
 * faviconLinks('<link rel="icon" href="/favicon.svg" type="image/svg+xml"><script>x()</script>')
 * // [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }]
 * ```
 */
export const faviconLinks = (html: string): ReadonlyArray<FaviconLink> => {
  const links: Array<FaviconLink> = []
  for (const [, attributes = ""] of faviconFilter.process(html).matchAll(/<link\b([^>]*)>/gi)) {
    const values = new Map<string, string>()
    for (const [, name = "", value = ""] of attributes.matchAll(/([a-z-]+)="([^"]*)"/gi)) values.set(name.toLowerCase(), unescapeAttribute(value))
    const rel = values.get("rel")?.trim().toLowerCase()
    const href = values.get("href")
    if (rel === undefined || href === undefined || href === "" || !(faviconRelations as ReadonlyArray<string>).includes(rel)) continue
    const type = values.get("type")
    const sizes = values.get("sizes")
    links.push({ rel, href, ...(type === undefined ? {} : { type }), ...(sizes === undefined ? {} : { sizes }) })
  }
  return links
}
