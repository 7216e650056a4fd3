import { OpenApi } from "effect/http-api"
import { describe, expect, test } from "vitest"
import { walletSupportedHeader } from "../../core/api/headers.ts"
import { endpointsOf } from "../../core/api/reflect.ts"
import { ProductApi } from "../../core/api/productApi.ts"
import { RecentlyViewedApi } from "../../core/api/recentlyViewedApi.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import { TrackingApi } from "../../core/api/trackingApi.ts"

const apis = [
  ["ShopApi", () => ({ doc: OpenApi.fromApi(ShopApi), endpoints: endpointsOf(ShopApi) })],
  ["ProductApi", () => ({ doc: OpenApi.fromApi(ProductApi), endpoints: endpointsOf(ProductApi) })],
  ["RecentlyViewedApi", () => ({ doc: OpenApi.fromApi(RecentlyViewedApi), endpoints: endpointsOf(RecentlyViewedApi) })],
  ["TrackingApi", () => ({ doc: OpenApi.fromApi(TrackingApi), endpoints: endpointsOf(TrackingApi) })]
] as const

/** Read-only endpoints that are not GETs: searches and reads sent as POST bodies. */
const readOnlyNonGet = new Set(["widgets.getWidgetsDataPost", "outlets.find", "tracking.trackPost"])

describe("the whole contract", () => {
  test.each(apis)("%s: the OpenAPI document lists every endpoint", (_, make) => {
    const { doc, endpoints } = make()
    const paths = doc.paths as Record<string, Record<string, unknown> | undefined>
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, "{$1}")
      expect(paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.group}.${endpoint.name} ${endpoint.method} ${path}`).toBeDefined()
    }
  })

  test.each(apis)("%s: no two endpoints share a method and path", (_, make) => {
    const keys = make().endpoints.map((e) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test("the shop API covers the §7 areas", () => {
    const groups = new Set(endpointsOf(ShopApi).map((e) => e.group))
    expect(endpointsOf(ShopApi).length).toBeGreaterThan(110)
    for (const group of ["widgets", "legal", "content", "contact", "captcha", "menu", "banner", "searching", "outlets", "adultContent", "account", "consents", "legacyCart", "cart", "cartApi", "deliveries", "cartStep", "paymentProvider", "legacyWishlist", "wishlist", "digitalContent", "orderTracking", "availability", "newsletter", "confirmation", "financing", "reviews", "tagData", "crossSell"]) {
      expect(groups.has(group), group).toBe(true)
    }
  })

  test("every shop endpoint that is not a GET changes state and carries CSRF protection, unless it is a known read", () => {
    for (const e of endpointsOf(ShopApi)) {
      if (e.method !== "GET") expect(e.csrf || readOnlyNonGet.has(`${e.group}.${e.name}`), `${e.group}.${e.name}`).toBe(true)
    }
  })

  test("state-changing GETs of the spec carry CSRF protection too", () => {
    const csrfGets = endpointsOf(ShopApi).filter((e) => e.method === "GET" && e.csrf).map((e) => `${e.group}.${e.name}`)
    expect(csrfGets).toEqual(expect.arrayContaining(["cartApi.selectBillingMethod", "consents.submitConsents", "adultContent.confirm", "account.logout"]))
  })

  test("add-to-cart and next-step carry idempotency keys; the §9 timeouts hold per class", () => {
    const all = [...endpointsOf(ShopApi), ...endpointsOf(TrackingApi)]
    const find = (id: string) => all.find((e) => `${e.group}.${e.name}` === id)
    expect(find("cart.addToCart")?.retry).toBe("idempotencyKey")
    expect(find("legacyCart.put")?.retry).toBe("idempotencyKey")
    expect(find("cartStep.nextStep")?.retry).toBe("idempotencyKey")
    expect(find("widgets.getWidgetsData")?.timeoutMs).toBe(8000)
    expect(find("legal.approve")?.timeoutMs).toBe(5000)
    expect(find("cartApi.loadCart")?.timeoutMs).toBe(5000)
    expect(find("tracking.trackGet")?.timeoutMs).toBe(2000)
  })

  test("the wallet signal is a declared header of every shop call (§5): optional, 0 or 1", () => {
    const paths = OpenApi.fromApi(ShopApi).paths as Record<string, Record<string, { readonly parameters?: ReadonlyArray<any> }>>
    const operations = Object.values(paths).flatMap((item) => Object.values(item))
    expect(operations.length).toBe(endpointsOf(ShopApi).length)
    for (const operation of operations) {
      const header = operation.parameters?.find((p) => p.in === "header" && p.name === walletSupportedHeader)
      expect(header).toMatchObject({ required: false, schema: { enum: ["0", "1"] } })
    }
  })

  test("the tracking API has no CSRF (it is a third-party origin) and is never retried", () => {
    for (const e of endpointsOf(TrackingApi)) {
      expect(e.csrf).toBe(false)
      expect(e.retry).toBe("never")
    }
  })
})
