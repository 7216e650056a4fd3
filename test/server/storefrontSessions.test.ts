/**
 * Two shoppers in one Node process (issue 10): each runtime built from `Storefront.layer` with the Node cookie jar
 * keeps its own jar, so its own session and cart, even when both are built from the same layer value.
 */
import { Effect, ManagedRuntime } from "effect"
import { afterAll, describe, expect, test } from "vitest"
import { Shop, Storefront } from "../../core/index.ts"
import { ShopApiClient } from "../../core/api/client.ts"
import { Cart, cartLines } from "../../core/services/Cart.ts"
import { Catalogue } from "../../core/services/Catalogue.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const backend = useRealPortBackend()
const runtimes: Array<ManagedRuntime.ManagedRuntime<Storefront.StorefrontServices, never>> = []
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.dispose())))

/** Adds `variantId` to the shopper's cart and answers the session's cart id and the variants in its cart. */
const fill = (variantId: number) =>
  Effect.gen(function*() {
    const cart = yield* Cart
    const filled = yield* cart.add({ variantId })
    const session = yield* (yield* ShopApiClient).session.get()
    return { cartId: session.cartId, variants: cartLines(filled).map((line) => line.article.variantId) }
  })

describe("Storefront.layer with the Node cookie jar", () => {
  test("two runtimes in one process, from the same layer value, are two shoppers with two sessions and two carts", async () => {
    const layer = Storefront.layer({ shop: Shop.shopById("CZ10MA"), baseUrl: backend.baseUrl(), transport: "fetch-with-cookie-jar", liveData: false })
    const first = ManagedRuntime.make(layer)
    const second = ManagedRuntime.make(layer)
    runtimes.push(first, second)
    const products = await first.runPromise(Effect.gen(function*() {
      const catalogue = yield* Catalogue
      const top = (yield* catalogue.categories).find((category) => category.parentId === null && category.productCount > 0)!
      return (yield* catalogue.listing({ category: top.urlKey })).products.filter((p) => p.marketplacePartner === null && p.inStock > 1)
    }))
    const [a, b] = [products[0]!.variantId, products[1]!.variantId]
    const one = await first.runPromise(fill(a))
    const two = await second.runPromise(fill(b))
    expect(two.cartId).not.toBe(one.cartId)
    expect(one.variants).toEqual([a])
    expect(two.variants).toEqual([b])
    // The first shopper's session is still its own after the second one's calls.
    expect((await first.runPromise(fill(b))).cartId).toBe(one.cartId)
  })
})
