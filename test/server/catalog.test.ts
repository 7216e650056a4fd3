/**
 * The catalogue calls: product availability and financing (shop API groups), the product API
 * (find-variants-by-id, find-variants, recommended-products, similar-products), the recently-viewed
 * API (retrieve, find-products; visitor by the tracking cookie, views from `view_item` tracking
 * events) and the generated product images, through the derived clients against the in-process
 * server on a seeded in-memory database.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { AvailabilityGroup } from "../../core/api/availability.ts"
import { FinancingGroup } from "../../core/api/financing.ts"
import { sessionCookie } from "../../core/api/headers.ts"
import { productLink } from "../../core/domain/shop.ts"
import { AvailabilityHandlers } from "../../demo/server/handlers/availability.ts"
import { FinancingHandlers } from "../../demo/server/handlers/financing.ts"
import { installmentPlan } from "../../demo/server/domain/financing.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { decodePng } from "../support/pngDecode.ts"
import { mediaMaxAgeSeconds } from "../../demo/server/http/media.ts"
import {
  dbProbe,
  makeProductClient,
  makeRecentlyViewedClient,
  makeTrackingClient,
  sideApisBackend
} from "../support/sideApis.ts"

const shopProbe = dbProbe()
const shop = backendFor([AvailabilityGroup, FinancingGroup], Layer.mergeAll(AvailabilityHandlers, FinancingHandlers), shopProbe.layer)
const side = sideApisBackend()
afterAll(async () => {
  await shop.dispose()
  await side.dispose()
})
beforeAll(async () => {
  await Promise.all([shop.handler(new Request(`${testBaseUrl}/api/session`)), side.handler(new Request(`${testBaseUrl}/media/none.svg`))])
}, 240_000)

const query = <A extends object>(sql: string) =>
  Effect.flatMap(side.probe.sql, (client) => Effect.orDie(client.unsafe<A>(sql)))

/** A CZ10MA variant in stock whose category has at least 3 other products with stock. */
const pickVariant = query<{ variant_id: number; product_id: number; category_id: number; url_key: string; variant_url: string }>(`
  SELECT v.variant_id, p.product_id, c.category_id, c.url_key, v.variant_url
  FROM variants v JOIN products p ON p.product_id = v.product_id JOIN categories c ON c.category_id = p.main_category_id
  JOIN stock st ON st.variant_id = v.variant_id
  WHERE v.shop_id = 'CZ10MA' AND v.is_default AND st.in_stock > 0
    AND (SELECT count(*) FROM products o JOIN variants ov ON ov.product_id = o.product_id JOIN stock os ON os.variant_id = ov.variant_id
         WHERE o.main_category_id = p.main_category_id AND o.product_id <> p.product_id AND os.in_stock > 0) >= 3
  ORDER BY v.variant_id LIMIT 1`).pipe(Effect.map((rows) => rows[0]!))

describe("availability (server)", () => {
  it.effect("answers stock per variant of the session's shop, in the order asked; unknown and other shops' ids left out", () =>
    Effect.gen(function*() {
      const rows = yield* Effect.flatMap(shopProbe.sql, (sql) => Effect.orDie(sql<{ variant_id: number; in_stock: number; availability_key: string; shop_id: string }>`
        (SELECT v.variant_id, st.in_stock, st.availability_key, v.shop_id FROM variants v JOIN stock st USING (variant_id)
         WHERE v.shop_id = 'CZ10MA' AND st.in_stock = 0 ORDER BY v.variant_id LIMIT 1)
        UNION ALL
        (SELECT v.variant_id, st.in_stock, st.availability_key, v.shop_id FROM variants v JOIN stock st USING (variant_id)
         WHERE v.shop_id = 'CZ10MA' AND st.in_stock > 3 ORDER BY v.variant_id LIMIT 1)
        UNION ALL
        (SELECT v.variant_id, 0, '', v.shop_id FROM variants v WHERE v.shop_id = 'SK10MA' ORDER BY v.variant_id LIMIT 1)`))
      const [out, plenty, foreign] = rows
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const answer = yield* client.availability.getProductsAvailability({
        query: { variantIds: [plenty!.variant_id, 999_999, out!.variant_id, foreign!.variant_id, plenty!.variant_id] }
      })
      assert.deepStrictEqual(answer.products, [
        { variantId: plenty!.variant_id, available: true, inStock: plenty!.in_stock, availability_key: plenty!.availability_key },
        { variantId: out!.variant_id, available: false, inStock: 0, availability_key: "out_of_stock" }
      ])
    }).pipe(Effect.provide(clientLayerFor(shop))))
})

