/**
 * The Lighthouse bench's warm-up (test/bench/warmShop.ts) fetches what a page's HTML names: every same-origin source,
 * `srcset` candidate, stylesheet, preload and icon, each once, and nothing of another origin or a plain link.
 */
import { describe, expect, it } from "vitest"
import { namedUrls } from "../bench/warmShop.ts"

const origin = "http://127.0.0.1:4650"

describe("namedUrls", () => {
  it("names each source, srcset candidate, stylesheet, preload and icon once, on the page's origin only", () => {
    const html = `<link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/assets/b.css">
      <link rel="icon" href="/favicon.svg"><link rel="canonical" href="/kosik"><a href="/kontakt">x</a>
      <img src="/media/p1.png?w=320" srcset="/media/p1.png?w=320 320w, /media/p1.png?w=640&amp;q=1 640w">
      <script src="https://cdn.example.com/x.js"></script><script type="module" src="/assets/a.js"></script>`
    expect([...namedUrls(html, origin)].sort()).toEqual([
      `${origin}/assets/a.js`,
      `${origin}/assets/b.css`,
      `${origin}/favicon.svg`,
      `${origin}/media/p1.png?w=320`,
      `${origin}/media/p1.png?w=640&q=1`
    ])
  })

  it("names nothing in a page without sources", () => {
    expect(namedUrls("<p>empty cart</p>", origin)).toEqual([])
  })
})
