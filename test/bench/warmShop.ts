/**
 * Warms a shop before a page benchmark measures it, as any shop that has been serving for a while is warm: each page
 * is loaded once in Debian's Chromium at Lighthouse's mobile viewport (412 x 823 CSS px at 1.75 device pixels, touch,
 * so the same `srcset` widths and the same brotli-encoded scripts are asked for), left 2 s for what hydration fetches,
 * and then every URL its HTML names (`src`, `srcset` candidates, `href` of stylesheets, preloads and icons) is fetched
 * once more with Chromium's Accept-Encoding. What the first load of a page costs the server, the compression of each
 * script per encoding, the rendering of each image width, the first server render of each route, is then paid before
 * the measured loads, not during them.
 *
 * `node test/bench/warmShop.ts <shop url> [paths]` warms a running shop (`paths` a comma list, default `/`) and prints
 * what it did.
 *
 * @module
 */
import { chromium } from "playwright-core"
import { chromiumFlags, chromiumPath } from "../e2e/harness.ts"

/** What warming one page did. */
export interface Warmed {
  readonly path: string
  readonly requests: number
  readonly named: number
  readonly failed: number
  readonly ms: number
}

/** The same-origin URLs a page's HTML names as sources, `srcset` candidates, stylesheets, preloads and icons. */
export const namedUrls = (html: string, origin: string): ReadonlyArray<string> => {
  const urls = new Set<string>()
  const add = (value: string) => {
    const url = new URL(value.replaceAll("&amp;", "&"), origin)
    if (url.origin === origin) urls.add(url.href)
  }
  for (const match of html.matchAll(/\bsrc="([^"]+)"/g)) add(match[1]!)
  for (const match of html.matchAll(/\bsrcset="([^"]+)"/g)) {
    for (const candidate of match[1]!.split(",")) add(candidate.trim().split(/\s+/)[0]!)
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(match[0])?.[1] ?? ""
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1]
    if (href !== undefined && /stylesheet|preload|modulepreload|icon|manifest/.test(rel)) add(href)
  }
  return [...urls]
}

/** Loads each page of `origin` once in Chromium at Lighthouse's mobile viewport and fetches what its HTML names. */
export const warmShop = async (origin: string, paths: ReadonlyArray<string>): Promise<ReadonlyArray<Warmed>> => {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  const warmed: Array<Warmed> = []
  try {
    for (const path of paths) {
      const started = performance.now()
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      let requests = 0
      page.on("request", () => { requests++ })
      await page.goto(`${origin}${path}`, { waitUntil: "load" })
      await page.waitForTimeout(2000)
      await context.close()
      const html = await (await fetch(`${origin}${path}`)).text()
      const named = namedUrls(html, origin)
      let failed = 0
      for (const url of named) {
        const answer = await fetch(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } })
        await answer.arrayBuffer()
        if (!answer.ok) failed++
      }
      warmed.push({ path, requests, named: named.length, failed, ms: performance.now() - started })
    }
  } finally {
    await browser.close()
  }
  return warmed
}

/** One line per warmed page. */
export const describeWarmed = (warmed: ReadonlyArray<Warmed>): string =>
  warmed.map((page) => `warmed ${page.path}: ${page.requests} requests in Chromium, ${page.named} URLs of its HTML fetched${page.failed > 0 ? ` (${page.failed} failed)` : ""}, ${(page.ms / 1000).toFixed(1)} s`).join("\n")

if (import.meta.main) {
  const origin = process.argv[2] ?? ""
  if (origin === "") throw new Error("usage: node test/bench/warmShop.ts <shop url> [paths]")
  console.log(describeWarmed(await warmShop(new URL(origin).origin, (process.argv[3] ?? "/").split(","))))
}