describe("financing (server)", () => {
  it.effect("CZ10MA finances through CZG: offers, billing methods, variants and one variant for a price", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const { offers } = yield* client.financing.financialOffers({ query: { price: 12000 } })
      assert.deepStrictEqual(offers.map((o) => o.code), ["CZG_6", "CZG_12", "CZG_24"])
      assert.strictEqual(offers[0]!.monthlyPayment, 2000)
      assert.strictEqual(offers[0]!.rpsn, 0)
      assert.isAbove(offers[2]!.rpsn!, 12.9)

      const { billingMethods } = yield* client.financing.billingMethods({ query: { price: 4000 } })
      assert.deepStrictEqual(Object.keys(billingMethods), ["CZG"])
      assert.strictEqual(billingMethods["CZG"]!.disabled, false)
      assert.deepStrictEqual(
        billingMethods["CZG"]!.childPayments!.map((c) => [c.code, c.disabled]),
        [["CZG_6", false], ["CZG_12", false], ["CZG_24", true]]
      )
      const cheap = yield* client.financing.billingMethods({ query: { price: 999 } })
      assert.strictEqual(cheap.billingMethods["CZG"]!.disabled, true)

      const { variants } = yield* client.financing.installmentVariants({ query: { billingMethodId: "CZG", price: 30000, depositAmount: 6000 } })
      assert.deepStrictEqual(variants.map((v) => v.productCode), ["CZG_6", "CZG_12", "CZG_24"])
      const twelve = variants[1]!
      assert.strictEqual(twelve.depositAmount, 6000)
      assert.isAbove(twelve.totalAmount!, 30000)
      assert.strictEqual(twelve.totalAmount, 6000 + twelve.monthlyPayment * 12)

      const { variant } = yield* client.financing.installmentVariant({ query: { billingMethodId: "CZG", price: 30000, installmentCount: 12 } })
      assert.strictEqual(variant.productCode, "CZG_12")
      const wrongCount = yield* Effect.flip(client.financing.installmentVariant({ query: { billingMethodId: "CZG", price: 30000, installmentCount: 7 } }))
      assert.strictEqual(wrongCount._tag, "NotFound")
      const wrongMethod = yield* Effect.flip(client.financing.installmentVariants({ query: { billingMethodId: "CZC", price: 30000 } }))
      assert.strictEqual(wrongMethod._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(shop))))

  it.effect("a shop without an instalment billing method offers nothing", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      assert.deepStrictEqual((yield* client.financing.financialOffers({ query: { price: 500 } })).offers, [])
      assert.deepStrictEqual((yield* client.financing.billingMethods({ query: { price: 500 } })).billingMethods, {})
    }).pipe(Effect.provide(clientLayerFor(shop, "SK10MA"))))

  it("the instalment math follows each currency's terms", () => {
    assert.deepStrictEqual(installmentPlan("CZK", 12000, 0, 6), {
      installmentCount: 6, depositAmount: 0, financedAmount: 12000, monthlyPayment: 2000, totalAmount: 12000, interestRate: 0, rpsn: 0
    })
    const eur = installmentPlan("EUR", 1000, 100, 12)!
    assert.strictEqual(eur.financedAmount, 900)
    assert.strictEqual(eur.monthlyPayment, 79.09) // 900 at 9.9 % p.a. over 12 months, rounded up to the cent
    assert.strictEqual(eur.rpsn, 10.36)
    assert.strictEqual(installmentPlan("HUF", 500000, 0, 24)!.monthlyPayment % 1, 0)
    assert.isUndefined(installmentPlan("PLN", 400, 0, 10)) // below the PLN minimum
    assert.isUndefined(installmentPlan("CZK", 4000, 0, 24)) // monthly payment below 300 CZK
    assert.isUndefined(installmentPlan("CZK", 12000, 12000, 6)) // nothing left to finance
  })
})

