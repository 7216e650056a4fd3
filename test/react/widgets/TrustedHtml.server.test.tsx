// @vitest-environment node
/**
 * The trusted-HTML container during server rendering: Node, no DOM. The sanitizer gives the same markup as in the
 * browser, and no vector leaves a script or a `javascript:` URL in the streamed HTML.
 */
import { renderToString } from "react-dom/server"
import { describe, expect, test } from "vitest"
import { shopById } from "../../../core/domain/shop.ts"
import { TrustedHtml } from "../../../react/index.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { xssVectors } from "./xssVectors.ts"

describe("TrustedHtml on the server", () => {
  test("runs without a DOM and leaves no script, handler or javascript: URL", () => {
    expect(typeof document).toBe("undefined")
    const html = renderToString(
      <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="en" live={false}>
        {xssVectors.map((vector, i) => <TrustedHtml key={i} html={vector} />)}
        <TrustedHtml html={"<p>Read <a href=\"/terms\">the terms</a></p>"} />
      </StorefrontProvider>
    ).toLowerCase()
    expect(html).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|javascript:|vbscript:|data:text/)
    // In every tag (text's "<" is escaped), the attribute names outside the quoted values: no event handler.
    const tags = html.match(/<[a-z][^>]*>/g) ?? []
    expect(tags.length).toBeGreaterThan(20)
    for (const tag of tags) expect(tag.replace(/"[^"]*"/g, "\"\""), tag).not.toMatch(/\son[a-z]+/)
    expect(html).toContain("<p>read <a href=\"/terms\">the terms</a></p>")
  })
})
