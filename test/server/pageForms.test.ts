/**
 * The storefront's page forms (demo/web/app/lib/forms.server.ts): a post is taken as the shop's own only when the
 * browser says it comes from the page's origin, and a page path reads the same for a document and a client data
 * request.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { isSameOriginPost, pagePathOf } from "../../demo/web/app/lib/forms.server.ts"

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers })

describe("isSameOriginPost", () => {
  it("takes a post whose Origin is the page's origin, or without Origin one the browser marks same-origin", () => {
    expect(isSameOriginPost(post("http://127.0.0.1:4000/kontakt", { origin: "http://127.0.0.1:4000" }))).toBe(true)
    expect(isSameOriginPost(post("http://127.0.0.1:4000/kontakt", { "sec-fetch-site": "same-origin" }))).toBe(true)
  })

  it("refuses Origin null, another site, another port or scheme, and a post the browser says nothing about", () => {
    for (const origin of ["null", "http://evil.example", "http://127.0.0.1:4001", "https://127.0.0.1:4000"]) {
      expect(isSameOriginPost(post("http://127.0.0.1:4000/kontakt", { origin })), origin).toBe(false)
    }
    expect(isSameOriginPost(post("http://127.0.0.1:4000/kontakt", { "sec-fetch-site": "cross-site" }))).toBe(false)
    expect(isSameOriginPost(post("http://127.0.0.1:4000/kontakt", {}))).toBe(false)
  })

  test.prop([fc.webUrl({ withQueryParameters: true })])("a foreign Origin is refused whatever Sec-Fetch-Site claims", (other) => {
    const origin = new URL(other).origin
    fc.pre(origin !== "http://shop.test")
    expect(isSameOriginPost(post("http://shop.test/kontakt", { origin, "sec-fetch-site": "same-origin" }))).toBe(false)
  })
})

describe("pagePathOf", () => {
  test.prop([fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 4 })])(
    "a document request, its client data request and a trailing slash name the same page",
    (segments) => {
      const path = `/${segments.join("/")}`
      expect(pagePathOf(new Request(`http://shop.test${path}?a=1`))).toBe(path)
      expect(pagePathOf(new Request(`http://shop.test${path}.data?a=1`))).toBe(path)
      expect(pagePathOf(new Request(`http://shop.test${path}/`))).toBe(path)
    }
  )
})
