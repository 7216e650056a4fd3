/**
 * The kept billing methods (demo/server/domain/cart/billingMethods.ts `billingMethodsAt`): for every cart, browser,
 * shop settings and time they are exactly what `billingMethodsOf` works out, and a change of anything they depend on
 * (the wallet, a gift certificate, the cart's value crossing a method's highest order value, the order state date,
 * the day, the selected method or child payment, the selected deliveries, the shop's settings) shows in the next answer.
 */
import { assert, describe, it } from "@effect/vitest"
import { shops } from "../../core/domain/shop.ts"
import { billingInputsOf, billingMethodsAt, billingMethodsOf, type BillingRow, type PaymentContext } from "../../demo/server/domain/cart/billingMethods.ts"
import type { AppliedDiscount } from "../../demo/server/domain/cart/money.ts"
import { type CartLine, type CartState, emptyCheckoutData } from "../../demo/server/domain/cart/reading.ts"
import type { ShopSettings } from "../../demo/server/domain/shopSettings.ts"

const row = (code: string, fields: Partial<BillingRow> = {}): BillingRow => ({
  code,
  parent_code: null,
  title: code,
  price: 0,
  lengthy: false,
  disabled: false,
  provider_check: null,
  max_order_total: null,
  ...fields
})

const settingsOf = (billing: ReadonlyArray<BillingRow>): ShopSettings => ({
  methods: [],
  payments: [
    { delivery_method_id: 1, billing_code: "CZ0", payment_limitation: "NO_LIMITATION" },
    { delivery_method_id: 1, billing_code: "CZC", payment_limitation: "NO_LIMITATION" },
    { delivery_method_id: 2, billing_code: "CZC", payment_limitation: "NO_LIMITATION" }
  ],
  billing
})

const settings = settingsOf([
  row("CZ0", { max_order_total: 5000, price: 39 }),
  row("CZC"),
  row("CZCw"),
  row("CZCARD", { title: "saved cards" }),
  row("VISA-1", { parent_code: "CZCARD" }),
  row("VISA-2", { parent_code: "CZCARD" }),
  row("CZN", { provider_check: "deferred", lengthy: true })
])

const line = (unitPrice: number, count = 1): CartLine => ({
  itemId: 1,
  articleType: "variant",
  variantId: 1,
  bonusSetId: null,
  count,
  gift: false,
  parentItemId: null,
  insertTime: "2026-11-30T10:00:00.000Z",
  productId: 1,
  title: "a phone",
  url: undefined,
  mediaId: null,
  image: undefined,
  params: [],
  partnerId: null,
  partnerTitle: null,
  materialType: null,
  unitPrice,
  vatRate: 21,
  stock: 10,
  availabilityKey: "in_stock",
  hasReservation: false,
  setVariants: [],
  bundles: []
})

const giftCertificate: AppliedDiscount = { code: "GIFT", type: "G", title: "gift", amount: 100, percent: null, minOrder: null, valid: true }

const cart = (fields: Partial<CartState> = {}): CartState => ({
  cartId: 1,
  version: 1,
  shop: shops.CZ10MA,
  shopName: "Česko",
  shopVatRate: 21,
  customerId: null,
  status: "open",
  invoiceNote: null,
  billingMethodCode: null,
  billingSelection: null,
  consents: {},
  lines: [line(2000)],
  discounts: [],
  paymentFee: 0,
  deliveryFees: [],
  checkout: emptyCheckoutData,
  lastOrderChangedAt: null,
  ...fields
})

const now = Date.parse("2026-11-30T12:00:00.000Z")
const noWallet: PaymentContext = { walletSupported: false }

const worked = (state: CartState, shopSettings: ShopSettings, context: PaymentContext, at: number) => {
  const { rows, allowedByDelivery, dates } = billingInputsOf(state, shopSettings, at)
  return billingMethodsOf(state, rows, allowedByDelivery, context, dates)
}

const selections = (...methods: ReadonlyArray<number>) =>
  methods.map((id, i) => ({ delivery_key: `d${i}`, delivery_method_id: id, branch_id: null, address_id: null, insurance: false }))

