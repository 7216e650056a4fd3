// @vitest-environment happy-dom
/**
 * The trusted-HTML containers (§2) under a list of XSS vectors: nothing that can run survives (no script, frame,
 * object, form, handler or `javascript:`/`vbscript:`/`data:` URL, no script runs when the injected elements get their
 * events), while the shop's ordinary markup stays; the favicon container keeps only safe icon links.
 */
import { cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { FaviconLinks, faviconLinks, sanitizeHtml, TrustedHtml } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"
import { xssVectors } from "./xssVectors.ts"

const pwned = vi.fn()

beforeEach(() => {
  pwned.mockReset()
  vi.stubGlobal("pwned", pwned)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const dangerousElements = "script, iframe, object, embed, form, style, link, meta, base, svg, math, template, input, button, textarea, video, source, body"
const urlAttributes = ["href", "src", "action", "formaction", "background", "data", "xlink:href", "srcdoc"]

describe("TrustedHtml", () => {
  test.each(xssVectors.map((vector) => [vector]))("%s: nothing can run", (vector) => {
    const { container } = renderWidget(<TrustedHtml html={`<p>before</p>${vector}<p>after</p>`} />)
    const root = container.firstElementChild!
    expect(root.querySelectorAll(dangerousElements)).toHaveLength(0)
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name, vector).not.toMatch(/^on/i)
        expect(attribute.name, vector).not.toBe("style")
        if (urlAttributes.includes(attribute.name.toLowerCase())) {
          const url = attribute.value.replace(/[\u0000-\u0020]/g, "").toLowerCase()
          expect(url, vector).not.toMatch(/^(javascript|vbscript|data:text|data:image\/svg)/)
        }
      }
      for (const type of ["click", "error", "load", "mouseover", "focus", "toggle"]) fireEvent(element, new Event(type))
    }
    expect(root.innerHTML.toLowerCase()).not.toContain("javascript:")
    expect(pwned).not.toHaveBeenCalled()
  })

  test("keeps the shop's ordinary markup: headings, lists, links, images and tables", async () => {
    const html = "<h3>Delivery</h3><p>Read <a href=\"/terms?x=1&amp;y=2\" title=\"Terms\">the terms</a> or <a href=\"mailto:help@shop.example\">write</a>.</p>" +
      "<ul><li><strong>Fast</strong></li><li><em>Free</em></li></ul><img src=\"/media/box.png\" alt=\"A box\" width=\"40\" height=\"40\">" +
      "<table><tbody><tr><th scope=\"row\">Price</th><td>10</td></tr></tbody></table>"
    const { container } = renderWidget(<TrustedHtml as="section" className="content" aria-label="Delivery" html={html} />)
    expect(screen.getByRole("heading", { name: "Delivery" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "the terms" })).toHaveAttribute("href", "/terms?x=1&y=2")
    expect(screen.getByRole("link", { name: "write" })).toHaveAttribute("href", "mailto:help@shop.example")
    expect(screen.getByRole("img", { name: "A box" })).toHaveAttribute("src", "/media/box.png")
    expect(screen.getByRole("rowheader", { name: "Price" })).toBeInTheDocument()
    expect(container.querySelector("section.content")).not.toBeNull()
    await expectNoAxeViolations(container)
  })

  test("sanitizeHtml drops comments and keeps text", () => {
    expect(sanitizeHtml("<p>a<!-- secret -->b</p>")).toBe("<p>ab</p>")
  })
})

describe("Favicon container", () => {
  test("keeps icon links with safe URLs, drops everything else", () => {
    const links = faviconLinks(
      "<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">" +
      "<link rel=\"apple-touch-icon\" sizes=\"180x180\" href=\"/apple.png\">" +
      "<link rel=\"icon\" href=\"javascript:pwned()\">" +
      "<link rel=\"stylesheet\" href=\"/evil.css\">" +
      "<script>pwned()</script><link rel=\"icon\" href=\"jav&#x09;ascript:pwned()\" onload=\"pwned()\">"
    )
    expect(links).toEqual([
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "/apple.png", sizes: "180x180" }
    ])
    const { container } = renderWidget(<FaviconLinks links={links} />)
    const rendered = [...document.querySelectorAll("link")].map((link) => [link.rel, link.getAttribute("href")])
    expect(rendered).toEqual([["icon", "/favicon.svg"], ["apple-touch-icon", "/apple.png"]])
    expect(container.querySelector("script")).toBeNull()
    expect(pwned).not.toHaveBeenCalled()
  })
})

describe("sanitizeHtml", () => {
  test("an unclosed script leaves no marker; what followed it stays as plain text", () => {
    expect(sanitizeHtml("<p>a</p><script>pwned()")).toBe("<p>a</p>pwned()")
  })
})