describe("product API (server, under /product-api)", () => {
  it.effect("find-variants-by-id answers the variants in the order asked, with links and images; unknown ids left out", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const client = yield* makeProductClient()
      const found = yield* client.products.findVariantsById({ query: { ids: [picked.variant_id, 999_999, picked.variant_id + 1] } })
      assert.deepStrictEqual(found.map((v) => v.variantId), [picked.variant_id, picked.variant_id + 1])
      const first = found[0]!
      assert.strictEqual(first.id, picked.product_id)
      assert.strictEqual(productLink(first), `/${picked.url_key}/${picked.variant_url}`)
      assert.strictEqual(first.currency, "CZK")
      assert.isAbove(first.price, 0)
      assert.strictEqual(first.image, `/media/v${picked.variant_id}.png`)
      assert.isUndefined(first.properties)
    }).pipe(Effect.provide(clientLayerFor(side))))

  it.effect("find-variants includes the asked-for properties (built-in and parameters), leaving unknown names out", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const client = yield* makeProductClient()
      const [variant] = yield* client.products.findVariants({ query: { ids: [picked.variant_id], properties: ["brand", "productId", "inStock", "nope"] } })
      assert.strictEqual(variant!.properties!["productId"], picked.product_id)
      assert.isString(variant!.properties!["brand"])
      assert.isAbove(variant!.properties!["inStock"] as number, 0)
      assert.notProperty(variant!.properties, "nope")
    }).pipe(Effect.provide(clientLayerFor(side))))

  it.effect("recommended-products: in-stock products of the same category, not the product itself, at most count", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const client = yield* makeProductClient()
      const recommended = yield* client.products.recommendedProducts({ query: { variantId: picked.variant_id, count: 3 } })
      assert.strictEqual(recommended.length, 3)
      const ids = recommended.map((v) => v.variantId).join(",")
      const rows = yield* query<{ product_id: number; category_id: number; in_stock: number }>(`
        SELECT p.product_id, p.main_category_id AS category_id, st.in_stock
        FROM variants v JOIN products p USING (product_id) JOIN stock st ON st.variant_id = v.variant_id WHERE v.variant_id IN (${ids})`)
      for (const row of rows) {
        assert.strictEqual(row.category_id, picked.category_id)
        assert.notStrictEqual(row.product_id, picked.product_id)
        assert.isAbove(row.in_stock, 0)
      }
      const accessories = yield* client.products.recommendedProducts({ query: { variantId: picked.variant_id, accessoryVariants: true } })
      assert.isAtMost(accessories.length, 10)
      assert.deepStrictEqual(yield* client.products.recommendedProducts({ query: { variantId: 999_999 } }), [])
    }).pipe(Effect.provide(clientLayerFor(side))))

  it.effect("similar-products: other products of the product's category, at most limit (default 10)", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const client = yield* makeProductClient()
      const two = yield* client.products.similarProducts({ query: { productId: picked.product_id, limit: 2 } })
      assert.strictEqual(two.length, 2)
      assert.notInclude(two.map((v) => v.id), picked.product_id)
      const all = yield* client.products.similarProducts({ query: { productId: picked.product_id } })
      assert.isAtMost(all.length, 10)
      assert.isAtLeast(all.length, 3)
    }).pipe(Effect.provide(clientLayerFor(side))))

  it.effect("a call answers only its shop's variants: the x-shop-id header's, else its session's (the EUR shops stay apart)", () =>
    Effect.gen(function*() {
      const rows = yield* query<{ shop_id: string; variant_id: number; product_id: number }>(`
        SELECT DISTINCT ON (v.shop_id) v.shop_id, v.variant_id, v.product_id FROM variants v
        WHERE v.shop_id IN ('SK10MA', 'HR10MA', 'SI10SI') AND v.is_default ORDER BY v.shop_id, v.variant_id`)
      const ids = rows.map((row) => row.variant_id).join(",")
      const ask = (path: string, headers: Record<string, string>) =>
        Effect.promise(async () => (await side.handler(new Request(`${testBaseUrl}/product-api${path}`, { headers }))).json() as Promise<ReadonlyArray<{ variantId: number }>>)
      for (const row of rows) {
        const shop = { "x-shop-id": row.shop_id }
        assert.deepStrictEqual((yield* ask(`/find-variants-by-id?ids=${ids}`, shop)).map((v) => v.variantId), [row.variant_id])
        assert.deepStrictEqual((yield* ask(`/find-variants?ids=${ids}&properties=brand`, shop)).map((v) => v.variantId), [row.variant_id])
        for (const other of rows.filter((o) => o.shop_id !== row.shop_id)) {
          assert.deepStrictEqual(yield* ask(`/recommended-products?variantId=${other.variant_id}`, shop), [])
          assert.deepStrictEqual(yield* ask(`/similar-products?productId=${other.product_id}`, shop), [])
        }
        assert.isAbove((yield* ask(`/similar-products?productId=${row.product_id}`, shop)).length, 0)
      }
      const sessions = yield* query<{ session_id: string }>(`
        INSERT INTO sessions (session_id, shop_id, cart_id, csrf_token, expires_at)
        SELECT 'catalog-test-si', 'SI10SI', NULL, 'token', now() + interval '1 hour' RETURNING session_id`)
      const bySession = yield* ask(`/find-variants-by-id?ids=${ids}`, { cookie: `${sessionCookie}=${sessions[0]!.session_id}` })
      assert.deepStrictEqual(bySession.map((v) => v.variantId), rows.filter((r) => r.shop_id === "SI10SI").map((r) => r.variant_id))
      assert.strictEqual((yield* ask(`/find-variants-by-id?ids=${ids}`, {})).length, rows.length, "a caller naming no shop gets each variant")
    }))

  it.effect("a malformed query (limit=abc) is a 400 problem naming the field; OpenAPI under the mount point", () =>
    Effect.gen(function*() {
      const response = yield* Effect.promise(() => side.handler(new Request(`${testBaseUrl}/product-api/similar-products?productId=1&limit=abc`)))
      assert.strictEqual(response.status, 400)
      assert.match(response.headers.get("content-type") ?? "", /json/)
      const problem = (yield* Effect.promise(() => response.json())) as { status: number; errors?: ReadonlyArray<{ path?: ReadonlyArray<unknown> }> }
      assert.strictEqual(problem.status, 400)
      assert.isTrue((problem.errors ?? []).some((error) => JSON.stringify(error.path).includes("limit")), JSON.stringify(problem))
      const openapi = yield* Effect.promise(() => side.handler(new Request(`${testBaseUrl}/product-api/openapi.json`)))
      assert.strictEqual(openapi.status, 200)
    }))
})

