/**
 * Examples for every literal set and constant of spec §3 as the Schemas read them, and the wire primitives
 * (numbers and ids the server may send as strings).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { decodeEntity } from "../../../core/api/decode.ts"
import * as E from "../../../core/api/entities/index.ts"

const decodes = <A>(schema: Schema.Codec<A, unknown>, input: unknown): A => {
  const result = decodeEntity(schema)(input)
  if (Result.isFailure(result)) return assert.fail(result.failure.message)
  return result.success
}

const failure = (schema: Schema.Codec<unknown, unknown>, input: unknown): string => {
  const result = decodeEntity(schema)(input)
  return Result.isFailure(result) ? result.failure.message : assert.fail(`decoded ${JSON.stringify(input)}`)
}

describe("literal sets of §3", () => {
  it("flash types: default, danger, notice, success, warning; categories cart and form", () => {
    for (const type of ["default", "danger", "notice", "success", "warning"]) {
      for (const cat of ["cart", "form"]) {
        assert.deepStrictEqual(decodes(E.FlashMessage, { message: "m", type, cat }), { message: "m", type, cat } as never)
      }
    }
    assert.include(failure(E.FlashMessage, { message: "m", type: "info" }), "type: Expected")
    assert.include(failure(E.FlashMessage, { message: "m", cat: "page" }), "cat: Expected")
  })

  it("a flash without type is 'default', without cat is 'cart'", () => {
    assert.deepStrictEqual(decodes(E.FlashMessage, { message: "err_request_timeout" }), {
      message: "err_request_timeout",
      type: "default",
      cat: "cart"
    })
  })

  it("discount types: G gift certificate, D sale, A action", () => {
    for (const type of ["G", "D", "A"]) {
      assert.strictEqual(decodes(E.DiscountCode, { code: "SAVE", type }).type, type)
    }
    assert.include(failure(E.DiscountCode, { code: "SAVE", type: "X" }), "type: Expected")
    assert.include(failure(E.Discounts, { codes: [{ code: "SAVE", type: "g" }] }), "codes.0.type: Expected")
  })

  it("consent codes: the six of §3, and product_reviews in a customer's consents", () => {
    const codes = [
      "marketing_3p",
      "marketing_1p",
      "personal_data_3p",
      "gdpr_personalization",
      "gdpr_panel",
      "gdpr_personal_collection"
    ]
    for (const code of codes) assert.strictEqual(decodes(E.ConsentCode, code), code)
    assert.include(failure(E.ConsentCode, "product_reviews"), "Expected")
    const consents = Object.fromEntries([...codes, "product_reviews"].map((code, i) => [code, i % 2 === 0]))
    assert.deepStrictEqual(decodes(E.Customer, { consents }).consents, consents)
    assert.include(failure(E.Customer, { consents: { gdpr_panel: "yes" } }), "consents.gdpr_panel: Expected boolean")
  })

  it("delivery types: express, post, pup, preferred pup (preferred_pup), standard", () => {
    for (const type of ["express", "post", "pup", "preferred_pup", "standard"]) {
      assert.strictEqual(decodes(E.Transport, { id: "t", type }).type, type)
    }
    assert.include(failure(E.Transport, { id: "t", type: "preferred pup" }), "type: Expected")
  })

  it("delivery method kinds: pick-up point, privileged pick-up, address delivery", () => {
    for (const type of ["pup", "privileged_pup", "address"]) {
      assert.strictEqual(decodes(E.DeliveryMethod, { type }).type, type)
    }
    assert.include(failure(E.DeliveryMethod, { type: "courier" }), "type: Expected")
  })

  it("bundle types: warranty, insurance, digital, return_guarantee", () => {
    for (const type of ["warranty", "insurance", "digital", "return_guarantee"]) {
      assert.deepStrictEqual(decodes(E.Bundle, { type, active: true, actual_price: "99.90" }), {
        type,
        active: true,
        actual_price: 99.9
      } as never)
    }
    assert.include(failure(E.Bundle, { type: "gift" }), "type: Expected")
    assert.include(failure(E.CartArticle, { articleId: 1, count: 1, bundles: [{ type: "x" }] }), "bundles.0.type: Expected")
  })

  it("cart article types: variant, bonus_set, and gift; digital content material type", () => {
    for (const type of ["variant", "bonus_set", "gift"]) {
      assert.strictEqual(decodes(E.CartArticle, { articleId: 1, count: 1, type }).type, type)
    }
    assert.include(failure(E.CartArticle, { articleId: 1, count: 1, type: "service" }), "type: Expected")
    assert.strictEqual(
      decodes(E.CartArticle, { articleId: 1, count: 1, materialType: "digital-content" }).materialType,
      "digital-content"
    )
  })

  it("customer status '1' silver and '2' gold; VIP program names", () => {
    assert.strictEqual(decodes(E.Customer, { status: "1" }).status, "1")
    assert.strictEqual(decodes(E.Customer, { status: "2" }).status, "2")
    assert.include(failure(E.Customer, { status: "3" }), "status: Expected")
    assert.include(failure(E.Customer, { status: 1 }), "status: Expected")
    for (const name of ["vip_program", "vip_plus_program"]) {
      assert.strictEqual(decodes(E.ProgramName, name), name)
      assert.strictEqual(decodes(E.Customer, { vipType: name }).vipType, name)
    }
  })

  it("tracking: account types, personalization, purchase status 'new', cart update actions add and remove", () => {
    for (const account_type of ["registered", "guest"]) {
      assert.strictEqual(decodes(E.TrackingProperties, { account_type }).account_type, account_type)
    }
    for (const personalization of ["accept", "reject"]) {
      assert.strictEqual(decodes(E.TrackingProperties, { personalization }).personalization, personalization)
    }
    const item = { purchase_id: 7, purchase_status: "new", product_id: "p", variant_id: 3, quantity: 1, price: 10 }
    assert.strictEqual(decodes(E.PurchaseTrackingItem, item).purchase_status, "new")
    assert.include(failure(E.PurchaseTrackingItem, { ...item, purchase_status: "paid" }), "purchase_status: Expected")
    for (const action of ["add", "remove"]) {
      assert.strictEqual(
        decodes(E.CartUpdatePayload, { action, product_id: 1, variant_id: 2, quantity: 1 }).action,
        action
      )
    }
    assert.include(failure(E.CartUpdatePayload, { action: "update", product_id: 1, variant_id: 2, quantity: 1 }), "action: Expected")
  })

  it("payment selection flags rememberCard and newCard are 0 or 1", () => {
    assert.deepStrictEqual(decodes(E.PaymentSelection, { billingMethodId: "CZN", rememberCard: 1, newCard: 0 }), {
      billingMethodId: "CZN",
      rememberCard: 1,
      newCard: 0
    })
    assert.include(failure(E.PaymentSelection, { billingMethodId: "CZN", rememberCard: true }), "rememberCard: Expected")
  })

  it("shop config: the shop id is one of the shop table", () => {
    assert.strictEqual(decodes(E.ShopConfig, { shopId: "SI10SI" }).shopId, "SI10SI")
    assert.include(failure(E.ShopConfig, { shopId: "XX10XX" }), "shopId: Expected")
  })
})

describe("constants of §3", () => {
  it("a delivery payment without paymentLimitation is NO_LIMITATION", () => {
    assert.deepStrictEqual(decodes(E.DeliveryPayment, { externalId: "CZN" }), {
      externalId: "CZN",
      paymentLimitation: "NO_LIMITATION"
    })
    assert.strictEqual(decodes(E.DeliveryPayment, { externalId: 5, paymentLimitation: "ONLINE_ONLY" }).paymentLimitation, "ONLINE_ONLY")
  })

  it("a billing profile id of -1 (not editable) is read as -1, also from a string", () => {
    assert.strictEqual(decodes(E.BillingAddress, { billingProfileId: -1 }).billingProfileId, -1)
    assert.strictEqual(decodes(E.BillingAddress, { billingProfileId: "-1" }).billingProfileId, -1)
  })

  it("billing methods are keyed by code, each with childPayments, disabled, invalid", () => {
    const methods = {
      CZN: { disabled: false, invalid: false, childPayments: [{ code: "CZN_3", selected: true }] },
      CZG: { disabled: true }
    }
    assert.deepStrictEqual(decodes(E.BillingMethods, methods), methods)
    assert.include(failure(E.BillingMethods, { CZN: { childPayments: [{ selected: true }] } }), "CZN.childPayments.0.code: Missing key")
  })

  it("a widget cart item's params carry key, title, value, css, measure (COLOR is a swatch)", () => {
    const params = [{ key: "COLOR", title: "Colour", value: "red", css: "#f00", measure: "" }]
    assert.deepStrictEqual(decodes(E.WidgetCartItem, { itemId: 3, params }).params, params)
  })

  it("marketplace partners map id to title", () => {
    assert.deepStrictEqual(decodes(E.Cart, { marketplacePartners: { "12": "Partner" } }).marketplacePartners, { "12": "Partner" })
  })

  it("the response status envelope: status, flashMessages, link", () => {
    const status = decodes(E.ResponseStatus, { status: "error", link: "/cart", flashMessages: [{ message: "x", type: "danger" }] })
    assert.deepStrictEqual(status, { status: "error", link: "/cart", flashMessages: [{ message: "x", type: "danger", cat: "cart" }] })
  })

  it("a marketplace free-delivery remainder is kept raw (number, string or null) for the rule to judge", () => {
    for (const value of [120, "120", "", null]) {
      assert.strictEqual(decodes(E.Delivery, { deliveryId: "d", marketplaceFreeDeliveryRemains: value }).marketplaceFreeDeliveryRemains, value)
    }
  })

  it("the contact form's MAX_FILE_SIZE is a string on the multipart wire and a number when decoded", () => {
    const fields = { firstname: "A", lastname: "B", email: "a@b.c", feedback: "hi", bot2: "XYZ", bot2i: "ABCDEFGHIJKLMNOP" }
    assert.strictEqual(decodes(E.ContactForm, { ...fields, MAX_FILE_SIZE: "1048576" }).MAX_FILE_SIZE, 1048576)
    assert.strictEqual(Schema.encodeSync(E.ContactForm)({ ...fields, MAX_FILE_SIZE: 5 }).MAX_FILE_SIZE, "5")
    assert.include(failure(E.ContactForm, { ...fields, feedback: "" }), "feedback: Expected")
  })
})

describe("wire primitives", () => {
  it("WireNumber reads JSON numbers and decimal strings, and nothing else", () => {
    assert.strictEqual(decodes(E.WireNumber, 12), 12)
    assert.strictEqual(decodes(E.WireNumber, "1299.50"), 1299.5)
    assert.strictEqual(decodes(E.WireNumber, "-3"), -3)
    for (const bad of ["", " 12", "0x10", "1e3", "abc", "12,5", true, null]) failure(E.WireNumber, bad)
    assert.strictEqual(Schema.encodeSync(E.WireNumber)(1299.5), 1299.5)
  })

  it.prop("WireNumber reads every finite number from its decimal string", [Schema.Int, Schema.Int], ([whole, cents]) => {
    const text = `${whole}.${String(Math.abs(cents) % 100).padStart(2, "0")}`
    assert.strictEqual(decodes(E.WireNumber, text), Number(text))
  })

  it.prop("WireInt reads every safe integer from its digits", [Schema.Int], ([n]) => {
    assert.strictEqual(decodes(E.WireInt, String(n)), n)
    assert.strictEqual(decodes(E.WireInt, n), n)
  })

  it("WireInt rejects fractions and non-digit strings", () => {
    for (const bad of [1.5, "1.5", "", "1e3", "x"]) failure(E.WireInt, bad)
  })

  it.prop("WireString reads a number as its digits and keeps strings", [Schema.Finite, Schema.String], ([n, s]) => {
    assert.strictEqual(decodes(E.WireString, n), String(n))
    assert.strictEqual(decodes(E.WireString, s), s)
  })
})
