import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  activeBundlesTotal,
  articlesToDelete,
  articleTypeOf,
  articleTypes,
  bundlePrice,
  bundleTypes,
  cartAddEvents,
  cartEventImplies,
  deleteIdsParam,
  deliveryChargeOf,
  deliveryInsuranceFee,
  deliveryInsuranceRate,
  digitalContentMaterialType,
  discountTypes,
  giftType,
  hasDigitalContent,
  hasDiscount,
  hasGiftCertificateDiscount,
  hasMarketplaceItems,
  feesOf,
  isCartAddEvent,
  roundToCents,
  totalToPay,
  isGift
} from "../../../core/domain/cart.ts"
import type { ArticleGroup, Bundle, CartArticle, CartId, Discount } from "../../../core/domain/cart.ts"
import type { Cart as WireCart, WidgetCartItem } from "../../../core/api/entities/cart.ts"

const id: fc.Arbitrary<CartId> = fc.oneof(fc.nat({ max: 50 }), fc.stringMatching(/^[a-z0-9]{1,4}$/))
const price = fc.integer({ min: 0, max: 100_000 })
const bundle: fc.Arbitrary<Bundle> = fc.record({
  type: fc.constantFrom(...bundleTypes),
  active: fc.boolean(),
  actual_price: price
})
const article: fc.Arbitrary<CartArticle> = fc.record(
  {
    articleId: id,
    cartItemId: id,
    bonusSetId: fc.option(id, { nil: null }),
    marketplacePartnerId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
    materialType: fc.constantFrom("physical", digitalContentMaterialType, null),
    type: fc.constantFrom(giftType, "variant", "bonus_set", null)
  },
  { requiredKeys: ["articleId"] }
)

describe("article and bundle kinds (§3)", () => {
  test("the spec's literal sets", () => {
    expect(articleTypes).toEqual(["variant", "bonus_set"])
    expect(digitalContentMaterialType).toBe("digital-content")
    expect(giftType).toBe("gift")
    expect(bundleTypes).toEqual(["warranty", "insurance", "digital", "return_guarantee"])
    expect(discountTypes).toEqual(["G", "D", "A"])
  })

  test.prop([article])("an article's type is its own when variant or bonus_set, else bonus_set iff it has a bonus set id", (a) => {
    const hasBonusSet = a.bonusSetId !== undefined && a.bonusSetId !== null && a.bonusSetId !== ""
    const expected = a.type === "variant" || a.type === "bonus_set" ? a.type : hasBonusSet ? "bonus_set" : "variant"
    expect(articleTypeOf(a)).toBe(expected)
    expect(articleTypes).toContain(articleTypeOf(a))
  })

  test("a gift of a bonus set is a bonus_set", () => {
    expect(articleTypeOf({ type: "gift", bonusSetId: 4 })).toBe("bonus_set")
    expect(articleTypeOf({ type: "gift", variantId: 4 })).toBe("variant")
  })

  test.prop([article])("gifts are exactly the articles of type gift", (a) => {
    expect(isGift(a)).toBe(a.type === "gift")
  })

  test.prop([fc.array(article)])("the cart has digital content iff some article's material is digital-content", (articles) => {
    expect(hasDigitalContent(articles)).toBe(articles.filter((a) => a.materialType === "digital-content").length > 0)
  })

  test.prop([fc.array(article)])("marketplace items are those with a partner id", (articles) => {
    expect(hasMarketplaceItems(articles)).toBe(articles.filter((a) => typeof a.marketplacePartnerId === "number").length > 0)
  })

  test("an own article has no partner id, whatever empty form it takes", () => {
    for (const empty of [null, "", 0]) expect(hasMarketplaceItems([{ marketplacePartnerId: empty }])).toBe(false)
    expect(hasMarketplaceItems([{}])).toBe(false)
    expect(hasMarketplaceItems([{ marketplacePartnerId: "p1" }])).toBe(true)
  })
})