describe("recently-viewed API (server, under /recently-viewed-api)", () => {
  it.effect("views tracked as view_item for the tracking cookie come back newest first; find-products answers them", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const visitor = "6f1c2a9e-8b7d-4c3e-9a1f-0e2d3c4b5a69"
      const tracking = yield* makeTrackingClient()
      const view = (variantId: number) =>
        tracking.tracking.trackPost({
          payload: { event_type: "view_item", customer_ids: { cookie: visitor }, properties: { variant_id: variantId }, timestamp: 1_700_000_000 }
        })
      const ids = [picked.variant_id, picked.variant_id + 1, picked.variant_id + 2]
      for (const id of ids) yield* view(id)
      yield* view(picked.variant_id) // viewed again: moves to the front

      const client = yield* makeRecentlyViewedClient(`__exponea_etc__=${visitor}`)
      const { ids: viewed } = yield* client.recentlyViewed.retrieve({ query: {} })
      assert.deepStrictEqual(viewed, [picked.variant_id, picked.variant_id + 2, picked.variant_id + 1])
      const two = yield* client.recentlyViewed.retrieve({ query: { maxItems: 2 } })
      assert.deepStrictEqual(two.ids, [picked.variant_id, picked.variant_id + 2])

      const products = yield* client.recentlyViewed.findProducts({ query: { ids: viewed } })
      assert.deepStrictEqual(products.map((p) => p.variantId), viewed)
      const one = yield* client.recentlyViewed.findProducts({ query: { ids: viewed, count: 1 } })
      assert.deepStrictEqual(one.map((p) => p.variantId), [picked.variant_id])

      const stranger = yield* makeRecentlyViewedClient()
      assert.deepStrictEqual((yield* stranger.recentlyViewed.retrieve({ query: {} })).ids, [])
    }).pipe(Effect.provide(clientLayerFor(side))))

  it.effect("find-products answers at most 10 by default (§9)", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const client = yield* makeRecentlyViewedClient()
      const ids = Array.from({ length: 12 }, (_, i) => picked.variant_id + i)
      const products = yield* client.recentlyViewed.findProducts({ query: { ids } })
      assert.strictEqual(products.length, 10)
    }).pipe(Effect.provide(clientLayerFor(side))))
})

