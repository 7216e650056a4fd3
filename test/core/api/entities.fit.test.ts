/**
 * The decoded types of the §3 Schemas fit the structural inputs of the core/domain rules (and the payloads the
 * domain builds fit the Schemas), so a decoded response can be handed to a rule without mapping. Checked by tsc.
 */
import { describe, expectTypeOf, it } from "@effect/vitest"
import type * as E from "../../../core/api/entities/index.ts"
import type * as Cart from "../../../core/domain/cart.ts"
import type * as Checkout from "../../../core/domain/checkout.ts"
import type * as Consent from "../../../core/domain/consent.ts"
import type * as Customer from "../../../core/domain/customer.ts"
import type * as Delivery from "../../../core/domain/delivery.ts"
import type * as Flash from "../../../core/domain/flash.ts"
import type * as Outlet from "../../../core/domain/outlet.ts"
import type * as Payment from "../../../core/domain/payment.ts"
import type * as Tracking from "../../../core/domain/tracking.ts"
import type * as Wishlist from "../../../core/domain/wishlist.ts"

describe("entity types fit the domain rules", () => {
  it("decoded responses are valid rule inputs", () => {
    expectTypeOf<E.CartArticle>().toExtend<Cart.CartArticle>()
    expectTypeOf<E.Bundle>().toExtend<Cart.Bundle>()
    expectTypeOf<E.DiscountCode>().toExtend<Cart.Discount>()
    expectTypeOf<E.Discounts>().toExtend<Cart.CartDiscounts>()
    expectTypeOf<E.Cart>().toExtend<Cart.Cart>()
    expectTypeOf<E.Customer>().toExtend<Checkout.CheckoutCustomer>()
    expectTypeOf<E.ResponseStatus>().toExtend<Checkout.ResponseStatus>()
    expectTypeOf<E.StepResponse>().toExtend<Checkout.NextStepResponse>()
    expectTypeOf<E.CustomerConsents>().toExtend<Consent.Consents>()
    expectTypeOf<E.Customer>().toExtend<Consent.ConsentModalCustomer>()
    expectTypeOf<E.Customer>().toExtend<Customer.CustomerRoleFlags>()
    expectTypeOf<E.Customer>().toExtend<Customer.CustomerStatusField>()
    expectTypeOf<E.Customer>().toExtend<Customer.CustomerVipField>()
    expectTypeOf<E.Customer>().toExtend<Customer.CustomerNameFields>()
    expectTypeOf<E.Customer>().toExtend<Customer.CustomerIdField>()
    expectTypeOf<E.Branch>().toExtend<Delivery.Branch>()
    expectTypeOf<E.SelectedDeliveryMethod>().toExtend<Delivery.SelectedOption>()
    expectTypeOf<E.PupTransport>().toExtend<Delivery.PupTransport>()
    expectTypeOf<E.DeliveryMethod>().toExtend<Delivery.DeliveryMethod>()
    expectTypeOf<E.Delivery>().toExtend<Delivery.Delivery>()
    expectTypeOf<E.EarliestDate>().toExtend<Delivery.DeliveryEarliestDate>()
    expectTypeOf<E.FlashMessage>().toExtend<Flash.FlashMessage>()
    expectTypeOf<E.DeliveryPayment>().toExtend<Payment.DeliveryPayment>()
    expectTypeOf<E.ChildPayment>().toExtend<Payment.ChildPayment>()
    expectTypeOf<E.BillingMethod>().toExtend<Payment.BillingMethod>()
    expectTypeOf<E.BillingMethods>().toExtend<Payment.BillingMethods>()
    expectTypeOf<E.WishlistItem>().toExtend<Wishlist.WishlistItemTimestamp>()
    expectTypeOf<E.PostOutlet>().toExtend<Outlet.PostOutlet>()
  })

  it("payloads the domain builds are valid Schema values", () => {
    expectTypeOf<Payment.PaymentSelectionPayload>().toExtend<E.PaymentSelection>()
    expectTypeOf<Tracking.PurchaseTrackingItem>().toExtend<E.PurchaseTrackingItem>()
    expectTypeOf<Tracking.CartUpdatePayload>().toExtend<E.CartUpdatePayload>()
    expectTypeOf<Tracking.CustomerIds>().toExtend<E.CustomerIds>()
  })
})
