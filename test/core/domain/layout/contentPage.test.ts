import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { contentPageParts } from "../../../../core/domain/layout.ts"

/** HTML text without any heading element and without angle brackets of its own. */
const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "č", "&", "1") })
const html = fc.array(fc.oneof(text, text.map((t) => `<p>${t}</p>`), text.map((t) => `<strong>${t}</strong>`)), { maxLength: 4 }).map((parts) => parts.join(""))
const attributes = fc.constantFrom("", " class=\"title\"", " id=\"x\"")
const title = fc.option(text, { nil: undefined })

describe("content pages (§7 shopContent)", () => {
  test("the page's h1 becomes the heading and leaves the body", () => {
    expect(contentPageParts("<h1>Obchodní <em>podmínky</em></h1><p>Článek 1</p>", "obchodni-podminky"))
      .toEqual({ heading: "Obchodní podmínky", body: "<p>Článek 1</p>" })
  })

  test.prop([html, attributes, html, html, title])("with an h1: its text without tags, trimmed, is the heading; the body is what was around it", (before, attrs, inner, after, entryTitle) => {
    const parts = contentPageParts(`${before}<h1${attrs}>${inner}</h1>${after}`, entryTitle)
    expect(parts.heading).toBe(inner.replace(/<[^>]*>/g, "").trim())
    expect(parts.body).toBe(`${before}${after}`)
  })

  test.prop([html, title])("without an h1: the entry's title (tags removed, trimmed, else empty) and the body unchanged", (body, entryTitle) => {
    expect(contentPageParts(body, entryTitle)).toEqual({ heading: (entryTitle ?? "").replace(/<[^>]*>/g, "").trim(), body })
  })

  test.prop([html, html, html, html])("only the first h1 is taken; a second stays in the body", (first, between, second, after) => {
    const parts = contentPageParts(`<h1>${first}</h1>${between}<H1>${second}</H1>${after}`, undefined)
    expect(parts.heading).toBe(first.replace(/<[^>]*>/g, "").trim())
    expect(parts.body).toBe(`${between}<H1>${second}</H1>${after}`)
  })
})
