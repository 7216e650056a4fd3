/**
 * The widgets data group (§7 GET and POST /api/widgets/getWidgetsData) against the real server in-process, through
 * the derived client: the cart drawer's articles for everyone, the wishlist drawer's items and count for logged-in
 * customers only (§2), five newest items unless extended.
 */
import { afterAll, assert, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CartGroup } from "../../core/api/cart.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { WidgetsGroup } from "../../core/api/widgets.ts"
import { wishlistDrawerSize } from "../../core/domain/wishlist.ts"
import { demoEmail } from "../../demo/server/db/seed/seed.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { WidgetsHandlers } from "../../demo/server/handlers/widgets.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import { cartProbe, customerIdOf, findVariant, logInByDatabase, offersOf, rawCartSession } from "./cartSupport.ts"

const probe = cartProbe()
const backend = backendFor(groupsOf(CartGroup, WidgetsGroup), Layer.mergeAll(CartHandlers, WidgetsHandlers), probe.layer)
afterAll(() => backend.dispose())

const start = Effect.gen(function*() {
  const client = yield* makeShopClient(testBaseUrl)
  const session = yield* bootstrapSession(client)
  return { client, session }
})

describe("widgets (server)", () => {
  it.effect("a guest gets the cart articles and no wishlist; extended adds parameters and offered bundles", () =>
    Effect.gen(function*() {
      const { client } = yield* start
      const empty = yield* client.widgets.getWidgetsData({ query: {} })
      expect(empty).toEqual({ cart: { articles: [] } })
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 10, withBundles: true }))
      const offers = yield* probe.use((sql) => offersOf(sql, variant.product_id))
      const warranty = offers.find((offer) => offer.type === "warranty")!
      yield* client.cart.addToCart({
        payload: { variantId: variant.variant_id, amount: 2, services: [{ type: "warranty", bundleId: warranty.bundle_id }] }
      })
      const basic = yield* client.widgets.getWidgetsData({ query: { extended: false } })
      assert.isUndefined(basic.wishList)
      const item = basic.cart!.articles![0]!
      expect(item).toMatchObject({ count: 2, actual_price: variant.price, currency_abr: "CZK", title: expect.any(String) })
      expect(item.warranty).toMatchObject({ id: warranty.bundle_id, active: true })
      expect(item.bundles?.length).toBe(1)
      assert.isUndefined(item.params)
      const extended = yield* client.widgets.getWidgetsData({ query: { extended: true } })
      const full = extended.cart!.articles![0]!
      assert.isAbove(full.params!.length, 0)
      expect(full.bundles!.length).toBe(offers.length)
      assert.match(full.image ?? "", /^\/media\//)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a logged-in customer gets the main wishlist: five newest items unless extended, and the full count", () =>
    Effect.gen(function*() {
      const { client, session } = yield* start
      const customerId = yield* probe.use((sql) => customerIdOf(sql, demoEmail("gold", "CZ")))
      yield* probe.use((sql) => logInByDatabase(sql, session.cartId, customerId))
      yield* bootstrapSession(client)
      const basic = yield* client.widgets.getWidgetsData({ query: {} })
      const count = basic.wishList!.itemsCount!
      assert.isAbove(count, wishlistDrawerSize)
      expect(basic.wishList!.items!.length).toBe(wishlistDrawerSize)
      const times = basic.wishList!.items!.map((item) => item.createdTs!)
      expect([...times].sort((a, b) => b - a)).toEqual(times)
      const posted = yield* client.widgets.getWidgetsDataPost({ payload: { extended: true } })
      expect(posted.wishList!.items!.length).toBe(count)
      expect(posted.wishList!.items!.slice(0, wishlistDrawerSize)).toEqual(basic.wishList!.items)
      expect(posted.cart).toEqual({ articles: [] })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the POST variant needs no csrf token (it only reads); a malformed extended flag is 400", () =>
    Effect.gen(function*() {
      const post = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/widgets/getWidgetsData`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ extended: false })
        })))
      expect(post.status).toBe(200)
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const bad = yield* Effect.promise(() => raw.send("GET", "/api/widgets/getWidgetsData?extended=yes"))
      expect(bad.status).toBe(400)
    }))
})
