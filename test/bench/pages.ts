/**
 * `npm run bench:pages`: the storefront's first-load weight per page, measured from outside: the
 * shop is started on a free port, each page's server-rendered HTML is read, and every script,
 * module preload and stylesheet it names is fetched and gzipped (level 9). Prints one row per page
 * with the JavaScript and CSS it costs before the shopper can interact, and the budget of issue 8
 * (home <= 150 kB gzip JavaScript including React, product <= 170 kB).
 *
 * @module
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { startShop } from "../e2e/harness.ts"
import { afterFirstPaintModules } from "../../demo/web/app/lib/modulePreloads.ts"

const shop = await startShop()
try {
  const firstProduct = async (): Promise<string> => {
    const html = await (await fetch(`${shop.url}/search?q=%20`)).text()
    return /href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "/"
  }
  const product = await firstProduct()
  const category = `/${product.split("/")[1]}`
  const pages: ReadonlyArray<readonly [string, string, number | undefined]> = [
    ["home", "/", 150],
    ["category", category, undefined],
    ["product", product, 170],
    ["search", "/search?q=tablet", undefined],
    ["cart", "/kosik", undefined],
    ["checkout (customer step)", "/kosik/1", undefined],
    ["login", "/prihlaseni", undefined],
    ["password recovery", "/zapomenute-heslo", undefined],
    ["contact", "/kontakt", undefined]
  ]
  const languageChunks = readdirSync(join(import.meta.dirname, "../../demo/web/build/client/assets")).filter((file) => /^[a-z]{2}-[\w-]+\.js$/.test(file))
  const gzipped = new Map<string, number>()
  const sizeOf = async (asset: string): Promise<number> => {
    const known = gzipped.get(asset)
    if (known !== undefined) return known
    const body = new Uint8Array(await (await fetch(`${shop.url}${asset}`)).arrayBuffer())
    const size = gzipSync(body, { level: 9 }).length
    gzipped.set(asset, size)
    return size
  }
  const kB = (bytes: number) => (bytes / 1000).toFixed(1)
  console.log("| page | path | first-load JS (kB gzip) | CSS (kB gzip) | HTML (kB gzip) | budget |")
  console.log("|---|---|---|---|---|---|")
  for (const [name, path, budget] of pages) {
    const html = await (await fetch(`${shop.url}${path}`)).text()
    const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0])
    const hrefsOf = (rel: string) => links.filter((link) => link.includes(`rel="${rel}"`)).map((link) => /href="([^"]+)"/.exec(link)?.[1]).filter((href) => href !== undefined)
    const language = /data-ui-language="([a-z]+)"/.exec(html)?.[1]
    const catalogue = languageChunks.find((file) => file.startsWith(`${language}-`))
    // The first load's modules are started by an inline script after the first paint (lib/modulePreloads.ts).
    const deferred = afterFirstPaintModules(html)
    const sources = [html, ...deferred.map((started) => started.source)]
    const scripts = new Set([
      ...hrefsOf("modulepreload"),
      ...deferred.flatMap((started) => started.hrefs),
      ...sources.flatMap((source) => [...source.matchAll(/<script[^>]+src="([^"]+)"/g), ...source.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!)),
      // The module source's static imports: the route manifest (routeDiscovery "initial") and the route modules.
      ...deferred.flatMap((started) => [...started.source.matchAll(/\bimport\s+(?:[^"';]*?\bfrom\s+)?"([^"]+\.js)"/g)].map((m) => m[1]!)),
      // The shopper's message catalogue, loaded by entry.client.tsx before hydration.
      ...(catalogue === undefined ? [] : [`/assets/${catalogue}`])
    ])
    const styles = new Set(hrefsOf("stylesheet"))
    let js = 0
    for (const asset of scripts) js += await sizeOf(asset)
    let css = 0
    for (const asset of styles) css += await sizeOf(asset)
    const verdict = budget === undefined ? "—" : js / 1000 <= budget ? `<= ${budget} ok` : `> ${budget} OVER`
    console.log(`| ${name} | \`${path}\` | ${kB(js)} | ${kB(css)} | ${kB(gzipSync(html).length)} | ${verdict} |`)
  }
} finally {
  await shop.stop()
}
