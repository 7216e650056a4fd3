/**
 * The sanitizer over generated markup (fast-check): whatever mix of tags, handlers, URL schemes, character references
 * and broken quoting goes in, no script-capable element, no event handler and no link or image URL with a
 * `javascript:`/`vbscript:`/`data:text` scheme comes out, and `safeUrl` never lets a dangerous scheme through however it is written.
 */
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { safeUrl, sanitizeHtml } from "../../../react/components/widgets/sanitizeHtml.ts"

const schemes = ["javascript:", "JaVaScRiPt:", "vbscript:", "data:text/html,", "jav&#x09;ascript:", "&#106;avascript:", "java\u0000script:", " javascript:", "javascript&colon;", "jav&Tab;ascript:", "http:", "/path?", "#top", "mailto:"]
const tags = ["a", "img", "p", "script", "svg", "iframe", "div", "style", "object", "math", "form", "button", "table", "td", "span", "noscript", "template"]
const attributes = ["href", "src", "onclick", "onerror", "onload", "style", "formaction", "action", "xlink:href", "title", "class", "srcdoc", "background"]

const fragment = fc.oneof(
  fc.constantFrom(...tags).map((tag) => `<${tag}>`),
  fc.constantFrom(...tags).map((tag) => `</${tag}>`),
  fc.tuple(fc.constantFrom(...tags), fc.constantFrom(...attributes), fc.constantFrom(...schemes), fc.constantFrom("\"", "'", "`", ""))
    .map(([tag, attribute, scheme, quote]) => `<${tag} ${attribute}=${quote}${scheme}pwned()${quote}>`),
  fc.constantFrom("<!--", "-->", "\"", "'", ">", "<", "&", "pwned()", " ", "\n", "<![CDATA[", "]]>"),
  fc.string({ maxLength: 6 })
)
const markup = fc.array(fragment, { maxLength: 25 }).map((parts) => parts.join(""))

/** An attribute value as a browser reads it: character references decoded, blanks dropped, lower case. */
const asBrowserReads = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ":").replace(/&tab;|&newline;/gi, "").replace(/&quot;/g, "\"").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
    .replace(/[\u0000-\u0020]/g, "")
    .toLowerCase()

/** The tags of sanitized markup (its text's "<" is escaped), attribute values blanked. */
const tagsOf = (html: string): ReadonlyArray<string> => (html.match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.replace(/"[^"]*"/g, "\"\""))

describe("sanitizeHtml over generated markup", () => {
  test("no script-capable element, no handler, no dangerous URL", () => {
    fc.assert(fc.property(markup, (input) => {
      const output = sanitizeHtml(input)
      const lower = output.toLowerCase()
      expect(lower).not.toMatch(/<(script|svg|iframe|object|embed|style|form|button|math|template|noscript|base|link|meta)\b/)
      for (const tag of output.match(/<[a-z][^>]*>/gi) ?? []) {
        for (const [, , url = ""] of tag.matchAll(/\s(href|src)="([^"]*)"/gi)) {
          expect(asBrowserReads(url), input).not.toMatch(/^(javascript|vbscript|data:text)/)
        }
      }
      for (const tag of tagsOf(output)) expect(tag, input).not.toMatch(/\s(on[a-z]+|style|srcdoc|formaction|action|background)\b/i)
    }), { numRuns: 2000 })
  })

  test("safeUrl keeps no dangerous scheme however it is written", () => {
    fc.assert(fc.property(fc.constantFrom(...schemes), fc.string({ maxLength: 10 }), fc.constantFrom<"link" | "image">("link", "image"), (scheme, rest, kind) => {
      const kept = safeUrl(`${scheme}${rest}`, kind)
      if (kept !== undefined) expect(kept.replace(/[\u0000-\u0020]/g, "").toLowerCase()).not.toMatch(/^(javascript|vbscript|data:text)/)
    }), { numRuns: 2000 })
  })
})
