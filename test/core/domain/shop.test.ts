import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  accountUrl,
  allShops,
  countries,
  currencies,
  isShopId,
  productLink,
  shopById,
  shopIds,
  shopOf,
  shopsOfCountry,
  urlKeyNames,
  urlOf,
  wishlistDetailUrl
} from "../../../core/domain/shop.ts"

const anyShop = fc.constantFrom(...allShops)
const segment = fc.stringMatching(/^[a-z0-9-]{1,20}$/)

describe("shop table", () => {
  test("the spec's shop ids are rows of the table", () => {
    for (const id of ["SI10SI", "CZ10MA", "PL10MA", "PL20MA"]) expect(isShopId(id)).toBe(true)
    expect(shopIds).toHaveLength(7)
  })

  test("every country of the mapping has at least one shop, and every shop a known country and currency", () => {
    expect([...countries].sort()).toEqual(["CZ", "HR", "HU", "PL", "SI", "SK"])
    for (const country of countries) expect(shopsOfCountry(country).length).toBeGreaterThan(0)
    for (const shop of allShops) {
      expect(countries).toContain(shop.country)
      expect(currencies).toContain(shop.currency)
      expect(shop.shopId.startsWith(shop.country)).toBe(true)
    }
  })

  test("currencies per country follow the real ones", () => {
    const expected = { CZ: "CZK", SK: "EUR", HR: "EUR", HU: "HUF", PL: "PLN", SI: "EUR" } as const
    for (const shop of allShops) expect(shop.currency).toBe(expected[shop.country])
  })

  test("every locale is one Intl supports and matches the shop's language and country", () => {
    for (const shop of allShops) {
      expect(Intl.NumberFormat.supportedLocalesOf([shop.locale])).toEqual([shop.locale])
      expect(shop.locale).toBe(`${shop.language}-${shop.country}`)
    }
  })

  test.prop([anyShop, fc.constantFrom(...urlKeyNames)])("every named URL is a same-origin path", (shop, name) => {
    const url = urlOf(shop, name)
    expect(url.startsWith("/")).toBe(true)
    expect(url.startsWith("//")).toBe(false)
    expect(new URL(url, "https://shop.example").origin).toBe("https://shop.example")
  })

  test.prop([anyShop])("the account page has the #addresses and #detail anchors", (shop) => {
    expect(accountUrl(shop)).toBe(shop.urlKeys.clientMyAccount)
    expect(accountUrl(shop, "addresses")).toBe(`${shop.urlKeys.clientMyAccount}#addresses`)
    expect(accountUrl(shop, "detail")).toBe(`${shop.urlKeys.clientMyAccount}#detail`)
  })

  test.prop([segment, segment])("product links take the shape /{mainCategoryUrlKey}/{variantUrl}", (category, variant) => {
    expect(productLink({ mainCategoryUrlKey: category, variantUrl: variant })).toBe(`/${category}/${variant}`)
    expect(productLink({ mainCategoryUrlKey: `/${category}/`, variantUrl: `/${variant}` })).toBe(`/${category}/${variant}`)
  })

  test.prop([anyShop, fc.nat()])("the wishlist detail page is {wishlist-url}-detail/{wishlistId}", (shop, id) => {
    expect(wishlistDetailUrl(shop, id)).toBe(`${shop.urlKeys.wishlist}-detail/${id}`)
  })

  test("shop-specific rows of §2", () => {
    expect(allShops.filter((s) => s.features.vipClub).map((s) => s.shopId)).toEqual(["SI10SI"])
    expect(allShops.filter((s) => s.features.questionnaires).map((s) => s.shopId)).toEqual(["CZ10MA"])
    expect(allShops.filter((s) => !s.features.accountData).map((s) => s.shopId)).toEqual(["PL10MA", "PL20MA"])
    expect(allShops.filter((s) => !s.features.companyRegistrationNumber).map((s) => s.country)).toEqual(["HR"])
    expect(shopById("CZ10MA").features.contactOrderTrackingHelp).toBe(true)
    expect(shopById("SI10SI").payments.removedWhenPresent).toEqual([["SIU_c", "SIU_cw"]])
    expect(shopById("CZ10MA").payments.removedWhenDisabled).toEqual(["CZ0"])
  })
})

describe("shopOf (a shop id or a country code)", () => {
  test("a shop id names its shop; a country its first shop; anything else none", () => {
    expect(shopOf("SK10MA")?.shopId).toBe("SK10MA")
    expect(shopOf("CZ")?.shopId).toBe("CZ10MA")
    expect(shopOf("pl")?.shopId).toBe("PL10MA")
    expect(shopOf(" si ")?.shopId).toBe("SI10SI")
    expect(shopOf("DE")).toBeUndefined()
    expect(shopOf("")).toBeUndefined()
  })

  test.prop([fc.string()])("is total and answers only shops of the table", (text) => {
    const shop = shopOf(text)
    if (shop !== undefined) expect(allShops).toContain(shop)
  })

  test("every country of the table names a shop of that country", () => {
    for (const country of countries) expect(shopOf(country)?.country).toBe(country)
  })
})