describe("product images (server)", () => {
  it.effect("GET /media/{id}.png serves the generated PNG at its own width or the one asked for, cached a day", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const get = (path: string) => Effect.promise(() => side.handler(new Request(`${testBaseUrl}${path}`)))
      const bytes = (response: Response) => Effect.promise(() => response.arrayBuffer()).pipe(Effect.map((buffer) => new Uint8Array(buffer)))
      const response = yield* get(`/media/v${picked.variant_id}.png`)
      assert.strictEqual(response.status, 200)
      assert.strictEqual(response.headers.get("content-type"), "image/png")
      assert.strictEqual(response.headers.get("cache-control"), `public, max-age=${mediaMaxAgeSeconds}`)
      assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff")
      const full = decodePng(yield* bytes(response))
      assert.deepStrictEqual([full.width, full.height], [600, 600])
      const small = decodePng(yield* bytes(yield* get(`/media/v${picked.variant_id}.png?w=150`)))
      assert.deepStrictEqual([small.width, small.height], [160, 160])
      const again = yield* bytes(yield* get(`/media/v${picked.variant_id}.png?w=160`))
      assert.deepStrictEqual(decodePng(again).rgba, small.rgba)
      const capped = decodePng(yield* bytes(yield* get(`/media/v${picked.variant_id}.png?w=99999`)))
      assert.strictEqual(capped.width, 1200, "at most twice the image's own width")
      for (const odd of ["-3", "0", "1e3", "abc", "999999"]) {
        const ignored = decodePng(yield* bytes(yield* get(`/media/v${picked.variant_id}.png?w=${odd}`)))
        assert.strictEqual(ignored.width, 600, `?w=${odd} gives the own width`)
      }
      assert.strictEqual((yield* get("/media/nope.png")).status, 404)
      assert.strictEqual((yield* get(`/media/v${picked.variant_id}.gif`)).status, 404)
      assert.strictEqual((yield* get(`/media/v${picked.variant_id}`)).status, 404)
    }))

  it.effect("a media id's row is read once: its image, served again, does not read the database (an image never changes)", () =>
    Effect.gen(function*() {
      const [media] = yield* query<{ media_id: string; width: number }>(
        "SELECT media_id, width FROM media WHERE width >= 400 AND media_id NOT LIKE 'v%' ORDER BY media_id DESC LIMIT 1")
      const get = (path: string) => Effect.promise(() => side.handler(new Request(`${testBaseUrl}${path}`)))
      const widthOf = (path: string) =>
        Effect.flatMap(get(path), (response) => Effect.promise(() => response.arrayBuffer())).pipe(Effect.map((buffer) => decodePng(new Uint8Array(buffer)).width))
      const first = yield* widthOf(`/media/${media!.media_id}.png`)
      // Behind the server's back: were the row read again, the image would come at the new, smaller size.
      yield* query(`UPDATE media SET width = 160, height = 160 WHERE media_id = '${media!.media_id}'`)
      assert.strictEqual(yield* widthOf(`/media/${media!.media_id}.png`), first)
      assert.strictEqual(yield* widthOf(`/media/${media!.media_id}.png?w=160`), 160)
    }))

  it.effect("GET /media/{id}.svg still serves the generated SVG (links and caches from before the PNG); unknown ids are 404", () =>
    Effect.gen(function*() {
      const picked = yield* pickVariant
      const response = yield* Effect.promise(() => side.handler(new Request(`${testBaseUrl}/media/v${picked.variant_id}.svg`)))
      assert.strictEqual(response.status, 200)
      assert.match(response.headers.get("content-type") ?? "", /^image\/svg\+xml/)
      assert.strictEqual(response.headers.get("x-content-type-options"), "nosniff")
      assert.match(yield* Effect.promise(() => response.text()), /^<svg /)
      const missing = yield* Effect.promise(() => side.handler(new Request(`${testBaseUrl}/media/nope.svg`)))
      assert.strictEqual(missing.status, 404)
    }))
})
