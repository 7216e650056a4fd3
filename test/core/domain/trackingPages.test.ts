/**
 * The rules the storefront's pages track with (§2 virtual pageviews per shop, §3 event properties and purchase items,
 * §7 recently viewed): user-agent traits, the page of an event, product view and search properties, purchase item
 * sources of an order's lines, and the localised virtual pageview config.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { stepLocation } from "../../../core/domain/checkout.ts"
import { shopById, shopIds } from "../../../core/domain/shop.ts"
import { localisedVirtualPageviews, tagCheckoutSteps, tagManagerPageNumbers, virtualPageview } from "../../../core/domain/tagManager.ts"
import {
  categoryLevels,
  productViewProperties,
  purchaseItemSourcesOf,
  purchaseTrackingItems,
  searchProperties,
  trackingPageOf,
  userAgentTraits
} from "../../../core/domain/tracking.ts"

const chromeLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"
const safariIphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
const edgeWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0"
const firefoxAndroidTablet = "Mozilla/5.0 (Android 14; Tablet; rv:130.0) Gecko/130.0 Firefox/130.0"

describe("userAgentTraits (§3 os, device, browser)", () => {
  test("known browsers", () => {
    expect(userAgentTraits(chromeLinux)).toEqual({ os: "Linux", device: "desktop", browser: "Chrome" })
    expect(userAgentTraits(safariIphone)).toEqual({ os: "iOS", device: "mobile", browser: "Safari" })
    expect(userAgentTraits(edgeWindows)).toEqual({ os: "Windows", device: "desktop", browser: "Edge" })
    expect(userAgentTraits(firefoxAndroidTablet)).toEqual({ os: "Android", device: "tablet", browser: "Firefox" })
    expect(userAgentTraits("")).toEqual({ os: "other", device: "desktop", browser: "other" })
  })

  test.prop([fc.string()])("total: every string gives names from the fixed sets", (ua) => {
    const traits = userAgentTraits(ua)
    expect(["Windows", "Android", "iOS", "macOS", "Linux", "ChromeOS", "other"]).toContain(traits.os)
    expect(["mobile", "tablet", "desktop"]).toContain(traits.device)
    expect(["Edge", "Opera", "Samsung Internet", "Firefox", "Chrome", "Safari", "other"]).toContain(traits.browser)
  })
})

describe("trackingPageOf", () => {
  test("path and query come from the URL; a non-URL gives none", () => {
    expect(trackingPageOf({ href: "https://shop.test/a/b?utm_source=x", referrer: "https://r.test/", userAgent: chromeLinux }))
      .toEqual({ location: "https://shop.test/a/b?utm_source=x", path: "/a/b", search: "?utm_source=x", referrer: "https://r.test/", os: "Linux", device: "desktop", browser: "Chrome" })
    expect(trackingPageOf({ href: "", referrer: "", userAgent: "" })).toMatchObject({ location: "", path: "", search: "" })
  })
})

describe("productViewProperties (the view the recently-viewed list records)", () => {
  const categoryArb = fc.record({ categoryId: fc.integer({ min: 1 }), title: fc.string({ minLength: 1, maxLength: 10 }) })
  test.prop([fc.integer({ min: 1 }), fc.integer({ min: 1, max: 2147483647 }), fc.double(), fc.array(categoryArb, { maxLength: 9 })])(
    "variant id as given, the price finite, at most six category levels, their path joined in order",
    (productId, variantId, price, categories) => {
      const properties = productViewProperties({ productId, variantId, title: "T", price, categories })
      expect(properties["variant_id"]).toBe(variantId)
      expect(properties["product_id"]).toBe(String(productId))
      expect(Number.isFinite(properties["price"] as number)).toBe(true)
      const kept = categories.slice(0, categoryLevels.length)
      expect(properties["categories_path"]).toBe(kept.map((c) => c.title).join(" > "))
      for (const [index, level] of categoryLevels.entries()) expect(properties[level]).toBe(kept[index]?.title)
      expect(properties["category_id"]).toBe(kept.length === 0 ? undefined : String(kept.at(-1)!.categoryId))
    }
  )
})

describe("searchProperties", () => {
  test.prop([fc.string(), fc.double()])("the query trimmed, the count a whole number ≥ 0", (query, total) => {
    const properties = searchProperties(query, total)
    expect(properties["search_query"]).toBe(query.trim())
    expect(Number.isInteger(properties["results_count"])).toBe(true)
    expect(properties["results_count"] as number).toBeGreaterThanOrEqual(0)
  })
})

describe("purchaseItemSourcesOf (§3 purchase tracking items of a confirmation)", () => {
  const lineArb = fc.record({
    articleId: fc.integer({ min: 1 }),
    variantId: fc.option(fc.integer({ min: 1 }), { nil: undefined }),
    title: fc.option(fc.string(), { nil: undefined }),
    count: fc.integer({ min: -2, max: 30 }),
    unitPrice: fc.option(fc.double(), { nil: undefined }),
    linePrice: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined })
  })
  test.prop([fc.array(lineArb, { maxLength: 8 })])("one item per line with pieces; the variant stands for the product; unit prices finite", (lines) => {
    const sources = purchaseItemSourcesOf(lines)
    const bought = lines.filter((line) => line.count > 0)
    expect(sources.map((s) => s.variant_id)).toEqual(bought.map((line) => line.variantId ?? line.articleId))
    for (const source of sources) {
      expect(source.product_id).toBe(source.variant_id)
      expect(Number.isFinite(source.price)).toBe(true)
    }
    expect(purchaseTrackingItems("123", sources).every((item) => item.purchase_id === "123")).toBe(true)
  })

  test("the unit price is the line's, else the line price per piece", () => {
    expect(purchaseItemSourcesOf([{ articleId: 1, variantId: 7, count: 2, unitPrice: 100, linePrice: 999 }])[0]!.price).toBe(100)
    expect(purchaseItemSourcesOf([{ articleId: 1, variantId: 7, count: 4, linePrice: 100 }])[0]!.price).toBe(25)
    expect(purchaseItemSourcesOf([{ articleId: 1, count: 1 }])[0]).toMatchObject({ variant_id: 1, price: 0, title: "" })
  })
})

describe("localisedVirtualPageviews (§2: a virtual pageview per step from a localisation config)", () => {
  test.prop([fc.constantFrom(...shopIds), fc.constantFrom(...tagCheckoutSteps)])(
    "each step's url is its location in the shop, its title the translated step title",
    (shopId, step) => {
      const shop = shopById(shopId)
      const config = localisedVirtualPageviews(shop, (s) => `title:${s}`)
      expect(virtualPageview(config, step, tagManagerPageNumbers[step])).toEqual({
        event: "virtualPageview",
        virtualPageURL: stepLocation(step, shop),
        virtualPageTitle: `title:${step}`,
        checkoutStep: step,
        checkoutStepNumber: tagManagerPageNumbers[step]
      })
    }
  )
})