describe("billingMethodsAt", () => {
  it("answers what billingMethodsOf works out, the same object again while nothing it depends on changed", () => {
    const state = cart()
    const first = billingMethodsAt(state, settings, noWallet, now)
    assert.deepStrictEqual(first, worked(state, settings, noWallet, now))
    // the next write of the cart (a new state, one more piece) with the same methods
    assert.strictEqual(billingMethodsAt(cart({ version: 2, lines: [line(2000, 2)] }), settings, noWallet, now + 1000), first)
  })

  it("shows every change of what the methods depend on in the next answer", () => {
    const base = cart()
    const changes: ReadonlyArray<readonly [string, CartState, ShopSettings, PaymentContext, number]> = [
      ["the browser makes wallet payments", base, settings, { walletSupported: true }, now],
      ["a gift certificate is applied", cart({ discounts: [giftCertificate] }), settings, noWallet, now],
      ["the cart's value exceeds cash on delivery's highest order value", cart({ lines: [line(2000, 3)] }), settings, noWallet, now],
      ["the last order changed state today", cart({ lastOrderChangedAt: "2026-11-30T08:00:00.000Z" }), settings, noWallet, now],
      ["a method is selected", cart({ billingMethodCode: "CZC" }), settings, noWallet, now],
      ["a saved card is selected", cart({ billingMethodCode: "CZCARD", billingSelection: { billingMethodId: "CZCARD", cardId: "VISA-2" } }), settings, noWallet, now],
      ["a delivery is selected", cart({ checkout: { ...base.checkout, selections: selections(2) } }), settings, noWallet, now],
      ["the shop's settings changed", base, settingsOf([row("CZ0", { max_order_total: 5000, price: 49 }), row("CZC")]), noWallet, now]
    ]
    const before = billingMethodsAt(base, settings, noWallet, now)
    for (const [change, state, shopSettings, context, at] of changes) {
      const after = billingMethodsAt(state, shopSettings, context, at)
      const expected = worked(state, shopSettings, context, at)
      assert.deepStrictEqual(after, expected, change)
      assert.notStrictEqual(JSON.stringify(after), JSON.stringify(before), change)
    }
  })

  it("a 'lengthy' payment disabled on the day of the order state date is enabled again the next day", () => {
    const state = cart({ lastOrderChangedAt: "2026-11-30T08:00:00.000Z" })
    const lastMomentOfTheDay = Date.parse("2026-11-30T23:59:59.999Z")
    assert.strictEqual(billingMethodsAt(state, settings, noWallet, lastMomentOfTheDay)["CZN"]?.disabled, true)
    const nextDay = billingMethodsAt(state, settings, noWallet, lastMomentOfTheDay + 1)
    assert.strictEqual(nextDay["CZN"]?.disabled, false)
    assert.deepStrictEqual(nextDay, worked(state, settings, noWallet, lastMomentOfTheDay + 1))
  })

  it("another child payment of the selected method (a saved card, an instalment product) shows", () => {
    const choosing = (selection: { readonly cardId?: string; readonly productCode?: string }) =>
      cart({ billingMethodCode: "CZCARD", billingSelection: { billingMethodId: "CZCARD", ...selection } })
    const seen = new Set<string>()
    for (const selection of [{ cardId: "VISA-1" }, { cardId: "VISA-2" }, { productCode: "VISA-1" }, { productCode: "VISA-2" }, {}]) {
      const state = choosing(selection)
      const methods = billingMethodsAt(state, settings, noWallet, now)
      assert.deepStrictEqual(methods, worked(state, settings, noWallet, now))
      seen.add(JSON.stringify(methods["CZCARD"]?.childPayments))
    }
    assert.strictEqual(seen.size, 3)
  })

  it("the deliveries' allowed payments follow the selected deliveries, in the cart's order", () => {
    for (const chosen of [selections(1), selections(2), selections(1, 2), selections(2, 1), selections(3)]) {
      const state = cart({ checkout: { ...cart().checkout, selections: chosen } })
      assert.deepStrictEqual(billingMethodsAt(state, settings, noWallet, now), worked(state, settings, noWallet, now))
    }
  })
})
