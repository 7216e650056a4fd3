/**
 * The storefront layer's analytics (core/storefront.ts with core/storefrontAnalytics.ts) over the reference backend
 * in process: tracking and cross-sell follow the Consent service's gdpr_personalization (§6); a product view reaches
 * the tracking API and the recently-viewed API lists it for the shopper's tracking cookie (§7, §9); the tag manager
 * pushes the localised virtual pageview of a checkout step to the given data layer (§2).
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { cookieJarLayer, webHandlerHttpClient } from "../../core/api/client.ts"
import { shopById } from "../../core/domain/shop.ts"
import { localisedVirtualPageviews } from "../../core/domain/tagManager.ts"
import { trackingEventTypes, defaultTrackingCookieName } from "../../core/domain/tracking.ts"
import { Consent } from "../../core/services/Consent.ts"
import { CrossSell } from "../../core/services/CrossSell.ts"
import { Storage } from "../../core/services/Storage.ts"
import { DataLayer, TagManager, type DataLayerEvent } from "../../core/services/TagManager.ts"
import { Tracking } from "../../core/services/Tracking.ts"
import { layer } from "../../core/storefront.ts"
import { analyticsClientIdOf } from "../../core/storefrontAnalytics.ts"
import { demoBackend, testBaseUrl, type Backend } from "../support/server.ts"

let backend: Backend

beforeAll(async () => {
  backend = await demoBackend()
})

afterAll(async () => {
  await backend.dispose()
})

const shop = shopById("CZ10MA")

/** A fresh shopper's storefront over the backend, with its data layer collecting into `pushed`. */
const storefront = (pushed: Array<DataLayerEvent>) =>
  ManagedRuntime.make(layer({
    shop,
    baseUrl: testBaseUrl,
    transport: cookieJarLayer().pipe(Layer.provide(webHandlerHttpClient(backend.handler))),
    liveData: false,
    dataLayer: Layer.succeed(DataLayer, DataLayer.of({ push: (event) => Effect.sync(() => void pushed.push(event)) })),
    tracking: {
      virtualPageviews: localisedVirtualPageviews(shop, (step) => `Title of ${step}`),
      environment: Effect.succeed({
        page: { location: `${testBaseUrl}/p`, path: "/p", referrer: "", os: "Linux", device: "desktop", browser: "Chrome" },
        userAgent: "test"
      })
    }
  }))

const firstVariant = async (): Promise<number> => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/catalogue/search?q=%20&perPage=1`, { headers: { "x-shop-id": "CZ10MA" } }))
  return ((await response.json()) as { products: ReadonlyArray<{ variantId: number }> }).products[0]!.variantId
}

const recentlyViewedIds = async (cookie: string): Promise<ReadonlyArray<number>> => {
  const response = await backend.handler(new Request(`${testBaseUrl}/recently-viewed-api/retrieve?maxItems=10`, {
    headers: { cookie: `${defaultTrackingCookieName}=${cookie}` }
  }))
  return ((await response.json()) as { ids: ReadonlyArray<number> }).ids
}

describe("storefront analytics (§6, §7, §9)", () => {
  test("without gdpr_personalization nothing is tracked or kept and no cookie is made; once given, a product view reaches the recently-viewed list", async () => {
    const runtime = storefront([])
    const variantId = await firstVariant()
    const view = Tracking.use((t) =>
      t.track({ type: trackingEventTypes.productView, properties: { variant_id: variantId, title: "x" } }))

    const refused = await runtime.runPromise(view)
    expect(refused._tag).toBe("NoConsent")
    await runtime.runPromise(CrossSell.use((c) =>
      c.recordClick({ productId: variantId, placement: "product_detail", bookmarkId: "1", mId: "m", sId: "1" })))
    expect(await runtime.runPromise(CrossSell.use((c) => c.events))).toEqual([])
    expect(await runtime.runPromise(Storage.use((s) => s.get("cookies", defaultTrackingCookieName)))).toBeUndefined()

    await runtime.runPromise(Consent.use((c) => c.hydrate({ gdpr_panel: true, gdpr_personalization: true })))
    const sent = await runtime.runPromise(view)
    expect(sent._tag).toBe("Sending")
    await runtime.runPromise(Tracking.use((t) => t.flush))
    const cookie = await runtime.runPromise(Tracking.use((t) => t.cookieId))
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/)
    expect(await recentlyViewedIds(cookie!)).toEqual([variantId])

    await runtime.runPromise(CrossSell.use((c) =>
      c.recordClick({ productId: variantId, placement: "product_detail", bookmarkId: "1", mId: "m", sId: "1" })))
    expect((await runtime.runPromise(CrossSell.use((c) => c.events))).map((e) => e.productId)).toEqual([variantId])
    await runtime.dispose()
  })

  test("a checkout step pushes its localised virtual pageview to the storefront's data layer", async () => {
    const pushed: Array<DataLayerEvent> = []
    const runtime = storefront(pushed)
    await runtime.runPromise(TagManager.use((tm) => tm.checkoutStep("customer")))
    expect(pushed[0]).toEqual({
      event: "virtualPageview",
      virtualPageURL: `${shop.urlKeys.cart}/1`,
      virtualPageTitle: "Title of customer",
      checkoutStep: "customer",
      checkoutStepNumber: 3
    })
    await runtime.dispose()
  })

  test("the analytics client id of a _ga cookie", () => {
    expect(analyticsClientIdOf("GA1.1.123456.789")).toBe("123456.789")
    expect(analyticsClientIdOf("GA1.2.5.6")).toBe("5.6")
    expect(analyticsClientIdOf("nonsense")).toBeUndefined()
    expect(analyticsClientIdOf(undefined)).toBeUndefined()
  })
})
