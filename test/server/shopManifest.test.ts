/**
 * Each shop's pages carry only that shop's routes (demo/server/http/shopBuilds.ts): the route manifest module a page
 * loads holds the shared routes and exactly the shop's named URLs, is served long-cached, and another shop's URL key
 * answers the shop's own 404 page.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { shopById, shopIds, type ShopId, type UrlKeys } from "../../core/domain/shop.ts"
import { shopPagesOf } from "../../core/domain/shopPages.ts"
import { webBuildDirectory } from "../../demo/server/http/pages.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

const built = existsSync(join(webBuildDirectory, "server", "index.js"))

const pageKinds = [
  "cart", "login", "logout", "register", "passwordRecovery", "clientMyAccount", "clientPurchaseList", "clientWishlist",
  "orderTracking", "wishlist", "clientDigitalContent", "clientWatchdog", "clientRankingList", "clientLoyaltyClubs",
  "clientVipClub", "clientQuestionaireList", "manageCardList"
] as const satisfies ReadonlyArray<keyof UrlKeys>

const trim = (path: string) => path.replace(/^\/+|\/+$/g, "")

/** The named URLs of a shop as route paths (§2), with the pages under the wishlist, questionnaires and cart. */
const namedPaths = (shopId: ShopId): ReadonlySet<string> => {
  const keys = shopById(shopId).urlKeys
  const pages = shopPagesOf(shopId)
  return new Set([
    ...pageKinds.map((kind) => trim(keys[kind])),
    `${trim(keys.wishlist)}-detail/:wishlistId`,
    `${trim(keys.clientQuestionaireList)}/:questionnaireId`,
    `${trim(keys.cart)}/:step`,
    trim(String(pages.contact)),
    trim(String(pages.petForm))
  ])
}

const sharedPaths = ["", "(index)", "switch", "search", ":category", ":category/:variant", "*"]

let backend: Backend
beforeAll(async () => {
  backend = await demoBackend()
})
afterAll(() => backend.dispose())

const get = (path: string, shopId: ShopId) => backend.handler(new Request(`${testBaseUrl}${path}`, { headers: { cookie: `sf_shop=${shopId}` } }))

describe.skipIf(!built)("a shop's route manifest", () => {
  test.each(shopIds)("%s: the page's manifest module holds the shared routes and exactly the shop's named URLs", async (shopId) => {
    const html = await (await get("/", shopId)).text()
    const urls = new Set(html.match(/\/assets\/manifest-[0-9a-f]+-[A-Z0-9]+\.js/g))
    expect([...urls]).toEqual([expect.stringMatching(new RegExp(`^/assets/manifest-[0-9a-f]{8}-${shopId}\\.js$`))])
    const url = [...urls][0]!
    const response = await get(url, shopId)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    const source = await response.text()
    expect(source.startsWith("window.__reactRouterManifest=")).toBe(true)
    const manifest = JSON.parse(source.slice("window.__reactRouterManifest=".length).replace(/;$/, "")) as {
      readonly url: string
      readonly routes: Readonly<Record<string, { readonly path?: string; readonly index?: boolean }>>
    }
    expect(manifest.url).toBe(url)
    const paths = Object.values(manifest.routes).map((route) => route.index === true ? "(index)" : route.path ?? "")
    expect(new Set(paths).size).toBe(paths.length)
    expect(new Set(paths)).toEqual(new Set([...sharedPaths, ...namedPaths(shopId)]))
  }, 180_000) // the first page request loads and renders the server build cold: over a minute under load 20

  test("a manifest module is served to any shop's cookie (a page of one shop may load while the cookie names another)", async () => {
    const html = await (await get("/", "HR10MA")).text()
    const url = /\/assets\/manifest-[0-9a-f]+-HR10MA\.js/.exec(html)![0]
    expect((await get(url, "CZ10MA")).status).toBe(200)
  })
})

describe.skipIf(!built)("another shop's URL key", () => {
  const foreignKeys = (shopId: ShopId) => {
    const own = namedPaths(shopId)
    const keys = new Set<string>()
    for (const other of shopIds) {
      for (const kind of ["cart", "login", "register", "orderTracking", "wishlist"] as const) {
        const path = trim(shopById(other).urlKeys[kind])
        if (!own.has(path)) keys.add(path)
      }
      const contact = trim(String(shopPagesOf(other).contact))
      if (!own.has(contact)) keys.add(contact)
    }
    return [...keys]
  }
  const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]

  test.each(shopIds)("%s: answers 404 with the shop's own not-found page; its own cart and contact page answer 200", async (shopId) => {
    const notFound = await get("/no-such/page/anywhere", shopId)
    expect(notFound.status).toBe(404)
    const style = await notFound.text()
    const lang = /<html lang="([^"]+)"/.exec(style)?.[1]
    expect(lang).toBe(shopById(shopId).locale)
    const keys = foreignKeys(shopId)
    expect(keys.length).toBeGreaterThan(0)
    for (const path of keys) {
      const response = await get(`/${path}`, shopId)
      expect(response.status, path).toBe(404)
      const html = await response.text()
      expect(/<html lang="([^"]+)"/.exec(html)?.[1], path).toBe(lang)
      expect(heading(html), path).toBe(heading(style))
    }
    expect((await get(`/${keys[0]}.data`, shopId)).status, `${keys[0]}.data`).toBe(404)
    for (const path of [shopById(shopId).urlKeys.cart, String(shopPagesOf(shopId).contact)]) {
      expect((await get(`/${trim(path)}`, shopId)).status, path).toBe(200)
    }
  })
})

describe.skipIf(!built)("the shop switch", () => {
  test("a client data request that changes the shop asks for a full document load; a language switch does not", async () => {
    const shop = await get("/switch.data?shop=HR10MA", "CZ10MA")
    expect(shop.headers.get("x-remix-reload-document")).toBe("true")
    expect(shop.headers.get("set-cookie")).toContain("sf_shop=HR10MA")
    const language = await get("/switch.data?lang=en&return=/kosik", "CZ10MA")
    expect(language.headers.get("x-remix-reload-document")).toBeNull()
    expect(language.headers.get("set-cookie")).toContain("sf_lang=en")
  })

  test("the switch goes back only to a path of this origin (a backslash or a second slash would leave it)", async () => {
    const back = async (target: string) =>
      (await get(`/switch?lang=en&return=${encodeURIComponent(target)}`, "CZ10MA")).headers.get("location")
    expect(await back("/kosik")).toBe("/kosik")
    for (const target of ["/\\evil.example", "//evil.example", "https://evil.example/", "/\t/evil.example"]) {
      expect(await back(target), target).toBe("/")
    }
  })
})