describe("bundle prices (§3)", () => {
  test.prop([bundle, fc.integer({ min: 1, max: 30 })])("a bundle shows actual_price times the item count", (b, count) => {
    expect(bundlePrice(b, count)).toBe((b.actual_price ?? 0) * count)
    expect(bundlePrice(b, count)).toBe(bundlePrice(b, 1) * count)
  })

  test("a bundle of 250 for 3 items shows 750, active or not", () => {
    expect(bundlePrice({ active: false, actual_price: 250 }, 3)).toBe(750)
  })

  test.prop([bundle, fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1)])("bad counts price as nothing", (b, count) => {
    expect(bundlePrice(b, count)).toBe(0)
  })

  test.prop([fc.array(bundle), fc.integer({ min: 1, max: 30 })])(
    "only active bundles count toward the total",
    (bundles, count) => {
      const withInactiveRaised = bundles.map((b) => (b.active === true ? b : { ...b, actual_price: 99_999 }))
      expect(activeBundlesTotal(withInactiveRaised, count)).toBe(activeBundlesTotal(bundles, count))
      expect(activeBundlesTotal(bundles.map((b) => ({ ...b, active: false })), count)).toBe(0)
      const allActive = bundles.map((b) => ({ ...b, active: true }))
      expect(activeBundlesTotal(allActive, count)).toBe(bundles.reduce((s, b) => s + (b.actual_price ?? 0), 0) * count)
    }
  )
})

describe("deleting articles (§5, §7)", () => {
  test.prop([fc.array(id)])("the ids param lists each id once, in first-seen order, joined by commas", (ids) => {
    const param = deleteIdsParam(ids)
    const parts = param === "" ? [] : param.split(",")
    expect(new Set(parts).size).toBe(parts.length)
    expect([...new Set(ids.map(String))]).toEqual(parts)
  })

  test("ids joined by commas", () => {
    expect(deleteIdsParam([3, "7", 3, 12])).toBe("3,7,12")
    expect(deleteIdsParam([])).toBe("")
  })

  const group: fc.Arbitrary<ArticleGroup> = fc.record({
    items: fc.array(fc.record({ cartItemId: id, favored: fc.boolean() }), { maxLength: 5 })
  })

  test.prop([fc.array(group, { maxLength: 5 })])("favored items are never deleted; every other item is", (groups) => {
    const deleted = new Set(articlesToDelete(groups))
    const items = groups.flatMap((g) => g.items)
    const favoredOnly = items.filter((i) => i.favored && !items.some((j) => !j.favored && String(j.cartItemId) === String(i.cartItemId)))
    for (const item of favoredOnly) expect(deleted.has(String(item.cartItemId))).toBe(false)
    for (const item of items.filter((i) => !i.favored)) expect(deleted.has(String(item.cartItemId))).toBe(true)
  })

  test("several groups", () => {
    expect(
      articlesToDelete([
        { items: [{ cartItemId: 1 }, { cartItemId: 2, favored: true }] },
        { items: [{ cartItemId: 3, favored: false }, { cartItemId: 1 }] }
      ])
    ).toEqual(["1", "3"])
  })
})

describe("cart add events (§4, §8)", () => {
  test("the six events", () => {
    expect(cartAddEvents).toEqual(["adding", "added", "addError", "removed", "amountChanged", "warrantyChanged"])
    expect(isCartAddEvent("addError")).toBe(true)
    expect(isCartAddEvent("add error")).toBe(false)
  })

  test.prop([fc.constantFrom(...cartAddEvents)])("only an add error reloads the page, only adding is pending", (event) => {
    const implied = cartEventImplies(event)
    expect(implied.reloadPage).toBe(event === "addError")
    expect(implied.pending).toBe(event === "adding")
    expect(implied.cartChanged && implied.reloadPage).toBe(false)
  })
})

describe("discounts (§3, §4)", () => {
  const discount: fc.Arbitrary<Discount> = fc.record({ code: fc.string(), type: fc.constantFrom("G", "D", "A", "g", null) })

  test.prop([fc.array(discount)])("a gift certificate discount is present iff some discount has type G", (discounts) => {
    expect(hasGiftCertificateDiscount(discounts)).toBe(discounts.filter((d) => d.type === "G").length > 0)
  })

  test.prop([fc.array(discount), fc.option(fc.integer(), { nil: null })])(
    "the cart has a discount iff a code is applied or the value is non-zero",
    (codes, value) => {
      expect(hasDiscount({ codes, value })).toBe(codes.length > 0 || (value !== null && value !== 0))
    }
  )

  test("missing discounts mean none", () => {
    expect(hasDiscount(undefined)).toBe(false)
    expect(hasDiscount({ codes: null, value: Number.NaN })).toBe(false)
  })
})

describe("fit with the §3 Schemas", () => {
  test("decoded carts and widget items go through the rules", () => {
    const cart: WireCart = {
      articles: [{ articleId: 1, count: 2, materialType: "digital-content", bundles: [{ type: "warranty", active: true, actual_price: 100 }] }],
      discounts: { codes: [{ code: "X", type: "G" }], value: 0 }
    }
    const articles = cart.articles ?? []
    expect(hasDigitalContent(articles)).toBe(true)
    expect(hasMarketplaceItems(articles)).toBe(false)
    expect(hasGiftCertificateDiscount(cart.discounts?.codes ?? [])).toBe(true)
    expect(hasDiscount(cart.discounts)).toBe(true)
    const item: WidgetCartItem = { id: 5, count: 3, bundles: [{ type: "insurance", active: false, actual_price: 9 }] }
    expect(activeBundlesTotal(item.bundles ?? [], item.count ?? 1)).toBe(0)
    expect(activeBundlesTotal(articles[0]?.bundles ?? [], articles[0]?.count ?? 1)).toBe(200)
  })
})

describe("the total to pay (§3 total; one rule for the cart and the placed order)", () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100)
  const delivery = fc.record({
    price: cents,
    freeFrom: fc.option(cents, { nil: null }),
    insured: fc.boolean(),
    value: cents
  })
  const parts = fc.record({ afterDiscounts: cents, paymentFee: cents, deliveries: fc.array(delivery, { maxLength: 4 }) })

  test.prop([parts])("goods after discounts plus the payment fee plus every delivery's transport and insurance", (p) => {
    const expected = p.deliveries.reduce(
      (sum, d) =>
        sum + (d.freeFrom !== null && p.afterDiscounts >= d.freeFrom ? 0 : d.price) + (d.insured ? Math.round(d.value) / 100 : 0),
      p.afterDiscounts + p.paymentFee
    )
    expect(totalToPay(p)).toBeCloseTo(expected, 1)
    expect(totalToPay(p)).toBe(roundToCents(p.afterDiscounts + feesOf(p)))
  })

  test.prop([parts, delivery])("insuring a delivery adds exactly its insurance fee, free transport or not", (p, d) => {
    const plain = totalToPay({ ...p, deliveries: [...p.deliveries, { ...d, insured: false }] })
    const insured = totalToPay({ ...p, deliveries: [...p.deliveries, { ...d, insured: true }] })
    expect(roundToCents(insured - plain)).toBe(deliveryInsuranceFee(d.value))
  })

  test.prop([cents])("the insurance fee is 1 % of the delivery's value in cents, never negative", (value) => {
    expect(deliveryInsuranceFee(value)).toBe(roundToCents(value * deliveryInsuranceRate))
    expect(deliveryInsuranceFee(-value)).toBe(0)
    expect(deliveryInsuranceFee(Number.NaN)).toBe(0)
  })

  test("examples: a transport free from 1000, insured delivery of 2500", () => {
    const d = { price: 99, freeFrom: 1000, insured: true, value: 2500 }
    expect(deliveryChargeOf(d, 999)).toBe(124)
    expect(deliveryChargeOf(d, 1000)).toBe(25)
    expect(totalToPay({ afterDiscounts: 2500, paymentFee: 30, deliveries: [d] })).toBe(2555)
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(-1.005)).toBe(-1.01)
  })
})
